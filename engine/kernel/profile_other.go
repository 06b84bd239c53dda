//go:build !wasm

package kernel

// add is addGo (see profile_wasm.s for js/wasm).
func (p *Profile) add(a, b float64, d int) { p.addGo(a, b, d) }
