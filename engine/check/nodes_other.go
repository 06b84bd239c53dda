//go:build !wasm

package check

// stamp is stampGo (see nodes_wasm.s for js/wasm).
func stamp(st []int32, nodes []int, mark int32) int { return stampGo(st, nodes, mark) }

// hold is holdGo (see nodes_wasm.s for js/wasm).
func hold(f []float64, h []int32, nodes []int, start, end float64, k int32) int {
	return holdGo(f, h, nodes, start, end, k)
}
