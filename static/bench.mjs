// The benchmark page (bench.html): runs the standard benchmark set
// (engine/api/benchset) in the visitor's own engine worker, through the
// playground's engine client, and compares the medians with the native
// numbers of bench-native.json (./build.sh bench).
//
// The set comes from the engine itself (GET /api/bench: the requests and
// their bodies, the two 20,000-job scenarios made in the worker from the
// HPC2N trace of static/traces), so the page downloads no scenario. Each
// request runs once as a warm-up, then `runs` times (the set's Runs, or
// ?runs=N); a row's time is the median, measured on this thread from the
// request to the end of its answer, as the playground sees it. Requests
// run one at a time, with a pause between them (settleMs): a worker
// whose engine grew large is replaced after its request, and the pause
// lets the replacement start its Go runtime before the next request is
// timed, instead of sharing the CPU with it.
//
// Everything shown is set as text (textContent), never as HTML.
// globalThis.gridplayBench holds the results, for the browser test.
import { engine } from "./engine-client.mjs";

const settleMs = 250;

const $ = (id) => document.getElementById(id);
const runButton = $("run");
const progress = $("progress");
const errorsBox = $("errors");
const tbody = $("rows");

const results = {
  state: "idle", // idle, loading, running, done, error
  runs: 0,
  setMs: 0, // GET /api/bench, the set made in the worker
  native: null,
  rows: [], // {name, label, status, ms, runs, worker, bytes, sha256, same, ratio, error}
  errors: [],
};
globalThis.gridplayBench = results;

const params = new URLSearchParams(location.search);
const askedRuns = parseInt(params.get("runs") || "", 10);
function setText(el, text) {
  el.textContent = text;
}

function fmtMs(ms) {
  if (!(ms > 0)) return "–";
  return ms >= 100 ? Math.round(ms).toLocaleString("en") : ms.toFixed(1);
}

function showError(msg) {
  results.errors.push(msg);
  errorsBox.hidden = false;
  const p = document.createElement("p");
  p.textContent = msg;
  errorsBox.appendChild(p);
}

// The table: one row per request, in the order of the native file, then
// any request of the set it does not have.
const rowEls = new Map(); // name -> {tr, cells}

function rowFor(name, label) {
  let r = rowEls.get(name);
  if (r) return r;
  const tr = document.createElement("tr");
  const th = document.createElement("th");
  th.scope = "row";
  th.textContent = label;
  tr.appendChild(th);
  const cells = {};
  for (const k of ["native", "browser", "ratio", "target", "same"]) {
    const td = document.createElement("td");
    if (k === "native" || k === "browser" || k === "ratio") td.className = "num";
    td.textContent = "–";
    tr.appendChild(td);
    cells[k] = td;
  }
  tbody.appendChild(tr);
  r = { tr, cells };
  rowEls.set(name, r);
  return r;
}

function nativeRow(name) {
  const n = results.native;
  return n && Array.isArray(n.rows) ? n.rows.find((r) => r.name === name) : undefined;
}

function target() {
  const n = results.native;
  return n && n.target > 0 ? n.target : 2.5;
}

// render fills a row's browser cells from its result.
function render(res) {
  const { cells } = rowFor(res.name, res.label);
  if (res.error) {
    setText(cells.browser, "failed");
    setText(cells.ratio, "–");
    setText(cells.target, "–");
    cells.target.className = "";
    return;
  }
  setText(cells.browser, fmtMs(res.ms));
  const nat = nativeRow(res.name);
  if (nat && nat.ms > 0 && res.ms > 0) {
    const ratio = res.ms / nat.ms;
    res.ratio = ratio;
    setText(cells.ratio, ratio.toFixed(2) + "x");
    const met = ratio <= target();
    setText(cells.target, met ? "met" : "not met");
    cells.target.className = met ? "met" : "not-met";
  }
  if (res.sha256 == null) {
    setText(cells.same, res.ms > 0 ? "not checked" : "–");
  } else if (!nat || !nat.sha256) {
    setText(cells.same, "no native hash");
  } else {
    res.same = res.sha256 === nat.sha256;
    setText(cells.same, res.same ? "same bytes" : "differs");
    cells.same.className = res.same ? "met" : "differs";
  }
}

async function loadNative() {
  try {
    const resp = await fetch("bench-native.json", { cache: "no-cache" });
    if (!resp.ok) throw new Error("HTTP " + resp.status);
    const n = await resp.json();
    if (!n || !Array.isArray(n.rows)) throw new Error("it has no rows");
    results.native = n;
    for (const r of n.rows) {
      const { cells } = rowFor(String(r.name), String(r.label));
      setText(cells.native, fmtMs(r.ms));
    }
    const where = [n.machine, n.cpu, n.cores ? n.cores + " cores" : "", n.go].filter(Boolean).join(", ");
    let text = "Native numbers: " + where + "; median of " + n.runs + " runs after a warm-up; measured " + String(n.date).slice(0, 10) + ".";
    if (n.note) text += " " + n.note;
    setText($("native-info"), text);
    if (n.target > 0) setText($("target"), String(n.target));
  } catch (e) {
    setText($("native-info"), "No native numbers on this site (bench-native.json: " + (e.message || e) + "): the page shows your browser's times alone. ./build.sh bench writes them.");
  }
}

// request sends one request to the engine and resolves with its status,
// its body and the time from the call to the end of the answer; it
// rejects with the engine client's message when the request failed.
function request(method, path, body, type) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let status = 0;
    const t0 = performance.now();
    engine.request(
      method,
      path,
      body,
      (s) => (status = s),
      (c) => chunks.push(c),
      (err) => {
        const ms = performance.now() - t0;
        if (err) {
          reject(new Error(err));
          return;
        }
        let n = 0;
        for (const c of chunks) n += c.length;
        const all = new Uint8Array(n);
        let at = 0;
        for (const c of chunks) {
          all.set(c, at);
          at += c.length;
        }
        resolve({ status, body: all, ms });
      },
      type,
    );
  });
}

// engineMessage is the engine's error message of a failed answer
// ({"error": ..., "field": ...}), or the start of its body.
function engineMessage(body) {
  const text = new TextDecoder().decode(body);
  try {
    const e = JSON.parse(text);
    if (e && typeof e.error === "string") return e.field ? e.field + ": " + e.error : e.error;
  } catch (_) {
    // not JSON
  }
  return text.slice(0, 300);
}

async function sha256(bytes) {
  if (!globalThis.crypto || !crypto.subtle) return null;
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

function fromBase64(s) {
  const bin = atob(s || "");
  const b = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) b[i] = bin.charCodeAt(i);
  return b;
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

async function loadSet() {
  setText(progress, "Getting the requests from your engine (it reads the HPC2N trace)…");
  const res = await request("GET", "/api/bench", null);
  if (res.status !== 200) throw new Error("the benchmark set: status " + res.status + ": " + engineMessage(res.body));
  const set = JSON.parse(new TextDecoder().decode(res.body));
  if (!set || !Array.isArray(set.requests) || set.requests.length === 0) throw new Error("the benchmark set is empty");
  return set;
}

// runRow runs one request: a warm-up, then `runs` timed requests.
async function runRow(req, runs, index, total) {
  // worker: the serving worker's own figures per timed run (the engine
  // client's stats: ms from the request's arrival in the worker to its
  // engine ready and to the answer's end, the instance's Go memory).
  const res = { name: req.name, label: req.label, status: 0, ms: 0, runs: [], worker: [], bytes: 0, sha256: null, same: null, error: null };
  results.rows.push(res);
  const { cells } = rowFor(req.name, req.label);
  const body = req.body ? fromBase64(req.body) : null;
  let first = null;
  for (let k = 0; k <= runs; k++) {
    setText(progress, "Request " + (index + 1) + " of " + total + ", " + req.label + ": " + (k === 0 ? "warm-up" : "run " + k + " of " + runs) + "…");
    setText(cells.browser, k === 0 ? "warming up" : "run " + k + " of " + runs);
    await pause(settleMs);
    let r;
    try {
      r = await request(req.method, req.path, body ? body.slice() : null, req.type || null);
    } catch (e) {
      res.error = req.label + ": " + (e.message || e);
      break;
    }
    res.status = r.status;
    if (r.status !== 200) {
      res.error = req.label + ": status " + r.status + ": " + engineMessage(r.body);
      break;
    }
    const h = await sha256(r.body);
    if (k === 0) {
      first = h;
      res.sha256 = h;
      res.bytes = r.body.length;
      continue;
    }
    if (h !== first || r.body.length !== res.bytes) {
      res.error = req.label + ": run " + k + " answered other bytes than the warm-up";
      break;
    }
    res.runs.push(r.ms);
    const last = engine.stats().last;
    if (last && last.times) res.worker.push({ started: last.times.started, end: last.times.end, peakMB: (last.peak || 0) / 1048576 });
  }
  if (!res.error) {
    const s = res.runs.slice().sort((a, b) => a - b);
    const n = s.length;
    res.ms = n % 2 === 1 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  } else {
    showError(res.error);
  }
  render(res);
}

async function run() {
  runButton.disabled = true;
  errorsBox.hidden = true;
  errorsBox.replaceChildren();
  results.rows = [];
  results.errors = [];
  results.state = "loading";
  for (const { cells } of rowEls.values()) {
    for (const k of ["browser", "ratio", "target", "same"]) {
      setText(cells[k], "–");
      cells[k].className = k === "browser" || k === "ratio" ? "num" : "";
    }
  }
  try {
    const t0 = performance.now();
    const set = await loadSet();
    results.setMs = performance.now() - t0;
    const runs = askedRuns >= 1 && askedRuns <= 50 ? askedRuns : set.runs;
    results.runs = runs;
    showRuns(runs);
    results.state = "running";
    for (const r of set.requests) rowFor(r.name, r.label);
    for (let i = 0; i < set.requests.length; i++) {
      await runRow(set.requests[i], runs, i, set.requests.length);
    }
    const measured = results.rows.filter((r) => r.ratio > 0);
    const met = measured.filter((r) => r.ratio <= target()).length;
    const failed = results.rows.filter((r) => r.error).length;
    let text = "Done: " + met + " of " + measured.length + " rows meet the " + target() + "x target.";
    if (failed) text += " " + failed + " failed (see above).";
    setText(progress, text);
    results.state = failed ? "error" : "done";
  } catch (e) {
    showError(e.message || String(e));
    setText(progress, "Stopped.");
    results.state = "error";
  } finally {
    runButton.disabled = false;
  }
}

// For the browser test: run one request of its own (a failing one, say)
// the way the set's rows run, and return its result.
results.runRow = async (req, runs) => {
  await runRow(req, runs, 0, 1);
  return results.rows.at(-1);
};

// For the browser test's alternated rounds: one timed request of a row,
// after the same pause as runRow's, with its status and SHA-256.
results.once = async (req) => {
  const body = req.body ? fromBase64(req.body) : null;
  await pause(settleMs);
  const r = await request(req.method, req.path, body, req.type || null);
  return { status: r.status, ms: r.ms, sha256: r.status === 200 ? await sha256(r.body) : null };
};

function showRuns(n) {
  setText($("runs"), n + (n === 1 ? " more time" : " more times"));
}

if (askedRuns >= 1 && askedRuns <= 50) showRuns(askedRuns);
runButton.addEventListener("click", run);
loadNative();
