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
