// The engine in a module Web Worker. Messages {id, method, path, body} from
// the page become Requests to the Go handler (engine/api, compiled to
// api.wasm and run by the syumai/workers browser runtime generated into
// ./worker/ by build.sh). The answer goes back as {id, type: "head"},
// then one {type: "chunk"} per body chunk as the handler writes it (NDJSON
// frames stream), then {type: "end"}, or {type: "error"}.
import engine from "./worker/worker.mjs";

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
  self.postMessage({ id: m.id, type: "end" });
}

self.onmessage = (ev) => {
  const m = ev.data;
  handle(m).catch((err) => {
    self.postMessage({ id: m.id, type: "error", message: String(err && err.message ? err.message : err) });
  });
};
