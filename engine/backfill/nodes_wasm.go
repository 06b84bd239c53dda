//go:build wasm

package backfill

// take and put in WebAssembly (nodes_wasm.s): takeBitsGo's and
// putBitsGo's loops on the words at set and the ints at out or nodes,
// the same results (TestNodeBitsMatchGo). Why: a started job's node
// indices are taken one by one and given back one by one at its end,
// 236,622 of each in an EASY run of 20,000 HPC2N jobs, and under js/wasm
// Go compiles each taken branch to a jump through a br_table
// (kernel/profile_wasm.go says more); a function with no calls keeps
// WebAssembly's own loops.
//
//go:noescape
func takeWords(set *uint64, w, k int, out *int)

//go:noescape
func putWords(set *uint64, nodes *int, n, low int) int

// takeBits is takeWords; out is not empty.
func takeBits(set []uint64, w int, out []int) { takeWords(&set[0], w, len(out), &out[0]) }

// putBits is putWords; nodes is not empty.
func putBits(set []uint64, nodes []int) int {
	return putWords(&set[0], &nodes[0], len(nodes), len(set))
}
