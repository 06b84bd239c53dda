//go:build !js

package e2e

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// lockedBuffer collects Chromium's output, written from chromedp's
// goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) since(off int) (string, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()[off:], l.b.Len()
}

// optimised matches V8's --trace-wasm-compilation-times line for a
// function compiled by its optimising tier.
var optimised = regexp.MustCompile(`Compiled function \S+#(\d+) using TurboFan, took (\d+) μs.*? bodysize (\d+)`)

// maxOptimisedInSweep is the largest function (bytes of WebAssembly
// code) the browser may optimise during an experiment's first sweep:
// about 40 ms of a background thread at 2 ms per KB. It is a chosen
// bound, not a derived one. The largest functions optimised during
// titan-fig9's first sweep since the view warms its own code
// (site/experiments/view.go warmRenders) are 9,421 bytes
// (runtime.procresize) and 9,284 (the figures' drawLines); before, the
// view's controls' Build (28,135 bytes) was optimised during the sweep,
// and before the root's split the root's Build and the replay's
// narration (89,044 and 32,127 bytes).
const maxOptimisedInSweep = 20000

// TestFirstSweepOptimisesNoHugeFunction: Chromium compiles a WebAssembly
// function a second time, optimised, on a background thread once it has
// run a while, and that costs about 2 ms of CPU per KB of code on this
// machine. During a page's first sweep those threads share the cores
// with the engine workers. The sweep used to have the browser optimise
// the page's root Build (89 KB of code: 207 ms of a background thread),
// which held the template of the playground not even shown, and the
// narration of the playground's replay (32 KB), which played unseen
// behind the Experiments view. The test reads V8's trace of its
// compilations (--trace-wasm-compilation-times on Chromium's output)
// during titan-fig9's first sweep in a warmed page, logs them, and fails
// when one is over maxOptimisedInSweep. It failed on the page before the
// root's Build was split (site/playground.vugu) and the replay made to
// wait offstage (Page.setOffstage), and, with this bound, before the
// view rendered itself while idle (warmRenders). The Experiments view's
// own Build, 65 KB, was optimised before the sweep in the first of those
// runs, by luck of timing; it is split too (site/experiments/parts.go).
func TestFirstSweepOptimisesNoHugeFunction(t *testing.T) {
	measurement(t)
	out := &lockedBuffer{}
	actx, _, _, url := browserWith(t, 1366, 900, nil,
		chromedp.Flag("js-flags", "--trace-wasm-compilation-times"), chromedp.CombinedOutput(out))
	ctx, con := longTab(t, actx, 3*time.Minute)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/#e=titan-fig9&quick=1&seed=1"),
		chromedp.WaitVisible(`button.exp-run:not([disabled])`, chromedp.ByQuery), viewWarmed); err != nil {
		t.Fatal(err)
	}
	before, start := out.since(0)
	if !optimised.MatchString(before) {
		t.Fatalf("no optimised compilation in Chromium's output before the sweep (%d bytes): V8's trace is not there, or its format changed", len(before))
	}
	var sweep []string
	if err := chromedp.Run(ctx, sweepAgain(0, &sweep)); err != nil {
		t.Fatal(err)
	}
	ms := sweep[0]
	// What was compiled during the sweep reaches the pipe a little later.
	time.Sleep(300 * time.Millisecond)
	during, _ := out.since(start)
	type fn struct{ index, us, size int }
	var fns []fn
	total := 0
	for _, m := range optimised.FindAllStringSubmatch(during, -1) {
		var f fn
		f.index, _ = strconv.Atoi(m[1])
		f.us, _ = strconv.Atoi(m[2])
		f.size, _ = strconv.Atoi(m[3])
		fns = append(fns, f)
		total += f.us
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].size > fns[j].size })
	var top []string
	for i, f := range fns {
		if i == 6 {
			break
		}
		top = append(top, fmt.Sprintf("#%d %d bytes %.1f ms", f.index, f.size, float64(f.us)/1000))
	}
	var warmMs string
	chromedp.Run(ctx, chromedp.Evaluate(`(globalThis.gridplayPublished || {}).viewWarmMs || ""`, &warmMs))
	t.Logf("titan-fig9's first sweep: %s ms; %d functions optimised meanwhile, %.0f ms of compiling; the largest: %s (the view's warm-up renders took %s ms)",
		ms, len(fns), float64(total)/1000, strings.Join(top, ", "), warmMs)
	for _, f := range fns {
		if f.size > maxOptimisedInSweep {
			fmt.Printf("gridplay e2e: tier-up: function #%d (%d bytes of code) was optimised during titan-fig9's first sweep, %.0f ms of a background thread (over %d bytes; build app.wasm without -s -w to name it)\n",
				f.index, f.size, float64(f.us)/1000, maxOptimisedInSweep)
		}
	}
	con.check(t)
}

// TestViewWarmsOnlyWhenShown: the Experiments view renders itself while
// idle (view.go warmRenders) only once the engine has warmed up and only
// while it is shown. On a page opened on the playground it does nothing;
// opened, it starts; left for the playground part way, it pauses; shown
// again, it ends (viewWarm "done").
func TestViewWarmsOnlyWhenShown(t *testing.T) {
	actx, _, _, url := browser(t, 1366, 900)
	ctx, con := longTab(t, actx, 2*time.Minute)
	await := func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }
	var state string
	warmState := chromedp.Evaluate(`(globalThis.gridplayPublished || {}).viewWarm || "none"`, &state)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"),
		chromedp.Evaluate(`(async () => { await globalThis.gridplayEngine.ready; await globalThis.gridplayEngine.warm(); return true; })()`, nil, await),
		chromedp.Sleep(1500*time.Millisecond), warmState); err != nil {
		t.Fatal(err)
	}
	if state != "none" {
		t.Fatalf("with the playground shown, the view's warm-up is %q; want none", state)
	}
	if err := chromedp.Run(ctx, chromedp.Click(`button.nav-experiments`, chromedp.ByQuery),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Click(`button.nav-playground`, chromedp.ByQuery),
		chromedp.Sleep(2*time.Second), warmState); err != nil {
		t.Fatal(err)
	}
	if state != "none" {
		t.Fatalf("left for the playground 300 ms after it started, the view's warm-up is %q; want it paused (200 renders take over a second)", state)
	}
	var ms string
	if err := chromedp.Run(ctx, chromedp.Click(`button.nav-experiments`, chromedp.ByQuery),
		chromedp.Poll(`(globalThis.gridplayPublished || {}).viewWarm === "done"`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Evaluate(`globalThis.gridplayPublished.viewWarmMs`, &ms)); err != nil {
		t.Fatalf("shown again, the view's warm-up did not end: %v", err)
	}
	t.Logf("the view's warm-up ended once shown again; its last stretch of renders took %s ms", ms)
	con.check(t)
}
