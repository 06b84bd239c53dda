package kernel

import (
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
	must(t, ns.Check())
}

func TestNodesReleaseAndOffline(t *testing.T) {
	ns := NewNodes(3)
	must(t, ns.Reserve([]int{0, 1}, 0, 10, 7))  // running job
	must(t, ns.Reserve([]int{1, 2}, 10, 20, 8)) // future reservation
	must(t, ns.Reserve([]int{2}, 0, 4, 9))
	// Node 1 goes offline at 5 (TITAN Fig. 10): job 7 is cut at 5 on
	// both its nodes, reservation 8 is removed, job 9 is untouched.
	aff, err := ns.Offline([]int{1}, 5)
	must(t, err)
	if !slices.Equal(aff, []int{7, 8}) {
		t.Fatalf("affected %v", aff)
	}
	if !ns.Free(0, 5, 100) || ns.Free(0, 4, 5) || !ns.Free(2, 4, 100) {
		t.Fatal("cut wrong")
	}
	if ns.IsOnline(1, 5) || !ns.IsOnline(1, 4.9) || !ns.IsOnline(0, 6) {
		t.Fatal("online state")
	}
	if s, nodes, ok := ns.Earliest(0, 3, 1); ok {
		t.Fatalf("3 nodes with one offline forever: %v %v", s, nodes)
	}
	must(t, ns.Online([]int{1}, 12))
	s, nodes, ok := ns.Earliest(0, 3, 1)
	if !ok || s != 12 || !slices.Equal(nodes, []int{0, 1, 2}) {
		t.Fatalf("after online: %v %v %v", s, nodes, ok)
	}
	ns.Release(9)
	if !ns.Free(2, 0, 100) || len(ns.Holders(9)) != 0 {
		t.Fatal("release")
	}
	must(t, ns.Check())
	ns.ReleaseAt(7, 2)
	if !ns.Free(0, 2, 100) || ns.Free(0, 0, 2) {
		t.Fatal("ReleaseAt")
	}
	ns.Forget(3)
	if len(ns.Busy(0)) != 0 || len(ns.Holders(7)) != 0 {
		t.Fatalf("forget: %v %v", ns.Busy(0), ns.Holders(7))
	}
	must(t, ns.Check())
}

func TestNodesPlannedOutage(t *testing.T) {
	ns := NewNodes(2)
	must(t, ns.Reserve([]int{0, 1}, 0, 4, 1))
	// A maintenance window [10, 20) on node 1, planned at time 0.
	aff, err := ns.Offline([]int{1}, 10)
	must(t, err)
	must(t, ns.Online([]int{1}, 20))
	if len(aff) != 0 {
		t.Fatalf("affected %v", aff)
	}
	// A two-node job of 8 s cannot start before 20; one of 6 s fits at 4.
	if s, _, _ := ns.Earliest(0, 2, 8); s != 20 {
		t.Fatalf("start %v", s)
	}
	if s, _, _ := ns.Earliest(0, 2, 6); s != 4 {
		t.Fatalf("start %v", s)
	}
	// Node 1 now fails for good at 5: the window merges into it.
	_, err = ns.Offline([]int{1}, 5)
	must(t, err)
	if iv := ns.Busy(1); len(iv) != 2 || iv[1].Start != 5 || !math.IsInf(iv[1].End, 1) {
		t.Fatalf("intervals %v", iv)
	}
	if ns.IsOnline(1, 25) {
		t.Fatal("online after a permanent failure")
	}
	must(t, ns.Check())
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
			switch x := r.IntN(10); {
			case x < 6:
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
					if len(ns.FreeNodes(e, e+d)) >= k {
						t.Fatalf("trial %d op %d: %d nodes free at %v before %v", trial, op, k, e, s)
					}
				}
				if err := ns.Reserve(nodes, s, s+d, ref); err != nil {
					t.Fatalf("trial %d op %d: %v", trial, op, err)
				}
				ref++
			case x < 7:
				ns.Release(r.IntN(ref + 1))
			case x < 8:
				ns.ReleaseAt(r.IntN(ref+1), float64(r.IntN(60)))
			case x < 9:
				if _, err := ns.Offline([]int{r.IntN(n)}, float64(r.IntN(60))); err != nil {
					t.Fatal(err)
				}
			default:
				must(t, ns.Online([]int{r.IntN(n)}, float64(r.IntN(60))))
			}
			if err := ns.Check(); err != nil {
				t.Fatalf("trial %d op %d: %v", trial, op, err)
			}
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// BenchmarkNodesEarliest places jobs one after another on 240 nodes (the
// HPC2N size) at an offered load of about 0.8, forgetting the past as
// time advances.
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
		if ref%64 == 0 {
			ns.Forget(now)
		}
	}
	b.ReportMetric(float64(ref)/b.Elapsed().Seconds(), "jobs/s")
}
