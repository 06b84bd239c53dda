package titan

import (
	"math"
	"testing"

	"gridplay/engine/rng"
)

// TestEvalGroupsMatchesReference: evalGroups, the fast path, gives the
// last end and θ of evaluate, the reference, bit for bit; Evaluate, the
// GA's eval and evaluate agree on every start, end and term. The draws
// are random problems of 1-130 hosts whose release times are all Now,
// a few distinct, all distinct (more groups than eval gives evalGroups),
// or (for evaluate alone) negative and -0, with random schedules and
// those of a few generations of the GA.
func TestEvalGroupsMatchesReference(t *testing.T) {
	r := rng.New(7, "test", "evalpaths")
	bits := math.Float64bits
	var cs [3]chain
	for it := 0; it < 400; it++ {
		m := 1 + r.IntN(64)
		if it%5 == 4 {
			m = 65 + r.IntN(66)
		}
		p := randomProblem(r, 1+r.IntN(40), m)
		switch it % 4 {
		case 0: // every host free at Now: one group
			clear(p.Release)
		case 1: // negative times and -0
			p.Now = []float64{-float64(r.IntN(100)), math.Copysign(0, -1)}[r.IntN(2)]
			for h := range p.Release {
				p.Release[h] = []float64{math.Copysign(0, -1), -3.5, 0, p.Now - 1, 7}[r.IntN(5)]
			}
		case 2: // a few distinct releases
			for h := range p.Release {
				p.Release[h] = float64(10 * r.IntN(4))
			}
		}
		g, err := New(Config{Population: 6}, p, nil, rng.New(uint64(it), "test", "evalpaths-ga"))
		if err != nil {
			t.Fatal(err)
		}
		pr := &g.pr
		for step := 0; step < 5; step++ {
			for k := 0; k < g.pop; k++ {
				o, b := g.member(k)
				ts, te := make([]float64, pr.n), make([]float64, pr.n)
				want := g.eval(o, b, ts, te) // evaluate
				if len(pr.g0) > 0 {          // member k with the next two, as evalPending does
					var os [3][]int32
					var bs [3][]uint64
					for c := range os {
						os[c], bs[c] = g.member((k + c) % g.pop)
					}
					os[0], bs[0] = o, b
					evalGroups(&cs, &os, &bs, pr.g0, pr.tbl, pr.dl, pr.m+1, pr.p.Now)
					last, th := math.Float64frombits(cs[0].lastk), cs[0].th
					if bits(last-pr.p.Now) != bits(want.om) || bits(th) != bits(want.th) {
						t.Fatalf("problem %d (m=%d, %d groups) member %d: evalGroups ω %v θ %v, evaluate ω %v θ %v",
							it, m, len(pr.g0), k, last-pr.p.Now, th, want.om, want.th)
					}
				}
				if got := g.eval(o, b, nil, nil); bits(got.om) != bits(want.om) || bits(got.th) != bits(want.th) || bits(got.cost) != bits(want.cost) {
					t.Fatalf("problem %d member %d: eval %+v, with times %+v", it, k, got, want)
				}
				s := Schedule{Order: make([]int, pr.n), Hosts: pr.m, Bits: append([]uint64(nil), b...)}
				for i, x := range o {
					s.Order[i] = int(x)
				}
				var tm Timing
				if err := Evaluate(&p, &s, &tm); err != nil {
					t.Fatal(err)
				}
				if bits(tm.Makespan) != bits(want.om) || bits(tm.Idle) != bits(want.ga) || bits(tm.Deadline) != bits(want.th) {
					t.Fatalf("problem %d member %d: Evaluate %+v, eval %+v", it, k, tm, want)
				}
				for j := range ts {
					if bits(tm.Start[j]) != bits(ts[j]) || bits(tm.End[j]) != bits(te[j]) {
						t.Fatalf("problem %d member %d task %d: Evaluate %v-%v, eval %v-%v", it, k, j, tm.Start[j], tm.End[j], ts[j], te[j])
					}
				}
			}
			g.Step()
		}
	}
}

// TestPickMatchesBinarySearch: pick's branch-free search returns what a
// plain binary search for the first cumulative fitness above u returns
// (pop-1 when none is), on sums with ties, zeros and u at the ends.
func TestPickMatchesBinarySearch(t *testing.T) {
	r := rng.New(3, "test", "pick")
	for it := 0; it < 2000; it++ {
		pop := 2 + r.IntN(70)
		g := &GA{pop: pop, cum: make([]float64, pop)}
		acc := 0.0
		for k := range g.cum {
			switch r.IntN(3) {
			case 0: // a zero fitness: a tie in cum
			case 1:
				acc += 1
			default:
				acc += r.Float64()
			}
			g.cum[k] = acc
		}
		if acc == 0 {
			continue
		}
		for _, u := range []float64{0, acc, math.Nextafter(acc, 0), g.cum[r.IntN(pop)], r.Float64() * acc} {
			lo, hi := 0, pop-1
			for lo < hi {
				mid := (lo + hi) / 2
				if g.cum[mid] > u {
					hi = mid
				} else {
					lo = mid + 1
				}
			}
			// pick with this u: feed it through a stream that returns it
			if got := g.search(u); got != lo {
				t.Fatalf("cum %v u %v: search %d, binary search %d", g.cum, u, got, lo)
			}
		}
	}
}
