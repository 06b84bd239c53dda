// Package detmath holds the few elementary functions whose results must be
// the same bits natively and in WebAssembly. math.Exp and math.Pow use
// assembly on amd64 and give results that differ in the last bit from
// the portable Go code that js/wasm runs, so a seeded workload would not
// be byte-identical across runtimes. math.Log2 and math.Exp2 are portable
// Go on every architecture; the functions here are built on them.
package detmath

import "math"

// Pow is x**y for x > 0, as 2**(y*log2 x). It is within a few ulps of
// math.Pow and the same bits on every architecture. x <= 0 gives
// math.Pow's answer for the special cases it shares (0**y, y = 0).
func Pow(x, y float64) float64 {
	switch {
	case y == 0:
		return 1
	case y == 1:
		return x
	case x == 1:
		return 1
	case x <= 0 || math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0):
		return math.Pow(x, y) // special cases only: no rounding to differ
	}
	return math.Exp2(y * math.Log2(x))
}
