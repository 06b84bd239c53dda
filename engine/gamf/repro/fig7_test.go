package repro

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"gridplay/engine/gamf"
	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
	"gridplay/engine/sched/verdict"
)

func TestRegistered(t *testing.T) {
	if _, ok := sched.LookupExperiment("gamf-fig7"); !ok {
		t.Fatal("gamf-fig7 not registered")
	}
}

// syntheticJobs are n random jobs of the size of the trace's (no trace
// needed).
func syntheticJobs(seed uint64, n int) []model.Job {
	r := rng.New(seed, "gamf-test", "synthetic")
	var jobs []model.Job
	for i := 0; i < n; i++ {
		sg := 0.6 + 0.3*r.Float64()
		jobs = append(jobs, model.Job{ID: fmt.Sprint(i + 1), Size: 1 + r.IntN(180), Runtime: float64(600 + r.IntN(30000)),
			Bandwidth: 5 + 45*r.Float64(), Sigma: &sg})
	}
	return jobs
}

// TestFig7Synthetic runs the experiment's points and merge on three small
// synthetic workloads (no trace needed) and checks the long format, the
// summary and the claims.
func TestFig7Synthetic(t *testing.T) {
	opt := sched.ExperimentOptions{Quick: true}
	count, params := fig7Size(opt)
	var parts []sched.Report
	for w := 0; w < count; w++ {
		jobs := syntheticJobs(uint64(w+20), 6)
		for _, m := range Fig7Policies {
			pt, err := fig7Point(context.Background(), jobs, gamf.Widen([][]model.Job{jobs})[0], w+1, m, 1, params)
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, pt)
		}
	}
	rep, err := fig7{}.Merge(opt, parts)
	if err != nil {
		t.Fatal(err)
	}
	tab := rep.(*sched.Table)
	// Per workload: jpr, cbs 3 series; metl 4; hill 5; gama, gamf 6.
	if len(tab.Rows) != count*27*2 || len(tab.Paper) != 12 || len(tab.Notes) < 5 {
		t.Fatalf("%d rows, %d paper rows, notes %v", len(tab.Rows), len(tab.Paper), tab.Notes)
	}
	for _, r := range tab.Rows {
		if r.Experiment != "gamf-fig7" || (r.Metric != "makespan" && r.Metric != "flowtime") || !(r.Value > 0) {
			t.Fatalf("row %+v", r)
		}
	}
	// 27 series x 2 metrics of means, 6 x 2 ranks.
	if len(tab.Summary) != 27*2+6*2 {
		t.Fatalf("%d summary rows", len(tab.Summary))
	}
	// Every claim under the defaults and each reading.
	if n := len((&fig7Data{}).claims()); len(tab.Claims) != n*len(sets()) || len(tab.Sets) != len(sets()) || tab.Sets[7].Set != "wide" {
		t.Fatalf("%d claims, sets %+v", len(tab.Claims), tab.Sets)
	}
	for _, c := range tab.Claims {
		if c.Verdict != verdict.NeedsSeeds || c.Ours == "" {
			t.Fatalf("claim %+v", c)
		}
	}
	// A point with a row missing is refused, naming the point.
	bad := *parts[4].(*sched.Table)
	bad.Rows = bad.Rows[1:]
	parts[4] = &bad
	if _, err := (fig7{}).Merge(opt, parts); err == nil || !strings.Contains(err.Error(), "point 4") {
		t.Fatalf("merge with a missing row: %v", err)
	}
}

// TestFig7Claims checks the claims' verdicts on hand-made means over
// five seeds: every claim holds on a table built to satisfy it, and a
// reading that breaks one breaks it under its own set only.
func TestFig7Claims(t *testing.T) {
	// means: makespan, flowtime per method (default readings); seed s
	// adds s/100 to every mean.
	mk := map[string]float64{"jpr": 10, "cbs": 10.2, "metl": 5, "hill": 9.9, "gama": 4, "gamf": 4.1}
	ft := map[string]float64{"jpr": 100, "cbs": 90, "metl": 80, "hill": 60, "gama": 70, "gamf": 50}
	run := func(seed int, change map[string]float64) *sched.Table {
		d := &fig7Data{n: 1, vals: map[string]map[string][]float64{}}
		for _, m := range Fig7Policies {
			for _, rd := range append([]Reading{{}}, readingsOf(m)...) {
				s := sched.WithReading(m, rd.Name)
				f, ok := change[s]
				if !ok {
					f = ft[m]
				}
				d.vals[s] = map[string][]float64{"makespan": {mk[m] + float64(seed)/100}, "flowtime": {f + float64(seed)/100}}
			}
		}
		tab := &sched.Table{}
		verdict.Evaluate(tab, sets(), d.claims())
		return tab
	}
	pooled := func(change map[string]float64) map[string]string {
		var tabs []*sched.Table
		for s := 1; s <= 5; s++ {
			tabs = append(tabs, run(s, change))
		}
		cs, err := verdict.Pool(tabs)
		if err != nil {
			t.Fatal(err)
		}
		v := map[string]string{}
		for _, c := range cs {
			v[c.Reading+"|"+c.Claim] = c.Verdict
		}
		return v
	}
	for k, v := range pooled(nil) {
		if v != sched.Holds {
			t.Errorf("%s: %s", k, v)
		}
	}
	for _, c := range run(1, nil).Claims {
		if c.Verdict != verdict.NeedsSeeds {
			t.Errorf("one seed, %s: %s", c.Claim, c.Verdict)
		}
	}
	// Under norm, GA-MF's flowtime falls behind METL's: the claims on
	// GA-MF's flowtime fail under norm and hold under cs-used.
	v := pooled(map[string]float64{"gamf@norm": 85})
	for _, c := range []string{"Fig. 8: HILL, GA-MA and GA-MF give the best flowtimes", "Fig. 8: GA-MF gives the best flowtime", "Fig. 8: GA-MF reduces the flowtime of GA-MA \"dramatically\""} {
		if v["norm|"+c] != sched.DoesNotHold || v["cs-used|"+c] != sched.Holds || v[verdict.Default+"|"+c] != sched.Holds {
			t.Errorf("%s: norm %q, cs-used %q, default %q", c, v["norm|"+c], v["cs-used|"+c], v[verdict.Default+"|"+c])
		}
	}
}

// TestFig7Quick runs the registered experiment in quick mode on the trace
// (static/traces) and prints its claims and notes.
func TestFig7Quick(t *testing.T) {
	e, _ := sched.LookupExperiment("gamf-fig7")
	plan, err := e.Plan(sched.ExperimentOptions{Quick: true})
	if err != nil || len(plan) != 3*6 || plan[7].Label != "workload 2, cbs" {
		t.Fatalf("plan %v: %v", plan, err)
	}
	rep, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{Quick: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tab := rep.(*sched.Table)
	if len(tab.Rows) != 3*27*2 {
		t.Fatalf("%d rows", len(tab.Rows))
	}
	if !strings.Contains(strings.Join(tab.Notes, " "), "workloads of 20 jobs") {
		t.Fatalf("notes %v", tab.Notes)
	}
	for _, c := range tab.Claims {
		t.Logf("%s | %s | %s | %s", c.Claim, c.Paper, c.Verdict, c.Ours)
	}
	for _, n := range tab.Notes {
		t.Log(n)
	}
}
