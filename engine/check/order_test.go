package check

import (
	"slices"
	"sort"
	"testing"

	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// TestByStart: byStart gives the order of a full sort by (start, end,
// index), on placements listed in start order (with runs of equal starts,
// short and long) and on placements out of order.
func TestByStart(t *testing.T) {
	rng := rng.NewPCG(5, 6)
	for trial := range 2000 {
		n := rng.IntN(60)
		pl := make([]sched.Placement, n)
		st := 0.0
		for k := range pl {
			if trial%5 == 0 {
				st = 7 // one long run
			} else if trial%2 == 0 || rng.IntN(3) == 0 {
				st += float64(rng.IntN(2)) // in start order, often equal
			} else {
				st = float64(rng.IntN(5))
			}
			pl[k].Start, pl[k].End = st, st+float64(rng.IntN(3))
		}
		order := make([]int, 0, n)
		for k := range pl {
			if rng.IntN(8) != 0 {
				order = append(order, k)
			}
		}
		want := slices.Clone(order)
		sort.Slice(want, func(a, b int) bool {
			pa, pb := &pl[want[a]], &pl[want[b]]
			if pa.Start != pb.Start {
				return pa.Start < pb.Start
			}
			if pa.End != pb.End {
				return pa.End < pb.End
			}
			return want[a] < want[b]
		})
		byStart(pl, order)
		if !slices.Equal(order, want) {
			t.Fatalf("trial %d: %v, want %v", trial, order, want)
		}
	}
}
