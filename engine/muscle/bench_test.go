package muscle

import (
	"context"
	"testing"

	"gridplay/engine/runner"
)

// BenchmarkMUSCLEFig4Point runs one load point of Fig. 4 (queue 100) with
// 20,000 jobs for the three policies, and reports each policy's MCP and
// PB and the seconds per point.
func BenchmarkMUSCLEFig4Point(b *testing.B) {
	benchFig4Point(b, 100, 20000)
}

func benchFig4Point(b *testing.B, q float64, n int) {
	for i := 0; i < b.N; i++ {
		for _, pol := range []string{"muscle", "dll", "wrand"} {
			res, err := runner.Run(context.Background(), Fig4Scenario(pol, q, n, 1, map[string]float64{"frame_rounds": 0}), nil)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(res.Metrics["mcp"], pol+"-mcp")
			b.ReportMetric(res.Metrics["pb"], pol+"-pb")
			b.ReportMetric(res.Metrics["rounds"], pol+"-rounds")
		}
	}
}

// BenchmarkMUSCLEFig4Small is the same point with 2,000 jobs, for quick
// comparisons.
func BenchmarkMUSCLEFig4Small(b *testing.B) { benchFig4Point(b, 100, 2000) }
