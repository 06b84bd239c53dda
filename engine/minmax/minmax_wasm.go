//go:build wasm

package minmax

// Max is the larger of a and b: a comparison (see minmax.go).
func Max(a, b float64) float64 {
	if b > a {
		return b
	}
	return a
}

// Min is the smaller of a and b: a comparison (see minmax.go).
func Min(a, b float64) float64 {
	if b < a {
		return b
	}
	return a
}
