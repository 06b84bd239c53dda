//go:build !wasm

package compact

// deltas is deltasGo (see deltas_wasm.s for js/wasm).
func deltas(dst []byte, nodes []int, prev int) int { return deltasGo(dst, nodes, prev) }
