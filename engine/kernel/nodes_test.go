package kernel

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"gridplay/engine/rng"
)

func TestNodesEarliest(t *testing.T) {
	ns := NewNodes(4)
	// node 0 busy [0,10), node 1 busy [0,5), node 2 busy [3,8).
	must(t, ns.Reserve([]int{0}, 0, 10, 1))
	must(t, ns.Reserve([]int{1}, 0, 5, 2))
	must(t, ns.Reserve([]int{2}, 3, 8, 3))
	tests := []struct {
		t, d  float64
		k     int
		start float64
		nodes []int
	}{
		{0, 3, 2, 0, []int{2, 3}},    // node 2 is free until 3
		{0, 4, 2, 5, []int{1, 3}},    // node 2 blocks [3,8): wait for node 1 at 5
		{0, 4, 3, 8, []int{1, 2, 3}}, // three nodes from 8
		{0, 1, 4, 10, []int{0, 1, 2, 3}},
		{6, 1, 2, 6, []int{1, 3}},
		{0, math.Inf(1), 1, 0, []int{3}},
	}
	for _, tc := range tests {
		s, nodes, ok := ns.Earliest(tc.t, tc.k, tc.d)
		if !ok || s != tc.start || !slices.Equal(nodes, tc.nodes) {
			t.Errorf("Earliest(%v, %d, %v) = %v %v %v, want %v %v", tc.t, tc.k, tc.d, s, nodes, ok, tc.start, tc.nodes)
		}
	}
	if _, _, ok := ns.Earliest(0, 5, 1); ok {
		t.Error("5 of 4 nodes")
	}
	if err := ns.Reserve([]int{2}, 7, 9, 4); err == nil {
		t.Error("double booking accepted")
	}
	if err := ns.Reserve([]int{3, 3}, 0, 1, 4); err == nil {
		t.Error("node listed twice accepted")
	}
	if err := ns.Reserve([]int{9}, 0, 1, 4); err == nil {
		t.Error("node out of range accepted")
	}
	must(t, check(ns))
}

// TestNodesProperty applies random operations and checks after each that
// no node is double-booked and that Earliest's answer is really free and
// no earlier candidate works.
func TestNodesProperty(t *testing.T) {
	r := rng.NewPCG(1, 2)
	for trial := range 50 {
		n := 1 + r.IntN(8)
		ns := NewNodes(n)
		ref := 0
		for op := range 200 {
			switch r.IntN(10) {
			case 0, 1, 2, 3, 4, 5:
				k := 1 + r.IntN(n)
				t0 := float64(r.IntN(50))
				d := float64(1 + r.IntN(20))
				s, nodes, ok := ns.Earliest(t0, k, d)
				if !ok {
					continue
				}
				if s < t0 || len(nodes) != k {
					t.Fatalf("trial %d op %d: bad answer %v %v", trial, op, s, nodes)
				}
				// No earlier integer start works (all times are integers).
				for e := t0; e < s; e++ {
					free := 0
					for n := range ns.busy {
						if ns.Free(n, e, e+d) {
							free++
						}
					}
					if free >= k {
						t.Fatalf("trial %d op %d: %d nodes free at %v before %v", trial, op, k, e, s)
					}
				}
				if err := ns.Reserve(nodes, s, s+d, ref); err != nil {
					t.Fatalf("trial %d op %d: %v", trial, op, err)
				}
				ref++
			default: // a reservation where it fits, or a refused one
				node, s := r.IntN(n), float64(r.IntN(50))
				err := ns.Reserve([]int{node}, s, s+float64(1+r.IntN(20)), ref)
				if err == nil {
					ref++
				}
			}
			if err := check(ns); err != nil {
				t.Fatalf("trial %d op %d: %v", trial, op, err)
			}
		}
	}
}

// check verifies the invariants: intervals sorted, not empty and not
// overlapping on any node.
func check(ns *Nodes) error {
	for n, iv := range ns.busy {
		for i, x := range iv {
			if !(x.End > x.Start) {
				return fmt.Errorf("node %d: empty interval %+v", n, x)
			}
			if i > 0 && iv[i-1].End > x.Start {
				return fmt.Errorf("node %d double-booked: %+v and %+v", n, iv[i-1], x)
			}
		}
	}
	return nil
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// BenchmarkNodesEarliest places jobs one after another on 240 nodes (the
// HPC2N size) at an offered load of about 0.8.
func BenchmarkNodesEarliest(b *testing.B) {
	r := rng.NewPCG(1, 1)
	ns := NewNodes(240)
	now, ref := 0.0, 0
	for b.Loop() {
		k := 1 + r.IntN(64)
		d := float64(1 + r.IntN(3600))
		s, nodes, ok := ns.Earliest(now, k, d)
		if !ok {
			b.Fatal("no room")
		}
		if err := ns.Reserve(nodes, s, s+d, ref); err != nil {
			b.Fatal(err)
		}
		ref++
		now += float64(r.IntN(600)) // offered load about 0.8
	}
	b.ReportMetric(float64(ref)/b.Elapsed().Seconds(), "jobs/s")
}
