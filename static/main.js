// Boots the playground: starts the engine client (its module Web Workers
// begin at once, or once the first chart is drawn on a first visit),
// exposes it to the Go page as globalThis.gridplayEngine, then runs the
// Vugu page (app.wasm, whose download and compile index.html started; the
// engine workers run the same compiled module).

import { engine, appModule } from "./engine-client.mjs";

// The engine client (engine-client.mjs: a pool of module Web Workers
// running app.wasm, compiled once) as the Go page reaches it
// (site/jsbridge).
globalThis.gridplayEngine = engine;

// On a first visit (no link in the address, nothing saved), the page's
// first run is the default preset's (site/state.FirstVisitRun), whose
// answer ./build.sh computed with the same engine, as it did the policy
// list's (first-run.mjs, loaded only then): the page's requests, byte for
// byte those, take these answers at once (engine-client.mjs preload; a
// request waits for the module if it is not in yet), so the first Gantt
// chart waits neither for the engine's WebAssembly nor for its workers.
// The engine itself, and the policy list's answer, are held back until
// that chart is drawn (the page's "gridplay-first-gantt" event,
// site/jsbridge), or 5 s have passed, or the page sends the engine a
// request: on a small machine the engine's compile and its workers' start
// took the cores app.wasm needed to start, and the policy menu's render
// came before the chart. Any other visit sends the policy list to the
// engine now, while app.wasm still loads (prefetch).
if (!location.hash && !savedScenario()) {
  const run = "/api/run?stream=1";
  const ahead = (globalThis.gridplayFirstRun || import("./first-run.mjs")).then((m) => {
    const enc = new TextEncoder();
    if (m.path === run) engine.preload("POST", m.path, enc.encode(m.body), enc.encode(m.answer));
    if (m.policies) engine.preload("GET", "/api/policies", null, enc.encode(m.policies));
  });
  const drawn = new Promise((resolve) => {
    document.addEventListener("gridplay-first-gantt", () => setTimeout(resolve, 0), { once: true });
    setTimeout(resolve, 5000);
  });
  engine.await("POST", run, ahead);
  // The policy list's answer waits for the chart too: the page renders
  // its menu when it comes, which would come first.
  engine.await("GET", "/api/policies", Promise.all([ahead, drawn]));
  engine.holdUntil(drawn);
} else {
  engine.prefetch("GET", "/api/policies", null);
}

// Opening the job table's file dialog (a click on its file input, by
// pointer or keyboard) warms up the engine's import and EASY run while
// the person picks a trace (engine-client.mjs warmImport): nothing is
// warmed before someone asks for an import.
document.addEventListener("click", (ev) => {
  if (ev.target instanceof Element && ev.target.matches("input.jt-swf")) engine.warmImport();
}, { capture: true });

// savedScenario tells whether the page will open an autosaved scenario
// (site/page.go SaveKey); unreadable storage counts as saved.
function savedScenario() {
  try {
    return localStorage.getItem("gridplay.scenario.v1") !== null;
  } catch (e) {
    return true;
  }
}

// The embed tells the page around it how tall its content is,
// {gridplay: "size", height}, whenever that changes: the embed code
// (site/share.go) sizes its iframe by it, so the chart, the narration
// and the lesson fit without a scroll bar at any width.
if (document.body.classList.contains("embedded") && window.parent !== window && typeof ResizeObserver === "function") {
  let sent = 0;
  let queued = false;
  let box = null;
  const measure = () => {
    queued = false;
    if (!box || !box.isConnected) return;
    const cs = getComputedStyle(box);
    const top = box.getBoundingClientRect().top;
    let bottom = 0;
    for (const c of box.children) bottom = Math.max(bottom, c.getBoundingClientRect().bottom);
    const h = Math.ceil(bottom - top + box.scrollTop + parseFloat(cs.paddingBottom) + parseFloat(cs.borderBottomWidth));
    if (h > 0 && Math.abs(h - sent) >= 2) {
      sent = h;
      window.parent.postMessage({ gridplay: "size", height: h }, "*");
    }
  };
  const ro = new ResizeObserver(() => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(measure);
    }
  });
  // The embed's box is made by the page's first render; its children
  // come and go (an error, the lesson card).
  new MutationObserver(() => {
    const b = document.querySelector(".embed");
    if (b !== box || (b && b.childElementCount !== box.__n)) {
      box = b;
      ro.disconnect();
      if (b) {
        b.__n = b.childElementCount;
        for (const c of b.children) ro.observe(c);
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}

// Small browser helpers for the Go page (site/jsbridge/browser_js.go).
// A scenario too big for localStorage (a whole trace: some 5 MB per
// site there) is kept in IndexedDB, as the compact form's bytes; each
// call answers a promise that never rejects (false or null instead).
function bigStore(mode, use) {
  return new Promise((resolve) => {
    let req;
    try {
      req = indexedDB.open("gridplay", 1);
    } catch (e) {
      resolve(null);
      return;
    }
    req.onupgradeneeded = () => req.result.createObjectStore("big");
    req.onerror = () => resolve(null);
    req.onsuccess = () => {
      const db = req.result;
      let tx;
      try {
        tx = db.transaction("big", mode);
      } catch (e) {
        db.close();
        resolve(null);
        return;
      }
      let out = null;
      use(tx.objectStore("big"), (v) => { out = v; });
      tx.oncomplete = () => { db.close(); resolve(out); };
      tx.onerror = tx.onabort = () => { db.close(); resolve(null); };
    };
  });
}

globalThis.gridplayStore = {
  set(key, val) {
    try {
      localStorage.setItem(key, val);
      return true;
    } catch (e) {
      return false;
    }
  },
  // putBig keeps bytes (a Uint8Array) under key: true when kept.
  putBig(key, bytes) {
    return bigStore("readwrite", (st, out) => { st.put(bytes, key); out(true); }).then((v) => v === true);
  },
  // getBig answers the bytes kept under key, or null.
  getBig(key) {
    return bigStore("readonly", (st, out) => {
      const r = st.get(key);
      r.onsuccess = () => out(r.result instanceof Uint8Array ? r.result : null);
    });
  },
  delBig(key) {
    return bigStore("readwrite", (st, out) => { st.delete(key); out(true); }).then((v) => v === true);
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

// What the page records for the browser tests (wasm/e2e): its fields are
// listed in site/jsbridge/testhooks_js.go, which fills them.
globalThis.gridplayTest = { marks: [], frameTimes: [] };

// gridplayScrollRows calls cb with the row index at the top of the
// scrolling element el (rows of rowH pixels) when it changes, at most once
// an animation frame: the job table's window follows its scroll bar
// without a page render per scroll event (site/jobs).
globalThis.gridplayScrollRows = (el, rowH, cb) => {
  let last = -1;
  let queued = false;
  el.addEventListener(
    "scroll",
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        const first = Math.floor(el.scrollTop / rowH);
        if (first !== last) {
          last = first;
          cb(first);
        }
      });
    },
    { passive: true },
  );
};

// gridplayPaintRows fills the per-job table's windowed body in place
// (site/jsbridge ScrollTable): body holds a spacer row, a pool of rows of
// cols cells and a spacer row; text is the two spacers' heights in
// pixels, the number of rows shown, then each shown row's data-k,
// data-bar, class and cells, all separated by U+001F. The columns whose
// bit is set in titled take their text as their title too. Only what
// changed is written, a cell's text through its text node; the pool's
// rows past those shown are hidden. One call per scroll event: a call
// from Go per cell cost more than the browser's work on the rows.
globalThis.gridplayPaintRows = (body, cols, titled, text) => {
  const f = text.split("\x1f");
  const rows = body.rows;
  const last = rows.length - 1;
  const height = (td, h) => {
    if (td.style.height !== h) td.style.height = h;
  };
  height(rows[0].cells[0], f[0] + "px");
  height(rows[last].cells[0], f[1] + "px");
  const n = +f[2];
  let at = 3;
  for (let j = 1; j < last; j++) {
    const tr = rows[j];
    if (j > n) {
      if (!tr.hidden) tr.hidden = true;
      continue;
    }
    const k = f[at++];
    const bar = f[at++];
    const cls = f[at++];
    if (tr.getAttribute("data-k") !== k) tr.setAttribute("data-k", k);
    if (tr.getAttribute("data-bar") !== bar) tr.setAttribute("data-bar", bar);
    if (tr.className !== cls) tr.className = cls;
    const cells = tr.cells;
    for (let c = 0; c < cols; c++) {
      const td = cells[c];
      const v = f[at++];
      const t = td.firstChild;
      if (t === null) {
        if (v !== "") td.textContent = v;
      } else if (t.data !== v) t.data = v;
      if ((titled >> c) & 1 && td.title !== v) td.title = v;
    }
    if (tr.hidden) tr.hidden = false;
  }
};

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
  // index.html starts fetching and compiling app.wasm before the module
  // scripts run (globalThis.gridplayApp); a page without that script
  // starts it here.
  const module = await appModule();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  // The page's Go memory in bytes (it only grows), for the tests' logs.
  globalThis.gridplayTest.pageMemory = () => instance.exports.mem.buffer.byteLength;
  await go.run(instance);
  stopped("the page's program ended unexpectedly");
}

boot().catch((err) => {
  const el = document.getElementById("vugu_mount_point");
  if (el) el.textContent = "gridplay could not start: " + err;
  throw err;
});
