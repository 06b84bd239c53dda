//go:build !wasm

package titan

// placeTriple is placeTripleGo (see place_wasm.s for js/wasm).
func placeTriple(cs *[3]chain, xs *[3]uint64, p1, p2, p3, d1, d2, d3 float64, now uint64) {
	placeTripleGo(cs, xs, p1, p2, p3, d1, d2, d3, now)
}
