// Package rng derives deterministic random streams from a scenario seed.
//
// Every component gets its own child stream, named by a string, so adding
// a random draw in one component never shifts the numbers of another
// (design.md section 7). Streams are PCG from math/rand/v2.
package rng

import (
	"hash/fnv"
	"math/rand/v2"
)

// New returns the stream for seed and the given path of names, e.g.
// New(seed, "muscle", "epsilon-ties").
func New(seed uint64, path ...string) *rand.Rand {
	h := fnv.New64a()
	for _, p := range path {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// Child derives a new independent stream from r, for a sub-component that
// is created dynamically (e.g. one per cluster).
func Child(r *rand.Rand) *rand.Rand {
	return rand.New(rand.NewPCG(r.Uint64(), r.Uint64()))
}
