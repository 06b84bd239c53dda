//go:build wasm

package kernel

import "math"

// addSteps is addGo's splits, sum and merges in WebAssembly
// (profile_wasm.s) on the n steps at t and free, which have room for two
// more: the same comparisons, the same binary search (index) and the same
// moves, so the same steps (TestAddMatchesGo). It returns the new number
// of steps.
//
// Why: Go's WebAssembly port compiles every taken branch of a function,
// a loop's back edge included, to a store of the next block's number and
// a branch to a br_table at the function's top (cmd/internal/obj/wasm).
// The profile's binary searches and short loops paid that on every step,
// and split and add were the largest part of a conservative run of
// 20,000 HPC2N jobs in the browser. An assembly function with no calls
// keeps WebAssembly's own loop and block instructions (and moves the
// steps with memory.copy, as Go's memmove does).
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

// earliest is earliestStartGo's scan in WebAssembly (profile_wasm.s),
// from x, which is not before t[0].
//
//go:noescape
func earliest(t *float64, free *int, n int, x float64, size int, dur float64) float64

// EarliestStart is the earliest time s >= t at which size processors stay
// free during [s, s+dur): earliestStartGo's checks, then earliest.
func (p *Profile) EarliestStart(t float64, size int, dur float64) float64 {
	if size > p.total {
		return math.Inf(1)
	}
	if t < p.t[0] {
		t = p.t[0]
	}
	return earliest(&p.t[0], &p.free[0], len(p.t), t, size, dur)
}
