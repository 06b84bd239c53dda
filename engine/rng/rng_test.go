package rng

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMatchesMathRand: every method draws exactly what math/rand/v2's
// Rand draws over rand.NewPCG with the same seeds, for bounds of every
// kind (powers of two, small, near 2^63, those that reject), interleaved
// so that a method drawing one number too many or too few shows at the
// next draw.
func TestMatchesMathRand(t *testing.T) {
	for _, seed := range [][2]uint64{{42, 7}, {0, 0}, {1<<64 - 1, 1 << 63}} {
		want, got := rand.New(rand.NewPCG(seed[0], seed[1])), NewPCG(seed[0], seed[1])
		bounds := []int{1, 2, 3, 7, 64, 100, 240, 1000, 1 << 20, 3<<61 + 1, 1<<63 - 1}
		for i := 0; i < 200000; i++ {
			n := bounds[i%len(bounds)]
			if i%7 == 0 {
				n = 1 + i%5000
			}
			switch i % 7 {
			case 0:
				if a, b := want.IntN(n), got.IntN(n); a != b {
					t.Fatalf("%v draw %d IntN(%d): rand %d, rng %d", seed, i, n, a, b)
				}
			case 1:
				if a, b := want.Float64(), got.Float64(); a != b {
					t.Fatalf("%v draw %d Float64: rand %v, rng %v", seed, i, a, b)
				}
			case 2:
				if a, b := want.Uint64(), got.Uint64(); a != b {
					t.Fatalf("%v draw %d Uint64: rand %v, rng %v", seed, i, a, b)
				}
			case 3: // the large bounds (case 0 takes small ones)
				if a, b := want.IntN(n), got.IntN(n); a != b {
					t.Fatalf("%v draw %d IntN(%d): rand %d, rng %d", seed, i, n, a, b)
				}
			case 4:
				if a, b := want.ExpFloat64(), got.ExpFloat64(); a != b {
					t.Fatalf("%v draw %d ExpFloat64: rand %v, rng %v", seed, i, a, b)
				}
			case 5:
				if a, b := want.NormFloat64(), got.NormFloat64(); a != b {
					t.Fatalf("%v draw %d NormFloat64: rand %v, rng %v", seed, i, a, b)
				}
			default:
				m := i % 40
				a, b := make([]int, m), make([]int, m)
				for k := range a {
					a[k], b[k] = k, k
				}
				want.Shuffle(m, func(x, y int) { a[x], a[y] = a[y], a[x] })
				got.Shuffle(m, func(x, y int) { b[x], b[y] = b[y], b[x] })
				if !slices.Equal(a, b) {
					t.Fatalf("%v draw %d Shuffle(%d): rand %v, rng %v", seed, i, m, a, b)
				}
			}
		}
	}
}

// TestNewIsTheHashedPCG: New(seed, path...) is rand.NewPCG(seed, h) with
// h the FNV-1a hash of the path, each name followed by a zero byte, and
// Child is NewPCG of the parent's next two draws.
func TestNewIsTheHashedPCG(t *testing.T) {
	// FNV-1a of "titan\x00ga\x00", by hand: offset basis, then per byte
	// xor and multiply by the 64-bit FNV prime.
	h := uint64(14695981039346656037)
	for _, c := range []byte("titan\x00ga\x00") {
		h ^= uint64(c)
		h *= 1099511628211
	}
	want := rand.New(rand.NewPCG(9, h))
	got := New(9, "titan", "ga")
	for i := 0; i < 100; i++ {
		if a, b := want.Uint64(), got.Uint64(); a != b {
			t.Fatalf("draw %d: rand %d, rng %d", i, a, b)
		}
	}
	c := Child(got)
	wc := rand.New(rand.NewPCG(want.Uint64(), want.Uint64()))
	for i := 0; i < 100; i++ {
		if a, b := wc.Uint64(), c.Uint64(); a != b {
			t.Fatalf("child draw %d: rand %d, rng %d", i, a, b)
		}
	}
}

// TestStepIsUint64: a loop drawing through Step from a stream's state
// leaves it where Uint64 would.
func TestStepIsUint64(t *testing.T) {
	a, b := NewPCG(5, 6), NewPCG(5, 6)
	hi, lo := b.hi, b.lo
	for i := 0; i < 1000; i++ {
		var out uint64
		out, hi, lo = Step(hi, lo)
		if w := a.Uint64(); w != out {
			t.Fatalf("draw %d: Uint64 %d, Step %d", i, w, out)
		}
	}
	b.hi, b.lo = hi, lo
	if a.Uint64() != b.Uint64() {
		t.Fatal("the stream after Step differs")
	}
}

func BenchmarkIntN(b *testing.B) {
	r := New(1, "bench")
	s := 0
	for i := 0; i < b.N; i++ {
		s += r.IntN(1000)
	}
	_ = s
}

func BenchmarkMathRandIntN(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	s := 0
	for i := 0; i < b.N; i++ {
		s += r.IntN(1000)
	}
	_ = s
}
