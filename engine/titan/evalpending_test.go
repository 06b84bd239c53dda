package titan

import (
	"math"
	"testing"

	"gridplay/engine/rng"
)

// TestStepTermsMatchEval: after each Step, the terms Step computed for
// every member (three children at a time by evalGroups, the last
// repeated to fill a three) are, bit for bit, those of evaluate, on
// random problems with Now at 0 or later (evalGroups) and before it
// (evaluate alone), with populations that leave 0, 1 or 2 children over.
func TestStepTermsMatchEval(t *testing.T) {
	r := rng.New(11, "test", "evalpending")
	for it := 0; it < 60; it++ {
		p := randomProblem(r, 1+r.IntN(40), 1+r.IntN(64))
		switch it % 3 {
		case 1:
			p.Now = math.Copysign(0, -1)
		case 2:
			p.Now = -float64(1 + r.IntN(50))
		}
		g, err := New(Config{Population: 4 + it%5}, p, nil, rng.New(uint64(it), "test", "evalpending-ga"))
		if err != nil {
			t.Fatal(err)
		}
		pr := &g.pr
		for step := 0; step < 10; step++ {
			g.Step()
			for k := 0; k < g.pop; k++ {
				o, b := g.member(k)
				want := g.eval(o, b, make([]float64, pr.n), make([]float64, pr.n)) // evaluate
				got := g.cur[k]
				if math.Float64bits(got.om) != math.Float64bits(want.om) || math.Float64bits(got.th) != math.Float64bits(want.th) ||
					math.Float64bits(got.cost) != math.Float64bits(want.cost) {
					t.Fatalf("problem %d (m=%d, now %v) step %d member %d: Step %+v, eval %+v", it, pr.m, p.Now, step, k, got, want)
				}
			}
		}
	}
}
