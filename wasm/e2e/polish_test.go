//go:build !js

package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gridplay/engine/model"
)

// watchEngine records every value the .app element's data-engine takes
// from now on in window.__engineStates.
const watchEngine = `(() => {
  const a = document.querySelector(".app");
  window.__engineStates = [a.dataset.engine];
  new MutationObserver(() => window.__engineStates.push(a.dataset.engine))
    .observe(a, { attributes: true, attributeFilter: ["data-engine"] });
  return true;
})()`

// A run that starts and ends while a job-table cell is being typed in
// leaves the cell focused with all the text typed (the editors' DOM is
// not recreated when the progress bar or an error box shows or hides).
// The clock names the MUSCLE frames by packing step, not by seconds.
func TestFocusKeptAcrossRun(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatalf("first run: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	needEditors(t, ctx)
	var clock string
	if err := chromedp.Run(ctx, seekEnd(), chromedp.Text(`.clock`, &clock, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(clock, "packing step") {
		t.Errorf("clock of the MUSCLE preset %q, want its frames named by packing step", clock)
	}

	cell := `tr[data-row="0"] input.jt-in-id`
	// The element typed into is tagged (a JS property: Vugu resets
	// attributes), so a recreated input (same selector, new node) is
	// told apart from the one that had focus.
	const same = `(() => { const e = document.activeElement; return !!e && e.__typed === true; })()`
	var focused bool
	var value string
	var states []string
	err := runRetry(ctx,
		settle(),
		chromedp.ScrollIntoView(cell, chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.__typed = true; e.focus(); e.select(); return true; })()`, cell), nil),
		chromedp.KeyEvent("abc"),
		chromedp.Evaluate(watchEngine, nil),
		// A run starts without moving the focus (as the autosave's
		// re-run does).
		chromedp.Evaluate(`document.querySelector("button.run").click(); true`, nil),
		chromedp.Poll(`window.__engineStates.includes("running") && document.querySelector(".app").dataset.engine === "done"`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		quiet(),
		chromedp.KeyEvent("def"),
		chromedp.Evaluate(same, &focused),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).value`, cell), &value),
		chromedp.Evaluate(`window.__engineStates`, &states),
	)
	if err != nil {
		t.Fatalf("typing across a run: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if !focused || value != "abcdef" {
		t.Errorf("after a run while typing: cell still focused %v, text %q, want true and %q (engine states %v)", focused, value, "abcdef", states)
	}
	con.check(t)
}

// Cancelling one engine request ends only that request: another one in
// flight (the main run while an SWF import or expansion is cancelled)
// runs on, and the engine answers afterwards.
func TestCancelOneRequest(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 800)
	// Runs long enough to be cancelled while they run, within the
	// engine's cap.
	s := longTitanScenario(t)
	body, err := model.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	start := fmt.Sprintf(`(() => {
  const body = new TextEncoder().encode(%s);
  window.__ends = { a: null, b: null };
  const end = (k) => (e) => { window.__ends[k] = e ? String(e) : "ok"; };
  const ida = gridplayEngine.request("POST", "/api/run", body, () => {}, () => {}, end("a"));
  const idb = gridplayEngine.request("POST", "/api/run", body, () => {}, () => {}, end("b"));
  window.__ids = [ida, idb];
  return true;
})()`, strconv.Quote(string(body)))
	var a, b string
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/"), waitAnyDone(),
		chromedp.Evaluate(start, nil),
		chromedp.Poll(`gridplayEngine.busy() >= 2`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`gridplayEngine.cancel(window.__ids[1]); true`, nil),
		chromedp.Poll(`window.__ends.b !== null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Poll(`gridplayEngine.busy() >= 1`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`String(window.__ends.a)`, &a),
		chromedp.Evaluate(`String(window.__ends.b)`, &b),
	)
	if err != nil {
		t.Fatalf("two requests: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if b != "cancelled" {
		t.Errorf("cancelled request ended with %q", b)
	}
	if a != "null" {
		t.Errorf("cancelling another request ended this one too: %q", a)
	}
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`gridplayEngine.cancel(window.__ids[0]); true`, nil),
		chromedp.Poll(`window.__ends.a === "cancelled" && gridplayEngine.busy() === 0`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		choosePreset("classic-backfill"), waitDone("easy"),
	)
	if err != nil {
		t.Errorf("after the cancels: %v", err)
	}
	con.check(t)
}

// A comparison is marked stale once the scenario changes after it.
func TestCompareStale(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	var staleBefore bool
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"), waitAnyDone(),
		choosePreset("classic-backfill"), waitDone("easy"),
		openPanels("compare", "params"),
		chromedp.Click(`button.compare`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelectorAll(".compare-table thead th").length === 4 && !document.querySelector(".progress:not([hidden])")`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		autosaveLooked(), quiet(),
		chromedp.Evaluate(`document.querySelector(".compare-table").hasAttribute("data-stale") || document.querySelector(".stale-note").offsetParent !== null`, &staleBefore),
	)
	if err != nil {
		t.Fatalf("compare: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if staleBefore {
		t.Error("a fresh comparison is marked stale")
	}
	err = runRetry(ctx,
		typeInto(`input#seed`, "4242"),
		chromedp.Poll(`document.querySelector(".compare-table").hasAttribute("data-stale") && document.querySelector(".stale-note").offsetParent !== null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Errorf("the comparison was not marked stale after a seed change: %v", err)
	}
	shot(t, ctx, "compare-stale.png", false)
	con.check(t)
}
