//go:build !js

package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gridplay/engine/link"
	"gridplay/engine/model"
	"gridplay/engine/swf"
)

// TestImportKeptAndPresetLeft (issue 39, items 5 and 7): a trace
// imported over the first preset is the user's scenario, so the preset
// card and its lesson go ("MUSCLE packs six jobs" stayed highlighted,
// with its question, beside the trace); and a trace too big for
// localStorage (over 20,000 jobs) is kept in IndexedDB and read back
// after a reload (the page showed the first preset again, without a
// word).
func TestImportKeptAndPresetLeft(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	cut := writeTraceCut(t, t.TempDir(), 21000)
	f, err := os.Open(cut)
	if err != nil {
		t.Fatal(err)
	}
	im, err := swf.Import(filepath.Base(cut), f, 0)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	jobs := commaInt(im.Kept) + " jobs"
	var preset, lesson string
	err = chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitDone("muscle"), openPanels("jobs"),
		chromedp.SetUploadFiles(`input.jt-swf`, []string{cut}, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector(".jt-count")?.textContent === `+strconv.Quote(jobs), nil, chromedp.WithPollingTimeout(60*time.Second)),
		waitDone("easy"),
		chromedp.Evaluate(presetShown, &preset),
		chromedp.Text(`.lesson-card .lesson-title`, &lesson, chromedp.ByQuery),
		// Autosave keeps it: the marker in localStorage, the scenario
		// in IndexedDB.
		chromedp.Poll(`(localStorage.getItem("gridplay.scenario.v1") || "").startsWith("gpidb1:`+strconv.Itoa(im.Kept)+`:")`, nil, chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil {
		t.Fatalf("import: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if preset != "" || lesson != "Your scenario" {
		t.Errorf("after the import: preset card %q shown, lesson %q", preset, lesson)
	}
	var notice, facts string
	t0 := time.Now()
	err = chromedp.Run(ctx, chromedp.Reload(), waitDone("easy"),
		chromedp.Poll(`(document.querySelector(".notice-text")?.textContent || "").includes("read back")`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Text(`.notice-text`, &notice, chromedp.ByQuery),
		chromedp.Text(`.summary .facts`, &facts, chromedp.ByQuery),
		chromedp.Evaluate(presetShown, &preset))
	if err != nil {
		t.Fatalf("reload: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	t.Logf("reloaded in %v: %s", time.Since(t0).Round(time.Millisecond), notice)
	if !strings.Contains(notice, jobs) || !strings.Contains(facts, strconv.Itoa(im.Kept)) || preset != "" {
		t.Errorf("after the reload: facts %q, preset %q", facts, preset)
	}
	con.check(t)
}

// TestEmbedFitsItsFrame (issue 39, item 10): the embed code's iframe
// was 630 px high for 703 px of content on a desktop and 829 on a
// phone, where the lesson card covered the narration. The code's own
// height now fits the content at a desktop width, and its script takes
// the height the embed reports, at any width; the lesson card stays
// under the narration. On the way, in the embed: the EASY lesson's step
// asks which jobs start at 40 s and checks the answer (newcomer
// friction), and once Play has run to the end the card no longer says
// "Paused here" (item 8).
func TestEmbedFitsItsFrame(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	var code string
	err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitDone("muscle"),
		choosePreset("classic-backfill"), waitDone("easy"), openPanels("share"),
		chromedp.Click(`button.embed-btn`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector("textarea.embed-code")?.value.startsWith("<iframe")`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`document.querySelector("textarea.embed-code").value`, &code))
	if err != nil {
		t.Fatal(err)
	}
	// A course page with the code in a column 800 px wide.
	host := `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0"><div id="col" style="max-width:800px">` + code + `</div></body></html>`
	inner := `document.querySelector("iframe").contentDocument`
	// content is the height of what the embed shows, as main.js
	// measures it; the frame's height; whether the embed's box scrolls;
	// the lesson card's top less the narration's bottom.
	type fit struct {
		Content, Frame, Attr float64
		Scrolls              bool
		Gap                  float64
	}
	measure := `(() => {
  const d = ` + inner + `, b = d.querySelector(".embed");
  let bottom = 0;
  for (const c of b.children) bottom = Math.max(bottom, c.getBoundingClientRect().bottom);
  const n = d.querySelector(".narration, #narration"), l = d.querySelector(".lesson-card");
  return {content: Math.ceil(bottom - b.getBoundingClientRect().top + parseFloat(getComputedStyle(b).paddingBottom)),
    frame: document.querySelector("iframe").getBoundingClientRect().height,
    attr: +document.querySelector("iframe").getAttribute("height"),
    scrolls: b.scrollHeight > b.clientHeight + 1,
    gap: l && n ? l.getBoundingClientRect().top - n.getBoundingClientRect().bottom : 0};
})()`
	ready := `(() => { const d = ` + inner + `; return !!d && d.querySelector(".app")?.dataset.engine === "done" && !!d.querySelector("canvas#gantt[data-drawn='1']") && !!d.querySelector(".lesson-card"); })()`
	var desk0, desk, phone fit
	fits := chromedp.Poll(`(() => { const m = `+measure+`; return Math.abs(m.frame - m.content) <= 2 && !m.scrolls; })()`, nil, chromedp.WithPollingTimeout(20*time.Second))
	var wrong, right, atEnd string
	err = chromedp.Run(ctx, chromedp.Navigate(url+"/glossary.html"),
		chromedp.Evaluate(`document.open(); document.write(`+jsString(host)+`); document.close(); true`, nil),
		chromedp.Poll(ready, nil, chromedp.WithPollingTimeout(60*time.Second)),
		// The frame takes the reported height.
		fits, chromedp.Evaluate(measure, &desk0),
		// The lesson's step: its question, a wrong pick, the right one.
		chromedp.Evaluate(inner+`.querySelector(".lesson-go").click()`, nil),
		chromedp.Poll(inner+`.querySelector(".lesson-ask .lesson-choice[data-k='1']") !== null`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(inner+`.querySelector(".lesson-choice[data-k='1']").click()`, nil),
		chromedp.Poll(inner+`.querySelector(".lesson-verdict[data-right='false']") !== null`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(inner+`.querySelector(".lesson-verdict").textContent`, &wrong),
		chromedp.Evaluate(inner+`.querySelector(".lesson-choice[data-k='2']").click()`, nil),
		chromedp.Poll(inner+`.querySelector(".lesson-verdict[data-right='true']") !== null`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(inner+`.querySelector(".lesson-verdict").textContent`, &right),
		fits, chromedp.Evaluate(measure, &desk),
		chromedp.EmulateViewport(390, 800, chromedp.EmulateMobile),
		chromedp.Poll(`(() => { const m = `+measure+`; return m.content > `+strconv.Itoa(int(desk.Content)+20)+` && Math.abs(m.frame - m.content) <= 2 && !m.scrolls; })()`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(measure, &phone),
		// Played on to the end: no "Paused here", no question.
		chromedp.Evaluate(inner+`.querySelector("button.play").click()`, nil),
		chromedp.Poll(inner+`.querySelector("#gantt-scrubber").value === "1000" && `+inner+`.querySelector("button.play:not([disabled])") !== null`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Evaluate(`[...`+inner+`.querySelectorAll(".lesson-stop, .lesson-ask")].map(e => e.textContent).join(" | ")`, &atEnd))
	if err != nil {
		var m fit
		chromedp.Run(ctx, chromedp.Evaluate(measure, &m))
		t.Fatalf("%v; last measure %+v; code %s", err, m, code)
	}
	t.Logf("desktop: content %.0f px, %.0f paused at the lesson's question, frame %.0f (code says %.0f); phone: content %.0f, frame %.0f, lesson card %.0f px under the narration", desk0.Content, desk.Content, desk.Frame, desk.Attr, phone.Content, phone.Frame, phone.Gap)
	if most := max(desk0.Content, desk.Content); desk.Attr < most || desk.Attr > most+160 {
		t.Errorf("the embed code's height %.0f px does not fit its content at a desktop width, %.0f px (%.0f at the question)", desk.Attr, desk0.Content, desk.Content)
	}
	if !strings.HasPrefix(wrong, "Not this one") || !strings.HasPrefix(right, "Right. EASY reserves") {
		t.Errorf("the step's verdicts: %q, then %q", wrong, right)
	}
	if atEnd != "" {
		t.Errorf("played to the end, the lesson card still shows %q", atEnd)
	}
	if phone.Gap < 0 || desk.Gap < 0 {
		t.Errorf("the lesson card covers the narration: %.0f px on a desktop, %.0f on a phone", desk.Gap, phone.Gap)
	}
	con.check(t)
}

// TestTraceLink (issue 39, newcomer friction): a share link names a
// shipped trace and a cut of it instead of listing its jobs. Opened, the
// page reads the cut in the engine worker and runs it; its own share
// link names the cut again; the Jobs panel loads another cut; a link
// naming a trace that does not ship is refused with the field's reason.
func TestTraceLink(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	s := &model.Scenario{Version: model.Version, Name: "KTH, first 300", Seed: 1,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "site0", Name: "KTH-SP2-1996-2", Nodes: 100}}},
		Trace:    &model.TraceRef{Name: "KTH-SP2-1996-2", First: 300}, Policy: model.Policy{Name: "easy"}}
	tok, err := link.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	var facts, notice, shared string
	err = chromedp.Run(ctx, chromedp.Navigate(url+"/#s="+tok), waitDone("easy"),
		chromedp.Text(`.summary .facts`, &facts, chromedp.ByQuery),
		chromedp.Text(`.notice-text`, &notice, chromedp.ByQuery),
		openPanels("share"), chromedp.Click(`button.share`, chromedp.ByQuery),
		chromedp.Poll(`!!document.querySelector("input.share-url")?.value`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`document.querySelector("input.share-url").value`, &shared))
	if err != nil {
		t.Fatalf("%v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	back, err := link.Decode(shared)
	t.Logf("a link of %d characters (%d in the address), facts %q", len(shared), len(tok), facts)
	if err != nil || back.Trace == nil || *back.Trace != *s.Trace || len(back.Jobs) != 0 || !strings.Contains(facts, "300") || !strings.Contains(notice, "first 300 jobs of KTH-SP2-1996-2") {
		t.Errorf("opened: facts %q, notice %q; shared %q (%v)", facts, notice, shared, err)
	}
	// The Jobs panel's shipped traces: the first 200 of CTC.
	err = chromedp.Run(ctx, openPanels("jobs"),
		chromedp.Click(`button.jt-shipped-btn`, chromedp.ByQuery),
		chromedp.WaitVisible(`select.jt-trace-name`, chromedp.ByQuery),
		chromedp.SetValue(`select.jt-trace-name`, "CTC-SP2-1996-3.1-cln", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("select.jt-trace-name").dispatchEvent(new Event("change", {bubbles: true}))`, nil),
		chromedp.SetValue(`input.jt-trace-first`, "200", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("input.jt-trace-first").dispatchEvent(new Event("change", {bubbles: true}))`, nil),
		chromedp.Click(`button.jt-trace-load`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector(".jt-count")?.textContent === "200 jobs"`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		waitDone("easy"),
		chromedp.Click(`button.share`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector("input.share-url")?.value !== `+jsString(shared), nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`document.querySelector("input.share-url").value`, &shared))
	if err != nil {
		var st string
		chromedp.Run(ctx, chromedp.Evaluate(`(document.querySelector(".jt-notice")?.innerText || "") + " | " + document.querySelector(".jt-count")?.textContent + " | " + document.querySelector(".app").dataset.engine`, &st))
		t.Fatalf("shipped trace: %v; the table says %q; console:\n%s", err, st, strings.Join(con.all, "\n"))
	}
	if back, err := link.Decode(shared); err != nil || back.Trace == nil || *back.Trace != (model.TraceRef{Name: "CTC-SP2-1996-3.1-cln", First: 200}) || back.Platform.Clusters[0].Nodes != 338 {
		t.Errorf("the CTC cut's link: %+v (%v)", back, err)
	}
	// A trace that does not ship.
	bad := *s
	bad.Trace = &model.TraceRef{Name: "LANL-CM5-1994-4.1-cln"}
	btok, err := link.Encode(&bad)
	if err != nil {
		t.Fatal(err)
	}
	var msg string
	err = chromedp.Run(ctx, chromedp.Navigate(url+"/#s="+btok),
		// The error state and its sentence can reach the DOM in two
		// steps of one render; wait for both.
		chromedp.Poll(`document.querySelector(".app").dataset.engine === "error" && document.querySelector(".run-error-text")?.textContent !== ""`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Evaluate(`document.querySelector(".run-error").textContent`, &msg))
	if err != nil || !strings.Contains(msg, "not a trace shipped with gridplay") || strings.Contains(msg, "trace.name: trace.name") {
		t.Errorf("a trace that does not ship: %q (%v)", msg, err)
	}
	con.check(t)
}
