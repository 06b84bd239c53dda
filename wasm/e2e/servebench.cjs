// servebench times API requests in the browser worker's engine under
// node, outside any browser: it runs a built binary's Go program as a
// worker would (static/engine-worker.mjs), takes the serve function it
// hands to globalThis.gridplayEngineReady (wasm/engineserve), and sends
// it the same request RUNS times, one after the other. It prints the
// median and the fastest time, and with ALL=1 every time in order;
// OUT=FILE writes the first answer's bytes to FILE (to compare two
// builds' answers with cmp).
// BODY may be @FILE, with the body's type in TYPE (JSON by default).
// PRE=PATH sends one GET of PATH first, untimed (PRE=/api/bench has the
// worker read the HPC2N trace and make the benchmark set, as the
// benchmark page does before its rows); PAUSE=MS waits MS milliseconds
// before each timed request (the page's settleMs is 250), and with BUSY=1
// spends them in a loop instead, the thread never idle; GODEBUG is
// handed to the Go program (GODEBUG=gctrace=1 prints each collection).
//
//   GOROOT_WASM=$(go env GOROOT)/lib/wasm node wasm/e2e/servebench.cjs \
//     static/app.wasm /api/experiments/titan-fig9 '{"quick":true,"seed":1}' 30
//
// Any binary that serves the engine this way can be timed, so two builds
// can be compared side by side on one machine (the page's one binary
// against the engine-only api.wasm of earlier builds, say). Requests that
// read a trace (gamf-fig7, multisite) fetch traces/NAME next to the
// worker's module, as in the page: here that is static/traces of this
// checkout, read from disk.
globalThis.require = require;
// The worker's location and fetch (wasm/internal/jsfetch): files under
// static/, by their URL.
const staticDir = require("path").join(__dirname, "..", "..", "static");
globalThis.location = { href: require("url").pathToFileURL(staticDir + "/engine-worker.mjs").href };
globalThis.self = globalThis;
globalThis.fetch = async (u) => {
  try {
    const b = require("fs").readFileSync(require("url").fileURLToPath(u));
    return { status: 200, arrayBuffer: async () => b.buffer.slice(b.byteOffset, b.byteOffset + b.length) };
  } catch (e) {
    return { status: 404, arrayBuffer: async () => new ArrayBuffer(0) };
  }
};
globalThis.fs = require("fs");
globalThis.path = require("path");
if (!process.env.GOROOT_WASM) {
  console.error("set GOROOT_WASM=$(go env GOROOT)/lib/wasm");
  process.exit(2);
}
require(process.env.GOROOT_WASM + "/wasm_exec.js");

const [file, path, body, runsArg] = process.argv.slice(2);
const runs = parseInt(runsArg || "10", 10);
if (!file || !path || !(runs > 0)) {
  console.error("usage: node servebench.cjs FILE.wasm PATH BODY [RUNS]");
  process.exit(2);
}
const go = new Go();
if (process.env.GODEBUG) go.env = { GODEBUG: process.env.GODEBUG };
const ready = new Promise((resolve) => (globalThis.gridplayEngineReady = resolve));
let memory = null;
WebAssembly.instantiate(fs.readFileSync(file), go.importObject).then((r) => {
  memory = r.instance.exports.mem;
  go.run(r.instance);
});
// BODY "@FILE" sends FILE's bytes (a compact scenario, say, with
// TYPE=application/vnd.gridplay.scenario); TYPE defaults to JSON.
const bytes = !body ? null : body.startsWith("@") ? new Uint8Array(fs.readFileSync(body.slice(1))) : new TextEncoder().encode(body);
const type = process.env.TYPE || "application/json";

ready.then(async (serve) => {
  const one = (path, bytes) =>
    new Promise((done) => {
      let status = 0;
      let n = 0;
      const chunks = [];
      const t0 = performance.now();
      serve(
        { method: bytes ? "POST" : "GET", path, type: bytes ? type : null, body: bytes },
        (s) => (status = s),
        (c) => {
          n += c.length;
          if (process.env.OUT) chunks.push(Uint8Array.from(c));
        },
        () => done({ ms: performance.now() - t0, status, n, chunks }),
      );
    });
  if (process.env.PRE) {
    const r = await one(process.env.PRE, null);
    console.error("PRE " + process.env.PRE + ": status " + r.status + ", " + r.n + " bytes, " + r.ms.toFixed(0) + " ms");
  }
  const ms = [];
  for (let i = 0; i < runs; i++) {
    if (process.env.PAUSE && process.env.BUSY === "1") {
      const end = performance.now() + +process.env.PAUSE;
      while (performance.now() < end);
    } else if (process.env.PAUSE) await new Promise((done) => setTimeout(done, +process.env.PAUSE));
    const r = await one(path, bytes);
    if (r.status !== 200) {
      console.error(path + ": status " + r.status);
      process.exit(1);
    }
    ms.push(r.ms);
    if (i === 0 && process.env.OUT) fs.writeFileSync(process.env.OUT, Buffer.concat(r.chunks));
  }
  if (process.env.ALL) console.log(ms.map((t) => t.toFixed(0)).join(" "));
  ms.sort((a, b) => a - b);
  console.log(file + " " + path + ": median " + ms[ms.length >> 1].toFixed(1) + " ms, fastest " + ms[0].toFixed(1) + " ms over " + runs + " runs; memory " + (memory.buffer.byteLength / 1048576).toFixed(0) + " MB");
  process.exit(0);
});
