package hybrid

import (
	"context"
	"testing"
)

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

// BenchmarkWorkload builds hybrid-table1 quick's largest workload (40
// clusters, 3,000 jobs), which each of that x's points runs on (see
// workloads):
//
//	go test -run XXX -bench Workload ./engine/hybrid/
func BenchmarkWorkload(b *testing.B) {
	for i := 0; i < b.N; i++ {
		DefaultSetup.Scenario(1, 40, 3000, 0, Local)
	}
}
