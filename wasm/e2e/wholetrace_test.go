//go:build !js

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"gridplay/engine/swf"
)

// pageFigures are the page's memory figures: its JS heap and its Go
// memory (the WebAssembly memory of app.wasm), in MB.
type pageFigures struct {
	Heap float64 `json:"heap"`
	Mem  float64 `json:"mem"`
}

const pageFiguresJS = `({heap: performance.memory ? performance.memory.usedJSHeapSize/1048576 : -1,
  mem: globalThis.gridplayTest?.pageMemory ? globalThis.gridplayTest?.pageMemory()/1048576 : -1})`

// marksSince formats the page's marks (jsbridge.Mark) after t0 (ms since
// navigation) as "name +ms" steps.
func marksSince(ms []mark, t0 float64) string {
	var b strings.Builder
	prev := t0
	for _, m := range ms {
		if m.T < t0 {
			continue
		}
		fmt.Fprintf(&b, "\n    %-26s %6.0f ms (+%.0f)", m.Name, m.T-t0, m.T-prev)
		prev = m.T
	}
	return b.String()
}

// TestWholeTraceInPage imports the whole HPC2N trace (202,871 jobs)
// through the file picker and schedules it with EASY in the page: the
// import switches to EASY and to results only, the Gantt chart is drawn
// (a heat map at this scale), the job table scrolls to any row and its
// edits still work, the chart zooms, and hover finds the jobs in view. It
// logs the time from the file pick to the drawn chart, where it went (the
// page's marks), and the page's memory.
func TestWholeTraceInPage(t *testing.T) {
	actx, _, con, url := browser(t, 1280, 900)
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 5*time.Minute)
	defer cancelT()
	chromedp.ListenTarget(ctx, con.listen)
	path, err := swf.Find("HPC2N-2002-2.2-cln")
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	var pick, imported, drawn float64
	var count, pager, name string
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`globalThis.__pick = performance.now()`, &pick),
		chromedp.SetUploadFiles(`input.jt-swf`, []string{path}, chromedp.ByQuery),
		// Polled inside the page: its Go answers nothing else while it
		// decodes or lays out (no preemption in WebAssembly).
		chromedp.Poll(`(() => {
  if (document.querySelector(".jt-count")?.textContent !== "202,871 jobs") return false;
  globalThis.__imported = globalThis.__imported || performance.now();
  const a = document.querySelector(".app");
  if (a.dataset.engine === "error") return true;
  return a.dataset.engine === "done" && a.dataset.policy === "easy" &&
    document.querySelector(".summary h2").textContent.includes("HPC2N") &&
    document.querySelector("canvas#gantt[data-drawn='1']") !== null;
})()`, nil, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(4*time.Minute)),
		chromedp.Evaluate(`globalThis.__imported`, &imported),
		chromedp.Evaluate(`performance.now()`, &drawn),
		chromedp.Text(`.jt-count`, &count, chromedp.ByQuery),
		chromedp.Text(`.jt-pager`, &pager, chromedp.ByQuery),
		chromedp.Text(`.summary h2`, &name, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("whole trace: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	var runErr string
	var marks []mark
	var fig pageFigures
	var engineTimes string
	chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector(".run-error:not([hidden])")?.textContent || ""`, &runErr),
		chromedp.Evaluate(`globalThis.gridplayTest?.marks`, &marks), chromedp.Evaluate(pageFiguresJS, &fig),
		chromedp.Evaluate(`JSON.stringify(globalThis.gridplayEngine.stats().last?.times || null)`, &engineTimes))
	if runErr != "" {
		t.Fatalf("the run failed: %s", runErr)
	}
	// The chart is drawn by the first paint after the run's marks.
	for _, m := range marks {
		if m.Name == "gantt: drawn" && m.T > pick {
			drawn = m.T
		}
	}
	t.Logf("HPC2N whole trace: %s in the table %.2f s after the file was picked; EASY schedule drawn %.2f s after it; page JS heap %.0f MB, page Go memory %.0f MB; steps:%s",
		count, (imported-pick)/1000, (drawn-pick)/1000, fig.Heap, fig.Mem, marksSince(marks, pick))
	// The run's times in its worker (engine-worker.mjs): instance started,
	// head and end in ms from the request's arrival, and the engine's own
	// Server-Timing (decode, run, encode).
	t.Logf("the run in its worker: %s", engineTimes)
	fmt.Printf("gridplay e2e: whole HPC2N trace (202,871 jobs): in the table %.2f s, EASY Gantt drawn %.2f s after the file was picked (target 3 s)\n", (imported-pick)/1000, (drawn-pick)/1000)
	if !strings.Contains(pager, "rows 1–20 of 202,871") || !strings.Contains(name, "HPC2N") {
		t.Errorf("pager %q, name %q", pager, name)
	}

	// The table: only its window of rows is in the DOM; it scrolls to
	// any row, and an edit there is an edit of that job.
	var rowsInDOM int
	var row string
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelectorAll(".jt-table tbody tr.jt-row").length`, &rowsInDOM),
		chromedp.Evaluate(`document.querySelector(".jt-scroll").scrollTop = 150000 * 30; true`, nil),
		chromedp.Poll(`document.querySelector(".jt-pager").textContent.includes("rows 150,001–150,020")`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Evaluate(`document.querySelector(".jt-table tbody tr.jt-row").dataset.row`, &row),
	)
	if err != nil {
		t.Fatalf("scrolling the table: %v", err)
	}
	if rowsInDOM > 40 || row != "150000" {
		t.Errorf("%d rows in the DOM; the first row after scrolling is %q, want 150000", rowsInDOM, row)
	}
	var undo, cell string
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`(() => {
  const i = document.querySelector('.jt-table tbody tr.jt-row[data-row="150000"] input.jt-in-size');
  i.value = "7";
  i.dispatchEvent(new Event("input", {bubbles: true}));
  i.dispatchEvent(new Event("change", {bubbles: true}));
  return true;
})()`, nil),
		chromedp.Poll(`document.querySelector("button.undo").title.includes("jobs[150000].size")`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		// The edit runs the scenario again: wait for its chart.
		chromedp.Poll(`globalThis.gridplayTest?.marks.filter(m => m.name === "gantt: drawn" && m.t > globalThis.__pick).length >= 2 &&
  document.querySelector(".app").dataset.engine === "done"`, nil, chromedp.WithPollingTimeout(2*time.Minute)),
		chromedp.Evaluate(`document.querySelector("button.undo").title`, &undo),
		chromedp.Evaluate(`document.querySelector('.jt-table tbody tr.jt-row[data-row="150000"] input.jt-in-size').value`, &cell),
	)
	if err != nil || cell != "7" {
		t.Fatalf("editing row 150,001: %v (cell %q, undo %q)", err, cell, undo)
	}

	// The chart: zoom in, and hover on a job in view.
	var tip string
	var hoverMS float64
	err = chromedp.Run(ctx,
		chromedp.Click(`button.zoom-in`, chromedp.ByQuery),
		chromedp.Click(`button.zoom-in`, chromedp.ByQuery),
		chromedp.Poll(`!document.querySelector("button.zoom-all").disabled`, nil, chromedp.WithPollingTimeout(30*time.Second)),
	)
	if err != nil {
		var ms []mark
		var fault, clock string
		chromedp.Run(ctx, chromedp.Evaluate(`globalThis.gridplayTest?.marks`, &ms),
			chromedp.Evaluate(`document.querySelector(".fault")?.textContent || ""`, &fault),
			chromedp.Evaluate(`document.querySelector("#gantt-clock")?.textContent || ""`, &clock))
		t.Fatalf("zoom: %v (fault %q, clock %q); marks since the pick:%s", err, fault, clock, marksSince(ms, pick))
	}
	var box struct{ X, Y, W, H float64 }
	chromedp.Run(ctx, chromedp.Evaluate(`(() => { const r = document.querySelector("canvas#gantt").getBoundingClientRect(); return {X: r.left, Y: r.top, W: r.width, H: r.height}; })()`, &box))
	// Sweep the pointer over the chart until a tooltip names a job.
	for k := 0; k < 40 && tip == ""; k++ {
		x := box.X + 80 + float64(k%8)*(box.W-120)/8
		y := box.Y + 12 + float64(k/8)*37
		t0 := time.Now()
		if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
			return input.DispatchMouseEvent(input.MouseMoved, x, y).Do(ctx)
		}), chromedp.Evaluate(`document.querySelector(".gantt .tooltip")?.textContent || ""`, &tip)); err != nil {
			t.Fatal(err)
		}
		hoverMS = float64(time.Since(t0).Microseconds()) / 1000
	}
	if !strings.Contains(tip, " on ") || !strings.Contains(tip, "start") {
		t.Errorf("no tooltip on the zoomed chart (last %q)", tip)
	}
	t.Logf("zoomed in twice; hover answered in %.0f ms with %q", hoverMS, tip)
	con.check(t)
}
