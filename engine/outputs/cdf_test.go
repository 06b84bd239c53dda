package outputs

import (
	"math"
	"slices"
	"testing"

	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// cdfScan is cdf's definition read literally: the minimum, then the
// point at each percentile's rank (the last of its equal values) when
// its value differs from the latest point's.
func cdfScan(sorted []float64) []sched.XY {
	n := len(sorted)
	at := func(k int) sched.XY {
		for k+1 < n && sorted[k+1] == sorted[k] {
			k++
		}
		return sched.XY{X: sorted[k], Y: float64(k+1) / float64(n)}
	}
	out := []sched.XY{at(0)}
	for p := 1; p <= 100; p++ {
		pt := at(rank(p, n) - 1)
		if pt.X != out[len(out)-1].X {
			out = append(out, pt)
		}
	}
	return out
}

// TestCDFPercentiles: with more than MaxCDFPoints distinct values, cdf
// gives the points of cdfScan, long runs of equal values, NaN and few
// values included.
func TestCDFPercentiles(t *testing.T) {
	rng := rng.NewPCG(3, 4)
	for trial := range 3000 {
		n := 400 + rng.IntN(600)
		xs := make([]float64, n)
		for i := range xs {
			switch r := rng.IntN(10); {
			case r < 4:
				xs[i] = 0 // a long run
			case r == 4 && trial%4 == 0:
				xs[i] = math.NaN()
			case r == 5:
				xs[i] = float64(rng.IntN(3))
			default:
				xs[i] = rng.Float64() * 1000
			}
		}
		slices.Sort(xs)
		got, want := cdf(xs), cdfScan(xs)
		if len(got) != len(want) {
			t.Fatalf("trial %d: %d points, want %d", trial, len(got), len(want))
		}
		for i := range got {
			if got[i].Y != want[i].Y || math.Float64bits(got[i].X) != math.Float64bits(want[i].X) {
				t.Fatalf("trial %d: point %d is %v, want %v", trial, i, got[i], want[i])
			}
		}
	}
}
