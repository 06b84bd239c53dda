package gamf

import (
	"hash/fnv"
	"math/bits"
)

// prng is a run's random stream: the stream rng.New(seed, path...) gives
// (math/rand/v2's PCG-DXSM), generated here so that the GA's inner loops
// (a draw per gene in crossover) keep the state in registers and make no
// interface call per draw. Uint64, IntN and Float64 return exactly what
// math/rand/v2's Rand returns on the same PCG (TestPRNGMatchesRand), so
// results are those of rng.New.
type prng struct{ hi, lo uint64 }

// newPRNG is rng.New's stream (engine/rng: rand.NewPCG(seed, h) with h
// the FNV-1a hash of the path, each name followed by a zero byte).
func newPRNG(seed uint64, path ...string) *prng {
	h := fnv.New64a()
	for _, p := range path {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return &prng{hi: seed, lo: h.Sum64()}
}

// PCG's 128-bit LCG multiplier and increment, and DXSM's multiplier
// (M. E. O'Neill, PCG; the constants of math/rand/v2).
const (
	pcgMulHi    = 2549297995355413924
	pcgMulLo    = 4865540595714422341
	pcgIncHi    = 6364136223846793005
	pcgIncLo    = 1442695040888963407
	dxsmMul     = 0xda942042e4dd58b5
	float53Mask = 1<<53 - 1
)

// pcgStep advances the 128-bit state (hi, lo) and returns the DXSM output.
func pcgStep(hi, lo uint64) (out, nhi, nlo uint64) {
	h, l := bits.Mul64(lo, pcgMulLo)
	h += hi*pcgMulLo + lo*pcgMulHi
	l, c := bits.Add64(l, pcgIncLo, 0)
	h += pcgIncHi + c
	out = (h ^ h>>32) * dxsmMul
	out = (out ^ out>>48) * (l | 1)
	return out, h, l
}

// Uint64 is the next 64 random bits.
func (r *prng) Uint64() uint64 {
	var out uint64
	out, r.hi, r.lo = pcgStep(r.hi, r.lo)
	return out
}

// IntN is rand.Rand.IntN on a 64-bit platform (js/wasm included):
// Lemire's multiply-and-reject reduction, a mask for powers of two.
func (r *prng) IntN(n int) int {
	if n <= 0 {
		panic("gamf: IntN of a non-positive bound")
	}
	un := uint64(n)
	x := r.Uint64()
	hi, lo := bits.Mul64(x, un)
	// A power of two takes the low bits, with no branch on n (the
	// guided population's bound changes between draws). Only another
	// bound can reject (lo < n, rare).
	pow2 := un&(un-1) == 0
	if pow2 {
		hi = x & (un - 1)
	}
	if lo < un && !pow2 {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), un)
		}
	}
	return int(hi)
}

// Float64 is rand.Rand.Float64: 53 random bits in [0,1).
func (r *prng) Float64() float64 {
	return float64(r.Uint64()&float53Mask) / (1 << 53)
}
