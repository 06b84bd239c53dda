//go:build wasm

package compact

// deltaBytes is deltasGo's loop in WebAssembly (deltas_wasm.s), with the
// same bytes (TestDeltasMatchGo). Why: a result's node indices are
// written one by one, 236,622 in an EASY run of 20,000 HPC2N jobs, and
// under js/wasm Go compiles each taken branch to a jump through a
// br_table (kernel/profile_wasm.go says more); a function with no calls
// keeps WebAssembly's own loops.
//
//go:noescape
func deltaBytes(dst *byte, nodes *int, n, prev int) int

// deltas is deltaBytes; nodes is not empty and dst as long.
func deltas(dst []byte, nodes []int, prev int) int {
	return deltaBytes(&dst[0], &nodes[0], len(nodes), prev)
}
