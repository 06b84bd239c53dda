// Boots the playground: starts the engine's module Web Worker, exposes a
// small request client to the Go page as globalThis.gridplayEngine, then
// loads and runs the Vugu page (app.wasm).

let worker = null;
const pending = new Map();
let nextID = 1;
let failed = null; // set when the worker could not start

function onMessage(ev) {
  const m = ev.data;
  const p = pending.get(m.id);
  if (!p) return;
  switch (m.type) {
    case "head":
      p.onHead(m.status);
      break;
    case "chunk":
      p.onChunk(m.chunk);
      break;
    case "end":
      pending.delete(m.id);
      p.onEnd(null);
      break;
    case "error":
      pending.delete(m.id);
      p.onEnd(m.message || "engine worker failed");
      break;
  }
}

function onError(ev) {
  ev.preventDefault();
  const msg = "engine worker failed to start: " + (ev.message || "unknown error");
  failed = msg;
  for (const [id, p] of pending) {
    pending.delete(id);
    p.onEnd(msg);
  }
}

function spawn() {
  worker = new Worker(new URL("./engine-worker.mjs", import.meta.url), { type: "module" });
  worker.onmessage = onMessage;
  worker.onerror = onError;
}
spawn();

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
    pending.set(id, { onHead, onChunk, onEnd });
    worker.postMessage({ id, method, path, body });
    return id;
  },
  // cancel stops a request. Go in WebAssembly has no preemption, so a
  // busy engine cannot even read a cancel message: the worker is
  // terminated and a fresh one started. Every request still pending
  // ends with "cancelled".
  cancel(id) {
    if (!pending.has(id)) return;
    worker.terminate();
    spawn();
    const all = [...pending.values()];
    pending.clear();
    for (const p of all) p.onEnd("cancelled");
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

// Paint durations of the Gantt canvas in ms (frame-time measurement).
globalThis.gridplayFrameTimes = [];

// Key presses outside text fields go to the page; space and the arrows
// do not scroll it then.
globalThis.gridplayKeys = (fn) => {
  document.addEventListener("keydown", (ev) => {
    const t = ev.target;
    const tag = t && t.tagName ? t.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select" || (t && t.isContentEditable)) return;
    if (tag === "button" && (ev.key === " " || ev.key === "Enter")) return;
    const ctrl = ev.ctrlKey || ev.metaKey;
    const k = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    if (k === " " || k === "ArrowLeft" || k === "ArrowRight" || (ctrl && (k === "z" || k === "y"))) {
      ev.preventDefault();
      fn(k, ctrl, ev.shiftKey);
    }
  });
};

async function boot() {
  const go = new Go();
  const resp = fetch(new URL("./app.wasm", import.meta.url));
  const { instance } = await WebAssembly.instantiateStreaming(resp, go.importObject);
  await go.run(instance);
}

boot().catch((err) => {
  const el = document.getElementById("vugu_mount_point");
  if (el) el.textContent = "gridplay could not start: " + err;
  throw err;
});
