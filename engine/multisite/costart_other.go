//go:build !wasm

package multisite

import "gridplay/engine/backfill"

// coWin is used under js/wasm only (costart_wasm.go).
type coWin struct{}

// coStart is coStartGo (see costart_wasm.s for js/wasm).
func (s *selector) coStart(c []int, size int, d, now, limit float64, minEach int, m *backfill.Machine) (float64, []int) {
	return s.coStartGo(c, size, d, now, limit, minEach, m)
}

// coStartCheck is nil: natively coStart is coStartGo.
var coStartCheck func(s *selector, c []int, size int, d, now, limit float64, minEach int, m *backfill.Machine, t float64, caps []int)
