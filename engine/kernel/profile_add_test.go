package kernel

import (
	"math"
	"runtime"
	"slices"
	"testing"

	"gridplay/engine/rng"
)

// TestAddMatchesGo applies the same random reservations and releases,
// with the profile moved on now and then (Advance), to two profiles: one
// through add, the assembly of profile_wasm.s, the other through addGo,
// and compares their steps after each. The draws make boundaries that
// fall on existing steps and between them, ends at +Inf, releases that
// merge steps back, profiles of one step and of hundreds, and arrays that
// must grow or move back. Natively add is addGo, so the test runs under
// js/wasm only (./build.sh test runs the engine's tests under node).
func TestAddMatchesGo(t *testing.T) {
	if runtime.GOARCH != "wasm" {
		t.Skip("add is addGo here: this compares profile_wasm.s with addGo under js/wasm")
	}
	r := rng.New(5, "test", "profile-add")
	steps := 0
	for trial := 0; trial < 200; trial++ {
		total := 1 + r.IntN(64)
		a, b := NewProfile(total, 0), NewProfile(total, 0)
		type hold struct {
			s, e float64
			n    int
		}
		var held []hold
		now := 0.0
		for op := 0; op < 1000; op++ {
			switch {
			case len(held) > 0 && r.IntN(3) == 0:
				k := r.IntN(len(held))
				h := held[k]
				held = slices.Delete(held, k, k+1)
				a.Release(h.s, h.e, h.n)
				b.addGo(h.s, h.e, h.n)
			case r.IntN(40) == 0:
				now += float64(r.IntN(40))
				a.Advance(now)
				b.Advance(now)
			default:
				s := now + float64(r.IntN(2000))/2
				if r.IntN(4) == 0 {
					s += r.Float64()
				}
				e := s + float64(1+r.IntN(60))
				if r.IntN(10) == 0 {
					e = math.Inf(1)
				}
				n := 1 + r.IntN(1+total/4)
				if a.MinFree(s, e) < n {
					continue
				}
				held = append(held, hold{s, e, n})
				a.Reserve(s, e, n)
				b.addGo(s, e, -n)
			}
			at, af := a.View()
			bt, bf := b.View()
			if !slices.Equal(at, bt) || !slices.Equal(af, bf) {
				t.Fatalf("trial %d op %d: add gives %v %v, addGo %v %v", trial, op, at, af, bt, bf)
			}
			steps = max(steps, len(at))
		}
	}
	t.Logf("profiles of up to %d steps compared", steps)
}
