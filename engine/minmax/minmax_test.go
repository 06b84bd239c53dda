package minmax

import (
	"math"
	"testing"
)

// Max and Min agree with the builtins on every input the engine passes
// (natively they are the builtins; under js/wasm, where ./build.sh test
// runs this too, comparisons), including infinities and equal values.
func TestAgreesWithBuiltins(t *testing.T) {
	vals := []float64{0, 1, -1, 2.5, 1e-300, -1e300, math.Inf(1), math.Inf(-1), 3, 3}
	for _, a := range vals {
		for _, b := range vals {
			if got, want := Max(a, b), max(a, b); got != want {
				t.Errorf("Max(%g, %g) = %g, want %g", a, b, got, want)
			}
			if got, want := Min(a, b), min(a, b); got != want {
				t.Errorf("Min(%g, %g) = %g, want %g", a, b, got, want)
			}
		}
	}
}
