package detmath

import (
	"math"
	"testing"

	"gridplay/engine/rng"
)

// The same inputs give the same bits natively and under js/wasm: the hash
// below was computed natively, and ./build.sh test runs this test under
// js/wasm with node too. (math.Pow and math.Exp fail this check: their
// amd64 assembly and the portable code differ in the last bit.)
func TestSameBitsEverywhere(t *testing.T) {
	r := rng.NewPCG(1, 2)
	var h uint64 = 14695981039346656037
	for i := 0; i < 100000; i++ {
		x := r.Float64()*1000 + 1e-3
		y := r.Float64()*6 - 3
		h = (h ^ math.Float64bits(Pow(x, y))) * 1099511628211
	}
	const want = 10770222016959999723
	if h != want {
		t.Errorf("hash %d, want %d", h, uint64(want))
	}
}

// Pow stays within a few ulps of math.Pow.
func TestClose(t *testing.T) {
	r := rng.NewPCG(3, 4)
	for i := 0; i < 100000; i++ {
		x := r.Float64()*1e4 + 1e-6
		y := r.Float64()*8 - 4
		if got, want := Pow(x, y), math.Pow(x, y); math.Abs(got-want) > 1e-12*math.Abs(want) {
			t.Fatalf("Pow(%v, %v) = %v, math.Pow %v", x, y, got, want)
		}
	}
	for _, c := range [][3]float64{{0, 2, 0}, {2, 0, 1}, {1, 5, 1}, {3, 1, 3}, {4, 0.5, 2}} {
		if got := Pow(c[0], c[1]); got != c[2] {
			t.Errorf("Pow(%v, %v) = %v, want %v", c[0], c[1], got, c[2])
		}
	}
}
