// The engine in a module Web Worker. Its first message, {type: "init",
// module}, brings app.wasm compiled by the page (engine-client.mjs): the
// page's own binary, whose Go program, finding no document here, serves
// the engine API (wasm/engineserve: engine/api through syscall/js). Then
// each message {id, method, path, body, type} is handed to the worker's Go
// instance of the module, started once when the module arrives. The answer goes back as {id, type: "head",
// status}, then {type: "chunk"} messages (the NDJSON frames of a stream
// in batches, see flush; one for the whole body otherwise; their buffers
// transferred, not copied), then {type: "end", stats}, or {type: "error"}.
//
// The page sends a worker one request at a time, and terminates it when
// its instance has grown large (engine-client.mjs), which frees the
// instance's memory at once.
import "./wasm_exec.js";

// stats: instances started here, calls into exited instances (late),
// the Go memory of the last instance when its request ended (peak) and
// the exit codes of instances that ended.
const stats = { instances: 0, late: 0, peak: 0, exitCodes: [] };

// wasm_exec.js throws "Go program has already exited" when JavaScript
// calls into an instance that has exited (a callback, or a timer the Go
// runtime scheduled before it exited). Such a late call does nothing here
// and is counted, so it shows in the tests' logs instead of failing the
// worker.
const resume = Go.prototype._resume;
Go.prototype._resume = function () {
  if (this.exited) {
    stats.late++;
    return;
  }
  return resume.apply(this, arguments);
};

let init;
const compiled = new Promise((resolve) => (init = resolve)).then(
  // Without a module from the page (it could not compile it), compile it
  // here, which reports the browser's reason if it cannot.
  (m) => m || WebAssembly.compileStreaming(fetch(new URL("./app.wasm", import.meta.url))),
);

// start instantiates the engine and resolves with its serve function
// (wasm/engineserve's Main passes it to gridplayEngineReady) and the instance's
// memory; failed is called if the Go program ends on its own.
async function start(failed) {
  const module = await compiled;
  const go = new Go();
  const exit = go.exit;
  go.exit = (code) => {
    stats.exitCodes.push(code);
    exit.call(go, code);
  };
  const ready = new Promise((resolve) => (globalThis.gridplayEngineReady = resolve));
  const instance = await WebAssembly.instantiate(module, go.importObject);
  stats.instances++;
  go.run(instance).then(() => failed("the engine's Go program ended (exit code " + stats.exitCodes.at(-1) + ")"));
  return { serve: await ready, mem: instance.exports.mem };
}

// The worker starts its engine as soon as it has the module, before its
// request arrives: the page keeps a spare worker started, so a request
// (every point of an experiment's sweep) finds the Go runtime and the
// engine's packages initialised instead of paying for it (70-200 ms
// measured in Chromium on a 2-core machine). failLater reports an
// instance that ended on its own to the request it then serves.
let failLater = null;
// The longest a stream's frame waits in the worker before it is posted.
const batchMs = 16;
let ended = null;
const warm = compiled.then(() =>
  start((msg) => {
    ended = msg;
    if (failLater) failLater(msg);
  }),
);

function handle(m) {
  // Times in ms from the request's arrival: the engine instance started
  // (started), its answer's head (head) and end (end); timing is the
  // engine's own Server-Timing (decode, run, encode).
  const t0 = performance.now();
  const times = { started: -1, head: -1, end: -1, timing: "" };
  return new Promise((resolve, reject) => {
    let mem = null;
    const snapshot = () => {
      if (mem) stats.peak = mem.buffer.byteLength;
      return { ...stats, exitCodes: stats.exitCodes.slice(-5), times };
    };
    let done = false;
    const fail = (msg) => {
      if (done) return;
      done = true;
      reject({ message: msg, stats: snapshot() });
    };
    failLater = fail;
    if (ended) fail(ended);
    // A stream's frames are posted in batches: what the engine wrote
    // within batchMs of the last post goes in one message, so the page
    // calls into its Go once per batch, not once per frame (a GA run
    // writes a frame per generation, a few hundred a second).
    let pend = [];
    let posted = performance.now();
    let timer = 0;
    const flush = () => {
      clearTimeout(timer);
      timer = 0;
      posted = performance.now();
      if (pend.length === 0) return;
      let chunk = pend[0];
      if (pend.length > 1) {
        let n = 0;
        for (const c of pend) n += c.length;
        chunk = new Uint8Array(n);
        let at = 0;
        for (const c of pend) {
          chunk.set(c, at);
          at += c.length;
        }
      }
      pend = [];
      self.postMessage({ id: m.id, type: "chunk", chunk }, [chunk.buffer]);
    };
    warm.then(({ serve, mem: mm }) => {
      mem = mm;
      times.started = performance.now() - t0;
      const body = m.body != null && m.method !== "GET" && m.method !== "HEAD" ? m.body : null;
      serve(
        { method: m.method, path: m.path, type: body ? m.type || "application/json" : null, body },
        (status, type, timing) => {
          times.head = performance.now() - t0;
          times.timing = timing || "";
          self.postMessage({ id: m.id, type: "head", status });
        },
        (chunk) => {
          pend.push(chunk);
          if (performance.now() - posted >= batchMs) flush();
          else if (!timer) timer = setTimeout(flush, batchMs);
        },
        () => {
          if (done) return;
          flush();
          done = true;
          times.end = performance.now() - t0;
          self.postMessage({ id: m.id, type: "end", stats: snapshot() });
          resolve();
        },
      );
    }, (err) => fail(String(err && err.message ? err.message : err)));
  });
}

self.onmessage = (ev) => {
  const m = ev.data;
  if (m.type === "init") {
    init(m.module);
    return;
  }
  if (m.method === "CRASH") {
    // For the browser test of the page's recovery: an uncaught error, as
    // a late timer of an exited Go instance used to throw.
    setTimeout(() => {
      throw new Error("simulated engine crash");
    });
    return;
  }
  handle(m).catch((e) => {
    self.postMessage({ id: m.id, type: "error", message: e.message || String(e), stats: e.stats });
  });
};

// This worker's module runs: the page counts it as started.
self.postMessage({ type: "ready" });
