package muscle

import (
	"math"
	"testing"
)

// TestParetoMean checks the closed form of the mean of MUSCLE eq. 4
// against numeric integration of x f(x) on [lo, hi].
func TestParetoMean(t *testing.T) {
	for _, c := range []struct{ lo, hi, a float64 }{{5, 100, 1}, {5, 100, 0.5}, {1, 10, 2}} {
		k := 1 - math.Pow(c.lo/c.hi, c.a)
		n := 200000
		h := (c.hi - c.lo) / float64(n)
		sum := 0.0
		for i := 0; i < n; i++ {
			x := c.lo + (float64(i)+0.5)*h
			sum += x * c.a * math.Pow(c.lo, c.a) / k * math.Pow(x, -c.a-1) * h // x f(x) dx, eq. 4
		}
		if got := paretoMean(c.lo, c.hi, c.a); math.Abs(got-sum) > 1e-6*sum {
			t.Errorf("paretoMean(%v, %v, %v) = %v, integral %v", c.lo, c.hi, c.a, got, sum)
		}
	}
}

// TestFig4Scenario: Fig. 4 runs use Alg. 4 step 1's rounds (threshold
// 0, no period) at the rate given, with the paper's weights.
func TestFig4Scenario(t *testing.T) {
	s := Fig4Scenario("dll", 0.25, 10, 1, map[string]float64{"stall": 7})
	p := s.Policy.Params
	if p["period"] != 0 || p["threshold"] != 0 || p["barrier"] != 0 || p["wo"] != 4 || p["wm"] != 3 || p["wi"] != 1 || p["stall"] != 7 {
		t.Fatalf("params %v", p)
	}
	if g := s.Generator; g.Rate != 0.25 || g.ExecMin != 5 || g.ExecMax != 100 || g.SizeMin != 1 || g.SizeMax != 10 || g.DRMin != 0 || g.DRMax != 5 {
		t.Fatalf("generator %+v", g)
	}
}
