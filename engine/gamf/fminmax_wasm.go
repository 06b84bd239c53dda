//go:build wasm

package gamf

// fmax and fmin as comparisons: see fminmax.go.
func fmax(a, b float64) float64 {
	if b > a {
		return b
	}
	return a
}

func fmin(a, b float64) float64 {
	if b < a {
		return b
	}
	return a
}
