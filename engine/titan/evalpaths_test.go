package titan

import (
	"math"
	"testing"

	"gridplay/engine/rng"
)

// TestEvalPathsAgree: eval's fast paths (evalGroups, evalHot) give the
// same floats, bit for bit, as its general path and as Evaluate, on
// random problems of 1-64 hosts with release times that are negative,
// -0, shared by several hosts or all distinct.
func TestEvalPathsAgree(t *testing.T) {
	r := rng.New(7, "test", "evalpaths")
	for it := 0; it < 300; it++ {
		m := 1 + r.IntN(64)
		p := randomProblem(r, 1+r.IntN(40), m)
		switch it % 4 {
		case 0: // every host free at Now: one group
			clear(p.Release)
		case 1: // negative times and -0
			p.Now = -float64(r.IntN(100))
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
		for step := 0; step < 5; step++ {
			for k := 0; k < g.pop; k++ {
				o, b := g.member(k)
				pr := &g.pr
				ts, te := make([]float64, pr.n), make([]float64, pr.n)
				want := g.eval(o, b, ts, te) // the general path
				var got [2][2]float64
				if pr.w == 1 {
					var ch chain
					lk, th := evalGroups(o, b, pr.g0, &ch, pr.tbl, pr.dlInf, pr.m+1, key(pr.p.Now))
					got[0][0], got[0][1] = unkey(lk), th
				} else {
					got[0][0], got[0][1] = want.om+pr.p.Now, want.th
				}
				if pr.w == 1 {
					got[1][0], got[1][1] = evalHot(o, b, pr.rel0, pr.tbl, pr.dl, pr.m+1, pr.p.Now)
				} else {
					got[1] = got[0]
				}
				for i, v := range got {
					if math.Float64bits(v[0]-pr.p.Now) != math.Float64bits(want.om) || math.Float64bits(v[1]) != math.Float64bits(want.th) {
						t.Fatalf("problem %d (m=%d) member %d path %d: ω %v θ %v, general path ω %v θ %v", it, m, k, i, v[0]-pr.p.Now, v[1], want.om, want.th)
					}
				}
				if pr.w == 1 && k+1 < g.pop { // two at once, as Step evaluates children
					o2, b2 := g.member(k + 1)
					want2 := g.eval(o2, b2, make([]float64, pr.n), make([]float64, pr.n))
					var c1, c2 chain
					evalGroups2(o, b, o2, b2, pr.g0, &c1, &c2, pr.tbl, pr.dlInf, pr.m+1, key(pr.p.Now))
					same := func(a, b terms) bool { return a.om == b.om && a.th == b.th && a.cost == b.cost }
					if !same(g.terms(unkey(c1.lastk), c1.th), want) || !same(g.terms(unkey(c2.lastk), c2.th), want2) {
						t.Fatalf("problem %d members %d, %d evaluated together: %+v %+v, alone %+v %+v",
							it, k, k+1, g.terms(unkey(c1.lastk), c1.th), g.terms(unkey(c2.lastk), c2.th), want, want2)
					}
				}
				s := Schedule{Order: make([]int, pr.n), Hosts: pr.m, Bits: append([]uint64(nil), b...)}
				for i, x := range o {
					s.Order[i] = int(x)
				}
				var tm Timing
				if err := Evaluate(&p, &s, &tm); err != nil {
					t.Fatal(err)
				}
				if tm.Makespan != want.om || tm.Deadline != want.th {
					t.Fatalf("problem %d member %d: Evaluate ω %v θ %v, eval ω %v θ %v", it, k, tm.Makespan, tm.Deadline, want.om, want.th)
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

// TestCrossOrder64MatchesGeneral: the bit-set order crossover gives the
// same child as the general one, for every cut, on random orders of 2 to
// 64 tasks.
func TestCrossOrder64MatchesGeneral(t *testing.T) {
	r := rng.New(5, "test", "cross64")
	for it := 0; it < 3000; it++ {
		n := 2 + r.IntN(63)
		g := &GA{stamp: make([]uint32, n), dup: make([]int, n)}
		A, B := make([]int32, n), make([]int32, n)
		for i := range A {
			A[i], B[i] = int32(i), int32(i)
		}
		r.Shuffle(n, func(i, j int) { A[i], A[j] = A[j], A[i] })
		r.Shuffle(n, func(i, j int) { B[i], B[j] = B[j], B[i] })
		cut := 1 + r.IntN(n-1)
		want, got := make([]int32, n), make([]int32, n)
		g.crossOrderStamps(A, B, want, cut)
		g.crossOrder64(A, B, got, cut)
		for i := range want {
			if want[i] != got[i] {
				t.Fatalf("A %v B %v cut %d: %v, general %v", A, B, cut, got, want)
			}
		}
	}
}
