// Package rng derives deterministic random streams from a scenario seed.
//
// Every component gets its own child stream, named by a string, so adding
// a random draw in one component never shifts the numbers of another
// (design.md section 7).
//
// A stream is math/rand/v2's PCG-DXSM generator together with the
// reductions of math/rand/v2's Rand that the engine uses (IntN, Float64,
// Shuffle, ExpFloat64, NormFloat64), as one concrete type. Every
// method draws exactly what a rand.Rand over rand.NewPCG with the same
// state draws (TestMatchesMathRand), so streams are those of
// rand.New(rand.NewPCG(seed, hash)). The type is ours, not rand.Rand, for
// speed: rand.Rand reaches its source through an interface, and under
// js/wasm every call costs a Go stack frame in linear memory, while the
// GAs draw several numbers per gene.
package rng

import (
	"hash/fnv"
	"math/bits"
	"math/rand/v2"
)

// Rand is a random stream: a 128-bit PCG state (M. E. O'Neill, PCG; the
// generator and constants of math/rand/v2's PCG).
type Rand struct{ hi, lo uint64 }

// New returns the stream for seed and the given path of names, e.g.
// New(seed, "muscle", "epsilon-ties"): rand.NewPCG(seed, h) with h the
// FNV-1a hash of the path, each name followed by a zero byte.
func New(seed uint64, path ...string) *Rand {
	h := fnv.New64a()
	for _, p := range path {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return NewPCG(seed, h.Sum64())
}

// NewPCG is the stream of rand.New(rand.NewPCG(seed1, seed2)).
func NewPCG(seed1, seed2 uint64) *Rand { return &Rand{hi: seed1, lo: seed2} }

// Child derives a new independent stream from r, for a sub-component that
// is created dynamically (e.g. one per cluster).
func Child(r *Rand) *Rand {
	return NewPCG(r.Uint64(), r.Uint64())
}

// PCG's 128-bit LCG multiplier and increment, and DXSM's multiplier.
const (
	pcgMulHi    = 2549297995355413924
	pcgMulLo    = 4865540595714422341
	pcgIncHi    = 6364136223846793005
	pcgIncLo    = 1442695040888963407
	dxsmMul     = 0xda942042e4dd58b5
	float53Mask = 1<<53 - 1
)

// Step advances the 128-bit state (hi, lo) by state = state*mul + inc and
// returns the DXSM output ("double xorshift multiply") of the new state.
func Step(hi, lo uint64) (out, nhi, nlo uint64) {
	h, l := bits.Mul64(lo, pcgMulLo)
	h += hi*pcgMulLo + lo*pcgMulHi
	l, c := bits.Add64(l, pcgIncLo, 0)
	h += pcgIncHi + c
	out = (h ^ h>>32) * dxsmMul
	out = (out ^ out>>48) * (l | 1)
	return out, h, l
}

// Uint64 is the next 64 random bits (rand.Rand.Uint64).
func (r *Rand) Uint64() uint64 {
	var out uint64
	out, r.hi, r.lo = Step(r.hi, r.lo)
	return out
}

// IntN is rand.Rand.IntN on a 64-bit platform (js/wasm included), a
// number in [0, n). It panics if n <= 0, as rand.Rand.IntN does.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("rng: IntN of a non-positive bound")
	}
	return int(r.uint64n(uint64(n)))
}

// uint64n is rand.Rand's reduction of a draw to [0, n): Lemire's
// multiply-and-reject, a mask for powers of two. A power of two takes the
// low bits with no branch on n (GA-MF's guided population changes its
// bound between draws); only another bound can reject (lo < n, rare).
// It draws through Step, not Uint64: Step inlines here on every target,
// Uint64 not under js/wasm (bits.Add64 is no intrinsic there, which puts
// Uint64 over the compiler's inlining budget), so a draw is this one call.
func (r *Rand) uint64n(un uint64) uint64 {
	var x uint64
	x, r.hi, r.lo = Step(r.hi, r.lo)
	hi, lo := bits.Mul64(x, un)
	pow2 := un&(un-1) == 0
	if pow2 {
		hi = x & (un - 1)
	}
	if lo < un && !pow2 {
		hi = r.reject(hi, lo, un)
	}
	return hi
}

// reject is uint64n's rejection loop: it draws again while the low word
// of the product falls below 2^64 mod n.
func (r *Rand) reject(hi, lo, un uint64) uint64 {
	thresh := -un % un
	for lo < thresh {
		hi, lo = bits.Mul64(r.Uint64(), un)
	}
	return hi
}

// Float64 is rand.Rand.Float64: 53 random bits in [0,1).
func (r *Rand) Float64() float64 {
	return float64(r.Uint64()&float53Mask) / (1 << 53)
}

// Shuffle is rand.Rand.Shuffle: Fisher-Yates from the last element down.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("rng: Shuffle of a negative length")
	}
	for i := n - 1; i > 0; i-- {
		swap(i, int(r.uint64n(uint64(i+1))))
	}
}

// ExpFloat64 is rand.Rand.ExpFloat64 (its ziggurat tables), drawn from
// this stream. It is off every hot path: it builds a rand.Rand on the
// stream for the call.
func (r *Rand) ExpFloat64() float64 { return rand.New(r).ExpFloat64() }

// NormFloat64 is rand.Rand.NormFloat64, drawn from this stream, as
// ExpFloat64 is.
func (r *Rand) NormFloat64() float64 { return rand.New(r).NormFloat64() }
