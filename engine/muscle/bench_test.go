package muscle

import (
	"context"
	"testing"
)

// BenchmarkMUSCLEFig4Point runs one load point of Fig. 4 (queue 100) with
// 20,000 jobs for the three policies, each with the pilot runs that set
// its arrival rate (Fig4Point), and reports each policy's MCP, PB,
// rounds, measured mean queue and rate.
func BenchmarkMUSCLEFig4Point(b *testing.B) {
	benchFig4Point(b, 100, 20000)
}

func benchFig4Point(b *testing.B, q float64, n int) {
	for i := 0; i < b.N; i++ {
		pts, err := Fig4Point(context.Background(), q, n, 0, 1, map[string]float64{"frame_rounds": 0})
		if err != nil {
			b.Fatal(err)
		}
		for _, pt := range pts {
			res, pol := pt.Result, pt.Policy
			b.ReportMetric(res.Metrics["mcp"], pol+"-mcp")
			b.ReportMetric(res.Metrics["pb"], pol+"-pb")
			b.ReportMetric(res.Metrics["rounds"], pol+"-rounds")
			b.ReportMetric(res.Metrics["mean_queue"], pol+"-queue")
			b.ReportMetric(pt.Rate, pol+"-rate")
		}
	}
}

// BenchmarkMUSCLEFig4Small is the same point with 2,000 jobs, for quick
// comparisons.
func BenchmarkMUSCLEFig4Small(b *testing.B) { benchFig4Point(b, 100, 2000) }
