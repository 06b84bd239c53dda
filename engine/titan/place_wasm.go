//go:build wasm

package titan

// evalChain is evalGroups3Go's steps on one chain (placeTripleGo's for
// that chain, task after task) written in WebAssembly (place_wasm.s):
// the same loads, stores and float operations in the same order, so the
// same bits (TestEvalGroups3MatchesGo). The three chains of
// evalGroups3Go do not share anything, so one chain's tasks can all be
// placed before the next chain's.
//
// Why: Go's WebAssembly port compiles every taken branch of a function,
// a loop's back edge included, to a store of the next block's number
// and a branch to a br_table at the function's top
// (cmd/internal/obj/wasm), and a call from Go saves and restores its
// frame through memory. leave's loop over the groups is a few
// instructions an iteration, and that dispatch made the placement about
// a third of titan-fig9 in the browser, where natively its steps take
// under a tenth. An assembly function with no calls keeps WebAssembly's
// own loop and block instructions, and one call now places all n tasks
// of a chain (a call per task of three chains made evalGroups3's own
// loop a tenth of titan-fig9 in node's profile).
//
//go:noescape
func evalChain(ch *chain, o *int32, b *uint64, n int, tbl, dl *float64, m1 int, now uint64)

// evalGroups3 is evalGroups3Go: the chains' start, evalChain on each,
// and the raw last ends back to keys.
func evalGroups3(o1 []int32, b1 []uint64, o2 []int32, b2 []uint64, o3 []int32, b3 []uint64, g0 []group, cs *[3]chain, tbl, dl []float64, m1 int, nowk uint64) {
	const raw = timeKeys(true)
	now := cs[0].start(g0, nowk, raw)
	cs[1].start(g0, nowk, raw)
	cs[2].start(g0, nowk, raw)
	if n := len(o1); n > 0 {
		o2, o3 = o2[:n], o3[:n]
		evalChain(&cs[0], &o1[0], &b1[0], n, &tbl[0], &dl[0], m1, now)
		evalChain(&cs[1], &o2[0], &b2[0], n, &tbl[0], &dl[0], m1, now)
		evalChain(&cs[2], &o3[0], &b3[0], n, &tbl[0], &dl[0], m1, now)
	}
	for c := range cs {
		cs[c].lastk = key(raw.time(cs[c].lastk))
	}
}
