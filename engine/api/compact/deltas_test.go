package compact

import (
	"bytes"
	"testing"

	"gridplay/engine/rng"
)

// TestDeltasMatchGo checks deltas (under js/wasm the assembly of
// deltas_wasm.s) against deltasGo on random node lists: runs, gaps of
// every size, steps down, and differences at the one-byte limits (-64,
// 63, -65, 64). Natively both sides are the Go loop; the test means
// something under node (./build.sh test runs the engine's tests there
// too).
func TestDeltasMatchGo(t *testing.T) {
	r := rng.NewPCG(13, 13)
	stops := 0
	for trial := 0; trial < 5000; trial++ {
		nodes := make([]int, 1+r.IntN(50))
		x := r.IntN(300)
		for i := range nodes {
			switch r.IntN(8) {
			case 0:
				x += []int{-64, 63, -65, 64}[r.IntN(4)]
			case 1:
				x += r.IntN(1<<20) - 1<<19
			case 2:
				x -= r.IntN(10)
			default:
				x += 1 + r.IntN(3)
			}
			nodes[i] = x
		}
		prev := r.IntN(200) - 100
		want, got := make([]byte, len(nodes)), make([]byte, len(nodes))
		kw, kg := deltasGo(want, nodes, prev), deltas(got, nodes, prev)
		if kw != kg || !bytes.Equal(want, got) {
			t.Fatalf("trial %d: deltas(%v, prev %d) = %d, %v; deltasGo %d, %v", trial, nodes, prev, kg, got, kw, want)
		}
		if kw < len(nodes) {
			stops++
		}
	}
	if stops < 1000 {
		t.Fatalf("only %d lists stopped at a longer difference", stops)
	}
}
