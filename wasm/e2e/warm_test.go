//go:build !js

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gridplay/engine/link"
	warmup "gridplay/wasm/internal/warm"
)

// TestEngineWarmsUpWhenIdle: the playground warms its engine up by itself
// once idle (engine-client.mjs warmWhenIdle), with every warm-up request
// answered 200; an embed, which only runs its small scenario, does not.
func TestEngineWarmsUpWhenIdle(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 800)
	var warm struct {
		Requests int     `json:"requests"`
		MS       float64 `json:"ms"`
		WallMS   float64 `json:"wallMs"`
		Error    string  `json:"error"`
	}
	err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone(),
		chromedp.Poll(`globalThis.gridplayEngine.stats().warm !== null`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Evaluate(`globalThis.gridplayEngine.stats().warm`, &warm))
	if err != nil {
		t.Fatalf("the playground did not warm its engine up: %v", err)
	}
	// The worker's (wasm/internal/warm: the trace's six, then the
	// engines') and the page's two gzipped imports.
	if want := 6 + warmup.EngineRequests() + 2; warm.Error != "" || warm.Requests != want {
		t.Errorf("warm-up: %+v, want %d requests without an error", warm, want)
	}
	t.Logf("the playground's warm-up: %d requests, %.0f ms in the worker's Go, %.0f ms in all", warm.Requests, warm.MS, warm.WallMS)

	tok, err := link.Encode(classicScenario())
	if err != nil {
		t.Fatal(err)
	}
	var warmed bool
	err = chromedp.Run(ctx, chromedp.Navigate(url+"/embed.html#s="+tok+"&autoplay=0"), waitAnyDone(),
		// Longer than the playground's delay (3 s after app.wasm is
		// compiled).
		chromedp.Sleep(5*time.Second),
		chromedp.Evaluate(`globalThis.gridplayEngine.stats().warm !== null`, &warmed))
	if err != nil {
		t.Fatal(err)
	}
	if warmed {
		t.Error("the embed warmed its engine up")
	}
	con.check(t)
}
