//go:build !wasm

// Package minmax holds the maximum and the minimum of two floats for the
// engine's hot paths, the same results natively and in WebAssembly at
// the speed each allows.
//
// Natively, Max and Min are the builtins max and min, which the compiler
// makes branch-free instructions. Under js/wasm the builtins are calls
// into the runtime (runtime.fmax64, runtime.fmin64), so there Max and
// Min compare (minmax_wasm.go). math.Max and math.Min are calls with
// special cases on both.
//
// The two versions give the same result for every input except NaN and
// -0 against +0. Callers pass neither: validated times, rates and loads
// (sums of non-negative terms from +0), so their bytes stay the same
// natively and in WebAssembly, which the determinism tests check.
package minmax

// Max is the larger of a and b.
func Max(a, b float64) float64 { return max(a, b) }

// Min is the smaller of a and b.
func Min(a, b float64) float64 { return min(a, b) }
