//go:build wasm

package kernel

// addSteps is addGo's splits, sum and merges in WebAssembly
// (profile_wasm.s) on the n steps at t and free, which have room for two
// more: the same comparisons, the same binary search (index) and the same
// moves, so the same steps (TestAddMatchesGo). It returns the new number
// of steps.
//
// Why it is kept, with its figure: the package doc (Assembly kernels).
//
//go:noescape
func addSteps(t *float64, free *int, n int, a, b float64, d int) int

// add is addGo: the same clamp and checks, room for two more steps made
// in Go (room), then addSteps.
func (p *Profile) add(a, b float64, d int) {
	if a < p.t[0] {
		a = p.t[0]
	}
	if !(b > a) || d == 0 { // also rejects NaN
		return
	}
	p.room(2)
	n := addSteps(&p.t[0], &p.free[0], len(p.t), a, b, d)
	p.t, p.free = p.t[:n], p.free[:n]
}
