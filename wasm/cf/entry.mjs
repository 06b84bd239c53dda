// The Cloudflare Worker of gridplay: the engine API under /api/ (api.wasm
// built from wasm/api, run by the syumai/workers Cloudflare glue that
// build.sh generates into build/), and the playground's static files
// (static/, the ASSETS binding) everywhere else, sent pre-compressed: the
// .br file when the browser accepts brotli, else the .gz file when it
// accepts gzip, else the file itself, always with Vary: Accept-Encoding.
// encodeBody "manual" tells the runtime the body is already encoded.
import engine from "./build/worker.mjs";

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".gz": "application/gzip",
};

function accepts(header, name) {
  for (const part of (header || "").split(",")) {
    const [enc, ...params] = part.trim().split(";");
    if (enc.trim() !== name) continue;
    const q = params.map((p) => p.trim().replace(/ /g, "")).find((p) => p.startsWith("q="));
    return !q || parseFloat(q.slice(2)) > 0;
  }
  return false;
}

async function asset(req, env) {
  const url = new URL(req.url);
  let path = url.pathname;
  if (path.endsWith("/")) path += "index.html";
  if ((path.endsWith(".br") || path.endsWith(".gz")) && !path.startsWith("/traces/")) {
    // The compressed forms of the site's files are reached through
    // Accept-Encoding only; the traces (static/traces/NAME.swf.gz) are
    // files compressed in their own right, sent as they are.
    return new Response("not found", { status: 404 });
  }
  const dot = path.lastIndexOf(".");
  const type = types[dot >= 0 ? path.slice(dot) : ""];
  if (type) {
    for (const [enc, ext] of [["br", ".br"], ["gzip", ".gz"]]) {
      if (!accepts(req.headers.get("accept-encoding"), enc)) continue;
      const r = await env.ASSETS.fetch(new Request(new URL(path + ext, url), { headers: req.headers, method: req.method }));
      if (r.status !== 200 && r.status !== 304) continue;
      const h = new Headers(r.headers);
      h.set("content-type", type);
      h.set("content-encoding", enc);
      h.set("vary", "Accept-Encoding");
      return new Response(r.body, { status: r.status, headers: h, encodeBody: "manual" });
    }
  }
  const r = await env.ASSETS.fetch(new Request(new URL(path, url), { headers: req.headers, method: req.method }));
  const h = new Headers(r.headers);
  if (type) h.set("content-type", type);
  h.set("vary", "Accept-Encoding");
  return new Response(r.body, { status: r.status, headers: h });
}

export default {
  async fetch(req, env, ctx) {
    if (new URL(req.url).pathname.startsWith("/api/")) return engine.fetch(req, env, ctx);
    return asset(req, env);
  },
};
