package titan

import (
	"fmt"
	"math/bits"
	"testing"

	"gridplay/engine/rng"
)

// bruteMin is the least eq. 10 cost over every host set of the one task of
// p (m <= 16), by Evaluate and Cost.
func bruteMin(t *testing.T, p Problem, w Weights) float64 {
	t.Helper()
	m := len(p.Release)
	lo, hi := max(p.Tasks[0].MinHosts, 1), p.Tasks[0].MaxHosts
	least, found := 0.0, false
	for mask := uint64(1); mask < 1<<uint(m); mask++ {
		if p.Offline != nil {
			off := false
			for h := range m {
				off = off || (mask>>uint(h)&1 == 1 && p.Offline[h])
			}
			if off {
				continue
			}
		}
		if c := bits.OnesCount64(mask); c < lo || (hi > 0 && c > hi) {
			continue
		}
		s := Schedule{Order: []int{0}, Hosts: m, Bits: []uint64{mask}}
		var tm Timing
		if err := Evaluate(&p, &s, &tm); err != nil {
			t.Fatal(err)
		}
		if c := Cost(w, &tm); !found || c < least {
			least, found = c, true
		}
	}
	if !found {
		t.Fatal("no host set")
	}
	return least
}

// Settled is sound: on random one-task problems (rigid and moldable,
// deadlines, offline hosts, with and without the idle weight) no host set
// costs less than the bound, and once the GA reports Settled its best is
// the cheapest of all host sets and no later generation changes it.
func TestSettledSound(t *testing.T) {
	r := rng.New(3, "settled")
	settled := 0
	for trial := 0; trial < 300; trial++ {
		m := 2 + r.IntN(9)
		p := randomProblem(r, 1, m)
		if trial%4 == 0 { // many hosts free at once: the bound is reached
			for h := range p.Release {
				if r.IntN(2) == 0 {
					p.Release[h] = 0
				}
			}
		}
		if trial%5 == 0 {
			p.Offline = make([]bool, m)
			p.Offline[r.IntN(m)] = true
			if p.Tasks[0].MaxHosts > m-1 || p.Tasks[0].MinHosts > m-1 {
				p.Tasks[0].MinHosts, p.Tasks[0].MaxHosts = 0, 0
			}
		}
		cfg := Config{Population: 6, Weights: Weights{Makespan: 3, Idle: float64(trial % 2), Deadline: 4}}
		g, err := New(cfg, p, nil, rng.New(uint64(trial), "ga"))
		if err != nil {
			t.Fatal(trial, err)
		}
		least := bruteMin(t, p, cfg.Weights)
		if bound, ok := g.floor(); ok && bound > least {
			t.Fatalf("trial %d: bound %v above the cheapest host set's cost %v", trial, bound, least)
		}
		var at []uint64
		for gen := 0; gen < 40; gen++ {
			_, _, c := g.Best()
			if at != nil {
				if s, _, _ := g.Best(); fmt.Sprint(s.Bits) != fmt.Sprint(at) {
					t.Fatalf("trial %d: the best changed at generation %d after Settled", trial, gen)
				}
			} else if g.Settled() {
				if c != least {
					t.Fatalf("trial %d: Settled at cost %v, a host set costs %v", trial, c, least)
				}
				s, _, _ := g.Best()
				at = s.Bits
				settled++
			}
			g.Step()
		}
	}
	if settled < 30 {
		t.Fatalf("only %d of 300 problems settled", settled)
	}
}

// A task on hosts that are all free now is settled from the start: any
// host set of its size is a cheapest one. Two tasks never are.
func TestSettledCases(t *testing.T) {
	p := Problem{Now: 10, Release: []float64{0, 5, 10, 3, 7, 1}}
	p.Tasks = []Task{{ID: "a", Pred: Fixed(20), MinHosts: 3, MaxHosts: 3, Deadline: 25}}
	g, err := New(Config{Population: 4, Weights: Weights{Makespan: 3, Idle: 1, Deadline: 4}}, p, nil, rng.New(1, "t"))
	if err != nil {
		t.Fatal(err)
	}
	if !g.Settled() {
		t.Fatal("a rigid task on idle hosts is not settled")
	}
	// Releases after Now: a cheapest set is the three released first.
	p.Release = []float64{40, 15, 30, 15, 15, 50}
	if err := g.Update(p); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 30 && !g.Settled(); i++ {
		g.Step()
	}
	if s, _, _ := g.Best(); !g.Settled() || s.Bits[0] != 0b011010 {
		t.Fatalf("settled %v on hosts %b, want the three released at 15", g.Settled(), s.Bits[0])
	}
	p.Tasks = append(p.Tasks, Task{ID: "b", Pred: Fixed(1), MinHosts: 1, MaxHosts: 1})
	if err := g.Update(p); err != nil {
		t.Fatal(err)
	}
	if g.Settled() {
		t.Fatal("two tasks reported settled")
	}
}
