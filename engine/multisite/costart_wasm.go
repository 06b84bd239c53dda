//go:build wasm

package multisite

import (
	"math"
	"unsafe"

	"gridplay/engine/backfill"
)

// coWin is one site's sliding window for coScan: win's state, and the
// addresses of the profile's steps and of the deque, laid out for the
// assembly (go_asm.h). It holds addresses, not slices, so that setting
// it writes no pointer (a write barrier each while the collector marks,
// which cost as much as the scan); the profile and win.dq, which hold
// the arrays, outlive the call, and Go's heap does not move.
type coWin struct {
	ts, fs, dq uintptr
	n          int
	l, r       int
	head, tail int
}

// coScan is the loop of coStartGo in WebAssembly (costart_wasm.s): the
// same comparisons and sums in the same order over the windows
// ws[sites[0]], ..., ws[sites[nw-1]], caps[i]
// set as coStartGo sets it, and the start, +Inf when it gives up.
//
// Why: Go's WebAssembly port compiles every taken branch of a function,
// a loop's back edge included, to a store of the next block's number and
// a branch to a br_table at the function's top (cmd/internal/obj/wasm);
// coStart's loops are a few instructions an iteration, and it was more
// than a quarter of multisite-fig2 in the browser. An assembly function
// with no calls keeps WebAssembly's own loop and block instructions.
//
//go:noescape
func coScan(ws *coWin, sites *int, nw int, caps *int, size, minEach int, d, now, limit float64) float64

// coStart is coStartGo: the same checks, then coScan over the sites'
// windows (coScan keeps their state; win.dq is its deque, grown as reset
// grows it). A site whose profile has no steps (none has, in a run) goes
// to coStartGo.
func (s *selector) coStart(c []int, size int, d, now, limit float64, minEach int, m *backfill.Machine) (float64, []int) {
	if len(c) == 0 || len(c)*minEach > size {
		return s.coStartGo(c, size, d, now, limit, minEach, m)
	}
	if len(s.cw) < len(s.wins) {
		s.cw = make([]coWin, len(s.wins))
	}
	total := 0
	for _, site := range c {
		total += s.sys.nodes[site]
		p := m.Sites[site].Profile
		ts, fs := p.View()
		if len(ts) == 0 || len(fs) < len(ts) {
			return s.coStartGo(c, size, d, now, limit, minEach, m)
		}
		w := &s.wins[site]
		if len(w.dq) < len(ts) {
			w.reset(p)
		}
		s.cw[site] = coWin{
			ts: uintptr(unsafe.Pointer(&ts[0])), fs: uintptr(unsafe.Pointer(&fs[0])), dq: uintptr(unsafe.Pointer(&w.dq[0])),
			n: len(ts),
		}
	}
	if total < size {
		return math.Inf(1), nil
	}
	caps := s.caps[:len(c)]
	t := coScan(&s.cw[0], &c[0], len(c), &caps[0], size, minEach, d, now, limit)
	if coStartCheck != nil {
		coStartCheck(s, c, size, d, now, limit, minEach, m, t, caps)
	}
	if math.IsInf(t, 1) {
		return t, nil
	}
	return t, caps
}

// coStartCheck, when a test sets it, sees every coScan result.
var coStartCheck func(s *selector, c []int, size int, d, now, limit float64, minEach int, m *backfill.Machine, t float64, caps []int)
