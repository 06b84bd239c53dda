//go:build !wasm

package titan

// evalGroups3 is evalGroups3Go (see place_wasm.s for js/wasm).
func evalGroups3(o1 []int32, b1 []uint64, o2 []int32, b2 []uint64, o3 []int32, b3 []uint64, g0 []group, cs *[3]chain, tbl, dl []float64, m1 int, nowk uint64) {
	evalGroups3Go(o1, b1, o2, b2, o3, b3, g0, cs, tbl, dl, m1, nowk)
}
