//go:build !wasm

package kernel

// add is addGo (see profile_wasm.s for js/wasm).
func (p *Profile) add(a, b float64, d int) { p.addGo(a, b, d) }

// EarliestStart is the earliest time s >= t at which size processors stay
// free during [s, s+dur): earliestStartGo (see profile_wasm.s for
// js/wasm).
func (p *Profile) EarliestStart(t float64, size int, dur float64) float64 {
	return p.earliestStartGo(t, size, dur)
}
