//go:build !js

package e2e

// Browser tests of the research outputs (issue 15): the per-job table
// and the time series under the Gantt chart, the compare view's
// distributions, shaking and schedule differences, Batsim import and
// export, and the charts' downloads. Every number the page shows or
// offers is checked against the engine run natively in this process.

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"gridplay/engine/batsim"
	"gridplay/engine/link"
	"gridplay/engine/model"
	"gridplay/engine/outputs"
	"gridplay/engine/rng"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/shake"
	"gridplay/engine/shake/report"
	"gridplay/engine/swf"
	"gridplay/site/analysis"
)

// captureAll records what the page offers for download: the bytes the
// page hands to gridplayDownload, and the links a chart's PNG is offered
// through (name and the start of its data URL).
const captureAll = `(() => {
  globalThis.__downloads = [];
  globalThis.gridplayDownload = (name, mime, bytes) => {
    globalThis.__downloads.push({name, mime, text: new TextDecoder().decode(bytes)});
  };
  if (!globalThis.__clickPatched) {
    globalThis.__clickPatched = true;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function () {
      if (this.download) {
        globalThis.__downloads.push({name: this.download, mime: "link", text: String(this.href).slice(0, 40)});
        return;
      }
      return click.call(this);
    };
  }
  return true;
})()`

// waitDownloads waits until n downloads were offered and returns them.
func waitDownloads(ctx context.Context, n int) ([]download, error) {
	if err := chromedp.Run(ctx, chromedp.Poll(fmt.Sprintf(`globalThis.__downloads.length >= %d`, n), nil,
		chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		return nil, err
	}
	return downloads(ctx)
}

// clickDownload clears the captured downloads, clicks sel and returns
// the one download it offers.
func clickDownload(ctx context.Context, sel string) (download, error) {
	// A click by script: a pointer click lands on whatever covers the
	// button at that moment.
	var found bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`(() => {
  globalThis.__downloads = [];
  const b = document.querySelector(%q);
  if (!b) return false;
  b.click();
  return true;
})()`, sel), &found)); err != nil {
		return download{}, err
	}
	if !found {
		return download{}, fmt.Errorf("%s: no such button", sel)
	}
	ds, err := waitDownloads(ctx, 1)
	if err != nil {
		return download{}, fmt.Errorf("%s: %w", sel, err)
	}
	return ds[0], nil
}

func svgWellFormed(s string) error {
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// outputsScenario is a one-cluster workload with backfilling decisions,
// jobs killed at their requested time, late jobs and jobs too big for
// the cluster (dropped).
func outputsScenario(n int, policy string) *model.Scenario {
	r := rng.NewPCG(15, 15)
	s := &model.Scenario{Version: model.Version, Name: "outputs test", Seed: 7, Policy: model.Policy{Name: policy},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: 16}}}}
	t := 0.0
	for i := 0; i < n; i++ {
		t += float64(r.IntN(30))
		j := model.Job{ID: fmt.Sprintf("%d", i+1), Submit: t, Size: 1 + r.IntN(17), Runtime: float64(5 + r.IntN(400))}
		j.Requested = j.Runtime * (1 + r.Float64())
		if r.IntN(6) == 0 {
			j.Requested = j.Runtime / 2
		}
		if r.IntN(5) == 0 {
			j.Deadline = j.Submit + float64(r.IntN(900))
		}
		s.Jobs = append(s.Jobs, j)
	}
	return s
}

func nativeRun(t *testing.T, s *model.Scenario) *sched.Result {
	t.Helper()
	res, err := runner.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// openScenario opens s through a share link and waits for its run and
// for the outputs under the chart.
func openScenario(t *testing.T, ctx context.Context, con *console, url string, s *model.Scenario, compare ...string) {
	t.Helper()
	tok, err := link.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	h := "#s=" + tok
	if len(compare) > 0 {
		h += "&cmp=" + strings.Join(compare, ",")
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"+h), waitDone(s.Policy.Name),
		chromedp.Poll(`document.querySelector("section.outputs[data-ready='true'] tbody.ot-body tr[data-k]") !== null`, nil, chromedp.WithPollingTimeout(60*time.Second)),
	); err != nil {
		var st string
		chromedp.Run(ctx, chromedp.Evaluate(`JSON.stringify({app: document.querySelector(".app")?.dataset, out: document.querySelector("section.outputs")?.outerHTML.slice(0, 600), err: document.querySelector(".run-error")?.textContent})`, &st))
		shot(t, ctx, "outputs-failed.png", false)
		var body string
		chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector("tbody.ot-body")?.outerHTML.slice(0, 300) + " scrollH=" + document.querySelector(".ot-scroll")?.scrollHeight`, &body))
		t.Fatalf("opening %s: %v\npage: %s\nbody: %s\nconsole:\n%s", s.Name, err, st, body, strings.Join(con.all, "\n"))
	}
}

// The per-job table and the series under the chart: the page's CSVs are
// the CLI's bytes; the table keeps a window of rows in the DOM, sorts by
// any column, and hovering a row outlines its job on the chart; the
// series follows the playback clock; the charts download as SVG and PNG.
func TestOutputsUnderGantt(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 1000)
	s := outputsScenario(400, "easy")
	res := nativeRun(t, s)
	rows := outputs.Jobs(s, res)
	var jobsCSV, seriesCSV bytes.Buffer
	outputs.WriteJobsCSV(&jobsCSV, rows)
	outputs.WriteSeriesCSV(&seriesCSV, outputs.Series(rows))
	openScenario(t, ctx, con, url, s)
	if err := chromedp.Run(ctx, chromedp.Evaluate(captureAll, nil)); err != nil {
		t.Fatal(err)
	}

	// The CSVs are the CLI's (run -format csv, run -format series).
	for _, c := range []struct {
		sel, suffix string
		want        []byte
	}{{"button.jobs-csv", "-jobs.csv", jobsCSV.Bytes()}, {"button.series-csv", "-series.csv", seriesCSV.Bytes()}} {
		d, err := clickDownload(ctx, c.sel)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(d.Name, c.suffix) || d.Text != string(c.want) {
			writeArtifact("page"+c.suffix, []byte(d.Text))
			writeArtifact("native"+c.suffix, c.want)
			t.Errorf("%s: %s differs from the native CSV (%d bytes, want %d):\n%.300s", c.sel, d.Name, len(d.Text), len(c.want), d.Text)
		}
	}
	d, err := clickDownload(ctx, "button.series-svg")
	if err != nil {
		t.Fatal(err)
	}
	if err := svgWellFormed(d.Text); err != nil || !strings.Contains(d.Text, "busy nodes") || !strings.Contains(d.Text, "queue length") {
		t.Errorf("series SVG %s: %v\n%.200s", d.Name, err, d.Text)
	}
	d, err = clickDownload(ctx, "button.series-png")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(d.Name, "-series.png") || !strings.HasPrefix(d.Text, "data:image/png;base64,") {
		t.Errorf("series PNG: %+v", d)
	}

	// A window of rows, not the whole table.
	var inDOM, total int
	var avg string
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelectorAll("tbody.ot-body tr[data-k]").length`, &inDOM),
		chromedp.Evaluate(`+document.querySelector("table.ot").dataset.rows`, &total),
		chromedp.Text(`.series-average`, &avg, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if total != len(rows) || inDOM == 0 || inDOM > 40 {
		t.Errorf("table of %d rows (want %d) with %d in the DOM", total, len(rows), inDOM)
	}
	if !strings.Contains(avg, "utilisation") {
		t.Errorf("series average: %q", avg)
	}
	// Scrolling brings other rows.
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector(".ot-scroll").scrollTop = 24 * 200; true`, nil),
		chromedp.Poll(`document.querySelector('tbody.ot-body tr[data-k="205"]') !== null && document.querySelector('tbody.ot-body tr[data-k="0"]') === null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.querySelectorAll("tbody.ot-body tr[data-k]").length`, &inDOM),
	)
	if err != nil || inDOM > 40 {
		t.Errorf("scrolling to row 200: %v (%d rows in the DOM)", err, inDOM)
	}

	// Sorting by wait, then again for the longest first.
	maxWait, maxJob := -1.0, ""
	for _, r := range rows {
		if r.State != outputs.Dropped && r.Wait > maxWait {
			maxWait, maxJob = r.Wait, r.ID
		}
	}
	var first, sort string
	err = chromedp.Run(ctx,
		chromedp.Click(`button.ot-sort[data-col="wait"]`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector("table.ot").dataset.sort === "wait"`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Click(`button.ot-sort[data-col="wait"]`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector("th.ot-wait").getAttribute("aria-sort") === "descending"`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.querySelector(".ot-scroll").scrollTop = 0; true`, nil),
		chromedp.Poll(`document.querySelector('tbody.ot-body tr[data-k="0"]') !== null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Text(`tbody.ot-body tr[data-k="0"] td`, &first, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("th.ot-wait").getAttribute("aria-sort")`, &sort),
	)
	if err != nil {
		t.Fatalf("sorting: %v", err)
	}
	if first != maxJob {
		t.Errorf("sorted by wait, longest first: first row is job %q, want %q (wait %v)", first, maxJob, maxWait)
	}

	// Hovering a row outlines its job on the chart; leaving removes it.
	var before, during, after, bar, mark string
	err = chromedp.Run(ctx,
		seekEnd(), quiet(),
		chromedp.Evaluate(ganttSignature, &before),
		chromedp.Evaluate(`(() => {
  const tr = document.querySelector('tbody.ot-body tr[data-k="0"]');
  tr.querySelector("td").dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
  return tr.dataset.bar;
})()`, &bar),
		chromedp.Poll(`document.querySelector("canvas#gantt").dataset.mark !== undefined`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.querySelector("canvas#gantt").dataset.mark`, &mark),
		chromedp.Evaluate(ganttSignature, &during),
		chromedp.Evaluate(`document.querySelector("tbody.ot-body").dispatchEvent(new MouseEvent("mouseleave")); true`, nil),
		chromedp.Evaluate(ganttSignature, &after),
	)
	if err != nil {
		t.Fatalf("hover: %v", err)
	}
	if mark != bar || during == before || after != before {
		t.Errorf("hover of bar %s: chart mark %s; chart changed on hover %v, back after %v", bar, mark, during != before, after == before)
	}
	var sched = res.Schedule
	if b := atoiOr(bar); b < 0 || b >= len(sched) || sched[b].Job != maxJob {
		t.Errorf("the first row's bar %s is not job %s", bar, maxJob)
	}

	// The series follows the playback clock.
	// (A poll's expression is built before the run: each value read is
	// used by the next Run.)
	var t0, t1 string
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector("canvas#series").dataset.t`, &t0),
		chromedp.Evaluate(`(() => {
  const r = document.querySelector("input.scrubber");
  r.value = "400";
  r.dispatchEvent(new Event("input", { bubbles: true }));
  return true;
})()`, nil))
	if err == nil {
		err = chromedp.Run(ctx,
			chromedp.Poll(`document.querySelector("canvas#series").dataset.t !== `+jsString(t0), nil, chromedp.WithPollingTimeout(10*time.Second)),
			chromedp.Evaluate(`document.querySelector("canvas#series").dataset.t`, &t1),
			chromedp.Click(`button.play`, chromedp.ByQuery))
	}
	if err == nil {
		err = chromedp.Run(ctx, chromedp.Poll(`Number(document.querySelector("canvas#series").dataset.t) > `+t1, nil, chromedp.WithPollingTimeout(10*time.Second)))
	}
	if err != nil {
		t.Fatalf("series and the clock: %v (t %s, then %s)", err, t0, t1)
	}
	shot(t, ctx, "outputs.png", false)
	con.check(t)
}

// elementShot saves a screenshot of the element sel to test-artifacts/.
func elementShot(t *testing.T, ctx context.Context, sel, name string) {
	t.Helper()
	var png []byte
	if err := chromedp.Run(ctx, chromedp.Screenshot(sel, &png, chromedp.ByQuery)); err != nil {
		t.Errorf("screenshot of %s: %v", sel, err)
		return
	}
	writeArtifact(name, png)
}

func atoiOr(s string) int {
	n := -1
	fmt.Sscanf(s, "%d", &n)
	return n
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// The compare view's analysis: the CDFs and the distribution table are
// the native runs' (their CSVs byte for byte); two schedules side by
// side list the native largest moves; a shake fanned out over the
// page's workers merges into the native shaken summary.
func TestCompareAnalysis(t *testing.T) {
	actx, _, _, url := browser(t, 1280, 1000)
	ctx, con := longTab(t, actx, 15*time.Minute)
	s := outputsScenario(300, "easy")
	openScenario(t, ctx, con, url, s, "conservative", "easy", "fcfs")
	if err := chromedp.Run(ctx, chromedp.Evaluate(captureAll, nil), openPanels("compare"),
		chromedp.Click(`button.compare`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelectorAll(".compare-table thead th").length === 4 && !document.querySelector(".progress:not([hidden])")`, nil, chromedp.WithPollingTimeout(120*time.Second)),
		chromedp.Poll(`document.querySelectorAll(".an-fig svg polyline").length === 6`, nil, chromedp.WithPollingTimeout(30*time.Second)),
	); err != nil {
		t.Fatalf("compare: %v", err)
	}
	var order []string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll(".an-stats thead th")].slice(2).map(th => th.textContent)`, &order)); err != nil {
		t.Fatal(err)
	}
	if len(order) != 3 {
		t.Fatalf("the distribution table has policies %v", order)
	}
	var native []*sched.Result
	byName := map[string]*sched.Result{}
	for _, p := range order {
		c := model.Clone(s)
		c.Policy = model.Policy{Name: p}
		r := nativeRun(t, c)
		native = append(native, r)
		byName[p] = r
	}
	for _, c := range []struct {
		sel  string
		want []byte
	}{{"button.stats-csv", analysis.StatsCSV(native)}, {"button.cdf-csv", analysis.CDFCSV(native)}} {
		d, err := clickDownload(ctx, c.sel)
		if err != nil {
			t.Fatal(err)
		}
		if d.Text != string(c.want) {
			t.Errorf("%s: %s differs from the native runs':\npage   %.300s\nnative %.300s", c.sel, d.Name, d.Text, c.want)
		}
	}
	var cell string
	if err := chromedp.Run(ctx, chromedp.Text(`.an-stats tr[data-metric="bsld"][data-stat="p95"] td.num`, &cell, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if want := analysisStat(native[0], "bsld", "p95"); cell != want {
		t.Errorf("bsld p95 of %s shown as %q, want %q", order[0], cell, want)
	}
	for i, sel := range []string{"figure.an-fig[data-metric=wait] button.cdf-svg", "figure.an-fig[data-metric=bsld] button.cdf-svg"} {
		d, err := clickDownload(ctx, sel)
		if err != nil {
			t.Fatal(err)
		}
		if err := svgWellFormed(d.Text); err != nil || strings.Count(d.Text, "<polyline") != 3 {
			t.Errorf("CDF %d SVG %s: %v", i, d.Name, err)
		}
	}
	if d, err := clickDownload(ctx, "figure.an-fig[data-metric=bsld] button.cdf-png"); err != nil || !strings.HasPrefix(d.Text, "data:image/png;base64,") {
		t.Errorf("CDF PNG: %+v %v", d, err)
	}

	// Two schedules side by side: fcfs to easy.
	diff := analysis.Compare(byName["fcfs"], byName["easy"])
	var jobs []string
	var summary string
	err := chromedp.Run(ctx,
		chromedp.Evaluate(`(() => {
  for (const [sel, v] of [["select.pair-a", "fcfs"], ["select.pair-b", "easy"]]) {
    const s = document.querySelector(sel); s.value = v; s.dispatchEvent(new Event("change", {bubbles: true}));
  }
  return true;
})()`, nil),
		chromedp.Poll(`document.querySelector(".an-pair-summary").textContent.includes("under easy than under fcfs")`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`[...document.querySelectorAll(".an-moves tbody tr")].map(tr => tr.dataset.job)`, &jobs),
		chromedp.Text(`.an-pair-summary`, &summary, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("side by side: %v", err)
	}
	var want []string
	for _, m := range diff.Top(50) {
		want = append(want, m.Job)
	}
	if strings.Join(jobs, ",") != strings.Join(want, ",") {
		t.Errorf("largest moves %v, want %v", jobs, want)
	}
	if !strings.Contains(summary, fmt.Sprintf("%d started earlier under easy", diff.Earlier)) {
		t.Errorf("summary %q, want %d earlier", summary, diff.Earlier)
	}
	if d, err := clickDownload(ctx, "button.diff-csv"); err != nil || d.Text != string(diff.CSV()) {
		t.Errorf("difference CSV: %v\n%.200s", err, d.Text)
	}
	if d, err := clickDownload(ctx, "button.diff-svg"); err != nil || svgWellFormed(d.Text) != nil || strings.Count(d.Text, "<g><title>") != len(diff.Top(20)) {
		t.Errorf("difference SVG: %v", err)
	}

	// Shake: 5 copies of each policy over the page's workers.
	var got, ms, par string
	err = chromedp.Run(ctx,
		chromedp.SetValue(`input.shake-runs`, "5", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("input.shake-runs").dispatchEvent(new Event("change", {bubbles: true})); true`, nil),
		chromedp.Click(`button.shake`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector(".an-shake").dataset.done === "true"`, nil, chromedp.WithPollingTimeout(10*time.Minute)),
		chromedp.Evaluate(`globalThis.gridplayTest?.published.shakeJSON`, &got),
		chromedp.Evaluate(`globalThis.gridplayTest?.published.shakeMs`, &ms),
		chromedp.Evaluate(`globalThis.gridplayTest?.published.shakeParallel`, &par),
	)
	if err != nil {
		t.Fatalf("shake: %v\nconsole:\n%s", err, strings.Join(con.all, "\n"))
	}
	var spec struct {
		Spec struct {
			Policies []string `json:"policies"`
		} `json:"spec"`
	}
	json.Unmarshal([]byte(got), &spec)
	t0 := time.Now()
	sum, err := shake.Run(context.Background(), s, shake.Request{Runs: 5, Policies: spec.Spec.Policies}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	nativeMs := time.Since(t0).Milliseconds()
	wantJSON, _ := json.Marshal(sum)
	if !bytes.Equal(bytes.TrimSpace([]byte(got)), wantJSON) {
		t.Errorf("the page's shaken summary differs from the native run:\npage   %.300s\nnative %.300s", got, wantJSON)
	}
	var wantCSV bytes.Buffer
	report.WriteCSV(&wantCSV, sum)
	if d, err := clickDownload(ctx, "button.shake-csv"); err != nil || d.Text != wantCSV.String() {
		t.Errorf("shake CSV: %v\n%.300s", err, d.Text)
	}
	var sig int
	chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll(".an-shake-table .an-diff[data-significant]").length`, &sig))
	if sig != 3*len(shakeRowsShown(sum)) {
		t.Errorf("%d differences shown, want 3 pairs for each of %d metrics", sig, len(shakeRowsShown(sum)))
	}
	t.Logf("shake of %v, 5 copies of %d jobs: page %s ms on %s workers, native -parallel 1 %d ms (machine loaded)", spec.Spec.Policies, len(s.Jobs), ms, par, nativeMs)
	for _, sel := range []string{".an-dist", ".an-shake", ".an-pair", "section.outputs"} {
		elementShot(t, ctx, sel, "analysis"+strings.ReplaceAll(sel, ".", "-")+".png")
	}
	con.check(t)
}

// analysisStat is how the page prints one statistic of a result.
func analysisStat(r *sched.Result, metric, stat string) string {
	for _, row := range analysis.Stats([]*sched.Result{r}) {
		if row.Metric == metric && row.Stat == stat {
			return row.Cells[0]
		}
	}
	return ""
}

// shakeRowsShown are the metrics the page shows for a shaken summary.
func shakeRowsShown(sum *shake.Summary) []analysis.ShakeRow {
	b, _ := json.Marshal(sum)
	var mine analysis.ShakeSummary
	json.Unmarshal(b, &mine)
	return mine.Rows()
}

// Batsim in the page: a KTH cut imported as SWF and exported from the
// export menu is the CLI's Batsim workload; imported back through the
// job table's import, it runs to the same per-job table.
func TestBatsimInPage(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 1000)
	dir := t.TempDir()
	cut := writeTraceCut(t, dir, 600)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	if err := chromedp.Run(ctx, openPanels("share")); err != nil {
		t.Fatal(err)
	}
	waitTable := func(name string) chromedp.Action {
		return chromedp.Poll(fmt.Sprintf(`(() => {
  const a = document.querySelector(".app");
  return a.dataset.engine === "done" && a.dataset.policy === "easy" && document.querySelector(".summary h2").textContent.includes(%q) &&
    document.querySelector("section.outputs[data-ready='true'] tbody.ot-body tr[data-k]") !== null;
})()`, name), nil, chromedp.WithPollingTimeout(120*time.Second))
	}
	if err := chromedp.Run(ctx, chromedp.SetUploadFiles(`input.jt-swf`, []string{cut}, chromedp.ByQuery), waitTable("KTH-SP2-cut"),
		chromedp.Evaluate(captureAll, nil)); err != nil {
		t.Fatalf("SWF import: %v", err)
	}
	scen, err := clickDownload(ctx, "button.export-json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := model.Decode([]byte(scen.Text))
	if err != nil {
		t.Fatal(err)
	}
	wl, _, err := batsim.Export(s)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := batsim.Encode(wl)
	got, err := clickDownload(ctx, "button.export-batsim")
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != string(want)+"\n" || !strings.HasSuffix(got.Name, "-batsim.json") {
		t.Fatalf("the page's Batsim export %s differs from run -format batsim (%d bytes, want %d)", got.Name, len(got.Text), len(want)+1)
	}
	before, err := clickDownload(ctx, "button.jobs-csv")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "roundtrip.json")
	if err := os.WriteFile(path, []byte(got.Text), 0o644); err != nil {
		t.Fatal(err)
	}
	var notice string
	if err := chromedp.Run(ctx, chromedp.SetUploadFiles(`input.jt-swf`, []string{path}, chromedp.ByQuery), waitTable("roundtrip"),
		chromedp.Text(`.jt-notice`, &notice, chromedp.ByQuery)); err != nil {
		t.Fatalf("Batsim import: %v", err)
	}
	after, err := clickDownload(ctx, "button.jobs-csv")
	if err != nil {
		t.Fatal(err)
	}
	if after.Text != before.Text || strings.Count(after.Text, "\n") < 600 {
		t.Errorf("the per-job table after the Batsim round trip differs (%d bytes, before %d)", len(after.Text), len(before.Text))
	}
	if !strings.Contains(notice, "Batsim workload roundtrip.json") {
		t.Errorf("import notice %q", notice)
	}
	con.check(t)
}

// pageSettled is true once the page has not rendered for a second.
const pageSettled = `performance.now() - (globalThis.gridplayTest?.lastRender || 0) > 1000`

// scrollFrames scrolls the per-job table by rows each animation frame
// for frames frames (a fast fling), then jumps to random places (a drag
// of the scroll bar), and returns the intervals between animation frames
// in ms: the frame times while scrolling.
const scrollFrames = `(async () => {
  const sc = document.querySelector(".ot-scroll");
  const out = [];
  let last = performance.now();
  let seed = 7;
  const rnd = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
  await new Promise((resolve) => {
    let n = 0;
    const step = () => {
      const now = performance.now();
      if (n > 0) out.push(now - last);
      last = now;
      if (n < 150) sc.scrollTop += 24 * 37;
      else sc.scrollTop = Math.floor(rnd() * (sc.scrollHeight - sc.clientHeight));
      if (++n <= 240) requestAnimationFrame(step); else resolve();
    };
    requestAnimationFrame(step);
  });
  return out;
})()`

// TestTraceOutputsFrameTime imports the first 20,000 HPC2N jobs (the
// whole trace, 202,871 jobs, with GRIDPLAY_WHOLE_TRACE=1), runs EASY,
// and measures the per-job table and the series: their build time in
// the page, a sort of the whole table, the frame times while scrolling
// (target: p95 20 ms or less), and the Gantt repaint when a row is
// hovered. Logged, and written to test-artifacts/outputs-frame-time.json;
// the CSV of the table is checked against the native one.
func TestTraceOutputsFrameTime(t *testing.T) {
	measurement(t)
	whole := os.Getenv("GRIDPLAY_WHOLE_TRACE") == "1"
	actx, _, _, url := browser(t, 1280, 1000)
	ctx, con := longTab(t, actx, 20*time.Minute)
	path, err := swf.Find("HPC2N-2002-2.2-cln")
	if err != nil {
		t.Fatal(err)
	}
	n := 20000
	if whole {
		n = 0
	} else {
		path = cutTrace(t, path, 0, n)
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	t0 := time.Now()
	var rows, build float64
	err = chromedp.Run(ctx,
		chromedp.SetUploadFiles(`input.jt-swf`, []string{path}, chromedp.ByQuery),
		chromedp.Poll(`(() => {
  const a = document.querySelector(".app");
  if (a.dataset.engine === "error") return true;
  return a.dataset.engine === "done" && a.dataset.policy === "easy" && document.querySelector(".summary h2").textContent.includes("HPC2N") &&
    document.querySelector("section.outputs[data-ready='true'] tbody.ot-body tr[data-k]") !== null;
})()`, nil, chromedp.WithPollingInterval(250*time.Millisecond), chromedp.WithPollingTimeout(15*time.Minute)),
		chromedp.Evaluate(`+document.querySelector("table.ot").dataset.rows`, &rows),
		chromedp.Evaluate(`+document.querySelector("section.outputs").dataset.buildMs`, &build),
	)
	if err != nil {
		t.Fatalf("import and run: %v\nconsole:\n%s", err, strings.Join(con.all, "\n"))
	}
	ready := time.Since(t0)
	var runErr string
	chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector(".run-error:not([hidden])")?.textContent || ""`, &runErr))
	if runErr != "" {
		t.Fatalf("the run failed: %s", runErr)
	}
	// The native table of the same jobs (imported as the page does:
	// every job, at the trace's own times), for the CSV check.
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	cut, err := swf.Import(filepath.Base(path), f, 0)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 && int(rows) < 200000 || n > 0 && int(rows) != n {
		t.Fatalf("table of %v rows", rows)
	}
	var frames, paints, sortMs []float64
	var hover []float64
	// The frames are measured once the page has settled (no render for
	// a second): the renders that follow a run's answer are not
	// scrolling.
	settleStart := time.Now()
	err = chromedp.Run(ctx, chromedp.Poll(pageSettled, nil, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(60*time.Second)))
	if err != nil {
		t.Fatalf("the page did not settle after the run: %v", err)
	}
	t.Logf("the page settled %.1f s after the table was ready", time.Since(settleStart).Seconds())
	err = chromedp.Run(ctx,
		chromedp.Evaluate(captureAll, nil),
		chromedp.Evaluate(`globalThis.gridplayTest?.paintTimes && (globalThis.gridplayTest.paintTimes.rows = []); true`, nil),
		chromedp.Evaluate(scrollFrames, &frames, await),
		chromedp.Evaluate(`(globalThis.gridplayTest?.paintTimes || {}).rows || []`, &paints),
		chromedp.Evaluate(`(async () => {
  const out = [];
  for (const col of ["bsld", "wait", "job"]) {
    const t0 = performance.now();
    document.querySelector('button.ot-sort[data-col="' + col + '"]').click();
    await new Promise((r) => { const w = () => document.querySelector("table.ot").dataset.sort === col ? r() : setTimeout(w, 5); w(); });
    out.push(performance.now() - t0);
  }
  return out;
})()`, &sortMs, await),
		chromedp.Evaluate(`(async () => {
  const body = document.querySelector("tbody.ot-body");
  for (let k = 0; k < 10; k++) {
    const trs = body.querySelectorAll("tr[data-k]");
    trs[k % trs.length].querySelector("td").dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
    await new Promise((r) => requestAnimationFrame(r));
  }
  body.dispatchEvent(new MouseEvent("mouseleave"));
  return (globalThis.gridplayTest?.paintTimes || {}).hover || [];
})()`, &hover, await),
	)
	if err != nil {
		t.Fatalf("scrolling: %v", err)
	}
	d, err := clickDownload(ctx, "button.jobs-csv")
	if err != nil {
		t.Fatal(err)
	}
	s := &model.Scenario{Version: model.Version, Policy: model.Policy{Name: "easy"},
		Platform: model.Platform{Clusters: []model.Cluster{cut.Cluster}}, Jobs: cut.Jobs}
	var want bytes.Buffer
	outputs.WriteJobsCSV(&want, outputs.Jobs(s, nativeRun(t, s)))
	if d.Text != want.String() {
		t.Errorf("the page's per-job CSV differs from the native one (%d bytes, want %d)", len(d.Text), want.Len())
	}
	line := fmt.Sprintf("HPC2N %v jobs: table and series ready %.1f s after the file was picked (built in %.0f ms in the page); scrolling: frame time p95 %.1f ms, max %.1f ms over %d frames, rows painted in p95 %.1f ms; sort by bsld, wait, job: %.0f ms; hover repaints the Gantt in p95 %.1f ms (machine loaded)",
		rows, ready.Seconds(), build, p95(frames), maxOf(frames), len(frames), p95(paints), sortMs, p95(hover))
	t.Log(line)
	fmt.Println("gridplay e2e: " + line)
	b, _ := json.Marshal(map[string]any{"jobs": rows, "ready_s": ready.Seconds(), "build_ms": build, "scroll_frame_p95_ms": p95(frames),
		"scroll_frame_max_ms": maxOf(frames), "frames": len(frames), "rows_paint_p95_ms": p95(paints), "sort_ms": sortMs, "hover_paint_p95_ms": p95(hover)})
	writeArtifact(fmt.Sprintf("outputs-frame-time-%d.json", int(rows)), b)
	con.check(t)
}

func maxOf(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// await makes an Evaluate wait for the promise it returns.
func await(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }
