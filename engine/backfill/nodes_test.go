package backfill

import (
	"slices"
	"testing"

	"gridplay/engine/rng"
)

// TestNodeBitsMatchGo checks takeBits and putBits (under js/wasm the
// assembly of nodes_wasm.s) against takeBitsGo and putBitsGo on random
// sets: the same indices, the same words and the same lowest word.
// Natively both sides are the Go loops; the test means something under
// node (./build.sh test runs the engine's tests there too).
func TestNodeBitsMatchGo(t *testing.T) {
	r := rng.NewPCG(7, 7)
	takes, puts := 0, 0
	for trial := 0; trial < 2000; trial++ {
		words := 1 + r.IntN(8)
		set := make([]uint64, words)
		free := 0
		for w := range set {
			switch r.IntN(4) {
			case 0: // empty word
			case 1:
				set[w] = ^uint64(0)
			default:
				set[w] = r.Uint64() & r.Uint64()
			}
			for b := set[w]; b != 0; b &= b - 1 {
				free++
			}
		}
		if free == 0 {
			continue
		}
		w := 0
		for set[w] == 0 {
			w++
		}
		w -= r.IntN(w + 1) // from a word at or before the first free one
		k := 1 + r.IntN(free)
		want, got := slices.Clone(set), slices.Clone(set)
		outWant, outGot := make([]int, k), make([]int, k)
		takeBitsGo(want, w, outWant)
		takeBits(got, w, outGot)
		if !slices.Equal(outGot, outWant) || !slices.Equal(got, want) {
			t.Fatalf("trial %d: takeBits(%x, %d, %d) took %v leaving %x; takeBitsGo took %v leaving %x", trial, set, w, k, outGot, got, outWant, want)
		}
		takes++

		// Give back a random subset of what was taken, in any order.
		back := slices.Clone(outWant)
		r.Shuffle(len(back), func(a, b int) { back[a], back[b] = back[b], back[a] })
		back = back[:1+r.IntN(len(back))]
		lowWant := putBitsGo(want, back)
		lowGot := putBits(got, back)
		if lowGot != lowWant || !slices.Equal(got, want) {
			t.Fatalf("trial %d: putBits(%v) gave low %d and %x; putBitsGo %d and %x", trial, back, lowGot, got, lowWant, want)
		}
		puts++
	}
	if takes < 1000 || puts < 1000 {
		t.Fatalf("only %d takes and %d puts compared", takes, puts)
	}
}
