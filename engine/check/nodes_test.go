package check

import (
	"math"
	"slices"
	"testing"

	"gridplay/engine/rng"
)

// TestNodeLoopsMatchGo checks stamp and hold (under js/wasm the
// assembly of nodes_wasm.s) against stampGo and holdGo on random
// nodes: out of range, repeated, and free times at, just inside and just
// outside tol of the start. Natively both sides are the Go loops; the
// test means something under node (./build.sh test runs the engine's
// tests there too).
func TestNodeLoopsMatchGo(t *testing.T) {
	r := rng.NewPCG(9, 9)
	stops, holds, exact := 0, 0, 0
	for trial := 0; trial < 3000; trial++ {
		m := r.IntN(70)
		nodes := make([]int, 1+r.IntN(40))
		for i := range nodes {
			nodes[i] = r.IntN(m+6) - 3 // some below 0 and some at or past m
		}
		// stamp, from a random state of marks.
		st := make([]int32, m)
		for x := range st {
			st[x] = int32(r.IntN(4))
		}
		mark := int32(r.IntN(4))
		want, got := slices.Clone(st), slices.Clone(st)
		iw, ig := stampGo(want, nodes, mark), stamp(got, nodes, mark)
		if iw != ig || !slices.Equal(want, got) {
			t.Fatalf("trial %d: stamp(%v, %v, %d) = %d, %v; stampGo %d, %v", trial, st, nodes, mark, ig, got, iw, want)
		}
		if iw < len(nodes) {
			stops++
		}

		// hold, from random free times around start.
		start := float64(r.IntN(1000)) * 1e6
		end := start + float64(r.IntN(3))*100
		f := make([]float64, m)
		h := make([]int32, m)
		for x := range f {
			switch r.IntN(6) {
			case 0:
				f[x] = math.Inf(-1)
			case 1:
				f[x] = start + tol(start)*0.5 // held, but within tol
			case 2:
				f[x] = start + tol(start)*4 // held past start
			case 3:
				f[x] = math.Nextafter(start, math.Inf(1))
			default:
				f[x] = start - float64(r.IntN(500))
			}
			h[x] = int32(r.IntN(100))
		}
		if m > 0 && r.IntN(3) == 0 {
			// start exactly at a node's free time less tol: not an
			// overlap (the comparison is strict).
			if x := r.IntN(m); !math.IsInf(f[x], 0) {
				start = f[x] - tol(f[x])
				exact++
			}
		}
		k := int32(r.IntN(1000))
		fw, hw := slices.Clone(f), slices.Clone(h)
		fg, hg := slices.Clone(f), slices.Clone(h)
		iw, ig = holdGo(fw, hw, nodes, start, end, k), hold(fg, hg, nodes, start, end, k)
		if iw != ig || !slices.Equal(fw, fg) || !slices.Equal(hw, hg) {
			t.Fatalf("trial %d: hold(%v, %v, %v, %v, %v) = %d, %v, %v; holdGo %d, %v, %v", trial, f, h, nodes, start, end, ig, fg, hg, iw, fw, hw)
		}
		if iw < len(nodes) {
			holds++
		}
	}
	if stops < 500 || holds < 500 || exact < 500 {
		t.Fatalf("only %d stamps and %d holds stopped early, %d starts at a free time less tol", stops, holds, exact)
	}
}
