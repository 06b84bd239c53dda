package gamf

import (
	"testing"

	"gridplay/engine/rng"
)

// TestPRNGMatchesRand: the GA's stream draws exactly what rng.New's
// math/rand/v2 Rand draws, for bounds of every kind (powers of two,
// small, near 2^63, those that reject) and for Float64.
func TestPRNGMatchesRand(t *testing.T) {
	for _, path := range [][]string{{"gamf", "gamf"}, {"gamf", "hill"}, {"x"}} {
		want, got := rng.New(42, path...), newPRNG(42, path...)
		bounds := []int{1, 2, 3, 7, 64, 100, 240, 1000, 1 << 20, 3<<61 + 1, 1<<63 - 1}
		for i := 0; i < 200000; i++ {
			switch i % 3 {
			case 0:
				n := bounds[i%len(bounds)]
				if i%7 == 0 {
					n = 1 + i%5000
				}
				if a, b := want.IntN(n), got.IntN(n); a != b {
					t.Fatalf("%v draw %d IntN(%d): rand %d, prng %d", path, i, n, a, b)
				}
			case 1:
				if a, b := want.Float64(), got.Float64(); a != b {
					t.Fatalf("%v draw %d Float64: rand %v, prng %v", path, i, a, b)
				}
			default:
				if a, b := want.Uint64(), got.Uint64(); a != b {
					t.Fatalf("%v draw %d Uint64: rand %v, prng %v", path, i, a, b)
				}
			}
		}
	}
}
