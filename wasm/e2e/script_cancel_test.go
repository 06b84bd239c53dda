//go:build !js

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// cancelBound is how long Cancel may take to end a running script in the
// page: from the click to the page's state "cancelled".
const cancelBound = 5 * time.Second

// busyScript starts what fits, then spends about 9 million Starlark steps
// (10 a turn of the loop) at every decision time, under the default
// budget of 10 million a decision. On MUSCLE Fig. 4's 40 generated jobs
// (80 decision times) that is about 7.2e8 steps, under the run's default
// of 1e9: it would end by itself, after about 20 s natively on a quiet
// machine and longer in the page's worker, far beyond cancelBound.
const busyScript = `def schedule(ctx):
    for job in ctx.queue:
        if ctx.fits(job):
            ctx.start(job, why = "fits")
    n = 0
    for i in range(900000):
        n += i
`

// quickScript is busyScript without its loop.
const quickScript = `def schedule(ctx):
    for job in ctx.queue:
        if ctx.fits(job):
            ctx.start(job, why = "fits")
`

// Issue 38: "Cancel stops a running script at once". A script busy in
// the page's worker (its first frames in, so the worker is inside it) is
// ended by Cancel within cancelBound, the page says the run was
// cancelled, and the page works after: a second script runs to the end.
func TestScriptCancel(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	fail := func(what string, err error) {
		t.Helper()
		var st string
		chromedp.Run(ctx, chromedp.Evaluate(`JSON.stringify({app: document.querySelector(".app")?.dataset, err: document.querySelector(".run-error")?.textContent, sp: document.querySelector(".sp-error")?.textContent})`, &st))
		t.Fatalf("%s: %v\npage: %s\nconsole:\n%s", what, err, st, strings.Join(con.all, "\n"))
	}
	setScript := func(src string) chromedp.Action {
		return chromedp.Evaluate(fmt.Sprintf(`(() => {
  const ta = document.querySelector("#script-text");
  ta.focus();
  ta.value = %s;
  ta.dispatchEvent(new Event("input", {bubbles: true}));
  return true;
})()`, jsString(src)), nil)
	}
	const firstFrames = `(globalThis.gridplayTest?.marks || []).filter((m) => m.name === "run: first frames").length`
	err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone(),
		rerun("muscle", choosePreset("muscle-fig4")),
		openPanels("script"),
		setScript(busyScript),
		chromedp.Evaluate(`globalThis.__frames0 = `+firstFrames+`; globalThis.__runs0 = `+runsStarted+`; true`, nil),
		chromedp.Click(`button.sp-run`, chromedp.ByQuery),
		// The run started and its first frames came: the worker is in
		// the script, past its first ctx.start.
		chromedp.Poll(runsStarted+` > globalThis.__runs0 && `+firstFrames+` > globalThis.__frames0`, nil, chromedp.WithPollingTimeout(60*time.Second)),
	)
	if err != nil {
		fail("starting the busy script", err)
	}

	// Cancel, then wait for the page's state to leave "running" (a
	// MutationObserver on data-engine), at most cancelBound. Ended is
	// when the page's run ended (its "run: answer ended" mark): the
	// engine client terminates the worker and ends the request at once
	// (static/engine-client.mjs), then the page renders its state.
	var got struct {
		Before, After, Policy string
		Ms, Ended             float64
		BusyBefore, BusyAfter int
	}
	err = chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`new Promise((resolve) => {
  const app = document.querySelector(".app");
  const before = app.dataset.engine;
  const busy = globalThis.gridplayEngine.busy();
  const t0 = performance.now();
  let timer = 0;
  const obs = new MutationObserver(() => end());
  const end = () => {
    if (app.dataset.engine === "running" && performance.now() - t0 < %d) return;
    obs.disconnect();
    clearTimeout(timer);
    const ended = (globalThis.gridplayTest?.marks || []).find((m) => m.name === "run: answer ended" && m.t >= t0);
    resolve({Before: before, After: app.dataset.engine, Policy: app.dataset.policy, Ms: performance.now() - t0,
      Ended: ended ? ended.t - t0 : -1, BusyBefore: busy, BusyAfter: globalThis.gridplayEngine.busy()});
  };
  obs.observe(app, {attributes: true, attributeFilter: ["data-engine"]});
  timer = setTimeout(end, %d);
  document.querySelector(".progress button.cancel").click();
  end();
})`, cancelBound.Milliseconds(), cancelBound.Milliseconds()), &got, awaitPromise))
	if err != nil {
		fail("cancel", err)
	}
	if got.Before != "running" || got.Policy != "script" || got.BusyBefore < 1 {
		t.Fatalf("at the click the page was %q with policy %q and %d requests in the engine, want a running script", got.Before, got.Policy, got.BusyBefore)
	}
	if got.After != "cancelled" {
		t.Fatalf("%.0f ms after Cancel the page is %q, want cancelled within %v", got.Ms, got.After, cancelBound)
	}
	if got.BusyAfter != 0 {
		t.Errorf("after Cancel the engine still has %d requests in flight", got.BusyAfter)
	}
	var note string
	if err := chromedp.Run(ctx, chromedp.Text(`.run-cancelled`, &note, chromedp.ByQuery)); err != nil {
		fail("the cancelled note", err)
	}
	if !strings.Contains(note, "The run was cancelled") {
		t.Errorf("the page says %q after Cancel", note)
	}

	// The page works after: a second script runs to the end.
	var metrics string
	err = chromedp.Run(ctx,
		setScript(quickScript),
		rerun("script", chromedp.Click(`button.sp-run`, chromedp.ByQuery)),
		chromedp.Text(`.summary .metrics`, &metrics, chromedp.ByQuery),
	)
	if err != nil {
		fail("the run after Cancel", err)
	}
	if metrics == "" {
		t.Error("the run after Cancel shows no metrics")
	}
	t.Logf("Cancel: the run ended %.0f ms after the click and the page showed it cancelled after %.0f ms (bound %v); then a second script ran (%d characters of metrics)",
		got.Ended, got.Ms, cancelBound, len(metrics))
	con.check(t)
}
