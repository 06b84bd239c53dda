package repro

import (
	"context"
	"testing"

	"gridplay/engine/sched"
)

// BenchmarkMUSCLEFig4Point runs the point of muscle-fig4 at queue 100 for
// the default reading (20,000 jobs: MUSCLE's rate search, then the
// baselines of every reading at that rate) and reports MUSCLE's MCP gains.
func BenchmarkMUSCLEFig4Point(b *testing.B) {
	benchFig4(b, sched.ExperimentOptions{}, len(Fig4Levels)-1)
}

// BenchmarkMUSCLEFig4QuickPoint is the same point in quick mode.
func BenchmarkMUSCLEFig4QuickPoint(b *testing.B) {
	benchFig4(b, sched.ExperimentOptions{Quick: true}, len(fig4QuickLevels)-1)
}

func benchFig4(b *testing.B, opt sched.ExperimentOptions, k int) {
	for i := 0; i < b.N; i++ {
		rep, err := fig4Exp{}.Point(context.Background(), opt, k, nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range rep.LongRows() {
			if r.Policy == "muscle" && (r.Metric == "mcp_gain_vs_dll" || r.Metric == "mcp_gain_vs_wrand" || r.Metric == "queue" || r.Metric == "rate") {
				b.ReportMetric(r.Value, r.Metric)
			}
		}
	}
}
