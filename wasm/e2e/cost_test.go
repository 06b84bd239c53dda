//go:build !js

package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	_ "gridplay/engine/all"
	"gridplay/engine/link"
	"gridplay/engine/model"
	"gridplay/engine/runner"
)

// longTitan is a share link's scenario whose run the engine estimates
// over a minute in the browser, within its cap: the titan GA on 2,000
// generated jobs.
func longTitan(t *testing.T) string {
	t.Helper()
	tok, err := link.Encode(longTitanScenario(t))
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// longTitanScenario is longTitan's scenario: a run the page asks about
// and the engine accepts, long enough to be cancelled while it runs.
func longTitanScenario(t *testing.T) *model.Scenario {
	t.Helper()
	s := &model.Scenario{Version: model.Version, Name: "long titan run", Seed: 1,
		Platform:  model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 64}}},
		Generator: &model.Generator{Jobs: 2000, Rate: 0.5, ExecMin: 5, ExecMax: 100, Sizes: "uniform", SizeMin: 1, SizeMax: 16},
		Policy:    model.Policy{Name: "titan"}}
	w, err := runner.EstimateUnchecked(s)
	if err != nil {
		t.Fatal(err)
	}
	if w.BrowserSeconds() < 2*30 || w.Check() != nil {
		t.Fatalf("the test's scenario is estimated at %.0f s in the browser (%v): it must be asked about and within the cap", w.BrowserSeconds(), w.Check())
	}
	return s
}

// notStarted is true while the page has started no run: the engine is
// not running and no run was begun (the page's "run: start" mark).
const notStarted = `(() => {
  const a = document.querySelector(".app");
  return a.dataset.engine !== "running" && a.dataset.engine !== "done" &&
    !(globalThis.gridplayTest?.marks || []).some((m) => m.name === "run: start");
})()`

func waitAsk(state string) chromedp.Action {
	return chromedp.WaitVisible(`.cost-ask[data-cost="`+state+`"]`, chromedp.ByQuery)
}

// TestLongRunAsks is issue 39's item 17 in the page: a share link whose
// run is estimated over 30 s in the browser opens a question (Run anyway
// or Cancel) before any run starts; Cancel starts none; Run anyway
// starts it. The embed never starts it on its own, even with autoplay:
// it shows a Play, then the same question.
func TestLongRunAsks(t *testing.T) {
	tok := longTitan(t)
	actx, ctx, con, url := browser(t, 1280, 900)
	var text string
	var idle bool
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#s="+tok),
		waitAsk("ask"),
		chromedp.Text(`.cost-ask`, &text, chromedp.ByQuery),
		chromedp.Evaluate(notStarted, &idle),
	)
	if err != nil {
		t.Fatalf("the page: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if !idle {
		t.Error("the page started the run before the user answered")
	}
	shot(t, ctx, "cost-ask.png", false)
	for _, want := range []string{"This run may take about", "in your browser", "titan on 2,000 jobs", "the parameter round_generations drives it", "Run anyway", "Cancel"} {
		if !strings.Contains(text, want) {
			t.Errorf("the question %q does not say %q", text, want)
		}
	}
	// Cancel: no run, the question closes and the page says so.
	var notice string
	err = chromedp.Run(ctx,
		chromedp.Click(`button.cost-cancel`, chromedp.ByQuery),
		chromedp.WaitNotPresent(`.cost-ask`, chromedp.ByQuery),
		chromedp.Text(`.notice-text`, &notice, chromedp.ByQuery),
		chromedp.Evaluate(notStarted, &idle),
	)
	if err != nil {
		t.Fatalf("cancel: %v", err)
	}
	if !idle || !strings.Contains(notice, "The run was not started") {
		t.Errorf("after Cancel: not started %v, notice %q", idle, notice)
	}
	// Run asks again; Run anyway starts the run, which Cancel stops.
	err = chromedp.Run(ctx,
		chromedp.Click(`button.run`, chromedp.ByQuery),
		waitAsk("ask"),
		chromedp.Click(`button.cost-run`, chromedp.ByQuery),
		chromedp.WaitNotPresent(`.cost-ask`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector(".app").dataset.engine === "running"`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Click(`.progress button.cancel`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector(".app").dataset.engine !== "running"`, nil, chromedp.WithPollingTimeout(30*time.Second)),
	)
	if err != nil {
		t.Fatalf("run anyway: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	con.check(t)

	// The embed, autoplay on: a Play, no run; Play opens the question,
	// Cancel goes back to the Play.
	ectx, cancel := context.WithCancel(actx)
	defer cancel()
	ectx, cancel2 := chromedp.NewContext(ectx)
	defer cancel2()
	var etext string
	err = chromedp.Run(ectx,
		chromedp.Navigate(url+"/embed.html#s="+tok+"&autoplay=1&height=360"),
		waitAsk("held"),
		chromedp.Text(`.cost-ask`, &etext, chromedp.ByQuery),
		chromedp.Evaluate(notStarted, &idle),
	)
	if err != nil {
		t.Fatalf("the embed: %v", err)
	}
	if !idle || !strings.Contains(etext, "Press Play to run it") {
		t.Errorf("the embed: not started %v, text %q", idle, etext)
	}
	shot(t, ectx, "cost-ask-embed.png", false)
	err = chromedp.Run(ectx,
		chromedp.Click(`button.cost-play`, chromedp.ByQuery),
		waitAsk("ask"),
		chromedp.Evaluate(notStarted, &idle),
	)
	if err != nil || !idle {
		t.Fatalf("the embed's Play: %v, not started %v", err, idle)
	}
	err = chromedp.Run(ectx,
		chromedp.Click(`button.cost-cancel`, chromedp.ByQuery),
		waitAsk("held"),
		chromedp.Evaluate(notStarted, &idle),
	)
	if err != nil || !idle {
		t.Fatalf("the embed's Cancel: %v, not started %v", err, idle)
	}
}
