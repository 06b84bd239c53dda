//go:build !js

package e2e

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestReplayWaitsOffstage: the playground's replay plays only while the
// playground is shown. A page opened on an experiment link runs the
// playground's first scenario behind the Experiments view; its replay
// used to autoplay there unseen, painting 25 times a second on the
// page's thread during the experiment's sweep. Now it waits: shown the
// playground, the replay starts from its beginning; left for the
// Experiments view while playing, it stops where it was and goes on when
// the playground comes back. On the old page the replay had run on
// behind the view (the scrubber was far from its start when the
// playground was first shown).
func TestReplayWaitsOffstage(t *testing.T) {
	const offstage = 3 * time.Second
	_, ctx, con, url := browser(t, 1366, 900)
	scrub := func() (float64, bool) {
		var s struct {
			V       string `json:"v"`
			Playing bool   `json:"playing"`
		}
		if err := chromedp.Run(ctx, chromedp.Evaluate(`({
  v: document.querySelector("#gantt-scrubber").value,
  playing: !document.querySelector("button.pause").disabled,
})`, &s)); err != nil {
			t.Fatal(err)
		}
		v, err := strconv.ParseFloat(s.V, 64)
		if err != nil {
			t.Fatalf("scrubber value %q", s.V)
		}
		return v, s.Playing
	}
	showPlayground := chromedp.ActionFunc(func(c2 context.Context) error {
		return chromedp.Run(c2, chromedp.Click(`button.nav-playground`, chromedp.ByQuery),
			chromedp.WaitVisible(`canvas#gantt[data-drawn='1']`, chromedp.ByQuery))
	})
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#e=hybrid-table1&quick=1&seed=1"),
		chromedp.WaitVisible(`button.exp-run:not([disabled])`, chromedp.ByQuery),
		// The playground's scenario has run behind the view.
		chromedp.Poll(`document.querySelector(".app").dataset.engine === "done"`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Sleep(offstage),
		showPlayground)
	if err != nil {
		t.Fatal(err)
	}
	v0, _ := scrub()
	t0 := time.Now()
	time.Sleep(800 * time.Millisecond)
	v1, playing := scrub()
	// The replay's pace, in scrubber steps a second, from two readings
	// while it plays on stage.
	pace := (v1 - v0) / time.Since(t0).Seconds()
	t.Logf("shown after %v behind the Experiments view: scrubber at %.0f of 1000, then %.0f, playing %v (%.0f steps/s)", offstage, v0, v1, playing, pace)
	if !playing || v1 <= v0 {
		t.Fatalf("shown the playground, the replay does not play: scrubber %.0f then %.0f, playing %v", v0, v1, playing)
	}
	// Shown, it starts from its beginning: it has played only since it
	// was shown, not the seconds it was behind the view.
	if v0 > pace*offstage.Seconds()/3 {
		t.Errorf("the replay ran behind the Experiments view: shown after %v, its scrubber is at %.0f of 1000, %.1f s of play", offstage, v0, v0/pace)
	}
	// Away while it plays, and back: it goes on from where it stopped.
	if err := chromedp.Run(ctx, chromedp.Click(`button.nav-experiments`, chromedp.ByQuery),
		chromedp.WaitVisible(`button.exp-run`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	left := time.Now()
	time.Sleep(offstage)
	if err := chromedp.Run(ctx, showPlayground); err != nil {
		t.Fatal(err)
	}
	v2, playing := scrub()
	away := time.Since(left)
	t.Logf("before leaving %.0f; back after %v: %.0f, playing %v", v1, away.Round(time.Millisecond), v2, playing)
	if v2-v1 > pace*away.Seconds()/3 {
		t.Errorf("the replay ran on behind the Experiments view: %.0f before leaving, %.0f back %v later (%.1f s of play)", v1, v2, away.Round(time.Millisecond), (v2-v1)/pace)
	}
	time.Sleep(400 * time.Millisecond)
	if v3, playing := scrub(); !playing || v3 <= v2 {
		t.Errorf("back on the playground, the replay does not go on: %.0f then %.0f, playing %v", v2, v3, playing)
	}
	con.check(t)
}
