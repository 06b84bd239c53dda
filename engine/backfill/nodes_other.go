//go:build !wasm

package backfill

// takeBits is takeBitsGo (see nodes_wasm.s for js/wasm).
func takeBits(set []uint64, w int, out []int) { takeBitsGo(set, w, out) }

// putBits is putBitsGo (see nodes_wasm.s for js/wasm).
func putBits(set []uint64, nodes []int) int { return putBitsGo(set, nodes) }
