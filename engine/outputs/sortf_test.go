package outputs

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"gridplay/engine/rng"
)

// measures returns n values of each kind Summarise sorts in a run: waits
// (whole seconds, a third of them 0), turnarounds (whole seconds) and
// bounded slowdowns (fractions from 1 up).
func measures(r *rng.Rand, n int) (wait, turn, bsld []float64) {
	for range n {
		w := 0.0
		if r.IntN(3) > 0 {
			w = float64(r.IntN(200000))
		}
		run := float64(1 + r.IntN(100000))
		wait = append(wait, w)
		turn = append(turn, w+run)
		bsld = append(bsld, BSLD(w, run))
	}
	return wait, turn, bsld
}

// sameOrder reports whether got is want's order: the same values, a NaN
// where want has one, and -0 and +0 where want has either (slices.Sort
// holds them equal), with every -0 before every +0 in got.
func sameOrder(got, want []float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		g, w := got[i], want[i]
		if g != g || w != w {
			if !(g != g && w != w) {
				return false
			}
			continue
		}
		if g != w {
			return false
		}
		if i > 0 && g == 0 && math.Signbit(g) && !math.Signbit(got[i-1]) && got[i-1] == 0 {
			return false // +0 before -0
		}
	}
	return true
}

// TestSortFloatsMatchesSort checks sortFloats against slices.Sort on the
// kinds of values Summarise sorts, on values with every kind of bits
// (negatives, zeros of both signs, infinities, NaNs, subnormals), and on
// short and long lengths; and that it fails when it should (a sort that
// does nothing, or +0 before -0, is caught).
func TestSortFloatsMatchesSort(t *testing.T) {
	r := rng.New(7, "sortf")
	var cases [][]float64
	wait, turn, bsld := measures(r, 20000)
	cases = append(cases, wait, turn, bsld)
	// All values but one the same.
	same := make([]float64, 1536)
	for i := range same {
		same[i] = 5
	}
	same[len(same)-1] = 3
	cases = append(cases, same)
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), math.SmallestNonzeroFloat64,
		-math.SmallestNonzeroFloat64, math.MaxFloat64, -math.MaxFloat64, 1, -1, 0.5, -0.5}
	for _, n := range []int{0, 1, 2, 3, 17, 511, 512, 513, 3000} {
		xs := make([]float64, n)
		for i := range xs {
			switch r.IntN(4) {
			case 0:
				xs[i] = special[r.IntN(len(special))]
			case 1:
				xs[i] = math.Float64frombits(r.Uint64())
			case 2:
				xs[i] = float64(r.IntN(50)) - 25
			default:
				xs[i] = (r.Float64() - 0.5) * 1e6
			}
		}
		cases = append(cases, xs)
	}
	for i, xs := range cases {
		want := slices.Clone(xs)
		slices.Sort(want)
		got := slices.Clone(xs)
		sortFloats(got)
		if !sameOrder(got, want) {
			t.Errorf("case %d (%d values): sortFloats differs from slices.Sort", i, len(xs))
		}
	}
	// The check itself: unsorted and reversed-negatives orders fail it.
	xs := []float64{3, -1, 2, -5, 0, math.Copysign(0, -1)}
	want := slices.Clone(xs)
	slices.Sort(want)
	if sameOrder(xs, want) {
		t.Error("sameOrder passed an unsorted slice")
	}
	if sameOrder([]float64{-5, -1, 0, math.Copysign(0, -1), 2, 3}, want) {
		t.Error("sameOrder passed +0 before -0")
	}
	if !sameOrder([]float64{-5, -1, math.Copysign(0, -1), 0, 2, 3}, want) {
		t.Error("sameOrder failed the sorted slice")
	}
}

// BenchmarkSortFloats sorts n values of each measure: n = 20,000 is as
// many as the benchmark set's EASY row has jobs.
//
//	go test -run XXX -bench SortFloats ./engine/outputs/
func BenchmarkSortFloats(b *testing.B) {
	for _, n := range []int{200, 1000, 20000} {
		r := rng.New(7, "sortf")
		wait, turn, bsld := measures(r, n)
		buf := make([]float64, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for range b.N {
				for _, xs := range [][]float64{wait, turn, bsld} {
					copy(buf, xs)
					sortFloats(buf)
				}
			}
		})
	}
}
