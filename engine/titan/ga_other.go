//go:build !wasm

package titan

// search is searchGo (see ga_wasm.s for js/wasm).
func (g *GA) search(uf float64) int { return g.searchGo(uf) }

// crossOrder64 is crossOrder64Go (see ga_wasm.s for js/wasm).
func crossOrder64(A, B, C []int32, dup []int, cut int) { crossOrder64Go(A, B, C, dup, cut) }
