package repro

import (
	"context"
	"encoding/json"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/multisite"
	"gridplay/engine/sched"
	"gridplay/engine/sched/verdict"
)

func TestExperimentsQuick(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("natively only: node takes about 16 s, and the browser suite checks these experiments' bytes in the page against the native run (wasm/e2e TestExperimentsInPage)")
	}
	for _, tc := range []struct {
		name     string
		variants int
		readings []string
	}{
		// Fig. 2 (h = 1): the three policies and non-adaptive@strict.
		{"multisite-fig2", 4, []string{"", "strict"}},
		// Fig. 3 also reads the trace's times on reference nodes.
		{"multisite-fig3", 8, []string{"", "strict", "reftimes", "strict+reftimes"}},
	} {
		name := tc.name
		e, ok := sched.LookupExperiment(name)
		if !ok {
			t.Fatalf("%s not registered", name)
		}
		opt := sched.ExperimentOptions{Quick: true}
		plan, err := e.Plan(opt)
		if err != nil || len(plan) != 3*tc.variants {
			t.Fatalf("%s: plan of %d points (%v), want %d", name, len(plan), err, 3*tc.variants)
		}
		rep, err := sched.RunExperiment(context.Background(), e, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		tab := rep.(*sched.Table)
		// 3 factors x the series x 5 metrics.
		if got, want := len(tab.LongRows()), 3*tc.variants*len(metrics); got != want {
			t.Errorf("%s: %d rows, want %d", name, got, want)
		}
		val := map[string]float64{}
		for _, r := range tab.Rows {
			if r.Experiment != name || r.Value < 0 {
				t.Errorf("bad row %+v", r)
			}
			if r.Metric == "awrt" && r.Value == 0 {
				t.Errorf("zero AWRT: %+v", r)
			}
			val[r.X+"|"+r.Policy+"|"+r.Metric] = r.Value
		}
		// Summary: non-adaptive over each adaptive strategy, for each x
		// and reading, computed from the rows.
		if got, want := len(tab.Summary), 3*len(tc.readings)*2*2; got != want {
			t.Errorf("%s: %d summary rows, want %d", name, got, want)
		}
		for _, r := range tab.Summary {
			pair, reading, _ := strings.Cut(r.Policy, "@")
			ad := strings.TrimPrefix(pair, nonadaptive+"/")
			m := strings.TrimSuffix(r.Metric, "_ratio")
			want := val[r.X+"|"+label(nonadaptive, reading)+"|"+m] / val[r.X+"|"+label(ad, reading)+"|"+m]
			if math.Abs(r.Value-want) > 1e-12 {
				t.Errorf("%s: summary %+v, want %g", name, r, want)
			}
		}
		if len(tab.Paper) == 0 || len(tab.Notes) < 2 || len(tab.Claims) < 3 {
			t.Errorf("%s: paper rows, claims or notes missing", name)
		}
		for _, c := range tab.Claims {
			if c.Verdict != sched.Holds && c.Verdict != sched.DoesNotHold && c.Verdict != verdict.NeedsSeeds {
				t.Errorf("%s: verdict %q", name, c.Verdict)
			}
		}
		// Deterministic: the last point (the most costly series at the
		// largest factor) run again gives the same rows.
		k := len(plan) - 1
		again, err := e.Point(context.Background(), opt, k, nil)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(again.LongRows())
		n := len(metrics)
		b, _ := json.Marshal(tab.Rows[n*k : n*k+n])
		if string(a) != string(b) {
			t.Errorf("%s: point %d run again gives %s, first %s", name, k, a, b)
		}
		if testing.Verbose() {
			for _, r := range tab.Rows {
				t.Logf("%s %s %s %.4g", r.X, r.Policy, r.Metric, r.Value)
			}
			for _, c := range tab.Claims {
				t.Logf("%+v", c)
			}
			t.Log(tab.Notes)
		}
	}
}

// TestClaims checks the verdicts on rows made by hand: Merge computes
// them from the rows alone, under every reading set, and decides them
// over five seeds.
func TestClaims(t *testing.T) {
	e := &experiment{name: "multisite-fig2", fig: 2, h: [3]float64{1, 1, 1}}
	opt := sched.ExperimentOptions{Quick: true}
	// awrt/awwt per series at x = 1.0, 1.3, 1.6: the adaptive ones are
	// flat; non-adaptive is above them and its gap grows; at 1.6 it is
	// about 1.9x optimal's AWRT (within a quarter of "nearly 100%") and
	// 1.5x its AWWT (outside "nearly 200%"). Non-adaptive@strict is below
	// optimal at 1.0: "consistently lower" does not hold under it. Each
	// seed adds seed/10 s to non-adaptive.
	vals := map[string][3][2]float64{
		optimal:                 {{100, 10}, {100, 10}, {100, 10}},
		greedy:                  {{104, 11}, {104, 11}, {104, 11}},
		nonadaptive:             {{120, 12}, {150, 14}, {190, 15}},
		nonadaptive + "@strict": {{90, 5}, {150, 14}, {190, 15}},
	}
	points := func(seed int) []sched.Report {
		var parts []sched.Report
		for xi, x := range quickF {
			for _, v := range e.variants() {
				tb := &sched.Table{Experiment: e.name, Notes: []string{"w"}}
				vv, d := vals[v.label], 0.0
				if v.policy == nonadaptive {
					d = float64(seed) / 10
				}
				tb.Add(xlabel(x), v.label, "awrt", vv[xi][0]+d)
				tb.Add(xlabel(x), v.label, "awwt", vv[xi][1]+d)
				tb.Add(xlabel(x), v.label, "multisite", 0)
				tb.Add(xlabel(x), v.label, "remote", 0)
				tb.Add(xlabel(x), v.label, "backfilled", 0)
				parts = append(parts, tb)
			}
		}
		return parts
	}
	merge := func(seeds int) map[string]sched.Claim {
		var parts []sched.Report
		for s := 1; s <= seeds; s++ {
			parts = append(parts, points(s)...)
		}
		rep, err := verdict.Seeds(e).Merge(sched.ExperimentOptions{Quick: true, Seeds: seeds}, parts)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]sched.Claim{}
		for _, c := range rep.(*sched.Table).Claims {
			got[c.Reading+"|"+c.Claim] = c
		}
		return got
	}
	const (
		lower    = "Fig. 2: the AWRT and AWWT of the optimal and greedy adaptive algorithms are consistently lower than the non-adaptive one (section 6)"
		slightly = "Fig. 2, factor 1.6: greedy's AWRT and AWWT are slightly higher than the optimal one (section 6)"
		awrt     = "Fig. 2, factor 1.6: the AWRT of non-adaptive is 100% higher than optimal's (section 6)"
		awwt     = "Fig. 2, factor 1.6: the AWWT of non-adaptive is 200% higher than optimal's (section 6)"
		grow     = "Fig. 2: with the increment of the multisite factor the difference becomes larger (section 6)"
	)
	for _, c := range merge(1) {
		if c.Verdict != verdict.NeedsSeeds {
			t.Errorf("one seed, %s under %s: %q", c.Claim, c.Reading, c.Verdict)
		}
	}
	got := merge(5)
	for k, w := range map[string]string{
		"default|" + lower:    sched.Holds,
		"strict|" + lower:     sched.DoesNotHold,
		"default|" + slightly: sched.Holds,
		"default|" + awrt:     sched.Holds,
		"default|" + awwt:     sched.DoesNotHold,
		"default|" + grow:     sched.Holds,
		"strict|" + grow:      sched.Holds,
	} {
		if c := got[k]; c.Verdict != w {
			t.Errorf("%s: %q (%s), want %q", k, c.Verdict, c.Ours, w)
		}
	}
	if c := got["default|"+awrt]; c.Ours != "90% [90%, 90%] (mean [95% CI] over 5 seeds)" {
		t.Errorf("ours %q", c.Ours)
	}
	// A merge with a point missing is refused.
	if _, err := e.Merge(opt, points(1)[1:]); err == nil {
		t.Error("merge of too few points: no error")
	}
}

// Seed 1 keeps the job-to-site assignment k mod 3; another seed draws
// the sites, and the times follow the site's h as Section6 reads them.
func TestAssign(t *testing.T) {
	jobs := make([]model.Job, 30)
	for k := range jobs {
		jobs[k] = model.Job{ID: strconv.Itoa(k), Submit: float64(k), Size: 1, Runtime: 100, Requested: 200}
	}
	e := &experiment{name: "multisite-fig3", fig: 3, h: [3]float64{1.4, 1.0, 0.6}}
	v := variant{label: optimal, policy: optimal}
	one, two := e.scenario(jobs, 1.2, v, 1), e.scenario(jobs, 1.2, v, 2)
	moved := 0
	for k := range jobs {
		if want := multisite.SiteIDs[k%3]; one.Jobs[k].Origin != want {
			t.Fatalf("seed 1: job %d at %s, want %s", k, one.Jobs[k].Origin, want)
		}
		j := two.Jobs[k]
		if j.Origin != one.Jobs[k].Origin {
			moved++
		}
		for i, id := range multisite.SiteIDs {
			if j.Origin == id && (j.Runtime != 100/e.h[i] || j.Requested != 200/e.h[i]) {
				t.Errorf("seed 2: job %d at %s runs %g, requests %g", k, id, j.Runtime, j.Requested)
			}
		}
	}
	if moved == 0 {
		t.Error("seed 2 assigns every job as seed 1")
	}
}

func BenchmarkFig2Full(b *testing.B) {
	e, _ := sched.LookupExperiment("multisite-fig2")
	for i := 0; i < b.N; i++ {
		rep, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		if i == 0 {
			for _, r := range rep.(*sched.Table).Rows {
				b.Logf("%s %s %s %.4g", r.X, r.Policy, r.Metric, r.Value)
			}
			b.Log(rep.(*sched.Table).Notes)
		}
	}
}

// The full plan's point sizes count the trace's jobs without reading it:
// traceJobs must be the trace's length.
func TestTraceJobs(t *testing.T) {
	jobs, _, err := workload(false)
	if err != nil {
		t.Skipf("the trace is not here: %v", err)
	}
	if len(jobs) != traceJobs {
		t.Fatalf("the trace has %d jobs, traceJobs is %d", len(jobs), traceJobs)
	}
}
