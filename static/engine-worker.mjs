// The engine in a module Web Worker. Messages {id, method, path, body} from
// the page become Requests to the Go handler (engine/api, compiled to
// api.wasm and run by the syumai/workers browser runtime generated into
// ./worker/ by build.sh). The answer goes back as {id, type: "head"},
// then one {type: "chunk"} per body chunk as the handler writes it (NDJSON
// frames stream), then {type: "end", stats}, or {type: "error"}.
//
// The runtime compiles api.wasm once (WebAssembly.compileStreaming) and
// starts a fresh Go instance of it per request; the instance exits once
// the body has been read to its end.
import engine from "./worker/worker.mjs";

// Instances that exited must not be entered again. wasm_exec.js throws
// "Go program has already exited" when JavaScript calls into an exited
// instance: a js.FuncOf callback (a stream or promise callback the runtime
// handed out) or a timer the Go runtime scheduled before it exited. Thrown
// from a timer, that error is uncaught, fails the whole worker, and the
// page used to refuse every request after it. Such a late call now does
// nothing and is counted (stats.late), so it shows in the tests' logs.
const stats = { instances: 0, collected: 0, late: 0, liveBytes: 0 };
const live = new Set(); // WeakRefs to the instances' memories
const reg = new FinalizationRegistry((ref) => {
  stats.collected++;
  live.delete(ref);
});
const run = Go.prototype.run;
Go.prototype.run = function (instance) {
  stats.instances++;
  const mem = instance && instance.exports && instance.exports.mem;
  if (mem) {
    const ref = new WeakRef(mem);
    live.add(ref);
    reg.register(mem, ref);
  }
  return run.apply(this, arguments);
};
const resume = Go.prototype._resume;
Go.prototype._resume = function () {
  if (this.exited) {
    stats.late++;
    return;
  }
  return resume.apply(this, arguments);
};

// snapshot is the worker's stats, with the bytes of Go memories not yet
// collected (each instance's WebAssembly.Memory, which never shrinks).
function snapshot() {
  let bytes = 0;
  for (const ref of live) {
    const m = ref.deref();
    if (m) bytes += m.buffer.byteLength;
  }
  stats.liveBytes = bytes;
  return { ...stats };
}

async function handle(m) {
  const init = { method: m.method, headers: {} };
  if (m.body != null && m.method !== "GET" && m.method !== "HEAD") {
    init.body = m.body;
    init.headers["content-type"] = "application/json";
  }
  const req = new Request(new URL(m.path, self.location.origin), init);
  // Each request runs in a fresh Go instance, which exits once the body
  // has been read to its end, so always read it all.
  const res = await engine.fetch(req, {}, { waitUntil() {}, passThroughOnException() {} });
  self.postMessage({ id: m.id, type: "head", status: res.status });
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      self.postMessage({ id: m.id, type: "chunk", chunk: value });
    }
  }
  self.postMessage({ id: m.id, type: "end", stats: snapshot() });
}

self.onmessage = (ev) => {
  const m = ev.data;
  if (m.method === "CRASH") {
    // For the browser test of the page's recovery: an uncaught error, as
    // a late timer of an exited Go instance used to throw.
    setTimeout(() => {
      throw new Error("simulated engine crash");
    });
    return;
  }
  handle(m).catch((err) => {
    self.postMessage({ id: m.id, type: "error", message: String(err && err.message ? err.message : err), stats: snapshot() });
  });
};

// A ready message tells the page this worker started (its module and the
// runtime loaded).
self.postMessage({ type: "ready" });
