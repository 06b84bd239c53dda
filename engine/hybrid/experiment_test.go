package hybrid

import (
	"context"
	"encoding/json"
	"math"
	"strconv"
	"testing"

	"gridplay/engine/sched"
)

func runExperiment(t testing.TB, name string, quick bool) *sched.Table {
	t.Helper()
	e, ok := sched.LookupExperiment(name)
	if !ok {
		t.Fatalf("%s not registered", name)
	}
	rep, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{Quick: quick}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rep.(*sched.Table)
}

func TestExperimentsQuick(t *testing.T) {
	for _, tc := range []struct {
		name string
		xs   []string
	}{
		{"hybrid-table1", []string{"1000", "3000"}},
		{"hybrid-table3", []string{"10", "40", "100"}},
	} {
		tb := runExperiment(t, tc.name, true)
		val := map[string]float64{}
		for _, r := range tb.Rows {
			if r.Experiment != tc.name || math.IsNaN(r.Value) || math.IsInf(r.Value, 0) {
				t.Fatalf("%s: bad row %+v", tc.name, r)
			}
			val[r.X+"|"+r.Policy+"|"+r.Metric] = r.Value
		}
		for _, x := range append(tc.xs, "avg") {
			for _, m := range []string{"ttr_improvement_vs_local", "ttr_improvement_vs_hrs", "completed_improvement_vs_local", "completed_improvement_vs_hrs"} {
				for _, p := range []string{"hybrid-phrs", PHRSStep2} {
					if _, ok := val[x+"|"+p+"|"+m]; !ok {
						t.Errorf("%s: no row %s %s %s", tc.name, x, p, m)
					}
				}
			}
		}
		for _, x := range tc.xs {
			for _, p := range []string{"hybrid-local", "hybrid-hrs", "hybrid-phrs"} {
				for _, m := range reported {
					if _, ok := val[x+"|"+p+"|"+m]; !ok {
						t.Errorf("%s: no row %s %s %s", tc.name, x, p, m)
					}
				}
			}
			// The improvement rows are the percentages of the metric rows.
			l, p := val[x+"|hybrid-local|ttr"], val[x+"|hybrid-phrs|ttr"]
			if got := val[x+"|hybrid-phrs|ttr_improvement_vs_local"]; math.Abs(got-100*(l-p)/l) > 1e-9 {
				t.Errorf("%s x=%s: ttr improvement %v, want %v", tc.name, x, got, 100*(l-p)/l)
			}
			// The direction of Tables I-IV against local execution: P-HRS
			// has a lower TTR and completes more jobs.
			if val[x+"|hybrid-phrs|ttr_improvement_vs_local"] <= 0 || val[x+"|hybrid-phrs|completed_improvement_vs_local"] <= 0 {
				t.Errorf("%s x=%s: P-HRS does not beat local: %v %v", tc.name, x,
					val[x+"|hybrid-phrs|ttr_improvement_vs_local"], val[x+"|hybrid-phrs|completed_improvement_vs_local"])
			}
			if val[x+"|hybrid-local|migrated"] != 0 {
				t.Errorf("%s x=%s: local migrated jobs", tc.name, x)
			}
		}
		if len(tb.Paper) == 0 || len(tb.Notes) == 0 {
			t.Errorf("%s: no paper rows or notes", tc.name)
		}
		if _, err := json.Marshal(tb); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

// TestPaperRows checks the copied tables against the averages the paper
// states: the mean of each table row is the stated average, to the
// rounding of the text (Table I vs local: (22.3+12.9+19.3+21.3+16.8)/5 =
// 18.52; stated 18.5).
func TestPaperRows(t *testing.T) {
	for _, name := range []string{"hybrid-table1", "hybrid-table3"} {
		paper := registered[name].paper
		sum, n, avg := map[string]float64{}, map[string]int{}, map[string]float64{}
		for _, r := range paper {
			if r.X == "avg" {
				avg[r.Metric] = r.Value
				continue
			}
			if _, err := strconv.Atoi(r.X); err != nil {
				t.Fatalf("%s: bad x %q", name, r.X)
			}
			sum[r.Metric] += r.Value
			n[r.Metric]++
		}
		for m, s := range sum {
			mean := s / float64(n[m])
			if math.Abs(mean-avg[m]) > 0.15 {
				t.Errorf("%s %s: table mean %.2f, stated average %.1f", name, m, mean, avg[m])
			}
		}
	}
}

func TestExperimentCancel(t *testing.T) {
	e, _ := sched.LookupExperiment("hybrid-table1")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sched.RunExperiment(ctx, e, sched.ExperimentOptions{Quick: true}, nil); err == nil {
		t.Error("cancelled experiment ran")
	}
}

// BenchmarkHybridTable1 runs the 9000-job point of Table I (40 clusters)
// with the three approaches.
func BenchmarkHybridTable1(b *testing.B) {
	var m []map[string]float64
	for i := 0; i < b.N; i++ {
		m = make([]map[string]float64, 3)
		s := DefaultSetup.Scenario(1, 40, 9000, 0, Local)
		for a, ap := range []Approach{Local, HRS, PHRS} {
			res, err := Run(context.Background(), s, ap, baseCfg, nil)
			if err != nil {
				b.Fatal(err)
			}
			m[a] = res.Metrics
		}
	}
	b.ReportMetric(m[0]["ttr"], "ttr-local")
	b.ReportMetric(m[1]["ttr"], "ttr-hrs")
	b.ReportMetric(m[2]["ttr"], "ttr-phrs")
	b.ReportMetric(m[2]["completed"], "completed-phrs")
}
