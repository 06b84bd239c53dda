package titan

import (
	"math"
	"testing"

	"gridplay/engine/rng"
)

// TestPlaceTripleMatchesGo places random tasks on random groups with
// placeTriple and placeTripleGo and compares every field of the three
// chains bit for bit after each task. Under js/wasm (./build.sh test runs
// the engine's tests there too) placeTriple is the assembly of
// place_wasm.s; natively the two are one function. The draws cover empty
// and full masks, tasks that meet no group, ends that fall before and
// after a deadline or at none (+Inf), and chains of one to 65 groups.
func TestPlaceTripleMatchesGo(t *testing.T) {
	r := rng.New(3, "test", "placeTriple")
	var a, b [3]chain
	for trial := 0; trial < 400; trial++ {
		now := math.Float64bits(float64(r.IntN(100)))
		for c := range a {
			ng := 1 + r.IntN(65)
			a[c] = chain{ng: ng, lastk: now, th: float64(r.IntN(3))}
			for q := 0; q < ng; q++ {
				a[c].m[q] = r.Uint64() >> r.IntN(64)
				a[c].t[q] = math.Float64bits(float64(r.IntN(1000)) + r.Float64())
			}
		}
		b = a
		for task := 0; task < 40; task++ {
			var xs [3]uint64
			var p, d [3]float64
			for c := range xs {
				switch r.IntN(4) {
				case 0:
					xs[c] = 0
				case 1:
					xs[c] = math.MaxUint64
				default:
					xs[c] = r.Uint64() & r.Uint64()
				}
				p[c] = float64(r.IntN(50)) + r.Float64()
				d[c] = math.Inf(1)
				if r.IntN(2) == 0 {
					d[c] = float64(r.IntN(1500))
				}
			}
			xa, xb := xs, xs
			placeTriple(&a, &xa, p[0], p[1], p[2], d[0], d[1], d[2], now)
			placeTripleGo(&b, &xb, p[0], p[1], p[2], d[0], d[1], d[2], now)
			for c := range a {
				ca, cb := &a[c], &b[c]
				if ca.ng != cb.ng || ca.lastk != cb.lastk || math.Float64bits(ca.th) != math.Float64bits(cb.th) || ca.m != cb.m || ca.t != cb.t {
					t.Fatalf("trial %d task %d chain %d: placeTriple gives ng %d lastk %#x th %v, placeTripleGo ng %d lastk %#x th %v (or the groups differ)",
						trial, task, c, ca.ng, ca.lastk, ca.th, cb.ng, cb.lastk, cb.th)
				}
			}
		}
	}
}
