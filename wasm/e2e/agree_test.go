package e2e

import (
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gridplay/engine/swf"
)

// The page and the engine agree on shipped traces (issue 39, items 1, 3,
// 11 and 14's trace times): which policies run them, the per-job CSV,
// and the trace's own times.

// importTrace picks the trace file path in the job table and waits until
// the page ran it and drew its chart: the summary names it and the run
// is done.
func importTrace(path, name string, timeout time.Duration) chromedp.Action {
	return chromedp.Tasks{
		chromedp.SetUploadFiles(`input.jt-swf`, []string{path}, chromedp.ByQuery),
		chromedp.Poll(fmt.Sprintf(`(() => {
  const a = document.querySelector(".app");
  if (a.dataset.engine === "error") return true;
  return a.dataset.engine === "done" && document.querySelector(".summary h2").textContent.includes(%q) &&
    document.querySelector("canvas#gantt[data-drawn='1']") !== null;
})()`, name), nil, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(timeout)),
	}
}

type menuOption struct {
	Value    string `json:"value"`
	Disabled bool   `json:"disabled"`
	Label    string `json:"label"`
	Title    string `json:"title"`
}

const menuOptions = `[...document.querySelectorAll("select.policy-select option")].map(o => ({value: o.value, disabled: o.disabled, label: o.textContent, title: o.title}))`

// On a KTH window holding job 2466 (run time 0, requested 60) the policy
// menu greys exactly what the engine refuses: backfilling and multisite
// run it (the page used to grey them, and EASY beside EASY's own result,
// "needs run times"), TITAN, MUSCLE, GA-MF and hybrid refuse it with
// the engine's reason; and conservative, picked, runs.
func TestTraceVerdictsInPage(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	src, err := swf.Find("KTH-SP2-1996-2")
	if err != nil {
		t.Fatal(err)
	}
	cut := cutTrace(t, src, 2440, 2480)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	var opts []menuOption
	var cmpGreyed []string
	err = chromedp.Run(ctx,
		importTrace(cut, "KTH-SP2", 60*time.Second),
		chromedp.Evaluate(menuOptions, &opts),
		openPanels("compare"),
		chromedp.Evaluate(`[...document.querySelectorAll(".cmp-item.greyed")].map(e => e.dataset.policy)`, &cmpGreyed),
	)
	if err != nil {
		t.Fatalf("import: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	byName := map[string]menuOption{}
	for _, o := range opts {
		byName[o.Value] = o
	}
	for _, p := range []string{"fcfs", "easy", "conservative", "multisite-greedy", "multisite-optimal", "multisite-nonadaptive"} {
		o, ok := byName[p]
		if !ok || o.Disabled || o.Label != p {
			t.Errorf("%s: %+v, want it offered as it is", p, o)
		}
	}
	for _, p := range []string{"titan", "titan-dsnl", "muscle", "dll", "gamf", "jpr", "hybrid-local", "hybrid-phrs"} {
		o := byName[p]
		if !o.Disabled || !strings.Contains(o.Label, "(needs run times)") || !strings.Contains(o.Title, "2466") || !strings.Contains(o.Title, "run time") {
			t.Errorf("%s: %+v, want it greyed with the engine's reason about job 2466", p, o)
		}
	}
	for _, p := range cmpGreyed {
		if p == "easy" || p == "conservative" || p == "fcfs" {
			t.Errorf("Compare greys %s", p)
		}
	}
	var runErr string
	err = chromedp.Run(ctx, choosePolicy("conservative"), waitDone("conservative"),
		chromedp.Evaluate(`document.querySelector(".run-error:not([hidden])")?.textContent || ""`, &runErr))
	if err != nil || runErr != "" {
		t.Fatalf("conservative on the window: %v %q; console:\n%s", err, runErr, strings.Join(con.all, "\n"))
	}
	con.check(t)
}

// cliCSV is the CLI's per-job CSV of the trace at path under policy: the
// bytes of go run ./wasm/api run -policy POLICY -format csv FILE.
func cliCSV(t *testing.T, policy, path string) string {
	t.Helper()
	var out, errb bytes.Buffer
	cmd := exec.Command("go", "run", "../api", "run", "-policy", policy, "-format", "csv", path)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("the CLI: %v\n%s", err, errb.String())
	}
	return out.String()
}

// A trace imported and run with EASY in the page gives the CLI's per-job
// CSV byte for byte, from the outputs table and from the Schedule CSV
// button: the whole KTH trace, and HPC2N's first 20,000 jobs, whose
// first submit (342,072 s) the page used to shift to 0. The page no
// longer writes 1.174966e+06 either, and its rows are the CLI's. The
// clock reads a trace's times in days, hours and minutes.
func TestTraceCSVEqualsCLI(t *testing.T) {
	kth, err := swf.Find("KTH-SP2-1996-2")
	if err != nil {
		t.Fatal(err)
	}
	hpc2n, err := swf.Find("HPC2N-2002-2.2-cln")
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range []struct{ name, path string }{
		{"KTH-SP2", kth},
		{"HPC2N", cutTrace(t, hpc2n, 0, 20000)},
	} {
		t.Run(tr.name, func(t *testing.T) { traceCSVEqualsCLI(t, tr.name, tr.path) })
	}
}

func traceCSVEqualsCLI(t *testing.T, name, path string) {
	actx, _, _, url := browser(t, 1280, 1000)
	ctx, con := longTab(t, actx, 10*time.Minute)
	want := cliCSV(t, "easy", path)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	var policy, clock string
	err := chromedp.Run(ctx,
		chromedp.Evaluate(captureDownloads, nil),
		importTrace(path, name, 5*time.Minute),
		chromedp.Evaluate(`document.querySelector(".app").dataset.policy`, &policy),
	)
	if err != nil {
		t.Fatalf("import: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if policy != "easy" {
		if err := chromedp.Run(ctx, choosePolicy("easy"), waitDone("easy")); err != nil {
			t.Fatal(err)
		}
	}
	err = chromedp.Run(ctx,
		openPanels("share"),
		chromedp.Poll(`document.querySelector("section.outputs[data-ready='true']") !== null && !document.querySelector("button.export-schedule").disabled`,
			nil, chromedp.WithPollingTimeout(2*time.Minute)),
		chromedp.Text(`#gantt-clock`, &clock, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("outputs: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	for _, sel := range []string{"button.jobs-csv", "button.export-schedule"} {
		d, err := clickDownload(ctx, sel)
		if err != nil {
			t.Fatal(err)
		}
		if d.Text != want {
			writeArtifact("page-"+name+"-easy-"+strings.TrimPrefix(sel, "button.")+".csv", []byte(d.Text))
			writeArtifact("cli-"+name+"-easy.csv", []byte(want))
			t.Errorf("%s: the page's CSV (%d bytes) differs from the CLI's run -format csv (%d bytes)", sel, len(d.Text), len(want))
		}
	}
	if strings.Contains(want, "e+") {
		t.Errorf("the CLI's CSV has exponents")
	}
	if !regexp.MustCompile(`^t = \d+ d( \d\d h)?( \d\d min)? of \d+ d`).MatchString(clock) {
		t.Errorf("clock %q: want days, hours and minutes for a trace's span", clock)
	}
	t.Logf("%s: the CLI's per-job CSV has %d lines; clock %q", name, strings.Count(want, "\n"), clock)
	con.check(t)
}

// The first 2,000 HPC2N jobs keep the trace's times (its first job is
// submitted at 342,072 s, which the page used to shift to 0): the job
// table says so, the chart and the replay begin there (the clock at the
// scrubber's start reads 3 d 23 h 01 min), and the narration writes the
// same times.
func TestTraceTimesInPage(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	src, err := swf.Find("HPC2N-2002-2.2-cln")
	if err != nil {
		t.Fatal(err)
	}
	cut := cutTrace(t, src, 0, 2000)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	var submit, clock, narration, notice string
	err = chromedp.Run(ctx,
		importTrace(cut, "HPC2N", 2*time.Minute),
		chromedp.Evaluate(`document.querySelector("input.jt-in-submit")?.value || ""`, &submit),
		chromedp.Evaluate(`document.querySelector(".jt")?.innerText || ""`, &notice),
		chromedp.Evaluate(`(() => {
  const s = document.querySelector("#gantt-scrubber");
  s.value = "0";
  s.dispatchEvent(new Event("input", {bubbles: true}));
  return true;
})()`, nil),
		chromedp.Poll(`document.querySelector("#gantt-clock").textContent.startsWith("t = 3 d")`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Text(`#gantt-clock`, &clock, chromedp.ByQuery),
		// Half way, the narration tells a decision at its time.
		chromedp.Evaluate(`(() => {
  const s = document.querySelector("#gantt-scrubber");
  s.value = "500";
  s.dispatchEvent(new Event("input", {bubbles: true}));
  return true;
})()`, nil),
		chromedp.Poll(`/t = \d+ d/.test(document.querySelector("#narration")?.textContent || "")`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.querySelector("#narration")?.textContent || ""`, &narration),
	)
	if err != nil {
		t.Fatalf("%v; clock %q; console:\n%s", err, clock, strings.Join(con.all, "\n"))
	}
	if submit != "342072" {
		t.Errorf("the first job's submit reads %q, want the trace's 342072", submit)
	}
	if strings.Contains(notice, "shifted") {
		t.Errorf("the import says it shifted the times: %q", notice)
	}
	if !strings.HasPrefix(clock, "t = 3 d 23 h 01 min of ") {
		t.Errorf("clock at the replay's start %q, want the first submit, 3 d 23 h 01 min", clock)
	}
	if !regexp.MustCompile(`t = \d+ d`).MatchString(narration) {
		t.Errorf("narration %q: want the trace's times in days", narration)
	}
	t.Logf("first submit %s; clock at the start %q; narration half way %q", submit, clock, narration)
	con.check(t)
}
