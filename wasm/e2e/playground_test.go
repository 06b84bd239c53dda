//go:build !js

package e2e

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"gridplay/engine/link"
	"gridplay/engine/model"
)

// seekEnd pauses and moves the scrubber to the end (every frame shown).
func seekEnd() chromedp.Action {
	return chromedp.Evaluate(`(() => {
  const p = document.querySelector("button.pause");
  if (p && !p.disabled) p.click();
  const r = document.querySelector("input.scrubber");
  r.value = "1000";
  r.dispatchEvent(new Event("input", { bubbles: true }));
  return true;
})()`, nil)
}

// pixels counts saturated pixels on the canvas matching sel.
func pixels(sel string) string {
	return fmt.Sprintf(`(() => {
  const c = document.querySelector(%q);
  if (!c || !c.width) return 0;
  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) {
    const r = d[i], g = d[i+1], b = d[i+2];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 40) n++;
  }
  return n;
})()`, sel)
}

// waitDone waits until the run of policy finished and the Gantt is drawn,
// and the policy list is in.
func waitDone(policy string) chromedp.Action {
	return chromedp.Poll(fmt.Sprintf(`(() => {
  const a = document.querySelector(".app");
  return a && a.dataset.engine === "done" && a.dataset.policy === %q && a.dataset.policies !== "loading" &&
    document.querySelector("canvas#gantt[data-drawn='1']") !== null;
})()`, policy), nil, chromedp.WithPollingTimeout(60*time.Second))
}

// choosePreset clicks a preset's card.
func choosePreset(id string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => {
  document.querySelector('button.preset-card[data-preset=%q]').click();
  return true;
})()`, id), nil)
}

// presetShown is the preset whose card is marked as shown, "" for none.
const presetShown = `(document.querySelector(".preset-card[aria-pressed=true]") || {dataset: {}}).dataset.preset || ""`

// choosePolicy picks a policy in the policy menu.
func choosePolicy(name string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => {
  const s = document.querySelector("select.policy-select");
  s.value = %q;
  s.dispatchEvent(new Event("change", { bubbles: true }));
  return true;
})()`, name), nil)
}

// openPanels unfolds the panels under the chart (parameters, platform,
// jobs, compare, lesson, share, experiments) and waits until each shows.
func openPanels(ids ...string) chromedp.Action {
	var acts []chromedp.Action
	for _, id := range ids {
		acts = append(acts,
			chromedp.Evaluate(fmt.Sprintf(`(() => {
  const b = document.querySelector("button.open-%s");
  if (b && b.getAttribute("aria-expanded") !== "true") b.click();
  return true;
})()`, id), nil),
			chromedp.Poll(fmt.Sprintf(`(() => { const p = document.querySelector("#panel-%s"); return !!p && !p.hidden && p.children.length > 0; })()`, id), nil, chromedp.WithPollingTimeout(30*time.Second)))
	}
	return chromedp.Tasks(acts)
}

// Each animation view draws the frames its policy streams, and a policy
// switch and a comparison work.
func TestViewsAndCompare(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 800)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitDone("muscle")); err != nil {
		t.Fatalf("first run: %v", err)
	}
	cases := []struct {
		preset, policy string
		views          []string
	}{
		{"muscle-table1", "muscle", []string{"packing", "ga"}},
		{"titan-fig9", "titan", []string{"ga"}},
		{"gamf-fig7", "gamf", []string{"ga"}},
		{"classic-backfill", "easy", []string{"backfill"}},
		{"hybrid-table1", "hybrid-phrs", []string{"hybrid"}},
	}
	for _, tc := range cases {
		if err := chromedp.Run(ctx, choosePreset(tc.preset), waitDone(tc.policy), seekEnd()); err != nil {
			t.Errorf("%s: %v", tc.preset, err)
			continue
		}
		for _, v := range tc.views {
			var n int
			err := chromedp.Run(ctx,
				chromedp.Click(`button.tab-`+v, chromedp.ByQuery),
				chromedp.Poll(fmt.Sprintf(`document.querySelector("canvas#frames").dataset.view === %q`, v), nil, chromedp.WithPollingTimeout(10*time.Second)),
				quiet(),
				chromedp.Evaluate(pixels("canvas#frames"), &n),
			)
			if err != nil {
				t.Errorf("%s view %s: %v", tc.preset, v, err)
				continue
			}
			t.Logf("%s: view %s has %d coloured pixels", tc.preset, v, n)
			if n < 100 {
				t.Errorf("%s: the %s view drew only %d coloured pixels", tc.preset, v, n)
			}
			shot(t, ctx, "view-"+tc.preset+"-"+v+".png", false)
		}
	}

	// Policy switch: the classic preset under fcfs, then easy.
	var before, after string
	err := chromedp.Run(ctx,
		choosePreset("classic-backfill"), waitDone("easy"),
		chromedp.Text(`.summary .metrics`, &before, chromedp.ByQuery),
		choosePolicy("fcfs"),
		waitDone("fcfs"),
		chromedp.Text(`.summary .metrics`, &after, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("policy switch: %v", err)
	}
	if before == after {
		t.Errorf("switching easy -> fcfs left the metrics unchanged: %q", after)
	}
	// Hovering a job shows its details.
	var tip string
	err = chromedp.Run(ctx,
		seekEnd(),
		quiet(),
		chromedp.Evaluate(`(() => {
  const c = document.querySelector("canvas#gantt"), r = c.getBoundingClientRect();
  c.parentElement.dispatchEvent(new MouseEvent("mousemove", { clientX: r.left + 72 + 5, clientY: r.top + 8 + 11, bubbles: true }));
  return true;
})()`, nil),
		chromedp.WaitVisible(`.tooltip`, chromedp.ByQuery),
		chromedp.Text(`.tooltip`, &tip, chromedp.ByQuery),
	)
	if err != nil {
		t.Errorf("hover: %v", err)
	} else if !strings.Contains(tip, "j1 on c0") || !strings.Contains(tip, "waited") {
		t.Errorf("hover details %q", tip)
	}
	// Undo and redo, by button and by keyboard (Ctrl+Z, Ctrl+Shift+Z).
	err = chromedp.Run(ctx,
		chromedp.Click(`button.undo`, chromedp.ByQuery), waitDone("easy"),
		chromedp.Click(`button.redo`, chromedp.ByQuery), waitDone("fcfs"),
		chromedp.Evaluate(`document.activeElement && document.activeElement.blur(); true`, nil),
		chromedp.KeyEvent("z", chromedp.KeyModifiers(input.ModifierCtrl)), waitDone("easy"),
		chromedp.KeyEvent("Z", chromedp.KeyModifiers(input.ModifierCtrl|input.ModifierShift)), waitDone("fcfs"),
	)
	if err != nil {
		t.Fatalf("undo/redo: %v", err)
	}

	// Compare: the preset ticks fcfs, easy and conservative.
	var cols, best int
	err = chromedp.Run(ctx,
		openPanels("compare"),
		chromedp.Click(`button.compare`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelectorAll(".compare-table thead th").length === 4 && !document.querySelector(".progress:not([hidden])")`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Evaluate(`document.querySelectorAll(".compare-table thead th").length`, &cols),
		chromedp.Evaluate(`document.querySelectorAll(".compare-table td.best").length`, &best),
	)
	if err != nil {
		t.Fatalf("compare: %v", err)
	}
	if cols != 4 || best == 0 {
		t.Errorf("compare table: %d header cells (want 4), %d best cells", cols, best)
	}
	shot(t, ctx, "compare.png", false)
	con.check(t)
}

// metricsOf reads the metrics panel.
func metricsOf(ctx context.Context, policy string) (string, error) {
	var m string
	err := chromedp.Run(ctx, waitDone(policy), chromedp.Text(`.summary .metrics`, &m, chromedp.ByQuery))
	return m, err
}

// A share link opened in a fresh browser context restores the scenario
// and gives identical metrics.
func TestShareRoundTrip(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 800)
	var m1, link1 string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"), waitDone("muscle"),
		choosePreset("multisite-fig2"), waitDone("multisite-greedy"),
		// Change the seed and a parameter so the link must carry them.
		openPanels("params"),
		chromedp.SetValue(`#seed`, "42", chromedp.ByQuery),
		rerun("multisite-greedy", chromedp.Evaluate(`document.querySelector("#seed").dispatchEvent(new Event("change", {bubbles: true}))`, nil)),
	)
	if err != nil {
		t.Fatal(err)
	}
	m1, err = metricsOf(ctx, "multisite-greedy")
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Run(ctx,
		openPanels("share"),
		chromedp.Click(`button.share`, chromedp.ByQuery),
		chromedp.WaitVisible(`input.share-url`, chromedp.ByQuery),
		chromedp.Value(`input.share-url`, &link1, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(link1, "#s=v1.") {
		t.Fatalf("share link %q", link1)
	}
	s, err := link.Decode(link1)
	if err != nil || s.Seed != 42 || s.Policy.Name != "multisite-greedy" {
		t.Fatalf("share link decodes to %+v, %v", s, err)
	}
	// A fresh browser: its own profile, so no autosave or state carries
	// over.
	_, ctx2, con2, _ := browser(t, 1280, 800)
	var seed string
	err = chromedp.Run(ctx2, chromedp.Navigate(link1), waitDone("multisite-greedy"), openPanels("params"), chromedp.Value(`#seed`, &seed, chromedp.ByQuery))
	if err != nil {
		t.Fatal(err)
	}
	m2, err := metricsOf(ctx2, "multisite-greedy")
	if err != nil {
		t.Fatal(err)
	}
	if m1 != m2 || m1 == "" {
		t.Errorf("metrics differ after the round trip:\n%q\n%q", m1, m2)
	}
	if seed != "42" {
		t.Errorf("seed %q after the round trip", seed)
	}
	shot(t, ctx2, "share-restored.png", false)
	con.check(t)
	con2.check(t)
}

// zipBomb is a v1 token whose data inflates past link.MaxDecodedBytes.
func zipBomb(t *testing.T) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	for i := 0; i < link.MaxDecodedBytes>>20+1; i++ {
		w.Write(chunk)
	}
	w.Close()
	return "v1." + base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// Hostile links show the error panel (or, for script in names, show the
// names as text), run no script and never overwrite saved work.
func TestHostileLinks(t *testing.T) {
	actx, _, _, url := browser(t, 1280, 800)
	evil := `<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>`
	sc := &model.Scenario{Version: model.Version, Name: evil, Seed: 1,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Name: evil, Nodes: 4}}},
		Jobs:     []model.Job{{ID: evil, Size: 2, Runtime: 5}, {ID: "j2", Size: 1, Runtime: 3}},
		Policy:   model.Policy{Name: "fcfs"}}
	evilTok, err := link.Encode(sc)
	if err != nil {
		t.Fatal(err)
	}
	saved := `{"version":1,"name":"my saved work","seed":3,"platform":{"clusters":[{"id":"c0","nodes":8}]},"jobs":[{"id":"a","submit":0,"size":2,"runtime":10}],"policy":{"name":"fcfs"}}`
	cases := []struct {
		name, frag, want string
	}{
		{"garbage base64", "#s=v1.%%%%not*base64!!", "base64"},
		{"wrong version", "#s=v7.AAAA", "version"},
		{"oversized payload", "#s=" + zipBomb(t), "inflates to more than"},
		{"script tags in names", "#s=" + evilTok, ""},
	}
	for _, tc := range cases {
		ctx, con := tab(t, actx)
		var errText, title, stored string
		var pwned bool
		err := chromedp.Run(ctx,
			// Save work first (the tab shares the browser's storage),
			// from a page of the same origin that does not start the
			// playground, then open the link.
			chromedp.Navigate(url+"/glossary.html"), chromedp.WaitReady(`body`, chromedp.ByQuery),
			chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem("gridplay.scenario.v1", %q); true`, saved), nil),
			chromedp.Navigate(url+"/"+tc.frag),
		)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if tc.want != "" {
			err = chromedp.Run(ctx,
				chromedp.WaitVisible(`.link-error`, chromedp.ByQuery),
				chromedp.Text(`.link-error`, &errText, chromedp.ByQuery),
				waitDone("fcfs"),
				chromedp.Text(`.summary h2`, &title, chromedp.ByQuery),
			)
			if err != nil {
				t.Errorf("%s: no error panel: %v", tc.name, err)
				continue
			}
			if !strings.Contains(errText, tc.want) {
				t.Errorf("%s: error panel %q does not name the problem (%q)", tc.name, errText, tc.want)
			}
			if title != "my saved work" {
				t.Errorf("%s: shows %q instead of the saved work", tc.name, title)
			}
		} else {
			err = chromedp.Run(ctx, waitDone("fcfs"), chromedp.Text(`.summary h2`, &title, chromedp.ByQuery))
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
				continue
			}
			if title != evil {
				t.Errorf("%s: the name is not shown as text: %q", tc.name, title)
			}
		}
		err = chromedp.Run(ctx,
			autosaveLooked(),
			chromedp.Evaluate(`window.pwned !== undefined || document.querySelector(".app img, .app script") !== null`, &pwned),
			chromedp.Evaluate(`localStorage.getItem("gridplay.scenario.v1")`, &stored),
		)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if pwned {
			t.Errorf("%s: script from the link ran or markup was injected", tc.name)
		}
		if stored != saved {
			t.Errorf("%s: saved work was overwritten: %.80q", tc.name, stored)
		}
		shot(t, ctx, "hostile-"+strings.ReplaceAll(tc.name, " ", "-")+".png", false)
		con.check(t)
	}
}

// The embed page autoplays the linked scenario with minimal chrome and
// links back to the playground.
func TestEmbed(t *testing.T) {
	_, ctx, con, url := browser(t, 800, 500)
	tok, err := link.Encode(classicScenario())
	if err != nil {
		t.Fatal(err)
	}
	var href, clock1, clock2 string
	var toolbar bool
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/embed.html#s="+tok+"&autoplay=1&height=300"),
		waitDone("easy"),
		chromedp.Text(`.clock`, &clock1, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector(".clock").textContent !== `+fmt.Sprintf("%q", "")+` && !document.querySelector("button.pause").disabled || true`, nil),
		frames(24),
		chromedp.Text(`.clock`, &clock2, chromedp.ByQuery),
		chromedp.AttributeValue(`a.open-link`, "href", &href, nil, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector(".area-panels, .presets, .area-side") !== null`, &toolbar),
	)
	if err != nil {
		t.Fatalf("embed: %v", err)
	}
	if clock1 == clock2 {
		t.Errorf("the embed page does not autoplay: clock %q then %q", clock1, clock2)
	}
	if !strings.Contains(href, "#s=v1.") {
		t.Errorf("open-in-gridplay link %q", href)
	}
	if toolbar {
		t.Error("the embed page shows the full chrome")
	}
	shot(t, ctx, "embed.png", false)
	con.check(t)
}

func classicScenario() *model.Scenario {
	s := &model.Scenario{Version: model.Version, Name: "embed test", Seed: 1,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 16}}},
		Policy:   model.Policy{Name: "easy"}}
	for i := 0; i < 12; i++ {
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", i+1), Submit: float64(3 * i), Size: 1 + (i*5)%16, Runtime: float64(10 + (i*7)%40), Requested: float64(20 + (i*7)%40)})
	}
	return s
}

// Layout at desktop and phone sizes: nothing wider than the viewport,
// no overlapping panels.
func TestLayout(t *testing.T) {
	for _, sz := range []struct{ w, h int }{{1280, 800}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", sz.w, sz.h), func(t *testing.T) {
			_, ctx, con, url := browser(t, sz.w, sz.h)
			var overflow bool
			var overlaps []string
			var inner int
			err := chromedp.Run(ctx,
				// Desktop Chromium has a minimum window width: emulate
				// the viewport so 390 px is really 390 px.
				chromedp.EmulateViewport(int64(sz.w), int64(sz.h)),
				chromedp.Navigate(url+"/"), waitDone("muscle"),
				chromedp.Evaluate(`window.innerWidth`, &inner),
				chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow),
				chromedp.Evaluate(overlapJS, &overlaps),
			)
			if err != nil {
				t.Fatal(err)
			}
			if inner != sz.w {
				t.Errorf("viewport is %d px wide, want %d", inner, sz.w)
			}
			if overflow {
				t.Error("the page is wider than the viewport")
			}
			if len(overlaps) > 0 {
				t.Errorf("overlapping elements: %v", overlaps)
			}
			shot(t, ctx, fmt.Sprintf("layout-%dx%d.png", sz.w, sz.h), false)
			con.check(t)
		})
	}
}

// overlapJS lists pairs of sibling panels and toolbar buttons whose
// boxes intersect.
const overlapJS = `(() => {
  const out = [];
  const groups = [".grid > *", ".area-stage > *", ".area-side > *", ".controls > *", ".panel-switch > *", ".preset-cards > li", ".actions > *"];
  for (const g of groups) {
    const els = [...document.querySelectorAll(g)].filter(e => e.offsetParent !== null);
    for (let i = 0; i < els.length; i++) for (let j = i + 1; j < els.length; j++) {
      const a = els[i].getBoundingClientRect(), b = els[j].getBoundingClientRect();
      if (a.width && b.width && a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
        out.push(g + " #" + i + " and #" + j);
    }
  }
  return out;
})()`

// Frame time during playback of a 100-job, 64-node scenario: the paint
// time of each Gantt frame and the interval between animation frames,
// measured in the page with performance.now. Reported, not asserted
// (no timed assertions).
func TestFrameTime(t *testing.T) {
	measurement(t)
	_, ctx, con, url := browser(t, 1280, 800)
	s := &model.Scenario{Version: model.Version, Name: "100 jobs on 64 nodes", Seed: 5,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 32}, {ID: "c1", Nodes: 32}}},
		Policy:   model.Policy{Name: "multisite-greedy"}}
	for i := 0; i < 100; i++ {
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", i+1), Submit: float64(2 * i), Size: 1 + (i*13)%32,
			Runtime: float64(20 + (i*37)%120), Origin: []string{"c0", "c1"}[i%2]})
	}
	tok, err := link.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	var paint, raf []float64
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/#s="+tok), waitDone("multisite-greedy"),
		chromedp.Evaluate(`(() => {
  globalThis.gridplayTest.frameTimes.length = 0;
  globalThis.rafTimes = [];
  let last = performance.now();
  const loop = (t) => { globalThis.rafTimes.push(t - last); last = t; if (globalThis.rafTimes.length < 400) requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
  return true;
})()`, nil),
		chromedp.Click(`button.play`, chromedp.ByQuery),
		chromedp.Sleep(4*time.Second),
		chromedp.Evaluate(`globalThis.gridplayTest?.frameTimes.slice()`, &paint),
		chromedp.Evaluate(`globalThis.rafTimes.slice(1)`, &raf),
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(paint) < 10 {
		t.Fatalf("only %d Gantt frames painted during playback", len(paint))
	}
	fmt.Printf("gridplay e2e: 100 jobs / 64 nodes playback: Gantt paint p95 %.1f ms (n=%d), frame interval p95 %.1f ms (n=%d)\n",
		p95(paint), len(paint), p95(raf), len(raf))
	b, _ := json.Marshal(map[string]any{"paint_p95_ms": p95(paint), "frame_interval_p95_ms": p95(raf), "paints": len(paint), "frames": len(raf)})
	writeArtifact("frame-time.json", b)
	con.check(t)
}

func p95(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[int(math.Ceil(0.95*float64(len(s))))-1]
}

// A long run shows the progress bar; Cancel stops it and the page stays
// responsive meanwhile.
func TestProgressCancel(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 800)
	// A TITAN run the page asks about (estimated over 30 s) and the
	// engine accepts: Run anyway starts it.
	tok := longTitan(t)
	var progress, errText string
	var stepped bool
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#s="+tok),
		waitAsk("ask"),
		chromedp.Click(`button.cost-run`, chromedp.ByQuery),
		chromedp.WaitVisible(`.progress`, chromedp.ByQuery),
		chromedp.Text(`.progress`, &progress, chromedp.ByQuery),
		// The page answers while the engine works: open and close the
		// embed dialog.
		openPanels("share"),
		chromedp.Click(`button.embed-btn`, chromedp.ByQuery),
		chromedp.WaitVisible(`.embed-dialog`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector(".embed-dialog") !== null`, &stepped),
		chromedp.Click(`button.cancel`, chromedp.ByQuery),
		chromedp.WaitVisible(`.run-cancelled`, chromedp.ByQuery),
		chromedp.Text(`.run-cancelled`, &errText, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("progress/cancel: %v", err)
	}
	if !strings.Contains(progress, "Running titan") || !stepped {
		t.Errorf("progress %q, dialog opened %v", progress, stepped)
	}
	if !strings.Contains(errText, "cancelled") {
		t.Errorf("after Cancel: %q", errText)
	}
	// The engine still answers after a cancel.
	if err := chromedp.Run(ctx, choosePreset("classic-backfill"), waitDone("easy")); err != nil {
		t.Errorf("run after cancel: %v", err)
	}
	con.check(t)
}
