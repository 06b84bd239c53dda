//go:build wasm

package titan

import "math"

// searchGo's count of up to 64 entries and crossOrder64Go's loops in
// WebAssembly (ga_wasm.s), with the same results (TestPickMatchesBinarySearch and
// TestCrossOrder64MatchesGeneral check these, the functions the GA
// calls, against plain Go references). Why: roulette selection searches
// the cumulative fitness twice per child and the order crossover runs
// once per crossed child, every generation, and under js/wasm Go
// compiles each taken branch to a jump through a br_table (place_wasm.go
// says more); a function with no calls keeps WebAssembly's own loops.
//
//go:noescape
func searchCum(c *float64, n int, u uint64) int

//go:noescape
func crossOrderBits(A, B, C *int32, dup *int, n, cut int)

// search is searchGo with searchCum for 1 to 64 entries (a population
// of at least 2, Config's check).
func (g *GA) search(uf float64) int {
	if c := g.cum[:g.pop-1]; len(c) <= 64 {
		return searchCum(&c[0], len(c), math.Float64bits(uf))
	}
	return g.searchGo(uf)
}

// crossOrder64 is crossOrderBits; A, B and dup are at least as long as
// C, which holds 2 to 64 tasks, and 0 < cut < len(C).
func crossOrder64(A, B, C []int32, dup []int, cut int) {
	n := len(C)
	_, _, _ = A[n-1], B[n-1], dup[n-1]
	crossOrderBits(&A[0], &B[0], &C[0], &dup[0], n, cut)
}
