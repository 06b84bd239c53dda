//go:build !js

package e2e

import (
	"fmt"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The waits the tests synchronise with: each is on the page's own state
// (its renders, its animation frames, its run marks, its autosave's
// looks), never on a fixed time.

// awaitPromise makes an Evaluate wait for the promise it returns.
func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams {
	return p.WithAwaitPromise(true)
}

// quiet waits until the page has taken in what the test did: no render
// for three animation frames in a row (the Gantt and the frames view
// paint in animation frames after a render), and the engine not running.
func quiet() chromedp.Action {
	return chromedp.Evaluate(`new Promise((resolve) => {
  let last = -1, calm = 0;
  const frame = () => {
    const r = globalThis.gridplayTest?.renders || 0;
    const running = document.querySelector(".app")?.dataset.engine === "running";
    calm = r === last && !running ? calm + 1 : 0;
    last = r;
    if (calm >= 3) resolve(true); else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`, nil, awaitPromise)
}

// frames waits for n animation frames of the page: the span over which a
// test sees whether something moves (a paused clock must not).
func frames(n int) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`new Promise((resolve) => {
  let n = %d;
  const frame = () => { if (--n <= 0) resolve(true); else requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})`, n), nil, awaitPromise)
}

// runsStarted counts the runs the page has started (its "run: start"
// marks).
const runsStarted = `(globalThis.gridplayTest?.marks || []).filter((m) => m.name === "run: start").length`

// rerun does act, which makes the page run its scenario again (a click on
// Run, an edit the autosave re-runs), and waits until that new run has
// finished with policy ("" for any) and its chart is drawn.
func rerun(policy string, act chromedp.Action) chromedp.Action {
	done := waitAnyDone()
	if policy != "" {
		done = waitDone(policy)
	}
	return chromedp.Tasks{
		chromedp.Evaluate(`globalThis.__runs0 = `+runsStarted+`; true`, nil),
		act,
		chromedp.Poll(runsStarted+` > globalThis.__runs0`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		done,
	}
}

// clickRun clicks Run once no run is in flight (an import or an edit
// starts one by itself; Run does not start another beside it).
func clickRun() chromedp.Action {
	return chromedp.Tasks{
		chromedp.Poll(`document.querySelector(".app").dataset.engine !== "running"`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Click(`button.run`, chromedp.ByQuery),
	}
}

// autosaveLooked waits until the page's autosave has looked at the page
// twice since now (so one whole look began after the test's last action),
// then for any run it started to end.
func autosaveLooked() chromedp.Action {
	const looks = `+((globalThis.gridplayTest?.published || {}).autosaveLooks || 0)`
	return chromedp.Tasks{
		chromedp.Evaluate(`globalThis.__looks0 = `+looks+`; true`, nil),
		chromedp.Poll(looks+` >= globalThis.__looks0 + 2`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Poll(`document.querySelector(".app").dataset.engine !== "running"`, nil, chromedp.WithPollingTimeout(60*time.Second)),
	}
}
