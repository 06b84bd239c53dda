//go:build !wasm

package gamf

// fmax and fmin are the maximum and the minimum of two floats on GA-MF's
// hot paths (the evaluator and the guided operators). Natively they are
// the builtins, which the compiler makes branch-free instructions (the
// evaluator avoids branches on data: see rates). Under js/wasm the
// builtins are calls into the runtime (runtime.fmax64, runtime.fmin64:
// 8% of gamf-fig7 quick in a CPU profile under node), so fminmax_wasm.go
// compares instead. The two give the same result for every value they
// meet here: they differ only for NaN and for -0 against +0, and GA-MF's
// times, rates and loads are neither (validated input; sums of
// non-negative terms from +0), so the bytes stay the same natively and
// in WebAssembly (the determinism tests).
func fmax(a, b float64) float64 { return max(a, b) }

func fmin(a, b float64) float64 { return min(a, b) }
