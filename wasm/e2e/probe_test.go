//go:build !js

package e2e

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"gridplay/engine/api/benchset"
	"gridplay/engine/swf"
)

// mark is one entry of globalThis.gridplayTest.marks (jsbridge.Mark).
type mark struct {
	Name string  `json:"name"`
	T    float64 `json:"t"`
}

// TestWholeTraceProbe is a measurement run by hand
// (GRIDPLAY_PROBE=1 go test -v -run TestWholeTraceProbe ./wasm/e2e/): it
// imports the whole HPC2N trace with a CPU profile of the page running,
// logs the page's marks and memory as they come, and prints the functions
// that took the most time. Build app.wasm without -ldflags=-s for names.
func TestWholeTraceProbe(t *testing.T) {
	if os.Getenv("GRIDPLAY_PROBE") != "1" {
		t.Skip("a measurement run by hand: GRIDPLAY_PROBE=1")
	}
	trace := os.Getenv("GRIDPLAY_PROBE_TRACE")
	if trace == "" {
		trace = "HPC2N-2002-2.2-cln"
	}
	actx, _, con, url := browser(t, 1280, 900)
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 10*time.Minute)
	defer cancelT()
	chromedp.ListenTarget(ctx, con.listen)
	path, err := swf.Find(trace)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := strconv.Atoi(os.Getenv("GRIDPLAY_PROBE_JOBS")); n > 0 {
		path = cutTrace(t, path, 0, n)
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	// The profile starts with the import, or with GRIDPLAY_PROBE_FROM set,
	// at that mark (e.g. "run: encoded"); it stops GRIDPLAY_PROBE_STOP
	// seconds after the pick, or once the engine sent GRIDPLAY_PROBE_STOP_MB
	// megabytes, or at the end.
	from := os.Getenv("GRIDPLAY_PROBE_FROM")
	stopMB, _ := strconv.ParseFloat(os.Getenv("GRIDPLAY_PROBE_STOP_MB"), 64)
	if err := chromedp.Run(ctx, profiler.Enable(), profiler.SetSamplingInterval(1000)); err != nil {
		t.Fatal(err)
	}
	profiling := false
	var profStart, profEnd float64 // performance.now() when the profile started and stopped
	startProfile := func() {
		if err := chromedp.Run(ctx, profiler.Start(), chromedp.Evaluate(`performance.now()`, &profStart)); err != nil {
			t.Fatal(err)
		}
		profiling = true
		t.Log("profiling")
	}
	if from == "" && os.Getenv("GRIDPLAY_PROBE_NOPROFILE") != "1" {
		startProfile()
	}
	var pick float64
	if err := chromedp.Run(ctx, chromedp.Evaluate(`globalThis.gridplayTest.marks.length = 0; performance.now()`, &pick),
		chromedp.SetUploadFiles(`input.jt-swf`, []string{path}, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	seen := 0
	stopAt := 1e9
	if v, err := strconv.ParseFloat(os.Getenv("GRIDPLAY_PROBE_STOP"), 64); err == nil {
		stopAt = v
	}
	var prof *profiler.Profile
	var allMarks []mark
	stopProfile := func() {
		if prof != nil || !profiling {
			return
		}
		pctx, pcancel := context.WithTimeout(ctx, 60*time.Second)
		defer pcancel()
		err := chromedp.Run(pctx, chromedp.ActionFunc(func(ctx context.Context) error {
			var err error
			prof, err = profiler.Stop().Do(ctx)
			return err
		}), chromedp.Evaluate(`performance.now()`, &profEnd))
		if err != nil {
			t.Fatalf("stopping the profiler: %v", err)
		}
		t.Logf("%6.1f s: profile taken", time.Since(start).Seconds())
	}
	limit := 600 * time.Second
	for time.Since(start) < limit {
		var st struct {
			Marks      []mark  `json:"marks"`
			Heap       float64 `json:"heap"`
			Mem        float64 `json:"mem"`
			Done       bool    `json:"done"`
			Chunks     int     `json:"chunks"`
			ChunkBytes float64 `json:"chunkBytes"`
		}
		if time.Since(start).Seconds() > stopAt {
			stopProfile()
		}
		ectx, ecancel := context.WithTimeout(ctx, 3*time.Second)
		t0 := time.Now()
		err := chromedp.Run(ectx, chromedp.Evaluate(`({marks: globalThis.gridplayTest?.marks, heap: performance.memory.usedJSHeapSize/1048576,
  chunks: globalThis.gridplayEngine.stats().chunks, chunkBytes: globalThis.gridplayEngine.stats().chunkBytes,
  mem: globalThis.gridplayTest?.pageMemory ? globalThis.gridplayTest?.pageMemory()/1048576 : -1,
  done: document.querySelector(".app").dataset.engine === "done" && document.querySelector(".app").dataset.policy === "easy" && document.querySelector("canvas#gantt[data-drawn='1']") !== null})`, &st))
		ecancel()
		if err != nil {
			t.Logf("%6.1f s: the page did not answer within 3 s (%v)", time.Since(start).Seconds(), err)
			if time.Since(start) > 400*time.Second {
				break
			}
			continue
		}
		allMarks = append(allMarks, st.Marks[seen:]...)
		for _, m := range st.Marks[seen:] {
			t.Logf("mark %-28s at %7.0f ms after the pick", m.Name, m.T-pick)
			if from != "" && m.Name == from && !profiling {
				startProfile()
			}
		}
		if stopMB > 0 && st.ChunkBytes/(1<<20) >= stopMB {
			stopProfile()
		}
		seen = len(st.Marks)
		t.Logf("%6.1f s: round trip %4.0f ms; JS heap %.0f MB; page Go memory %.0f MB; %d chunks %.1f MB; done %v", time.Since(start).Seconds(),
			float64(time.Since(t0).Microseconds())/1000, st.Heap, st.Mem, st.Chunks, st.ChunkBytes/(1<<20), st.Done)
		if st.Done && time.Since(start) > 0 {
			limit = min(limit, time.Since(start)+5*time.Second)
		}
		time.Sleep(500 * time.Millisecond)
	}
	if os.Getenv("GRIDPLAY_PROBE_SCROLL") == "1" {
		// Scroll the job table to ten rows, half a second apart, under
		// a profile of its own.
		prof, profiling = nil, false
		chromedp.Run(ctx, chromedp.Evaluate(`globalThis.gridplayTest.marks.length = 0; true`, nil))
		allMarks = nil
		startProfile()
		for k := 1; k <= 10; k++ {
			var ms []mark
			sctx, scancel := context.WithTimeout(ctx, 20*time.Second)
			chromedp.Run(sctx, chromedp.Evaluate(fmt.Sprintf(`document.querySelector(".jt-scroll").scrollTop = %d * 30; true`, k*7919), nil))
			time.Sleep(500 * time.Millisecond)
			if err := chromedp.Run(sctx, chromedp.Evaluate(`globalThis.gridplayTest?.marks`, &ms)); err != nil {
				t.Logf("scroll %d: %v", k, err)
			}
			scancel()
			allMarks = ms
		}
		for _, m := range allMarks {
			t.Logf("scroll mark %s at %.0f", m.Name, m.T)
		}
	}
	stopProfile()
	printProfile(t, prof)
	printWindows(t, prof, profEnd, allMarks)
	t.Logf("console: %s", strings.Join(con.all, "\n"))
}

// printProfile logs the functions with the most self time.
func printProfile(t *testing.T, p *profiler.Profile) {
	if p == nil || len(p.Samples) == 0 {
		t.Log("empty profile")
		return
	}
	node := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		node[int64(n.ID)] = n
	}
	self := map[string]float64{}
	total := 0.0
	for i, s := range p.Samples {
		dt := 0.0
		if i+1 < len(p.TimeDeltas) {
			dt = float64(p.TimeDeltas[i+1]) / 1000
		}
		n := node[int64(s)]
		name := "?"
		if n != nil {
			name = n.CallFrame.FunctionName
			if name == "" {
				name = "(anonymous " + n.CallFrame.URL + ")"
			}
		}
		self[name] += dt
		total += dt
	}
	type kv struct {
		k string
		v float64
	}
	var xs []kv
	for k, v := range self {
		xs = append(xs, kv{k, v})
	}
	sort.Slice(xs, func(i, j int) bool { return xs[i].v > xs[j].v })
	var b strings.Builder
	fmt.Fprintf(&b, "profile: %.0f ms sampled\n", total)
	for i, x := range xs {
		if i == 50 {
			break
		}
		fmt.Fprintf(&b, "%8.0f ms %5.1f%%  %s\n", x.v, 100*x.v/total, x.k)
	}
	t.Log(b.String())
	// The call paths of the busiest functions.
	parent := map[int64]int64{}
	for _, n := range p.Nodes {
		for _, c := range n.Children {
			parent[c] = int64(n.ID)
		}
	}
	paths := map[string]float64{}
	for i, sm := range p.Samples {
		dt := 0.0
		if i+1 < len(p.TimeDeltas) {
			dt = float64(p.TimeDeltas[i+1]) / 1000
		}
		n := node[int64(sm)]
		if n == nil || n.CallFrame.FunctionName == "(idle)" || n.CallFrame.FunctionName == "(program)" {
			continue
		}
		var chain []string
		for id := int64(sm); id != 0 && len(chain) < 9; id = parent[id] {
			if nn := node[id]; nn != nil && nn.CallFrame.FunctionName != "" {
				chain = append(chain, nn.CallFrame.FunctionName)
			}
		}
		paths[strings.Join(chain, " < ")] += dt
	}
	xs = xs[:0]
	for k, v := range paths {
		xs = append(xs, kv{k, v})
	}
	sort.Slice(xs, func(i, j int) bool { return xs[i].v > xs[j].v })
	b.Reset()
	for i, x := range xs {
		if i == 25 {
			break
		}
		fmt.Fprintf(&b, "%8.0f ms  %s\n", x.v, x.k)
	}
	t.Log("busiest call paths:\n" + b.String())
}

// printWindows logs, for each span between two marks, the functions that
// took the most time in it (the profile's clock aligned on
// performance.now() at its end).
func printWindows(t *testing.T, p *profiler.Profile, end float64, marks []mark) {
	if p == nil || len(p.Samples) == 0 || len(marks) == 0 {
		return
	}
	node := map[int64]string{}
	for _, n := range p.Nodes {
		name := n.CallFrame.FunctionName
		if name == "" {
			name = "(anonymous)"
		}
		node[int64(n.ID)] = name
	}
	var b strings.Builder
	start := end - float64(p.EndTime-p.StartTime)/1000
	at := float64(0)
	k := 0
	win := map[string]float64{}
	flush := func(label string) {
		type kv struct {
			k string
			v float64
		}
		var xs []kv
		total := 0.0
		for n, v := range win {
			if n != "(idle)" {
				xs = append(xs, kv{n, v})
				total += v
			}
		}
		sort.Slice(xs, func(i, j int) bool { return xs[i].v > xs[j].v })
		fmt.Fprintf(&b, "\n  until %s: %.0f ms busy:", label, total)
		for i, x := range xs {
			if i == 6 {
				break
			}
			fmt.Fprintf(&b, " %s %.0f;", x.k, x.v)
		}
		win = map[string]float64{}
	}
	for i, s := range p.Samples {
		if i < len(p.TimeDeltas) {
			at += float64(p.TimeDeltas[i]) / 1000
		}
		now := start + at
		for k < len(marks) && now > marks[k].T {
			if marks[k].T > start {
				flush(marks[k].Name)
			}
			k++
		}
		dt := 0.0
		if i+1 < len(p.TimeDeltas) {
			dt = float64(p.TimeDeltas[i+1]) / 1000
		}
		win[node[int64(s)]] += dt
	}
	flush("the end")
	t.Log("profile by span:" + b.String())
}

// TestBenchPauseProbe is a measurement run by hand
// (GRIDPLAY_PROBE=1 go test -v -run TestBenchPauseProbe ./wasm/e2e/): one
// row of the benchmark set (GRIDPLAY_PROBE_ROW, its index; 0, EASY, by
// default) in the page's engine worker, GRIDPLAY_PROBE_ROUNDS rounds (40)
// of three requests, after a pause of 250 ms (the benchmark page's
// settleMs), of none and of 30 ms, in turn, after three untimed ones. It
// logs each pause's times, their median, 10th and 90th percentiles and
// how many took more than 1.3 times the median: whether the idle time
// before a request makes its run slower.
func TestBenchPauseProbe(t *testing.T) {
	if os.Getenv("GRIDPLAY_PROBE") != "1" {
		t.Skip("a measurement run by hand: GRIDPLAY_PROBE=1")
	}
	set, err := benchset.Load()
	if err != nil {
		t.Fatal(err)
	}
	row, _ := strconv.Atoi(os.Getenv("GRIDPLAY_PROBE_ROW"))
	rounds, _ := strconv.Atoi(os.Getenv("GRIDPLAY_PROBE_ROUNDS"))
	if rounds < 1 {
		rounds = 40
	}
	if row < 0 || row >= len(set.Requests) {
		t.Fatalf("GRIDPLAY_PROBE_ROW %d: the set has rows 0-%d", row, len(set.Requests)-1)
	}
	r := set.Requests[row]
	actx, _, con, url := browser(t, 1200, 900)
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 20*time.Minute)
	defer cancelT()
	chromedp.ListenTarget(ctx, con.listen)
	await := func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/bench.html"), chromedp.WaitVisible(`#run`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	js := fmt.Sprintf(`(async () => {
  const { engine } = await import("./engine-client.mjs");
  const bin = atob(%q); const body = new Uint8Array(bin.length); for (let i = 0; i < bin.length; i++) body[i] = bin.charCodeAt(i);
  const req = () => new Promise((res, rej) => { const t0 = performance.now(); engine.request(%q, %q, body.slice(), () => {}, () => {}, (e) => e ? rej(e) : res(performance.now() - t0), %q); });
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  await req(); await req(); await req();
  const pauses = [250, 0, 30];
  const out = {}; for (const p of pauses) out[p] = [];
  for (let k = 0; k < %d; k++) for (const p of pauses) { if (p) await sleep(p); out[p].push(await req()); }
  return out;
})()`, base64.StdEncoding.EncodeToString(r.Body), r.Method, r.Path, r.Type, rounds)
	var out map[string][]float64
	if err := chromedp.Run(ctx, chromedp.Evaluate(js, &out, await)); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"250", "0", "30"} {
		xs := out[p]
		s := slices.Clone(xs)
		slices.Sort(s)
		med := benchset.Median(xs)
		slow := 0
		for _, x := range xs {
			if x > 1.3*med {
				slow++
			}
		}
		t.Logf("%s pause %3s ms: median %.1f p10 %.1f p90 %.1f max %.1f, %d of %d over 1.3x median; runs %v", r.Label, p, med, s[len(s)/10], s[len(s)*9/10], s[len(s)-1], slow, len(xs), fmtRuns(xs))
	}
	con.check(t)
}
