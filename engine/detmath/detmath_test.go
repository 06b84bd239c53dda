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
		for _, v := range []float64{Pow(x, y), Exp(y * 5)} {
			h = (h ^ math.Float64bits(v)) * 1099511628211
		}
	}
	const want = 16098096436280281844
	if h != want {
		t.Errorf("hash %d, want %d", h, uint64(want))
	}
}

// Pow and Exp stay within a few ulps of math's.
func TestClose(t *testing.T) {
	r := rng.NewPCG(3, 4)
	for i := 0; i < 100000; i++ {
		x := r.Float64()*1e4 + 1e-6
		y := r.Float64()*8 - 4
		if got, want := Pow(x, y), math.Pow(x, y); math.Abs(got-want) > 1e-12*math.Abs(want) {
			t.Fatalf("Pow(%v, %v) = %v, math.Pow %v", x, y, got, want)
		}
		if got, want := Exp(y*10), math.Exp(y*10); math.Abs(got-want) > 1e-12*want {
			t.Fatalf("Exp(%v) = %v, math.Exp %v", y*10, got, want)
		}
	}
	for _, c := range [][3]float64{{0, 2, 0}, {2, 0, 1}, {1, 5, 1}, {3, 1, 3}, {4, 0.5, 2}} {
		if got := Pow(c[0], c[1]); got != c[2] {
			t.Errorf("Pow(%v, %v) = %v, want %v", c[0], c[1], got, c[2])
		}
	}
}
