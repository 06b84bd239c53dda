//go:build wasm

package titan

// placeTriple is placeTripleGo written in WebAssembly (place_wasm.s):
// the same loads, stores and float operations in the same order, so the
// same bits (TestPlaceTripleMatchesGo).
//
// Why: Go's WebAssembly port compiles every taken branch of a function,
// a loop's back edge included, to a store of the next block's number
// and a branch to a br_table at the function's top
// (cmd/internal/obj/wasm). leave's loop over the groups is a few
// instructions an iteration, and that dispatch made placeTriple about a
// third of titan-fig9 in the browser, where natively its steps take
// under a tenth. An assembly function with no calls keeps WebAssembly's
// own loop and block instructions.
//
//go:noescape
func placeTriple(cs *[3]chain, xs *[3]uint64, p1, p2, p3, d1, d2, d3 float64, now uint64)
