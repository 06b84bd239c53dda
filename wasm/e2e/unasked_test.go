//go:build !js

package e2e

import (
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"gridplay/engine/link"
)

// TestNoWorkUnasked: the engine's workers run only what the page asks
// for. A first visit draws its chart from the answers computed by
// ./build.sh and sends the engine no request; on a phone-sized screen it
// starts no worker at all. An embed starts a worker per request it
// sends and none ahead. The playground on a large screen keeps two
// started for the person's next run.
func TestNoWorkUnasked(t *testing.T) {
	tok, err := link.Encode(classicScenario())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		w, h  int
		path  string
		first bool // a first visit: no request
		ahead int  // workers started beyond the requests
	}{
		{"a phone's first visit", 390, 844, "/", true, 0},
		{"an embed", 1280, 800, "/embed.html#s=" + tok + "&autoplay=0", false, 0},
		{"a large screen's first visit", 1280, 800, "/", true, 2},
	} {
		_, ctx, con, url := browser(t, c.w, c.h)
		// What the engine client started (engine-client.mjs stats).
		var st struct{ Workers, Requests int }
		if err := chromedp.Run(ctx, chromedp.Navigate(url+c.path), waitAnyDone(),
			chromedp.Evaluate(`globalThis.gridplayEngine.stats()`, &st)); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if (c.first && st.Requests != 0) || (!c.first && st.Requests == 0) || st.Workers > st.Requests+c.ahead {
			t.Errorf("%s: %d workers started, %d requests sent; want at most %d workers beyond the requests", c.name, st.Workers, st.Requests, c.ahead)
		}
		con.check(t)
	}
}

// TestImportWarmsUpOnIntent: opening the job table's file dialog (a
// click on its file input) warms up the engine's trace import and EASY
// run (engine-client.mjs warmImport, wasm/internal/warm) while the
// person picks a file, with every warm-up request answered 200; before
// that click the engine had sent nothing.
func TestImportWarmsUpOnIntent(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 800)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	var before struct{ Requests int }
	var warm struct {
		Requests int
		MS       float64
		WallMS   float64 `json:"wallMs"`
		Error    string
	}
	err := chromedp.Run(ctx, chromedp.Evaluate(`globalThis.gridplayEngine.stats()`, &before),
		chromedp.Evaluate(`document.querySelector("input.jt-swf").dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true})); true`, nil),
		// The click sent the warm-up's first request.
		chromedp.Poll(`globalThis.gridplayEngine.stats().requests > 0`, nil),
		chromedp.Evaluate(`globalThis.gridplayEngine.warmImport()`, &warm,
			func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if err != nil {
		t.Fatal(err)
	}
	// The worker's four (wasm/internal/warm) and the page's two gzipped
	// imports.
	if before.Requests != 0 || warm.Error != "" || warm.Requests != 6 {
		t.Errorf("%d requests before the click; warm-up %+v, want 6 requests without an error", before.Requests, warm)
	}
	t.Logf("the import's warm-up: %d requests, %.0f ms in the worker's Go, %.0f ms in all", warm.Requests, warm.MS, warm.WallMS)
	con.check(t)
}
