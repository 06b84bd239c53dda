// Boots the playground: starts the engine's module Web Workers, exposes a
// small request client to the Go page as globalThis.gridplayEngine, then
// loads and runs the Vugu page (app.wasm).

// A small pool of engine workers. Each worker serves one request at a
// time, so cancelling a request (which must terminate its worker: Go in
// WebAssembly has no preemption, a busy engine cannot read a cancel
// message) never ends another request. Idle workers are reused; at most
// maxIdle are kept, and a worker is retired after maxUses requests, which
// bounds what a long session can leave behind in one worker.
//
// No failure is permanent: a worker that fails (an uncaught error, a Go
// instance gone) is thrown away, the request it was serving ends with a
// message the page shows with a Retry, and the next request gets a fresh
// worker. Only a worker that cannot start at all, twice in a row, marks
// the engine unavailable, with the browser's reason.
const maxIdle = 2;
const maxUses = 25;
const idle = []; // workers with no request
const pending = new Map(); // id -> {onHead, onChunk, onEnd, worker}
let nextID = 1;
let failed = null; // set when workers could not start twice in a row
let startFailures = 0;
const stats = { workers: 0, retired: 0, crashed: 0, last: null, chunks: 0, chunkBytes: 0 };

function spawn() {
  const w = new Worker(new URL("./engine-worker.mjs", import.meta.url), { type: "module" });
  w.started = false; // set by its first message
  w.uses = 0;
  w.onmessage = (ev) => onMessage(w, ev);
  w.onerror = (ev) => onError(w, ev);
  stats.workers++;
  return w;
}

function release(w) {
  if (w.uses >= maxUses) {
    stats.retired++;
    w.terminate();
  } else if (idle.length < maxIdle) {
    idle.push(w);
  } else {
    w.terminate();
  }
}

function onMessage(w, ev) {
  const m = ev.data;
  if (!w.started) {
    w.started = true;
    startFailures = 0;
  }
  if (m.stats) stats.last = m.stats;
  if (m.type === "ready") return;
  const p = pending.get(m.id);
  if (!p) return;
  switch (m.type) {
    case "head":
      p.onHead(m.status);
      break;
    case "chunk":
      stats.chunks++;
      stats.chunkBytes += m.chunk.length;
      p.onChunk(m.chunk);
      break;
    case "end":
      pending.delete(m.id);
      release(w);
      p.onEnd(null);
      break;
    case "error":
      // The request failed inside the worker: the worker may be in any
      // state, so it is not reused.
      pending.delete(m.id);
      w.terminate();
      p.onEnd(m.message || "the engine failed on this request");
      break;
  }
}

function onError(w, ev) {
  ev.preventDefault();
  const why = ev.message || "unknown error";
  w.terminate();
  const i = idle.indexOf(w);
  if (i >= 0) idle.splice(i, 1);
  let msg;
  if (!w.started) {
    startFailures++;
    msg = "the engine worker could not start: " + why;
    if (startFailures >= 2) failed = msg;
  } else {
    stats.crashed++;
    msg = "the engine stopped while working on this request (" + why + "); press Retry to run it again in a fresh engine";
  }
  for (const [id, p] of pending) {
    if (p.worker !== w) continue;
    pending.delete(id);
    p.onEnd(msg);
  }
}

// One worker is started at once, so the first run does not wait for it.
idle.push(spawn());

globalThis.gridplayEngine = {
  // request sends one HTTP-style request to the engine. body is a
  // Uint8Array or null. onHead(status), onChunk(Uint8Array) and
  // onEnd(errorMessageOrNull) follow in that order.
  request(method, path, body, onHead, onChunk, onEnd) {
    const id = nextID++;
    if (failed) {
      queueMicrotask(() => onEnd(failed));
      return id;
    }
    const w = idle.length > 0 ? idle.pop() : spawn();
    w.uses++;
    pending.set(id, { onHead, onChunk, onEnd, worker: w });
    w.postMessage({ id, method, path, body });
    return id;
  },
  // cancel stops one request: its worker is terminated, and it ends
  // with "cancelled". Other requests run on in their own workers.
  cancel(id) {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    p.worker.terminate();
    p.onEnd("cancelled");
  },
  // busy is the number of requests in flight (for tests).
  busy() {
    return pending.size;
  },
  // stats describes the pool and the last worker's Go instances (for
  // the soak test's log): workers started, retired and crashed; late
  // calls into exited instances; instance memories not yet collected.
  stats() {
    return { ...stats, idle: idle.length, busy: pending.size, failed };
  },
};

// Small browser helpers for the Go page (site/jsbridge/browser_js.go).
globalThis.gridplayStore = {
  set(key, val) {
    try {
      localStorage.setItem(key, val);
      return true;
    } catch (e) {
      return false;
    }
  },
};

globalThis.gridplayCopy = (text) => {
  if (!navigator.clipboard || !navigator.clipboard.writeText) return false;
  navigator.clipboard.writeText(text).catch(() => {});
  return true;
};

function offer(url, name) {
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

globalThis.gridplayDownload = (name, mime, bytes) => {
  const url = URL.createObjectURL(new Blob([bytes], { type: mime }));
  offer(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 10000);
};

globalThis.gridplayDownloadCanvas = (selector, name) => {
  const c = document.querySelector(selector);
  if (c) offer(c.toDataURL("image/png"), name);
};

// Named moments of the page's work ({name, t}), for the browser tests'
// logs (jsbridge.Mark).
globalThis.gridplayMarks = [];

// Paint durations of the Gantt canvas in ms (frame-time measurement).
globalThis.gridplayFrameTimes = [];

// Key presses outside text fields go to the page; space and the arrows
// do not scroll it then.
globalThis.gridplayKeys = (fn) => {
  document.addEventListener("keydown", (ev) => {
    const t = ev.target;
    const tag = t && t.tagName ? t.tagName.toLowerCase() : "";
    // Text fields keep their keys; a range input (the scrubber, after a
    // drag) leaves space and the arrows to the playback.
    if ((tag === "input" && t.type !== "range") || tag === "textarea" || tag === "select" || (t && t.isContentEditable)) return;
    if (tag === "button" && (ev.key === " " || ev.key === "Enter")) return;
    const ctrl = ev.ctrlKey || ev.metaKey;
    const k = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    if (k === " " || k === "ArrowLeft" || k === "ArrowRight" || (ctrl && (k === "z" || k === "y"))) {
      ev.preventDefault();
      fn(k, ctrl, ev.shiftKey);
    }
  });
};

// stopped shows, over the page, that the page's program ended: the last
// net under the Go side's own recovery (site/guard.go). A page that only
// looks alive is worse than one that says what happened.
function stopped(why) {
  const d = document.createElement("div");
  d.className = "page-stopped";
  d.setAttribute("role", "alert");
  d.textContent = "gridplay stopped (" + why + "). Your scenario is saved in this browser: reload the page to go on.";
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = "Reload";
  b.onclick = () => location.reload();
  d.appendChild(b);
  document.body.prepend(d);
}

async function boot() {
  const go = new Go();
  const resp = fetch(new URL("./app.wasm", import.meta.url));
  const { instance } = await WebAssembly.instantiateStreaming(resp, go.importObject);
  // The page's Go memory in bytes (it only grows), for the tests' logs.
  globalThis.gridplayPageMemory = () => instance.exports.mem.buffer.byteLength;
  await go.run(instance);
  stopped("the page's program ended unexpectedly");
}

boot().catch((err) => {
  const el = document.getElementById("vugu_mount_point");
  if (el) el.textContent = "gridplay could not start: " + err;
  throw err;
});
