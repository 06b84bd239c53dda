package outputs

import (
	"math"
	"slices"
)

// sortFloats sorts xs in increasing order, as slices.Sort does: NaNs
// first, then the numbers from -Inf to +Inf. It differs from slices.Sort
// in one respect only: -0 comes before +0 (slices.Sort holds them equal
// and leaves them in an order of its own), so that the order is one
// total order, the same at every length.
func sortFloats(xs []float64) {
	slices.Sort(xs)
	negZerosFirst(xs)
}

// negZerosFirst puts the -0s of sorted xs's zeros before its +0s.
func negZerosFirst(xs []float64) {
	i := 0
	for i < len(xs) && !(xs[i] == 0) {
		i++
	}
	neg, j := 0, i
	for ; j < len(xs) && xs[j] == 0; j++ {
		if math.Signbit(xs[j]) {
			neg++
		}
	}
	for k := i; k < j; k++ {
		xs[k] = math.Copysign(0, float64(k-i-neg))
	}
}
