//go:build !js

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	_ "gridplay/engine/all"
	"gridplay/engine/api/benchset"
	"gridplay/engine/sched"
)

// longTab is a tab with a time limit of its own, for sweeps that take
// minutes on a loaded machine.
func longTab(t *testing.T, actx context.Context, d time.Duration) (context.Context, *console) {
	t.Helper()
	ctx, con := tab(t, actx)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), d)
	t.Cleanup(cancel)
	return ctx, con
}

// pageExperiment is what one run of an experiment in the page gave.
type pageExperiment struct {
	json, ms, par   string
	figures, claims int
	// again is a second sweep's time in ms and report in the same page
	// (runExperimentInTab with again), or nil.
	again             []string
	lastProgress      string // the progress line last read while waiting
	crashed, diagnose string
}

// experimentsListed waits until the Experiments view's page has its
// engine's first answer, the list of experiments.
var experimentsListed = chromedp.Poll(`document.querySelectorAll("select.exp-name option").length > 0`, nil)

// sweepAgain waits pauseMs, presses Run in the Experiments view and
// waits for the sweep's end; out gets its time in ms and its report
// ([ms, json]). A sweep that shows an error fails it.
func sweepAgain(pauseMs int, out *[]string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(async () => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  await sleep(%d);
  document.querySelector("button.exp-run").click();
  while (document.querySelector('section.experiments[data-done="true"]') !== null) await sleep(5);
  while (document.querySelector('section.experiments[data-done="true"]') === null) {
    const e = document.querySelector("section.experiments .exp-progress .error");
    if (e && e.textContent) throw new Error("the sweep failed: " + e.textContent);
    await sleep(10);
  }
  return [globalThis.gridplayTest?.published.experimentMs, globalThis.gridplayTest?.published.experimentJSON];
})()`, pauseMs), out, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })
}

// runExperimentInTab opens the experiment's link in a new tab of the
// browser, when measuring with the browser's cache off for it (a first
// visit: app.wasm is fetched, not revalidated, so the browser has no
// code it kept from an earlier tab's compile of it). ./build.sh test
// keeps the cache, so that a tab takes the code an earlier tab compiled:
// in a probe, the page's first load took 8 s of CPU, a load with the
// cache 3 s. It presses Run once the engine is ready, and waits, up to
// limit, until the sweep is done or shows an error. While it waits it
// keeps the progress line it last read, so that a page that stops
// answering is reported with what it was doing; a crashed renderer is
// reported as such. With again, it then presses Run once more and keeps
// that sweep's time and report. The tab is closed afterwards.
func runExperimentInTab(t *testing.T, actx context.Context, url, name string, limit time.Duration, again bool) (pageExperiment, error) {
	t.Helper()
	var r pageExperiment
	tctx, cancelTab := chromedp.NewContext(actx)
	defer cancelTab()
	con := &console{}
	ctx, cancel := context.WithTimeout(tctx, limit)
	defer cancel()
	var crashed atomic.Bool
	chromedp.ListenTarget(tctx, func(ev any) {
		con.listen(ev)
		if _, ok := ev.(*inspector.EventTargetCrashed); ok {
			crashed.Store(true)
			cancel()
		}
	})
	// Run is pressed once the page's engine has answered its first
	// request (the list of experiments): the page's time is the sweep's,
	// not the engine's start (TestPlayground and TestFirstScreen measure
	// the page's start).
	link := fmt.Sprintf("%s/#e=%s&quick=1&seed=1", url, name)
	err := chromedp.Run(ctx, network.Enable(), network.SetCacheDisabled(measuring), chromedp.Navigate(link),
		chromedp.WaitVisible(`button.exp-run:not([disabled])`, chromedp.ByQuery),
		experimentsListed,
		chromedp.Click(`button.exp-run`, chromedp.ByQuery))
	for err == nil {
		var st struct {
			Done     bool   `json:"done"`
			Failed   string `json:"failed"`
			Progress string `json:"progress"`
		}
		err = chromedp.Run(ctx, chromedp.Evaluate(`({
			done: document.querySelector('section.experiments[data-experiment="`+name+`"][data-done="true"]') !== null,
			failed: (document.querySelector("section.experiments .exp-progress .error") || {}).textContent || "",
			progress: (document.querySelector(".exp-progress") || {}).textContent || "",
		})`, &st))
		if err != nil && (strings.Contains(err.Error(), "Cannot find context") || strings.Contains(err.Error(), "context was destroyed")) && ctx.Err() == nil {
			err = nil // the page is still loading
		}
		if err != nil {
			break
		}
		r.lastProgress = strings.TrimSpace(st.Progress)
		if st.Failed != "" {
			err = fmt.Errorf("the sweep failed: %s", st.Failed)
			break
		}
		if st.Done {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	if err == nil {
		err = chromedp.Run(ctx,
			chromedp.Evaluate(`globalThis.gridplayTest?.published.experimentJSON`, &r.json),
			chromedp.Evaluate(`globalThis.gridplayTest?.published.experimentMs`, &r.ms),
			chromedp.Evaluate(`globalThis.gridplayTest?.published.experimentParallel`, &r.par),
			chromedp.Evaluate(`document.querySelectorAll("section.experiments .exp-svg svg").length`, &r.figures),
			chromedp.Evaluate(`document.querySelectorAll("section.experiments .exp-claims tbody tr").length`, &r.claims),
		)
	}
	if err == nil && again {
		// Run once more in the same page: the engine's code for this
		// sweep and the page's for its figures have run once.
		err = chromedp.Run(ctx, sweepAgain(1000, &r.again))
	}
	if err == nil {
		shot(t, ctx, "experiment-"+name+".png", false)
		con.check(t)
		return r, nil
	}
	// Diagnose with a short limit of its own: a page that stopped
	// answering must not take the rest of the suite's time.
	if crashed.Load() {
		r.crashed = "the tab's renderer crashed"
	}
	dctx, dcancel := context.WithTimeout(tctx, 15*time.Second)
	defer dcancel()
	var busy string
	if derr := chromedp.Run(dctx, chromedp.Evaluate(`JSON.stringify(globalThis.gridplayEngine && globalThis.gridplayEngine.stats ? globalThis.gridplayEngine.stats() : null)`, &busy)); derr != nil {
		busy = "the page does not answer: " + derr.Error()
	} else {
		shot(t, dctx, "experiment-"+name+"-failed.png", false)
	}
	r.diagnose = fmt.Sprintf("last progress seen: %q; %s; engine: %s; console:\n%s", r.lastProgress, r.crashed, busy, strings.Join(con.all, "\n"))
	return r, err
}

// TestExperimentsInPage runs every experiment (quick mode) in the page's
// Experiments view, its points fanned out over the page's pool of engine
// workers, and checks that the merged report is byte for byte the native
// single-thread run's. It logs the page's wall time against the native
// time measured in the same run, before the browser starts (for a
// sub-second experiment, the median of three native runs). Each
// experiment runs in a tab of its own, with a limit of its own; an
// experiment whose page stops answering or crashes is logged with what
// it was doing and tried once more in a new tab, and the test fails if
// that fails too. An experiment that takes under a second natively is
// run a second time in the same page: a page's first sweep of an
// experiment runs the engine's and the page's code for it for the first
// time (the browser optimises WebAssembly functions once they have run a
// while), a second one shows what a sweep costs once they have. Its
// first sweep is also timed in two more first visits (each a new tab
// with the cache off), and the page's time is the median of
// the three first sweeps: one first sweep of a 100 ms experiment varies
// by half from one run to the next on the same build.
//
// Outside measurements (./build.sh test), an experiment of pagePoints
// runs only those points in the page, each request's answer byte for
// byte the native handler's: their whole sweeps would be most of this
// test's time. The Experiments view's plan, fan-out, merge, figures and
// claims are checked on every other experiment; `./build.sh bench`
// still runs and times every whole sweep here.
func TestExperimentsInPage(t *testing.T) {
	// The native side first, before the browser starts: measured while
	// Chromium compiled app.wasm or a tab warmed up its engine, the
	// native run took up to three times as long (gamf-fig7 quick: 383-480
	// ms in full runs, 135-160 ms in a quiet process), which made the
	// page's ratio look that much better.
	type nativeRun struct {
		e    sched.Experiment
		rep  sched.Report
		want []byte
		runs []float64 // ms
		ms   float64
	}
	opt := sched.ExperimentOptions{Quick: true, Seed: 1}
	var names []string
	natives := map[string]*nativeRun{}
	for _, info := range sched.Experiments() {
		name := info.Name
		if only := os.Getenv("GRIDPLAY_EXPERIMENTS"); only != "" && !strings.Contains(","+only+",", ","+name+",") {
			continue
		}
		e, _ := sched.LookupExperiment(name)
		n := &nativeRun{e: e}
		if _, ok := pagePoints[name]; ok && !measuring {
			names = append(names, name)
			natives[name] = n
			continue
		}
		// A sub-second experiment runs three times and its native time
		// is the median: one run of titan-fig9 took 102 ms, the next 149
		// ms in the same process.
		for i := 0; i < 3 && (i == 0 || measuring); i++ {
			t0 := time.Now()
			rep, err := sched.RunExperiment(context.Background(), e, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			n.runs = append(n.runs, float64(time.Since(t0).Microseconds())/1000)
			if i == 0 {
				n.rep = rep
				n.want, _ = json.Marshal(rep)
				if n.runs[0] >= 1000 {
					break
				}
			}
		}
		n.ms = benchset.Median(n.runs)
		names = append(names, name)
		natives[name] = n
	}

	actx, ctx, _, url := browser(t, 1366, 900)
	var cores int
	if err := chromedp.Run(ctx, chromedp.Navigate("about:blank"), chromedp.Evaluate(`navigator.hardwareConcurrency`, &cores)); err != nil {
		t.Fatal(err)
	}
	ratio := func(pageMs, nativeMs float64) string {
		// The page's time is whole milliseconds, and a sweep is at least
		// three engine round trips (the plan, the points, the merge): a
		// ratio to a native run under a millisecond says nothing about
		// the engine, so none is given.
		if nativeMs < 1 {
			return "no ratio: native under 1 ms"
		}
		return "ratio " + strconv.FormatFloat(pageMs/nativeMs, 'f', 2, 64)
	}
	var report []string
	for _, name := range names {
		n := natives[name]
		plan, _ := n.e.Plan(opt)
		if ks, ok := pagePoints[name]; ok && !measuring {
			line := pointsInPage(t, actx, url, name, ks, len(plan))
			report = append(report, line)
			t.Log(line)
			continue
		}
		fmt.Printf("gridplay e2e experiments: %s (%d points; native %.0f ms)...\n", name, len(plan), n.ms)

		var r pageExperiment
		var err error
		for attempt := 1; ; attempt++ {
			r, err = runExperimentInTab(t, actx, url, name, 5*time.Minute, measuring && n.ms < 1000)
			if err == nil {
				break
			}
			msg := fmt.Sprintf("%s, attempt %d: %v\n%s", name, attempt, err, r.diagnose)
			if attempt == 2 || strings.HasPrefix(err.Error(), "the sweep failed") {
				t.Fatal(msg)
			}
			t.Log(msg)
			fmt.Printf("gridplay e2e experiments: %s stopped answering or crashed, trying once more in a new tab: %v (last progress %q)\n", name, err, r.lastProgress)
		}
		if !bytes.Equal(bytes.TrimSpace([]byte(r.json)), n.want) {
			t.Errorf("%s: the page's merged report differs from the native run:\npage   %.300s\nnative %.300s", name, r.json, n.want)
		}
		if tab, ok := n.rep.(*sched.Table); ok {
			if len(tab.Claims) != r.claims {
				t.Errorf("%s: %d claims shown, the report has %d", name, r.claims, len(tab.Claims))
			}
		}
		pageMs, _ := strconv.ParseFloat(r.ms, 64)
		firsts := []float64{pageMs}
		for len(r.again) == 2 && len(firsts) < 3 {
			// Another first visit: the same sweep in a new tab, for
			// the median of three first sweeps.
			v, err := runExperimentInTab(t, actx, url, name, 5*time.Minute, false)
			if err != nil {
				t.Fatalf("%s, first visit %d: %v\n%s", name, len(firsts)+1, err, v.diagnose)
			}
			if !bytes.Equal(bytes.TrimSpace([]byte(v.json)), n.want) {
				t.Errorf("%s, first visit %d: the page's merged report differs from the native run", name, len(firsts)+1)
			}
			ms, _ := strconv.ParseFloat(v.ms, 64)
			firsts = append(firsts, ms)
		}
		pageOf := ""
		if len(firsts) > 1 {
			pageMs = benchset.Median(firsts)
			pageOf = fmt.Sprintf(" (median of first sweeps in %d first visits %.0f)", len(firsts), firsts)
		}
		of := ""
		if len(n.runs) > 1 {
			of = fmt.Sprintf(" (median of %.2f)", n.runs)
		}
		line := fmt.Sprintf("%-15s %2d points on %s workers: page %6.0f ms%s, native -parallel 1 %8.2f ms%s, %s; %d figures, %d claims",
			name, len(plan), r.par, pageMs, pageOf, n.ms, of, ratio(pageMs, n.ms), r.figures, r.claims)
		report = append(report, line)
		t.Log(line)
		if len(r.again) == 2 {
			// The second sweep in the first visit's page, against the
			// same native time.
			againMs, _ := strconv.ParseFloat(r.again[0], 64)
			if !bytes.Equal(bytes.TrimSpace([]byte(r.again[1])), n.want) {
				t.Errorf("%s: the second sweep's merged report differs from the native run", name)
			}
			line := fmt.Sprintf("%-15s again in the same page: page %6.0f ms, %s", name, againMs, ratio(againMs, n.ms))
			report = append(report, line)
			t.Log(line)
		}
	}
	t.Logf("navigator.hardwareConcurrency = %d\n%s", cores, strings.Join(report, "\n"))
	for _, line := range report {
		fmt.Printf("gridplay e2e: experiment in the page (hardwareConcurrency %d): %s\n", cores, line)
	}
}

// pagePoints are the points of the costliest experiments that
// TestExperimentsInPage runs in the page outside measurements (see
// there), and TestWorkerdExperiments over workerd, each answer byte for
// byte the native point's. muscle-fig4's quick run takes about 20 s
// natively; its point 7 (wrand at its own rate) and point 9 (MUSCLE's
// GA, DLL and wrand at the periodic rate) about a second. A multisite
// experiment's first and last points are its first series at the
// smallest factor and its last at the largest; multisite-fig2's whole
// sweep in the page is TestExperimentCancelRetry's, and every
// experiment's merge of its
// points through their JSON form is checked natively (engine/all
// TestExperimentPointsContract, engine/muscle/repro TestFig4Quick).
var pagePoints = map[string][]int{
	"muscle-fig4":    {7, 9},
	"multisite-fig2": {0, 11},
	"multisite-fig3": {0, 23},
}

// pointsInPage asks the engine in the page's worker for points ks of the
// experiment (quick mode, seed 1), as the Experiments view's fan-out
// does, in a new tab, and checks each answer is byte for byte the native
// handler's. It returns a line for the test's report.
func pointsInPage(t *testing.T, actx context.Context, url, name string, ks []int, planLen int) string {
	t.Helper()
	ctx, con := longTab(t, actx, 5*time.Minute)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"),
		chromedp.Poll(`typeof globalThis.gridplayEngine === "object"`, nil)); err != nil {
		t.Fatalf("%s: loading the page: %v", name, err)
	}
	body := []byte(`{"quick":true,"seed":1}`)
	total := 0
	for _, k := range ks {
		if k >= planLen {
			t.Fatalf("%s: point %d of pagePoints is past the plan's %d points", name, k, planLen)
		}
		path := fmt.Sprintf("/api/experiments/%s?point=%d", name, k)
		got, status := workerPost(t, ctx, path, body)
		code, want := nativeAnswer(t, path, body)
		if code != 200 || status != code || !bytes.Equal(got, want) {
			t.Errorf("%s point %d: the page's worker answered %d with %d bytes, native %d with %d bytes\npage   %.300s\nnative %.300s", name, k, status, len(got), code, len(want), got, want)
		}
		total += len(got)
	}
	con.check(t)
	return fmt.Sprintf("%-15s points %v of %d in the page's worker: %d bytes, each point the native handler's (the whole sweep: ./build.sh bench)", name, ks, planLen, total)
}

// TestExperimentCancelRetry cancels a running sweep, then Retry finishes
// it with the native bytes.
//
// The sweep's point requests are held until Cancel has been clicked:
// the test wraps the engine client's request so that each one waits on
// a promise first (the client's own await, which a cancel ends at once).
// Without the hold the test races the sweep: a sweep that ends before
// the click takes the Cancel button away, and the click waits for it
// until the test's deadline.
func TestExperimentCancelRetry(t *testing.T) {
	actx, _, _, url := browser(t, 1366, 900)
	ctx, con := longTab(t, actx, 10*time.Minute)
	name := "multisite-fig2"
	e, _ := sched.LookupExperiment(name)
	opt := sched.ExperimentOptions{Quick: true, Seed: 1}
	native, err := sched.RunExperiment(context.Background(), e, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(native)
	const hold = `(() => {
  const eng = globalThis.gridplayEngine;
  const send = eng.request;
  let release;
  const held = new Promise((r) => (release = r));
  globalThis.__heldPoints = 0;
  globalThis.__releasePoints = () => { eng.request = send; release(); };
  eng.request = function (method, path, ...rest) {
    if (/^\/api\/experiments\/[^/?]+\?points?=/.test(path)) {
      globalThis.__heldPoints++;
      eng.await(method, path, held);
    }
    return send.call(this, method, path, ...rest);
  };
  return true;
})()`
	var status, got string
	var held int
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/#e="+name+"&quick=1&seed=1"),
		chromedp.WaitVisible(`button.exp-run:not([disabled])`, chromedp.ByQuery),
		// The list of experiments fills the view and moves the Run
		// button: a click aimed before it came could miss.
		experimentsListed, quiet(),
		chromedp.Poll(`typeof globalThis.gridplayEngine === "object"`, nil),
		chromedp.Evaluate(hold, nil),
		chromedp.Click(`button.exp-run`, chromedp.ByQuery),
		chromedp.Poll(`globalThis.__heldPoints > 0`, nil, chromedp.WithPollingTimeout(time.Minute)),
		chromedp.WaitVisible(`button.exp-cancel`, chromedp.ByQuery),
		chromedp.Click(`button.exp-cancel`, chromedp.ByQuery),
		chromedp.WaitVisible(`button.exp-retry`, chromedp.ByQuery),
		chromedp.Text(`.exp-progress .error`, &status, chromedp.ByQuery),
		chromedp.Evaluate(`globalThis.__heldPoints`, &held),
		chromedp.Evaluate(`globalThis.__releasePoints(); true`, nil),
		chromedp.Click(`button.exp-retry`, chromedp.ByQuery),
		chromedp.WaitVisible(`section.experiments[data-done="true"]`, chromedp.ByQuery),
		chromedp.Evaluate(`globalThis.gridplayTest?.published.experimentJSON`, &got),
	)
	if err != nil {
		t.Fatalf("%v\nconsole:\n%s", err, strings.Join(con.all, "\n"))
	}
	t.Logf("%d point requests held until Cancel", held)
	if !strings.Contains(status, "cancelled") {
		t.Errorf("after Cancel the view says %q", status)
	}
	if !bytes.Equal(bytes.TrimSpace([]byte(got)), want) {
		t.Errorf("after Retry the report differs from the native run")
	}
	con.check(t)
}

// TestRenderKeepsUnchangedDOM: a page render leaves an unchanged figure
// in place (site/paint.HTML writes only what changed): an experiment's
// SVG figure is the same element after a render that shows the grid,
// while what changed (the grid, the button's text) is written. Before,
// every render set each figure's innerHTML again and rebuilt it.
func TestRenderKeepsUnchangedDOM(t *testing.T) {
	_, ctx, con, url := browser(t, 1366, 900)
	var kept bool
	var btn0, btn1 string
	var rows int
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#e=hybrid-table1&quick=1&seed=1&autoplay=1"),
		chromedp.WaitVisible(`section.experiments[data-done="true"] .exp-svg svg`, chromedp.ByQuery),
		chromedp.Text(`button.exp-grid-btn`, &btn0, chromedp.ByQuery),
		chromedp.Evaluate(`globalThis.__fig = document.querySelector(".exp-svg svg"); true`, nil),
		chromedp.Click(`button.exp-grid-btn`, chromedp.ByQuery),
		chromedp.WaitVisible(`table.exp-grid tbody tr`, chromedp.ByQuery),
		chromedp.Text(`button.exp-grid-btn`, &btn1, chromedp.ByQuery),
		chromedp.Evaluate(`globalThis.__fig.isConnected && document.querySelector(".exp-svg svg") === globalThis.__fig`, &kept),
		chromedp.Evaluate(`document.querySelectorAll("table.exp-grid tbody tr").length`, &rows),
	)
	if err != nil {
		t.Fatalf("%v\nconsole:\n%s", err, strings.Join(con.all, "\n"))
	}
	if !kept {
		t.Error("a render that showed the grid rebuilt the unchanged figure")
	}
	if btn0 == btn1 || rows == 0 {
		t.Errorf("the render did not write what changed: button %q -> %q, %d grid rows", btn0, btn1, rows)
	}
	con.check(t)
}
