// The page's engine client: a pool of module Web Workers, each running the
// engine behind the HTTP API (static/engine-worker.mjs). The playground
// (main.js) and the benchmark page (bench.html) use it.
//
// Compile once: the page and its engine are one binary, app.wasm (a Go
// instance of it with no document serves the engine, wasm/engineserve),
// fetched and compiled once per page with WebAssembly.compileStreaming
// (appModule: index.html starts it before the scripts run), and the
// compiled module is handed to every worker, which starts its own Go
// instance of it. Nothing is downloaded or compiled twice, and the
// browser's HTTP cache (ETag revalidation) lets it reuse its compiled code
// across visits.
//
// A worker serves requests one at a time, and its Go instance stays
// running between them (wasm/engineserve serves every call of its serve
// function), so a sweep's points do not pay for a new worker and a new Go
// runtime each. A worker is kept for another request only while it is
// small: Go's memory in WebAssembly never shrinks, so a worker whose
// instance grew past reuseMaxBytes (a request on a whole trace, say), or
// that has served reuseMaxRequests, is terminated when its request ends,
// which frees everything it holds at once. The memory of the engine is
// thus that of the requests in flight plus at most `kept` small idle
// instances, however long the session. Cancelling stays simple: Go in
// WebAssembly has no preemption, a busy engine cannot read a cancel
// message, so cancelling a request terminates its worker, and no other
// request shares it.
//
// No failure is permanent: a worker that fails is thrown away, the request
// it was serving ends with a message the page shows with a Retry, and the
// next request gets a fresh worker. Only workers that cannot start at all,
// twice in a row, mark the engine unavailable, with the browser's reason.

const appURL = new URL("./app.wasm", import.meta.url);
const workerURL = new URL("./engine-worker.mjs", import.meta.url);

// appModule is app.wasm compiled: the page's Go program and its engine
// workers' (one binary). index.html and embed.html start its fetch and
// compile before the module scripts run (globalThis.gridplayApp); a page
// without that script (bench.html) starts it at the first call.
export function appModule() {
  if (!globalThis.gridplayApp) globalThis.gridplayApp = WebAssembly.compileStreaming(fetch(appURL));
  return globalThis.gridplayApp;
}

// The engine starts (app.wasm compiled, the spare workers
// started) once this module and the one that imported it have run, unless
// that module holds it back (engine.holdUntil). A first visit does: its
// first answers were computed ahead (static/first-run.mjs), so nothing
// needs the engine before the first chart is drawn, and app.wasm's
// download, compile and start, and the page's first layout, have the
// machine to themselves instead of sharing two cores with two Go runtimes
// starting in the workers. A request sent in
// the meantime starts it at once.
let begin;
let held = false;
const started = new Promise((resolve) => (begin = resolve));
queueMicrotask(() => {
  if (!held) begin();
});

// compiled is app.wasm compiled, or null when the page could not compile
// it (the workers then try themselves, and report what fails).
let t0 = 0;
const compiled = started
  .then(() => {
    t0 = performance.now();
    stats.startedMs = t0;
    return appModule();
  })
  .catch((err) => {
    stats.compileError = String(err && err.message ? err.message : err);
    return null;
  });

// Idle workers kept started, each with its engine already running
// (engine-worker.mjs): two, so that the two requests in flight of a
// sweep on a 2-core machine both find one. An embed and a phone-sized
// screen start none ahead: there a worker starts when the page sends a
// request, and one stays idle after it for the next (kept), so that
// nothing runs that the page did not ask for.
const lean = document.body.classList.contains("embedded") || matchMedia("(max-width: 600px)").matches;
const spares = lean ? 0 : 2;
const kept = Math.max(spares, 1);
// A worker is kept after a request while its Go instance's memory is at
// most reuseMaxBytes and it has served fewer than reuseMaxRequests.
// 176 MiB: a point of the multisite figures ended at about 114 MiB
// before the engine's 24 MiB ballast (wasm/engineserve.BallastBytes),
// which adds up to 24 MiB to an instance and 48 MiB to its heap goal,
// and a worker retired after each point would fetch and parse its trace
// again.
const reuseCap = 176 << 20;
let reuseMaxBytes = reuseCap;
const reuseMaxRequests = 64;
const idle = []; // started workers with no request
const pending = new Map(); // id -> {onHead, onChunk, onEnd, worker}
let nextID = 1;
let failed = null; // set when workers could not start twice in a row
let startFailures = 0;
const stats = {
  workers: 0, // started
  retired: 0, // terminated after serving their request
  reused: 0, // requests served by a worker that had served one before
  crashed: 0, // failed while serving a request
  requests: 0,
  chunks: 0,
  chunkBytes: 0,
  startedMs: -1, // when the engine started (performance.now(); see holdUntil)
  compileMs: -1, // from the engine's start to app.wasm compiled (0 when the page had compiled it already)
  compileError: null,
  last: null, // the last worker's own figures (engine-worker.mjs)
  peakBytes: [], // Go memory of each request's instance at its end, last 200
  prefetched: 0, // requests started ahead of the page (engine.prefetch)
  prefetchHits: 0, // prefetched or preloaded answers taken over by the page's own request
  preloaded: 0, // answers computed ahead, registered by engine.preload
  warm: null, // the import warm-up's report: {requests, ms, error, wallMs}
};

// Requests started ahead of the page (engine.prefetch): on a first visit,
// main.js sends the page's first run and its policy list as soon as this
// module loads, while app.wasm still downloads and starts. The page's own
// request takes that answer over when its method, path, content type and
// body bytes are the same: what arrived is handed to it at once, the rest
// as it comes. A prefetch the page never asks for is cancelled a minute
// later. The engine computes the answer all the same; only its start
// moves earlier.
const early = [];
// Method and path of every request the page made: a prefetch that comes
// after the page asked is not sent.
const asked = new Set();
const unclaimedMs = 60000;

function sameBytes(a, b) {
  if (a == null || b == null) return a == null && b == null;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// joinChunks returns events with each run of chunks joined into one.
function joinChunks(events) {
  const out = [];
  let run = [];
  const flush = () => {
    if (run.length === 0) return;
    let n = 0;
    for (const c of run) n += c.length;
    const all = new Uint8Array(n);
    let at = 0;
    for (const c of run) {
      all.set(c, at);
      at += c.length;
    }
    out.push(["chunk", all]);
    run = [];
  };
  for (const ev of events) {
    if (ev[0] === "chunk") {
      run.push(ev[1]);
      continue;
    }
    flush();
    out.push(ev);
  }
  flush();
  return out;
}

// Requests waiting for an answer computed ahead (engine.await): the
// promise by method and path, the cancel of each waiting request by id,
// and the id each got once sent or served.
const awaited = new Map();
const waiting = new Map();
const alias = new Map();

// take serves a request with a prefetched or preloaded answer that
// matches it, or sends it to a worker; it returns the request's id.
function take(method, path, body, onHead, onChunk, onEnd, contentType) {
  const r = claim(method, path, body, contentType);
  if (!r) return send(method, path, body, onHead, onChunk, onEnd, contentType);
  // What came is handed over in order, in a microtask (a request's calls
  // never come before it returns), then the rest as it arrives. The
  // chunks that came are joined into one: each chunk is a call into the
  // page's Go, which handles the frames of a call together.
  stats.prefetchHits++;
  queueMicrotask(() => {
    const to = { head: onHead, chunk: onChunk, end: onEnd };
    for (const [kind, v] of joinChunks(r.events)) to[kind](v);
    r.events = null;
    r.to = to;
  });
  return r.id;
}

// claim takes the prefetch that matches a request out of early.
function claim(method, path, body, type) {
  const i = early.findIndex((r) => r.method === method && r.path === path && r.type === (type || null) && sameBytes(r.body, body));
  return i < 0 ? null : early.splice(i, 1)[0];
}
compiled.then((m) => {
  if (m) stats.compileMs = performance.now() - t0;
});

function spawn() {
  const w = new Worker(workerURL, { type: "module" });
  w.started = false; // set by its first message
  w.served = 0; // requests answered
  w.onmessage = (ev) => onMessage(w, ev);
  w.onerror = (ev) => onError(w, ev);
  stats.workers++;
  compiled.then((module) => w.postMessage({ type: "init", module }));
  return w;
}

// topUp keeps spare workers started: `spares` before the first
// request, then at least one beside the requests in flight (workers that
// end their request go back to idle, see release).
function topUp(min) {
  while (idle.length < min && !failed) idle.push(spawn());
}

// cores is the number of logical cores the browser reports.
const cores = Math.max(1, (globalThis.navigator && navigator.hardwareConcurrency) || 2);

// keepSpare starts the spare beside the requests in flight only while
// they leave a core free. Starting a worker is work (its Go instance
// starts its runtime and the engine's packages), and with every core
// busy it took that time from the requests: two GA-MF points sent at
// once on a 2-core machine each took 76-165 ms against 66-73 ms one at
// a time, as every pair spawned a third worker (and retired one at its
// end). A worker that ends its request goes back to idle (release), so
// the requests of a sweep still find one.
function keepSpare() {
  if (spares > 0 && pending.size < cores) topUp(1);
}

function retire(w) {
  stats.retired++;
  w.terminate();
  keepSpare();
}

// release takes back a worker whose request ended well: it serves the
// next request if it is still small and idle workers are wanted, else it
// is retired.
function release(w, peak) {
  w.served++;
  if (!failed && peak > 0 && peak <= reuseMaxBytes && w.served < reuseMaxRequests && idle.length < kept) {
    idle.push(w);
    return;
  }
  retire(w);
}

function onMessage(w, ev) {
  const m = ev.data;
  if (!w.started) {
    w.started = true;
    startFailures = 0;
  }
  if (m.stats) {
    stats.last = m.stats;
    if (m.stats.peak) {
      stats.peakBytes.push(m.stats.peak);
      if (stats.peakBytes.length > 200) stats.peakBytes.shift();
    }
  }
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
      release(w, m.stats && m.stats.peak ? m.stats.peak : 0);
      p.onEnd(null);
      break;
    case "error":
      // The request failed inside the worker.
      pending.delete(m.id);
      retire(w);
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
  keepSpare();
}

// send starts one request in a worker (engine.request).
function send(method, path, body, onHead, onChunk, onEnd, contentType) {
  const id = nextID++;
  if (failed) {
    queueMicrotask(() => onEnd(failed));
    return id;
  }
  // The worker that served last: its instance is warm (and holds what it
  // fetched, a trace for instance).
  const w = idle.length > 0 ? idle.pop() : spawn();
  if (w.served > 0) stats.reused++;
  stats.requests++;
  pending.set(id, { onHead, onChunk, onEnd, worker: w });
  keepSpare();
  w.postMessage({ id, method, path, body, type: contentType || null });
  begin();
  return id;
}

export const engine = {
  // request sends one HTTP-style request to the engine. body is a
  // Uint8Array or null; contentType defaults to JSON. onHead(status),
  // onChunk(Uint8Array) and onEnd(errorMessageOrNull) follow in that
  // order. A request without stream=1 in its path gets its whole body in
  // one chunk.
  request(method, path, body, onHead, onChunk, onEnd, contentType) {
    const key = method + " " + path;
    asked.add(key);
    const wait = awaited.get(key);
    if (!wait) return take(method, path, body, onHead, onChunk, onEnd, contentType);
    // An answer computed ahead is on its way (engine.await): the request
    // waits for it, then takes it or is sent. Its id stands for the one
    // it gets then.
    const id = nextID++;
    let cancelled = false;
    waiting.set(id, () => {
      cancelled = true;
      onEnd("cancelled");
    });
    wait.then(() => {
      if (cancelled) return;
      waiting.delete(id);
      alias.set(id, take(method, path, body, onHead, onChunk, onEnd, contentType));
    });
    return id;
  },
  // await says that an answer computed ahead (engine.preload) for method
  // and path is on its way: the page's request with them waits until
  // ready settles.
  await(method, path, ready) {
    const key = method + " " + path;
    const p = Promise.resolve(ready).catch(() => {}).then(() => {
      if (awaited.get(key) === p) awaited.delete(key);
    });
    awaited.set(key, p);
  },
  // prefetch starts a request the page is about to make (see early); body
  // is a Uint8Array or null. Once the page has made a request with that
  // method and path, it does nothing.
  prefetch(method, path, body, contentType) {
    if (failed || asked.has(method + " " + path)) return;
    const r = { method, path, body: body || null, type: contentType || null, events: [], to: null };
    const push = (kind) => (v) => (r.to ? r.to[kind](v) : r.events.push([kind, v]));
    r.id = send(method, path, r.body, push("head"), push("chunk"), push("end"), contentType);
    stats.prefetched++;
    early.push(r);
    setTimeout(() => {
      const i = early.indexOf(r);
      if (i < 0) return;
      early.splice(i, 1);
      engine.cancel(r.id);
    }, unclaimedMs);
  },
  // holdUntil keeps the engine from starting until ready settles, or a
  // request is sent; only the module that imports this one can call it,
  // in the same task (main.js on a first visit, until the first chart).
  holdUntil(ready) {
    held = true;
    Promise.resolve(ready).finally(begin);
  },
  // preload registers the answer to a request the page is about to make,
  // computed ahead (by ./build.sh, natively, with the same engine: the
  // first visit's run, static/first-run.mjs); the page's byte-identical
  // request takes it over like a prefetch's, and nothing is sent to a
  // worker. answer is a Uint8Array, the whole body of a 200 answer.
  preload(method, path, body, answer, contentType) {
    const r = { method, path, body: body || null, type: contentType || null, to: null, id: nextID++ };
    r.events = [["head", 200], ["chunk", answer], ["end", null]];
    stats.preloaded++;
    early.push(r);
  },
  // cancel stops one request: its worker is terminated, and it ends with
  // "cancelled". Other requests run on in their own workers.
  cancel(id) {
    const w = waiting.get(id);
    if (w) {
      waiting.delete(id);
      w();
      return;
    }
    if (alias.has(id)) id = alias.get(id);
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    retire(p.worker);
    p.onEnd("cancelled");
  },
  // busy is the number of requests in flight (for tests).
  busy() {
    return pending.size;
  },
  // stats describes the pool (for the tests' logs): workers started,
  // retired and crashed, the last worker's figures, and the Go memory of
  // the last requests' instances.
  stats() {
    return { ...stats, peakBytes: stats.peakBytes.slice(), idle: idle.length, busy: pending.size, failed };
  },
  // reuse switches the reuse of workers on or off (for measuring both
  // in one page; on by default).
  reuse(on) {
    reuseMaxBytes = on ? reuseCap : 0;
  },
  // ready resolves once app.wasm is compiled (null if the page could not
  // compile it).
  ready: compiled,
};

// The warm-up of a trace import (wasm/internal/warm), made when a person
// opens the job table's file dialog (main.js): a worker imports a
// synthetic trace of 10,000 jobs and runs EASY on it, twice each, then
// imports one of 20,000 jobs gzipped by the browser twice (the
// inflater), while the person picks the file. The browser then has
// optimised that code when the file comes: a call already running never
// switches to optimised code, and a trace's parser and the backfilling
// loop are each one long call. The optimised code belongs to the module,
// which every worker shares, so it is done once per page; engine.warmImport
// returns its promise, whose report is also stats.warm.
let warming = null;
// warmRequest sends one request for the warm-up and resolves with its body
// (an error message on failure).
function warmRequest(path, body) {
  return new Promise((resolve) => {
    const chunks = [];
    let status = 0;
    send("POST", path, body, (st) => (status = st), (c) => chunks.push(c), (err) => {
      const b = joinChunks(chunks.map((c) => ["chunk", c]))[0]?.[1] || new Uint8Array();
      resolve({ error: err || (status === 200 ? "" : path + ": " + status), body: b });
    });
  });
}
// warmTrace is a synthetic SWF trace of n jobs on 128 nodes, gzipped by
// the browser (the same jobs as wasm/internal/warm's Trace).
async function warmTrace(n) {
  let x = 2463534242;
  const next = () => {
    x = (x ^ (x << 13)) >>> 0;
    x = (x ^ (x >>> 17)) >>> 0;
    x = (x ^ (x << 5)) >>> 0;
    return x;
  };
  const lines = ["; MaxProcs: 128"];
  let submit = 0;
  for (let k = 1; k <= n; k++) {
    submit += next() % 300;
    const run = 30 + (next() % 1800);
    const procs = 1 << next() % 6;
    lines.push(`${k} ${submit} 0 ${run} ${procs} -1 -1 ${procs} ${run + (next() % 1800)} -1 1 ${1 + (next() % 40)} 1 1 1 1 -1 -1`);
  }
  const gz = new Blob([lines.join("\n") + "\n"]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(gz).arrayBuffer());
}
engine.warmImport = function warmImport() {
  if (!warming) {
    warming = compiled.then(async (m) => {
      if (!m) return null;
      const t0 = performance.now();
      let r;
      const w = await warmRequest("/_warm", null);
      try {
        r = w.error ? { error: w.error } : JSON.parse(new TextDecoder().decode(w.body));
      } catch (e) {
        r = { error: String(e) };
      }
      if (!r.error && typeof CompressionStream === "function") {
        const gz = await warmTrace(20000);
        for (let i = 0; i < 2 && !r.error; i++) {
          const g = await warmRequest("/api/swf?name=warm.swf.gz&limit=0&format=compact", gz);
          r.error = g.error;
          r.requests++;
        }
      }
      r.wallMs = performance.now() - t0;
      stats.warm = r;
      return r;
    });
  }
  return warming;
};

started.then(() => topUp(spares));
