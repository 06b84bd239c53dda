package kernel

import (
	"fmt"
	"math"
	"slices"
	"sort"
)

// Interval is a half-open busy period [Start, End) on one node, held by
// Ref (a job index of the policy). End may be +Inf.
type Interval struct {
	Start, End float64
	Ref        int
}

// Nodes is the per-node availability of one cluster: for each node, its
// busy intervals, sorted and never overlapping (no node is ever
// double-booked). It answers "the earliest time >= t at which k nodes
// are free for d seconds, and which". A policy that only needs free-node
// counts over time (backfilling shadows) uses the lighter Profile.
//
// Nodes are numbered 0..n-1. Ties are broken by node number: among nodes
// free at the same time, the lowest numbers are chosen. Intervals are
// half-open, so a job ending at t and one starting at t share a node
// without conflict.
type Nodes struct {
	busy [][]Interval
}

// NewNodes returns n nodes, all free forever.
func NewNodes(n int) *Nodes {
	return &Nodes{busy: make([][]Interval, max(n, 0))}
}

// first returns the index of the first interval of node ending after t.
func (ns *Nodes) first(node int, t float64) int {
	iv := ns.busy[node]
	return sort.Search(len(iv), func(i int) bool { return iv[i].End > t })
}

// Free reports whether node is free throughout [start, end).
func (ns *Nodes) Free(node int, start, end float64) bool {
	if node < 0 || node >= len(ns.busy) {
		return false
	}
	if end <= start {
		return true
	}
	iv := ns.busy[node]
	i := ns.first(node, start)
	return i == len(iv) || iv[i].Start >= end
}

// Earliest finds the earliest time s >= t at which at least k nodes are
// free throughout [s, s+d), and the k lowest-numbered such nodes. It
// reports false when no such time exists (k exceeds the node count). A
// free period can only begin at t or at the end of a busy interval, so
// those are the only candidates.
func (ns *Nodes) Earliest(t float64, k int, d float64) (float64, []int, bool) {
	if k <= 0 {
		return t, nil, true
	}
	if k > len(ns.busy) || math.IsNaN(t) || math.IsNaN(d) || d < 0 {
		return 0, nil, false
	}
	cands := []float64{t}
	for n := range ns.busy {
		iv := ns.busy[n]
		for i := ns.first(n, t); i < len(iv); i++ {
			if e := iv[i].End; e > t && !math.IsInf(e, 1) {
				cands = append(cands, e)
			}
		}
	}
	slices.Sort(cands)
	cands = slices.Compact(cands)
	picked := make([]int, 0, k)
	for _, s := range cands {
		picked = picked[:0]
		for n := range ns.busy {
			if ns.Free(n, s, s+d) {
				picked = append(picked, n)
				if len(picked) == k {
					return s, picked, true
				}
			}
		}
	}
	return 0, nil, false
}

// Reserve marks nodes busy for ref during [start, end). It fails, changing
// nothing, when a node is out of range, listed twice, or not free then.
// Reserving an empty period does nothing.
func (ns *Nodes) Reserve(nodes []int, start, end float64, ref int) error {
	if math.IsNaN(start) || math.IsNaN(end) || end < start {
		return fmt.Errorf("kernel: bad period [%g, %g)", start, end)
	}
	if end == start {
		return nil
	}
	seen := make(map[int]bool, len(nodes))
	for _, n := range nodes {
		if n < 0 || n >= len(ns.busy) {
			return fmt.Errorf("kernel: node %d out of range 0..%d", n, len(ns.busy)-1)
		}
		if seen[n] {
			return fmt.Errorf("kernel: node %d listed twice", n)
		}
		seen[n] = true
		if !ns.Free(n, start, end) {
			return fmt.Errorf("kernel: node %d is not free in [%g, %g)", n, start, end)
		}
	}
	for _, n := range nodes {
		iv := ns.busy[n]
		i := sort.Search(len(iv), func(i int) bool { return iv[i].Start >= start })
		ns.busy[n] = slices.Insert(iv, i, Interval{Start: start, End: end, Ref: ref})
	}
	return nil
}
