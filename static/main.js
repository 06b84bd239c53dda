// Boots the playground: starts the engine's module Web Worker, exposes a
// small request client to the Go page as globalThis.gridplayEngine, then
// loads and runs the Vugu page (app.wasm).

const worker = new Worker(new URL("./engine-worker.mjs", import.meta.url), { type: "module" });
const pending = new Map();
let nextID = 1;
let failed = null; // set when the worker could not start

worker.onmessage = (ev) => {
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
};

worker.onerror = (ev) => {
  ev.preventDefault();
  const msg = "engine worker failed to start: " + (ev.message || "unknown error");
  failed = msg;
  for (const [id, p] of pending) {
    pending.delete(id);
    p.onEnd(msg);
  }
};

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
