//go:build wasm

package check

import "unsafe"

// stampGo's and holdGo's loops in WebAssembly (nodes_wasm.s), with the
// same results (TestNodeLoopsMatchGo). Why: the checker reads every
// node index of every placement twice, 236,622 of each in an EASY run of
// 20,000 HPC2N jobs, and under js/wasm Go compiles each taken branch to a
// jump through a br_table (kernel/profile_wasm.go says more); a function
// with no calls keeps WebAssembly's own loops. The slices' arrays are
// passed as addresses (nil for an empty slice: the loops then read none
// of it, since every index is out of range).
//
//go:noescape
func stampNodes(st unsafe.Pointer, m int, nodes *int, n int, mark int32) int

//go:noescape
func holdNodes(f unsafe.Pointer, h unsafe.Pointer, m int, nodes *int, n int, start, end float64, k int32) int

// stamp is stampNodes; nodes is not empty.
func stamp(st []int32, nodes []int, mark int32) int {
	return stampNodes(unsafe.Pointer(unsafe.SliceData(st)), len(st), &nodes[0], len(nodes), mark)
}

// hold is holdNodes; nodes is not empty, and h is as long as f.
func hold(f []float64, h []int32, nodes []int, start, end float64, k int32) int {
	return holdNodes(unsafe.Pointer(unsafe.SliceData(f)), unsafe.Pointer(unsafe.SliceData(h)), len(f), &nodes[0], len(nodes), start, end, k)
}
