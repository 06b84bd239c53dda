package multisite

import (
	"context"
	"encoding/json"
	"testing"

	_ "gridplay/engine/backfill"
	"gridplay/engine/sched"
)

func TestExperimentsQuick(t *testing.T) {
	for _, name := range []string{"multisite-fig2", "multisite-fig3"} {
		e, ok := sched.LookupExperiment(name)
		if !ok {
			t.Fatalf("%s not registered", name)
		}
		rep, err := e.Run(context.Background(), sched.ExperimentOptions{Quick: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		tab := rep.(*sched.Table)
		// 3 factors x 3 policies x 4 metrics, plus 3 x 2 x 2 ratios.
		if got, want := len(tab.LongRows()), 3*3*4+3*2*2; got != want {
			t.Errorf("%s: %d rows, want %d", name, got, want)
		}
		for _, r := range tab.Rows {
			if r.Experiment != name || r.Value < 0 {
				t.Errorf("bad row %+v", r)
			}
			if (r.Metric == "awrt" || r.Metric == "awwt") && r.Value == 0 && r.Metric == "awrt" {
				t.Errorf("zero AWRT: %+v", r)
			}
		}
		if len(tab.Paper) == 0 || len(tab.Notes) < 2 {
			t.Errorf("%s: paper rows or notes missing", name)
		}
		// Deterministic: a second run gives the same JSON (checked on
		// one figure to keep the test short).
		if name == "multisite-fig3" {
			rep2, _ := e.Run(context.Background(), sched.ExperimentOptions{Quick: true}, nil)
			a, _ := json.Marshal(rep)
			b, _ := json.Marshal(rep2)
			if string(a) != string(b) {
				t.Errorf("%s: two runs differ", name)
			}
		}
		if testing.Verbose() {
			for _, r := range tab.Rows {
				t.Logf("%s %s %s %.4g", r.X, r.Policy, r.Metric, r.Value)
			}
			t.Log(tab.Notes)
		}
	}
}

func BenchmarkFig2Full(b *testing.B) {
	e, _ := sched.LookupExperiment("multisite-fig2")
	for i := 0; i < b.N; i++ {
		rep, err := e.Run(context.Background(), sched.ExperimentOptions{}, nil)
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

func BenchmarkOptimalKTH(b *testing.B) {
	e := &experiment{name: "bench", fig: 2, h: [3]float64{1, 1, 1}}
	jobs, _, err := workload(false)
	if err != nil {
		b.Fatal(err)
	}
	s := e.scenario(jobs, 1.6, "multisite-optimal")
	p, _ := sched.Lookup("multisite-optimal")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := p.Run(context.Background(), s, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(jobs))*float64(b.N)/b.Elapsed().Seconds(), "jobs/s")
}
