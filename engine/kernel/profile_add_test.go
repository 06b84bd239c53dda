package kernel

import (
	"math"
	"slices"
	"testing"

	"gridplay/engine/rng"
)

// TestAddMatchesGo applies the same random reservations and releases,
// with the profile moved on now and then (Advance), to two profiles: one
// through add, the other through addGo, and compares their steps after
// each. Under js/wasm (./build.sh test runs the engine's tests there
// too) add is the assembly of profile_wasm.s; natively the two are one
// function. The draws make boundaries that fall on existing steps and
// between them, ends at +Inf, releases that merge steps back, profiles of
// one step and of hundreds, and arrays that must grow or move back.
func TestAddMatchesGo(t *testing.T) {
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

// TestEarliestStartMatchesGo asks EarliestStart and earliestStartGo the
// same random questions (starts before, on and between the steps, sizes
// up to more than the machine, zero and long durations) about random
// profiles, and compares the answers bit for bit: under js/wasm
// EarliestStart is the assembly of profile_wasm.s.
func TestEarliestStartMatchesGo(t *testing.T) {
	r := rng.New(6, "test", "profile-earliest")
	asked, finite := 0, 0
	for trial := 0; trial < 300; trial++ {
		total := 1 + r.IntN(64)
		p := NewProfile(total, float64(r.IntN(5)))
		for op := 0; op < r.IntN(200); op++ {
			s := float64(r.IntN(2000)) / 2
			e := s + float64(1+r.IntN(60))
			if r.IntN(10) == 0 {
				e = math.Inf(1)
			}
			if n := 1 + r.IntN(1+total/3); p.MinFree(s, e) >= n {
				p.Reserve(s, e, n)
			}
		}
		if r.IntN(4) == 0 {
			p.Advance(float64(r.IntN(300)))
		}
		ts, _ := p.View()
		for q := 0; q < 50; q++ {
			x := float64(r.IntN(2100))/2 - 5
			if r.IntN(3) == 0 {
				x = ts[r.IntN(len(ts))]
			}
			size := r.IntN(total + 2)
			dur := float64(r.IntN(100))
			if r.IntN(5) == 0 {
				dur = 0
			}
			got, want := p.EarliestStart(x, size, dur), p.earliestStartGo(x, size, dur)
			if math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("trial %d: EarliestStart(%v, %d, %v) = %v, earliestStartGo %v, steps %v", trial, x, size, dur, got, want, ts)
			}
			asked++
			if !math.IsInf(want, 1) {
				finite++
			}
		}
	}
	t.Logf("%d questions, %d with a start", asked, finite)
}
