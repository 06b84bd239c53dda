//go:build !js

package e2e

// Browser tests of the first five minutes (issue 17): the first screen at
// desktop and phone sizes, the narration of every view, a lesson built,
// shared and reopened elsewhere, the embed driven from another origin,
// an accessibility check, and the import's policy switch.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"gridplay/engine/link"
	"gridplay/engine/model"
)

// watchFirstScreen records, from the first script of the page on, when
// the Gantt chart has jobs on it and the narration says something, and
// whether both are in the first screen then (performance.now, ms since
// navigation).
const watchFirstScreen = `(() => {
  const inView = (e) => { const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.top < innerHeight && r.left < innerWidth; };
  const look = () => {
    const g = document.querySelector("canvas#gantt[data-drawn='1']");
    const n = document.querySelector("#narration");
    if (g && n && n.textContent.trim().length > 20) {
      window.__firstScreen = { ms: performance.now(), gantt: inView(g), narration: inView(n), text: n.textContent };
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`

type firstScreen struct {
	MS        float64 `json:"ms"`
	Gantt     bool    `json:"gantt"`
	Narration bool    `json:"narration"`
	Text      string  `json:"text"`
}

// A newcomer sees the chart, its playback controls and a sentence that
// explains the frame in the first screen, at 1366x900 and on a 390x844
// phone; the presets are a row of named cards, the policies one menu
// grouped by paper, and the editors folded. The time from navigation to
// the narrated chart is logged.
func TestFirstScreen(t *testing.T) {
	for _, sz := range []struct{ w, h int }{{1366, 900}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", sz.w, sz.h), func(t *testing.T) {
			_, ctx, con, url := browser(t, sz.w, sz.h)
			var fs firstScreen
			var cards []string
			var groups, openPanels int
			var controlsTop, ganttTop, panelsTop, presetsTop, outputsTop, pageH float64
			var playing bool
			var loads map[string]float64
			err := chromedp.Run(ctx,
				chromedp.EmulateViewport(int64(sz.w), int64(sz.h)),
				chromedp.ActionFunc(func(ctx context.Context) error {
					_, err := page.AddScriptToEvaluateOnNewDocument(watchFirstScreen).Do(ctx)
					return err
				}),
				chromedp.Navigate(url+"/"),
				chromedp.Poll(`window.__firstScreen !== undefined`, nil, chromedp.WithPollingTimeout(tabLimit())),
				chromedp.Evaluate(`window.__firstScreen`, &fs),
				// Where the time went: the page's and the engine's wasm
				// downloaded (responseEnd) and the first chart drawn.
				chromedp.Evaluate(`(() => {
  const at = (f) => { const e = performance.getEntriesByType("resource").find(r => r.name.endsWith(f)); return e ? e.responseEnd : -1; };
  return {app_wasm: at("/app.wasm"), first_gantt: globalThis.gridplayTest?.firstGantt || -1};
})()`, &loads),
				// The replay runs by itself: the pause button is live.
				chromedp.Evaluate(`!document.querySelector("button.pause").disabled || document.querySelector(".clock").textContent.includes("packing step")`, &playing),
				chromedp.Evaluate(`[...document.querySelectorAll("button.preset-card .card-title")].map(e => e.textContent)`, &cards),
				// The menu fills when the policy list is in, which may
				// come just after the chart.
				chromedp.Poll(`document.querySelectorAll("select.policy-select optgroup").length >= 5`, nil, chromedp.WithPollingTimeout(10*time.Second)),
				chromedp.Evaluate(`document.querySelectorAll("select.policy-select optgroup").length`, &groups),
				chromedp.Evaluate(`[...document.querySelectorAll(".area-panels > section.panel")].filter(p => !p.hidden).length`, &openPanels),
				chromedp.Evaluate(`document.querySelector(".gantt .controls").getBoundingClientRect().top`, &controlsTop),
				chromedp.Evaluate(`document.querySelector("canvas#gantt").getBoundingClientRect().top`, &ganttTop),
				chromedp.Evaluate(`document.querySelector(".area-panels").getBoundingClientRect().top`, &panelsTop),
				chromedp.Evaluate(`document.querySelector(".area-presets").getBoundingClientRect().top`, &presetsTop),
				chromedp.Evaluate(`document.querySelector(".area-outputs").getBoundingClientRect().top`, &outputsTop),
				chromedp.Evaluate(`document.documentElement.scrollHeight`, &pageH),
			)
			if err != nil {
				t.Fatalf("%v; console:\n%s", err, strings.Join(con.all, "\n"))
			}
			t.Logf("%dx%d: the chart and the sentence explaining it were in place %.0f ms after navigation (app.wasm downloaded at %.0f ms, first chart drawn at %.0f ms): %q",
				sz.w, sz.h, fs.MS, loads["app_wasm"], loads["first_gantt"], fs.Text)
			fmt.Printf("gridplay e2e: first screen %dx%d narrated chart at %.0f ms after navigation\n", sz.w, sz.h, fs.MS)
			if !fs.Gantt || !fs.Narration {
				t.Errorf("not in the first screen: chart %v, narration %v", fs.Gantt, fs.Narration)
			}
			if !playing {
				t.Error("the replay does not start by itself")
			}
			if ganttTop > float64(sz.h)/2 {
				t.Errorf("the chart starts %.0f px down a %d px screen", ganttTop, sz.h)
			}
			if panelsTop < ganttTop || controlsTop > ganttTop {
				t.Errorf("order: controls %.0f, chart %.0f, panels %.0f (want controls, chart, then the editors)", controlsTop, ganttTop, panelsTop)
			}
			// The presets are at the top, and the editing panels come
			// before the run's detailed results (issue 39: on a phone the
			// presets began 1,868 px down a 4,338 px page, and the
			// panels under every chart).
			t.Logf("%dx%d: presets at %.0f px, chart %.0f, panels %.0f, results %.0f, page %.0f px high", sz.w, sz.h, presetsTop, ganttTop, panelsTop, outputsTop, pageH)
			if presetsTop > ganttTop || presetsTop > float64(sz.h)/4 {
				t.Errorf("the presets start %.0f px down (the chart at %.0f)", presetsTop, ganttTop)
			}
			if outputsTop < panelsTop {
				t.Errorf("the editing panels (%.0f px) come after the detailed results (%.0f px)", panelsTop, outputsTop)
			}
			if sz.w == 1366 {
				perJobTableFits(t, ctx)
			}
			want := []string{"MUSCLE packs six jobs", "EASY backfills twelve jobs"}
			for _, w := range want {
				found := false
				for _, c := range cards {
					found = found || c == w
				}
				if !found {
					t.Errorf("preset cards %q lack %q", cards, w)
				}
			}
			if groups < 5 {
				t.Errorf("the policy menu has %d paper groups", groups)
			}
			if openPanels != 0 {
				t.Errorf("%d panels are unfolded on arrival", openPanels)
			}
			name := fmt.Sprintf("first-screen-%dx%d.png", sz.w, sz.h)
			var png []byte
			if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&png)); err == nil {
				writeArtifact(name, png)
			}
			con.check(t)
		})
	}
}

// narration reads the sentence under the chart and its glossary links.
func narration(ctx context.Context) (text string, terms []string, err error) {
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector("#narration").textContent`, &text),
		chromedp.Evaluate(`[...document.querySelectorAll("#narration a.term")].map(a => a.getAttribute("href"))`, &terms),
	)
	return
}

// seekTo moves the scrubber to share p of the replay (0 to 1).
func seekTo(p float64) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => {
  const b = document.querySelector("button.pause");
  if (b && !b.disabled) b.click();
  const r = document.querySelector("input.scrubber");
  r.value = String(Math.round(%f * 1000));
  r.dispatchEvent(new Event("input", { bubbles: true }));
  return true;
})()`, p), nil)
}

// The narration says in words what each view's frame at the clock means,
// links its terms to the glossary, and follows the clock.
func TestNarrationOfEachView(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitDone("muscle")); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		preset, policy, view string
		at                   float64
		want                 []string
		term                 string
	}{
		{"muscle-table1", "muscle", "packing", 0.6, []string{"Round 1", "MUSCLE"}, "glossary.html#"},
		{"muscle-table1", "muscle", "packing", 1, []string{"Round 1 is packed", "CP per cluster", "(eq. 1)"}, "glossary.html#cp"},
		{"muscle-table1", "muscle", "ga", 1, []string{"Round 1, C2: generation", "best CP"}, "glossary.html#cp"},
		{"titan-fig9", "titan", "ga", 0.5, []string{"generation", "cost f"}, "glossary.html#"},
		{"gamf-fig7", "gamf", "ga", 1, []string{"generation", "fitness F", "makespan"}, "glossary.html#fitness"},
		{"classic-backfill", "easy", "backfill", 1, []string{"backfills at t =", "ahead of"}, "glossary.html#"},
		{"hybrid-table1", "hybrid-phrs", "hybrid", 1, []string{"t = "}, "glossary.html#"},
	}
	for _, tc := range cases {
		var text string
		var terms []string
		// The view's tab is clicked until the frame view shows it (a
		// render in between can replace the button under a click).
		err := chromedp.Run(ctx, choosePreset(tc.preset), waitDone(tc.policy),
			chromedp.Poll(fmt.Sprintf(`(() => {
  const b = document.querySelector("button.tab-%[1]s");
  if (b && b.getAttribute("aria-selected") !== "true") b.click();
  return document.querySelector("canvas#frames")?.dataset.view === "%[1]s";
})()`, tc.view), nil, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second)),
			seekTo(tc.at), quiet())
		if err == nil {
			text, terms, err = narration(ctx)
		}
		if err != nil {
			t.Errorf("%s %s: %v", tc.preset, tc.view, err)
			continue
		}
		t.Logf("%s, %s view at %.0f%%: %s", tc.preset, tc.view, 100*tc.at, text)
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s %s: narration %q lacks %q", tc.preset, tc.view, text, w)
			}
		}
		ok := false
		for _, h := range terms {
			ok = ok || strings.HasPrefix(h, tc.term)
		}
		if !ok {
			t.Errorf("%s %s: glossary links %v, want one to %s", tc.preset, tc.view, terms, tc.term)
		}
	}
	// It follows the clock: a step back changes the sentence of the
	// packing view, and the glossary has the linked entry.
	var before, after string
	err := chromedp.Run(ctx, choosePreset("muscle-table1"), waitDone("muscle"),
		// A tenth of the replay is in MUSCLE Table 1's packing frames.
		chromedp.Click(`button.tab-packing`, chromedp.ByQuery), seekTo(0.1), quiet(),
		chromedp.Text(`#narration`, &before, chromedp.ByQuery),
		chromedp.Click(`button.step-back`, chromedp.ByQuery), chromedp.Click(`button.step-back`, chromedp.ByQuery), quiet(),
		chromedp.Text(`#narration`, &after, chromedp.ByQuery))
	if err != nil {
		t.Fatal(err)
	}
	if before == after {
		t.Errorf("stepping back did not change the narration: %q", before)
	}
	// A policy without animation frames: the narration reads the chart.
	s := classicScenario()
	s.Policy.Name = "fcfs"
	tok, _ := link.Encode(s)
	var text string
	err = chromedp.Run(ctx, chromedp.Navigate(url+"/#s="+tok), waitDone("fcfs"), seekTo(0.3), quiet(),
		chromedp.Text(`#narration`, &text, chromedp.ByQuery))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(text, "At t = ") || !strings.Contains(text, "of 16 nodes") {
		t.Errorf("schedule narration %q", text)
	}
	// The glossary page has the ε entry with MUSCLE eq. 3.
	var gl string
	err = chromedp.Run(ctx, chromedp.Navigate(url+"/glossary.html#epsilon"), chromedp.Text(`dt#epsilon + dd`, &gl, chromedp.ByQuery))
	if err != nil || !strings.Contains(gl, "MUSCLE eq. 3") {
		t.Errorf("glossary ε entry %q (%v)", gl, err)
	}
	con.check(t)
}

// typeValue sets an input's value as a person would, with its events.
func typeValue(sel, v string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => {
  const i = document.querySelector(%q);
  i.value = %q;
  i.dispatchEvent(new Event("input", {bubbles: true}));
  i.dispatchEvent(new Event("change", {bubbles: true}));
  return true;
})()`, sel, v), nil)
}

// A teacher writes a lesson (title, text, question, a pause with a
// note), shares it by link; a student opens the link in another browser
// profile, sees the text as text (markup in it stays markup) and the
// replay pauses at the step with its note.
func TestLessonSharedAndReopened(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	title := `Backfilling <b>by hand</b>`
	note := `Look: j6 starts <i>before</i> j5.`
	var url1 string
	var stepAt float64
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"), waitDone("muscle"),
		choosePreset("classic-backfill"), waitDone("easy"),
		openPanels("lesson"),
		// The draft starts from the preset's lesson, whose step (a
		// question) the teacher removes to write their own.
		chromedp.Poll(`(() => { const b = document.querySelector("button.le-remove"); if (b) b.click(); return !b; })()`, nil,
			chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)),
		typeValue("input.le-title", title),
		typeValue("textarea.le-text", "Watch the jobs that start early.\nSecond line."),
		typeValue("input.le-question", "Which job starts first?"),
		typeValue("input.le-section", "EASY (Lifka 1995)"),
		seekTo(0.4), quiet(),
		chromedp.Click(`button.le-add-step`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelectorAll("input.le-note").length === 1`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		typeValue("input.le-note", note),
		chromedp.Evaluate(`parseFloat(document.querySelector(".le-at").textContent.replace("t = ", ""))`, &stepAt),
		chromedp.Click(`button.le-share`, chromedp.ByQuery),
		chromedp.Poll(`!!document.querySelector("input.le-url")`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.querySelector("input.le-url").value`, &url1),
	)
	if err != nil {
		t.Fatalf("%v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if !strings.Contains(url1, "#s=v1.") || !strings.Contains(url1, "&l=v1.") {
		t.Fatalf("lesson link %q", url1)
	}
	shot(t, ctx, "lesson-written.png", false)

	// Another browser, its own profile: nothing carries over but the link.
	_, ctx2, con2, _ := browser(t, 1280, 900)
	var shownTitle, shownText, shownQ, stop string
	var injected bool
	var clock string
	err = chromedp.Run(ctx2,
		chromedp.Navigate(url1), waitDone("easy"),
		chromedp.Text(`.lesson-card .lesson-title`, &shownTitle, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector(".lesson-card .lesson-text").textContent`, &shownText),
		chromedp.Text(`.lesson-card .lesson-question`, &shownQ, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector(".lesson-card b, .lesson-card i") !== null`, &injected),
		// Play from the start: the replay pauses at the step.
		seekTo(0), chromedp.Click(`button.play`, chromedp.ByQuery),
		chromedp.Poll(`!!document.querySelector(".lesson-stop")`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Text(`.lesson-stop`, &stop, chromedp.ByQuery),
		chromedp.Text(`.clock`, &clock, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("reopened: %v; console:\n%s", err, strings.Join(con2.all, "\n"))
	}
	if shownTitle != title {
		t.Errorf("title %q, want the text %q", shownTitle, title)
	}
	if injected {
		t.Error("markup in the lesson became elements")
	}
	if !strings.Contains(shownText, "Second line.") || !strings.Contains(shownQ, "Which job starts first?") {
		t.Errorf("text %q, question %q", shownText, shownQ)
	}
	if !strings.Contains(stop, note) {
		t.Errorf("paused with %q, want the note %q", stop, note)
	}
	if !strings.HasPrefix(clock, "t = "+strconv.FormatFloat(stepAt, 'f', -1, 64)+" s") && !strings.HasPrefix(clock, fmt.Sprintf("t = %.1f s", stepAt)) {
		t.Errorf("paused at %q, the step is at %v s", clock, stepAt)
	}
	shot(t, ctx2, "lesson-reopened.png", false)
	con.check(t)
	con2.check(t)
}

// coursePage is a course page on another origin that embeds gridplay and
// drives it with postMessage, keeping every message it gets.
const coursePage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A course page</title></head><body>
<h1>Backfilling, week 3</h1>
<iframe id="gp" src="%s" width="800" height="520" style="border:0" title="gridplay"></iframe>
<script>
window.msgs = [];
window.addEventListener("message", (ev) => {
  if (ev.source !== document.getElementById("gp").contentWindow) return;
  if (ev.data && typeof ev.data.gridplay === "string") window.msgs.push(Object.assign({origin: ev.origin}, ev.data));
});
window.send = (m) => document.getElementById("gp").contentWindow.postMessage(m, "*");
window.last = (kind) => { for (let i = msgs.length - 1; i >= 0; i--) if (msgs[i].gridplay === kind) return msgs[i]; return null; };
</script></body></html>`

// The embed, served from another origin than the course page around it,
// takes play, pause, seek and load from the page by postMessage and
// posts its clock back.
func TestEmbedDrivenFromAnotherOrigin(t *testing.T) {
	_, ctx, con, url := browser(t, 1000, 700)
	tok, err := link.Encode(classicScenario())
	if err != nil {
		t.Fatal(err)
	}
	embedURL := url + "/embed.html#s=" + tok + "&autoplay=0&height=320"
	course := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, coursePage, embedURL)
	}))
	t.Cleanup(course.Close)
	if course.URL == url {
		t.Fatal("the course page and the embed share an origin")
	}
	type msg struct {
		Kind    string  `json:"gridplay"`
		Origin  string  `json:"origin"`
		T       float64 `json:"t"`
		End     float64 `json:"end"`
		Playing bool    `json:"playing"`
		Policy  string  `json:"policy"`
		Name    string  `json:"name"`
		Text    string  `json:"text"`
	}
	var ready, paused, moved, loaded msg
	var later float64
	err = chromedp.Run(ctx,
		chromedp.Navigate(course.URL+"/"),
		chromedp.Poll(`window.last("ready") !== null`, nil, chromedp.WithPollingTimeout(tabLimit())),
		chromedp.Evaluate(`window.last("ready")`, &ready),
		// Seek to 40 s: the embed says so.
		chromedp.Evaluate(`window.send({gridplay: "seek", t: 40}); true`, nil),
		chromedp.Poll(`(window.last("clock") || {}).t === 40`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`window.last("clock")`, &paused),
		// Play: the clock moves on.
		chromedp.Evaluate(`window.send({gridplay: "play"}); true`, nil),
		chromedp.Poll(`(() => { const c = window.last("clock"); return c && c.playing && c.t > 40; })()`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`window.send({gridplay: "pause"}); true`, nil),
		chromedp.Poll(`(() => { const c = window.last("clock"); return c && !c.playing; })()`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`window.last("clock")`, &moved),
		frames(30),
		chromedp.Evaluate(`window.last("clock").t`, &later),
	)
	if err != nil {
		t.Fatalf("%v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if ready.Origin != url || ready.Policy != "easy" || ready.Name != classicScenario().Name || ready.End <= 0 {
		t.Errorf("ready %+v (embed origin %s)", ready, url)
	}
	if paused.Playing || paused.T != 40 || paused.Text == "" {
		t.Errorf("after seek 40: %+v", paused)
	}
	if moved.T <= 40 || later != moved.T {
		t.Errorf("after play and pause: %+v, then t = %v", moved, later)
	}
	// Load another scenario into the embed.
	other := classicScenario()
	other.Name = "loaded by the course page"
	other.Policy.Name = "conservative"
	tok2, _ := link.Encode(other)
	err = chromedp.Run(ctx,
		chromedp.Evaluate(fmt.Sprintf(`window.send({gridplay: "load", link: "#s=%s"}); true`, tok2), nil),
		chromedp.Poll(`(window.last("clock") || {}).name === "loaded by the course page" || (window.last("ready") || {}).name === "loaded by the course page"`, nil, chromedp.WithPollingTimeout(tabLimit())),
		chromedp.Evaluate(`[...window.msgs].reverse().find(m => m.name === "loaded by the course page")`, &loaded),
	)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if loaded.Policy != "conservative" {
		t.Errorf("after load: %+v", loaded)
	}
	shot(t, ctx, "embed-cross-origin.png", false)
	con.check(t)
}

// Importing a trace switches the policy to EASY and names the scenario
// after the file, unless the user chose a policy since the preset
// loaded: then the choice stays.
func TestImportPolicySwitch(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	cut := writeTraceCut(t, t.TempDir(), 300)
	imp := func() chromedp.Action {
		return chromedp.Tasks{
			chromedp.SetUploadFiles(`input.jt-swf`, []string{cut}, chromedp.ByQuery),
			chromedp.Poll(`document.querySelector(".summary h2").textContent.includes("KTH-SP2-cut")`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		}
	}
	var name1, name2 string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"), waitDone("muscle"),
		openPanels("jobs"),
		imp(), waitDone("easy"),
		chromedp.Text(`.summary h2`, &name1, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("import after the preset: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if !strings.Contains(name1, "KTH-SP2-cut") {
		t.Errorf("the scenario is named %q, not after the file", name1)
	}
	// A preset, then a policy chosen by the user, then an import: the
	// choice stays.
	err = chromedp.Run(ctx,
		choosePreset("classic-backfill"), waitDone("easy"),
		choosePolicy("conservative"), waitDone("conservative"),
		imp(), waitDone("conservative"),
		chromedp.Text(`.summary h2`, &name2, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("import after choosing a policy: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if !strings.Contains(name2, "KTH-SP2-cut") {
		t.Errorf("second import named %q", name2)
	}
	con.check(t)
}

// A policy that cannot run the scenario is greyed in both pickers, with
// the reason in words and a fix that works.
func TestGreyedPolicyAndFix(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	var why, label string
	var disabled, cmpDisabled bool
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"), waitDone("muscle"),
		openPanels("compare"),
		chromedp.Poll(`!!document.querySelector('.cmp-item.greyed[data-policy="easy"] .why')`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Text(`.cmp-item[data-policy="easy"] .why`, &why, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('input.cmp[data-policy="easy"]').disabled`, &cmpDisabled),
		chromedp.Evaluate(`document.querySelector('select.policy-select option[value="easy"]').disabled`, &disabled),
		chromedp.Evaluate(`document.querySelector('select.policy-select option[value="easy"]').textContent`, &label),
		// The fix "Keep only C1" makes easy runnable.
		chromedp.Click(`.cmp-item[data-policy="easy"] button.fix[data-keep="C1"]`, chromedp.ByQuery),
		chromedp.Poll(`!document.querySelector('input.cmp[data-policy="easy"]').disabled`, nil, chromedp.WithPollingTimeout(30*time.Second)),
	)
	if err != nil {
		t.Fatalf("%v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if !strings.Contains(why, "one cluster") || !strings.Contains(why, "has 2") {
		t.Errorf("reason %q", why)
	}
	if !disabled || !cmpDisabled || !strings.Contains(label, "needs one cluster") {
		t.Errorf("menu option disabled %v (%q), compare box disabled %v", disabled, label, cmpDisabled)
	}
	shot(t, ctx, "compare-greyed.png", false)
	con.check(t)
}

// Compare answers with grouped bars of the metrics every chosen policy
// reports, the table one click away.
func TestCompareAsPictures(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	var groups, bars, best int
	var metrics, allRows, someRows []string
	var tableHidden, tableShown bool
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"), waitDone("muscle"),
		choosePreset("classic-backfill"), waitDone("easy"),
		openPanels("compare"),
		chromedp.Click(`button.compare`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelectorAll(".cmp-metric").length > 0 && !document.querySelector(".progress:not([hidden])")`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Evaluate(`document.querySelectorAll(".cmp-metric").length`, &groups),
		chromedp.Evaluate(`document.querySelectorAll(".cmp-metric .cmp-bar").length`, &bars),
		chromedp.Evaluate(`document.querySelectorAll(".cmp-bar[data-best=true]").length`, &best),
		chromedp.Evaluate(`[...document.querySelectorAll(".cmp-metric")].map(e => e.dataset.metric)`, &metrics),
		chromedp.Evaluate(`[...document.querySelectorAll(".compare-table tbody:not(.partial-rows) tr")].map(e => e.dataset.metric)`, &allRows),
		chromedp.Evaluate(`[...document.querySelectorAll(".compare-table tbody.partial-rows tr")].map(e => e.dataset.metric)`, &someRows),
		chromedp.Evaluate(`document.querySelector("#compare-table-wrap").hidden`, &tableHidden),
		chromedp.Click(`button.show-table`, chromedp.ByQuery),
		chromedp.Evaluate(`!document.querySelector("#compare-table-wrap").hidden && document.querySelectorAll(".compare-table thead th").length === 4`, &tableShown),
	)
	if err != nil {
		t.Fatalf("%v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if groups == 0 || bars != 3*groups || best == 0 {
		t.Errorf("%d metric groups, %d bars (want 3 per group), %d best", groups, bars, best)
	}
	// The picture shows exactly the metrics every policy reports; the
	// ones only some report stay in the table.
	if strings.Join(metrics, ",") != strings.Join(allRows, ",") {
		t.Errorf("pictured metrics %v, reported by all %v", metrics, allRows)
	}
	for _, m := range someRows {
		for _, p := range metrics {
			if m == p {
				t.Errorf("the picture shows %s, which only some policies report", m)
			}
		}
	}
	t.Logf("pictured: %v; in the table only: %v", metrics, someRows)
	if !tableHidden || !tableShown {
		t.Errorf("table hidden at first %v, shown after one click %v", tableHidden, tableShown)
	}
	shot(t, ctx, "compare-bars.png", false)
	con.check(t)
}

// The embed shows a poster frame (the chart's lanes before anything is
// scheduled) until its WebAssembly runs, and its HTML, CSS and
// JavaScript stay small: at most 32 KB as the browser receives them
// (decoded), beside the two wasm files.
func TestEmbedPosterAndSize(t *testing.T) {
	_, ctx, con, url := browser(t, 800, 500)
	tok, err := link.Encode(classicScenario())
	if err != nil {
		t.Fatal(err)
	}
	var rows int
	var title string
	err = chromedp.Run(ctx,
		// The page's program is held back (its request paused, never
		// answered): the poster stays.
		fetch.Enable().WithPatterns([]*fetch.RequestPattern{{URLPattern: "*app.wasm*"}}),
		chromedp.Navigate(url+"/embed.html#s="+tok+"&autoplay=1"),
		chromedp.Poll(`document.querySelectorAll(".poster-row").length > 0`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`document.querySelectorAll(".poster-row").length`, &rows),
		chromedp.Text(`#poster-title`, &title, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if rows != 16 || title != classicScenario().Name {
		t.Errorf("poster: %d rows (want the 16 nodes), title %q", rows, title)
	}
	shot(t, ctx, "embed-poster.png", false)
	// What the embed loads besides the wasm files: the page, its style,
	// the Go glue and the engine worker's scripts, as the browser
	// receives them (brotli, the JavaScript and CSS minified by
	// ./build.sh, wasm/internal/precompress): fetched in the page, their
	// sizes read from Resource Timing, on the wire and decoded.
	var got []struct {
		File     string  `json:"file"`
		Encoding string  `json:"encoding"`
		Wire     float64 `json:"wire"`
		Decoded  float64 `json:"decoded"`
	}
	err = chromedp.Run(ctx, chromedp.Evaluate(`(async () => {
  const out = [];
  for (const f of ["embed.html", "embed.css", "wasm_exec.js", "main.js", "engine-client.mjs", "engine-worker.mjs"]) {
    const u = new URL(f, location.href).href;
    const r = await fetch(u, {cache: "no-store"});
    await r.arrayBuffer();
    await new Promise((done) => setTimeout(done, 0));
    const e = performance.getEntriesByName(u).at(-1);
    out.push({file: f, encoding: r.headers.get("Content-Encoding") || "", wire: e.encodedBodySize, decoded: e.decodedBodySize});
  }
  return out;
})()`, &got, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if err != nil {
		t.Fatal(err)
	}
	wire, decoded, raw := 0, 0, 0
	var parts []string
	for _, g := range got {
		st, err := os.Stat(filepath.Join(staticDir, g.File))
		if err != nil {
			t.Fatalf("%s: %v", g.File, err)
		}
		wire += int(g.Wire)
		decoded += int(g.Decoded)
		raw += int(st.Size())
		parts = append(parts, fmt.Sprintf("%s %d -> %d (%s %d)", g.File, st.Size(), int(g.Decoded), g.Encoding, int(g.Wire)))
		if g.Encoding != "br" {
			t.Errorf("%s came with Content-Encoding %q, want br", g.File, g.Encoding)
		}
	}
	t.Logf("embed HTML/CSS/JS as received: %d bytes decoded, %d on the wire (brotli); the sources in static/ %d bytes (%s)", decoded, wire, raw, strings.Join(parts, ", "))
	fmt.Printf("gridplay e2e: embed HTML/CSS/JS as received %d bytes (%d brotli on the wire; sources %d bytes)\n", decoded, wire, raw)
	// Issue 17: "about 30 KB of HTML/CSS/JS plus the two wasm files",
	// read as the bytes the browser has once it decoded them.
	if decoded > 32<<10 {
		t.Errorf("the embed's HTML, CSS and JavaScript are %d bytes as received (decoded), over the 32 KB budget", decoded)
	}
	con.check(t)
}

var _ = model.Version

// perJobTableFits (issue 39, item 14): at 1366 px the per-job table
// began with a blank row (its top spacer took a row's height) and cut off
// its last columns.
func perJobTableFits(t *testing.T, ctx context.Context) {
	t.Helper()
	var m struct {
		Gap                 float64
		ScrollW, ClientW    float64
		MinW                float64
		LastRight, BoxRight float64
	}
	err := chromedp.Run(ctx,
		chromedp.Poll(`document.querySelector("section.outputs[data-ready='true'] tbody.ot-body tr[data-k]") !== null`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Evaluate(`(() => {
  const s = document.querySelector(".ot-scroll"), head = s.querySelector("thead").getBoundingClientRect();
  const row = s.querySelector("tbody.ot-body tr[data-k]").getBoundingClientRect();
  const ths = s.querySelectorAll("thead th");
  return {gap: row.top - head.bottom, scrollW: s.scrollWidth, clientW: s.clientWidth, minW: parseFloat(getComputedStyle(s.querySelector("table")).minWidth),
    lastRight: ths[ths.length - 1].getBoundingClientRect().right, boxRight: s.getBoundingClientRect().right};
})()`, &m))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("per-job table at 1366 px: first row %.0f px under the header; %.0f px of columns (at least %.0f) in %.0f px", m.Gap, m.ScrollW, m.MinW, m.ClientW)
	if m.Gap > 1 {
		t.Errorf("a blank %.0f px above the first row of the per-job table", m.Gap)
	}
	// With room for a classic 17 px scroll bar of the page (headless
	// Chromium's are overlays, and 928 px of columns fitted 928 px here
	// while they were cut off on a desktop).
	if m.ScrollW > m.ClientW+1 || m.LastRight > m.BoxRight+1 || m.MinW+17 > m.ClientW {
		t.Errorf("the per-job table's columns take %.0f px (at least %.0f) in %.0f px: the last ones are cut off, or are with a page scroll bar", m.ScrollW, m.MinW, m.ClientW)
	}
}
