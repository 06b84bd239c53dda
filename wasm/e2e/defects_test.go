//go:build !js

package e2e

// Browser tests of the playground defects a newcomer walkthrough found:
// each failed on the code before its fix.

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gridplay/engine/link"
	"gridplay/engine/model"
)

// captureDownloads replaces the page's download helper with one that
// records what would have been offered: name and text.
const captureDownloads = `(() => {
  globalThis.__downloads = [];
  globalThis.gridplayDownload = (name, mime, bytes) => {
    globalThis.__downloads.push({name, mime, text: new TextDecoder().decode(bytes)});
  };
  return true;
})()`

type download struct {
	Name string `json:"name"`
	Mime string `json:"mime"`
	Text string `json:"text"`
}

func downloads(ctx context.Context) ([]download, error) {
	var ds []download
	err := chromedp.Run(ctx, chromedp.Evaluate(`globalThis.__downloads || []`, &ds))
	return ds, err
}

// Defect 1: Jobs -> Export CSV panicked inside app.wasm (ValueOf on a Go
// slice) and left a dead page. Now it offers the CSV and the page runs on.
func TestExportJobsCSVKeepsPageAlive(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitDone("muscle")); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	err := chromedp.Run(ctx,
		chromedp.Evaluate(captureDownloads, nil),
		chromedp.Click(`button.jt-export`, chromedp.ByQuery),
		chromedp.Poll(`globalThis.__downloads.length === 1`, nil, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatalf("export: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	ds, err := downloads(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(ds[0].Name, "-jobs.csv") || !strings.HasPrefix(ds[0].Text, "id,") || strings.Count(ds[0].Text, "\n") < 7 {
		t.Errorf("download %q: %q", ds[0].Name, ds[0].Text)
	}
	// The page still works: a run goes through and a preset loads.
	err = chromedp.Run(ctx,
		choosePreset("classic-backfill"), waitDone("easy"),
		rerun("easy", clickRun()),
	)
	if err != nil {
		t.Fatalf("the page stopped working after Export CSV: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	con.check(t)
}

// Defect 2: EASY on an imported trace took minutes because every
// streamed frame re-rendered the page (and each render deflated the whole
// scenario for the hidden embed code). The import now switches to EASY,
// names the scenario after the file, and the run ends in seconds with
// the page answering throughout.
func TestImportedTraceRunsQuickly(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	cut := writeTraceCut(t, t.TempDir(), 2500)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitDone("muscle")); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	t0 := time.Now()
	err := chromedp.Run(ctx,
		chromedp.SetUploadFiles(`input.jt-swf`, []string{cut}, chromedp.ByQuery),
		chromedp.Poll(`(document.querySelector(".jt-notice")?.textContent || "").includes("Imported")`, nil, chromedp.WithPollingTimeout(30*time.Second)),
	)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	imported := time.Since(t0)
	// While the run streams its backfilling frames, the page must answer:
	// time a few round trips into it.
	var worst time.Duration
	deadline := time.Now().Add(60 * time.Second)
	for {
		var st string
		t1 := time.Now()
		if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector(".app").dataset.engine + "/" + document.querySelector(".app").dataset.policy`, &st)); err != nil {
			t.Fatal(err)
		}
		worst = max(worst, time.Since(t1))
		if st == "done/easy" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the imported trace did not finish with easy within 60 s (state %s)", st)
		}
		time.Sleep(50 * time.Millisecond)
	}
	total := time.Since(t0)
	var name string
	if err := chromedp.Run(ctx, waitDone("easy"), chromedp.Text(`.summary`, &name, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	t.Logf("KTH-SP2 cut of 2,000 jobs: import shown after %v, EASY run drawn %v after the file was picked; slowest page round trip during the run %v",
		imported.Round(time.Millisecond), total.Round(time.Millisecond), worst.Round(time.Millisecond))
	fmt.Printf("gridplay e2e: imported 2,000-job trace with EASY drawn in %v (slowest page round trip %v)\n", total.Round(time.Millisecond), worst.Round(time.Millisecond))
	if !strings.Contains(name, "KTH-SP2-cut") {
		t.Errorf("the scenario is not named after the file: %q", name)
	}
	con.check(t)
}

// Defect 3: Metrics CSV exported the comparison made before an edit.
func TestMetricsCSVFollowsEdits(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitDone("muscle")); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	err := chromedp.Run(ctx,
		chromedp.Evaluate(captureDownloads, nil),
		openPanels("compare", "share"),
		chromedp.Click(`button.compare`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelectorAll(".compare-table thead th").length >= 3 && !document.querySelector("button.compare").disabled`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Click(`button.export-metrics`, chromedp.ByQuery),
		chromedp.Evaluate(`globalThis.__before = [...document.querySelectorAll(".summary .metrics div")].find(e => e.textContent.startsWith("makespan")).textContent; true`, nil),
		// A longer runtime for the first job, then wait for the re-run.
		chromedp.Evaluate(`(() => {
  const i = document.querySelector("input.jt-in-runtime");
  i.value = String(Number(i.value) + 100);
  i.dispatchEvent(new Event("input", {bubbles: true}));
  i.dispatchEvent(new Event("change", {bubbles: true}));
  return true;
})()`, nil),
		// The page re-runs a moment after the edit: wait for the new
		// makespan, not for the run that was already done.
		chromedp.Poll(`(() => {
  const d = [...document.querySelectorAll(".summary .metrics div")].find(e => e.textContent.startsWith("makespan"));
  return document.querySelector(".app").dataset.engine === "done" && d && d.textContent !== globalThis.__before;
})()`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Click(`button.export-metrics`, chromedp.ByQuery),
		chromedp.Poll(`globalThis.__downloads.length === 2`, nil, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatalf("%v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	ds, _ := downloads(ctx)
	var shown string
	chromedp.Run(ctx, chromedp.Text(`.summary .metrics`, &shown, chromedp.ByQuery))
	before, after := metricOf(ds[0].Text, "muscle", "makespan"), metricOf(ds[1].Text, "muscle", "makespan")
	if before == "" || after == "" || before == after {
		t.Fatalf("muscle makespan before the edit %q, after %q:\n%s\n---\n%s", before, after, ds[0].Text, ds[1].Text)
	}
	if !strings.Contains(shown, after) {
		t.Errorf("the page shows %q, the export says makespan %s", shown, after)
	}
	con.check(t)
}

func metricOf(csv, policy, metric string) string {
	for _, l := range strings.Split(csv, "\n") {
		f := strings.Split(l, ",")
		if len(f) == 3 && f[0] == policy && f[1] == metric {
			return f[2]
		}
	}
	return ""
}

// Defect 4: parameter and seed fields kept showing typed values after
// Reset to defaults and Undo.
func TestFieldsFollowUndoAndReset(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitDone("muscle")); err != nil {
		t.Fatal(err)
	}
	set := func(sel, v string) chromedp.Action {
		return chromedp.Evaluate(fmt.Sprintf(`(() => {
  const i = document.querySelector(%q);
  i.value = %q;
  i.dispatchEvent(new Event("change", {bubbles: true}));
  return true;
})()`, sel, v), nil)
	}
	var def, pop, seed0, seed string
	err := chromedp.Run(ctx,
		openPanels("params"),
		chromedp.Evaluate(`document.querySelector("input[data-param=population]").value`, &def),
		rerun("muscle", set("input[data-param=population]", "10")),
		rerun("muscle", chromedp.Click(`button.reset`, chromedp.ByQuery)),
		chromedp.Evaluate(`document.querySelector("input[data-param=population]").value`, &pop),
		chromedp.Evaluate(`document.querySelector("input#seed").value`, &seed0),
		rerun("muscle", set("input#seed", "42")),
		rerun("muscle", chromedp.Click(`button.undo`, chromedp.ByQuery)),
		chromedp.Evaluate(`document.querySelector("input#seed").value`, &seed),
	)
	if err != nil {
		t.Fatal(err)
	}
	if def == "10" || pop != def {
		t.Errorf("population shows %q after Reset to defaults; the default is %q", pop, def)
	}
	if seed0 == "42" || seed != seed0 {
		t.Errorf("seed shows %q after Undo; it was %q", seed, seed0)
	}
	con.check(t)
}

// Defect 8: a share link opened in a tab that already shows gridplay
// changes only the hash; it must load.
func TestShareLinkInOpenTab(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	tok, err := link.Encode(classicScenario())
	if err != nil {
		t.Fatal(err)
	}
	var about string
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/"), waitDone("muscle"),
		chromedp.Evaluate(`location.hash = "#s=`+tok+`"; true`, nil),
		waitDone("easy"),
		chromedp.Text(`.summary`, &about, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("the link opened in the same tab did not load: %v", err)
	}
	if !strings.Contains(about, classicScenario().Name) {
		t.Errorf("summary %q lacks %q", about, classicScenario().Name)
	}
	con.check(t)
}

// Defect 7: the embed filled only the chart height of its iframe (last
// rows and time axis clipped, grey space below), and ignored the keys.
func TestEmbedFillsFrameAndTakesKeys(t *testing.T) {
	const h = 300
	_, ctx, con, url := browser(t, 800, h+70)
	tok, err := link.Encode(classicScenario())
	if err != nil {
		t.Fatal(err)
	}
	var boxH, winH float64
	var playing bool
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/embed.html#s="+tok+"&autoplay=0&height="+strconv.Itoa(h)),
		waitDone("easy"),
		chromedp.Evaluate(`document.querySelector(".embed").getBoundingClientRect().height`, &boxH),
		chromedp.Evaluate(`window.innerHeight`, &winH),
		chromedp.Evaluate(`document.activeElement && document.activeElement.blur(); true`, nil),
		chromedp.KeyEvent(" "),
		chromedp.Poll(`!document.querySelector("button.pause").disabled`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`!document.querySelector("button.pause").disabled`, &playing),
	)
	if err != nil {
		t.Fatalf("embed: %v", err)
	}
	if boxH < winH-1 {
		t.Errorf("the embed box is %.0f px high in a %.0f px frame", boxH, winH)
	}
	if !playing {
		t.Error("space did not start playback in the embed")
	}
	con.check(t)
}

// The preset menu showed a preset whose loading was undone.
func TestPresetMenuFollowsUndo(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	var v string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"), waitDone("muscle"),
		choosePreset("classic-backfill"), waitDone("easy"),
		chromedp.Click(`button.undo`, chromedp.ByQuery),
		waitDone("muscle"),
		chromedp.Evaluate(presetShown, &v),
	)
	if err != nil {
		t.Fatal(err)
	}
	if v == "classic-backfill" {
		t.Errorf("the preset menu still shows %q after undoing its loading", v)
	}
	con.check(t)
}

// Big scenarios (above 5,000 jobs) run "results only": no animation
// frames are streamed, so 6,000 generated jobs under EASY end without
// streaming a frame, and the box lets the user choose either way.
func TestResultsOnlyForBigScenarios(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	s := classicScenario()
	s.Name = "six thousand"
	s.Jobs = nil
	s.Generator = &model.Generator{Jobs: 6000, Rate: 0.05, ExecMin: 10, ExecMax: 2000, Sizes: "uniform", SizeMin: 1, SizeMax: 16}
	tok, err := link.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	var quiet bool
	var progress string
	t0 := time.Now()
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/#s="+tok),
		chromedp.Poll(`document.querySelector(".app")?.dataset.engine === "running"`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`document.querySelector(".progress").innerText`, &progress),
		waitDone("easy"),
		chromedp.Evaluate(`document.querySelector("input.results-only").checked`, &quiet),
	)
	if err != nil {
		t.Fatalf("%v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	t.Logf("6,000 generated jobs, EASY, results only: drawn %v after navigation", time.Since(t0).Round(time.Millisecond))
	if !quiet || !strings.Contains(progress, "results only") {
		t.Errorf("results-only box %v, progress %q", quiet, progress)
	}
	// Unticked, the same scenario streams its frames again.
	var frames bool
	err = chromedp.Run(ctx,
		chromedp.Click(`input.results-only`, chromedp.ByQuery),
		rerun("easy", clickRun()),
		chromedp.Evaluate(`!document.querySelector("section.frames").hidden`, &frames),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !frames {
		t.Error("with Results only unticked the run showed no animation view")
	}
	con.check(t)
}

// Friction found by the walkthrough: metric definitions on hover, both
// job counts, dropped jobs with their reason, an editable name that
// exports follow, and ticked policies carried by share links.
func TestMetricsDroppedNameAndLinks(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	s := classicScenario()
	s.Name = "friction"
	s.Jobs = append(s.Jobs, model.Job{ID: "huge", Submit: 1, Size: 99, Runtime: 5, Requested: 5})
	tok, err := link.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	var doc, dropped, metrics string
	var ticked []string
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/#s="+tok+"&cmp=fcfs,conservative"),
		waitDone("easy"),
		chromedp.Evaluate(`[...document.querySelectorAll(".summary .metrics div")].find(d => d.textContent.startsWith("awwt"))?.title || ""`, &doc),
		chromedp.Evaluate(`document.querySelector(".summary .metrics").innerText`, &metrics),
		chromedp.Evaluate(`document.querySelector(".summary .dropped")?.innerText || ""`, &dropped),
		openPanels("compare"),
		chromedp.Poll(`document.querySelectorAll("input.cmp:checked").length === 2`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`[...document.querySelectorAll("input.cmp:checked")].map(i => i.dataset.policy)`, &ticked),
	)
	if err != nil {
		t.Fatalf("%v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if !strings.Contains(doc, "eq. 4") {
		t.Errorf("awwt hover text %q", doc)
	}
	// Named as the CLI names them, with units; no deadline metric for a
	// scenario without deadlines ("completed" would only repeat the
	// scheduled count).
	if strings.Contains(metrics, "met_deadline") || strings.Contains(metrics, "completed") || !strings.Contains(metrics, "scheduled") {
		t.Errorf("metrics %q: want scheduled, and neither completed nor met_deadline without deadlines", metrics)
	}
	if !regexp.MustCompile(`awrt\s+[0-9.]+ s\b`).MatchString(metrics) {
		t.Errorf("metrics %q: awrt without its unit", metrics)
	}
	if !strings.Contains(dropped, "huge") || !strings.Contains(dropped, "needs 99 nodes") {
		t.Errorf("dropped list %q", dropped)
	}
	if strings.Join(ticked, ",") != "fcfs,conservative" && strings.Join(ticked, ",") != "conservative,fcfs" {
		t.Errorf("ticked %v, want the link's fcfs and conservative", ticked)
	}
	// Rename: exports follow the name; the share link carries the ticks.
	// A name changes no answer, so the page does not run again.
	var share string
	var runs int
	err = chromedp.Run(ctx,
		chromedp.Evaluate(captureDownloads, nil),
		openPanels("share"),
		autosaveLooked(),
		chromedp.Evaluate(`globalThis.__renamed0 = `+runsStarted+`; true`, nil),
		chromedp.Evaluate(`(() => { const i = document.querySelector("input.scenario-name"); i.value = "My Course Example"; i.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, nil),
		chromedp.Poll(`document.querySelector(".summary h2").textContent === "My Course Example"`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		autosaveLooked(),
		chromedp.Evaluate(runsStarted+` - globalThis.__renamed0`, &runs),
	)
	if err != nil {
		t.Fatal(err)
	}
	if runs != 0 {
		t.Errorf("the rename started %d runs, want none", runs)
	}
	// Clicked by script, and waited for: a pointer click could land on
	// whatever covers the button at that moment (CI once saw no
	// download).
	d, err := clickDownload(ctx, `button.export-json`)
	if err != nil || d.Name != "gridplay-my-course-example.json" || !strings.Contains(d.Text, `"My Course Example"`) {
		t.Errorf("export after rename: %+v, %v", d, err)
	}
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector("button.share").click(); true`, nil),
		chromedp.Poll(`!!document.querySelector("input.share-url")`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.querySelector("input.share-url").value`, &share),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(share, "&cmp=") || !strings.Contains(share, "fcfs") {
		t.Errorf("share link %q does not carry the ticked policies", share)
	}
	con.check(t)
}

// Bad numbers are refused with a message: a population of 2.5 (a count)
// and a MIPS of 1e400 (infinite), instead of being truncated or replaced
// by the default.
func TestBadNumbersRefused(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	var perr, mipsErr string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"), waitDone("muscle"),
		openPanels("params"),
		chromedp.Evaluate(`(() => { const i = document.querySelector("input[data-param=population]"); i.value = "2.5"; i.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, nil),
		chromedp.Poll(`(document.querySelector(".params .error")?.textContent || "") !== ""`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.querySelector(".params .error").textContent`, &perr),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(perr, "whole number") {
		t.Errorf("population 2.5: %q", perr)
	}
	needEditors(t, ctx)
	err = chromedp.Run(ctx,
		chromedp.Click(`input[name=mips]`, chromedp.ByQuery),
		chromedp.SendKeys(`input[name=mips]`, "1e400", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("input[name=mips]").dispatchEvent(new Event("change", {bubbles: true})); true`, nil),
		chromedp.Poll(`[...document.querySelectorAll(".pe-err")].some(e => e.textContent !== "")`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`[...document.querySelectorAll(".pe-err")].map(e => e.textContent).join(" ")`, &mipsErr),
	)
	if err != nil {
		t.Fatalf("MIPS 1e400 was accepted silently: %v", err)
	}
	if !strings.Contains(mipsErr, "1e400") || !strings.Contains(mipsErr, "not a number") {
		t.Errorf("MIPS 1e400: message %q", mipsErr)
	}
	con.check(t)
}

// The Gantt chart zooms and pans: the buttons zoom the time axis, a drag
// pans, hovering finds a job in the window, a double click shows the
// whole schedule again.
func TestGanttZoomPan(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	s := classicScenario()
	s.Name = "zoom"
	s.Jobs = nil
	s.Generator = &model.Generator{Jobs: 3000, Rate: 0.05, ExecMin: 10, ExecMax: 2000, Sizes: "uniform", SizeMin: 1, SizeMax: 16}
	tok, err := link.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	var whole, zoomed, panned string
	var tip string
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/#s="+tok), waitDone("easy"),
		// Paused at the end: the whole schedule is drawn, and only the
		// zoom and the pan change the picture.
		seekEnd(), quiet(),
		chromedp.Evaluate(`globalThis.__sig = () => { const c = document.querySelector("canvas#gantt"); const u = c.toDataURL(); let h = 0; for (let i = 0; i < u.length; i++) h = (h * 31 + u.charCodeAt(i)) | 0; return String(h); }; globalThis.__sig()`, &whole),
		chromedp.Click(`button.zoom-in`, chromedp.ByQuery),
		chromedp.Click(`button.zoom-in`, chromedp.ByQuery),
		chromedp.Poll(`!document.querySelector("button.zoom-all").disabled`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		quiet(),
		chromedp.Evaluate(`globalThis.__sig()`, &zoomed),
		// Drag left by 200 px: the window moves later in time.
		// The press first (a page event), then the moves (handled as
		// they are dispatched), as a person's drag arrives.
		chromedp.Evaluate(`(() => {
  const w = document.querySelector("#gantt").parentElement, r = w.getBoundingClientRect();
  globalThis.__at = (type, x, buttons) => w.dispatchEvent(new MouseEvent(type, {clientX: r.left + x, clientY: r.top + 40, buttons, bubbles: true}));
  __at("mousedown", 600, 1);
  return true;
})()`, nil),
		quiet(),
		chromedp.Evaluate(`__at("mousemove", 500, 1); __at("mousemove", 400, 1); __at("mouseup", 400, 0); true`, nil),
		quiet(),
		chromedp.Evaluate(`globalThis.__sig()`, &panned),
		// Hover over the middle of the chart: a job's details.
		chromedp.Evaluate(`(() => {
  const w = document.querySelector("#gantt").parentElement, r = w.getBoundingClientRect();
  // Down the chart until the pointer is over a job (the hover is
  // handled as the event is dispatched).
  for (let y = 20; y < 300; y += 7) {
    w.dispatchEvent(new MouseEvent("mousemove", {clientX: r.left + 500, clientY: r.top + y, buttons: 0, bubbles: true}));
    if (document.querySelector(".gantt .tooltip")) break;
  }
  return true;
})()`, nil),
		quiet(),
		chromedp.Evaluate(`document.querySelector(".gantt .tooltip")?.textContent || ""`, &tip),
		chromedp.DoubleClick(`#gantt`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector("button.zoom-all").disabled`, nil, chromedp.WithPollingTimeout(5*time.Second)),
	)
	if err != nil {
		t.Fatalf("%v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if whole == zoomed || zoomed == panned {
		t.Errorf("the chart did not change: whole %s, zoomed %s, panned %s", whole, zoomed, panned)
	}
	if !strings.Contains(tip, " on c0: ") {
		var clock string
		chromedp.Run(ctx, chromedp.Text(`#gantt-clock`, &clock, chromedp.ByQuery))
		t.Errorf("hovering the zoomed chart found no job: %q (clock %q)", tip, clock)
	}
	con.check(t)
}
