package kernel

import (
	"fmt"
	"math"
	"slices"
	"sort"
)

// OfflineRef is the Ref of the busy interval that marks a node offline.
const OfflineRef = -1

// Interval is a half-open busy period [Start, End) on one node, held by
// Ref (a job index of the policy, or OfflineRef). End may be +Inf.
type Interval struct {
	Start, End float64
	Ref        int
}

// Nodes is the per-node availability of one cluster: for each node, its
// busy intervals, past, present and reserved in the future, sorted and
// never overlapping (no node is ever double-booked). It answers "the
// earliest time >= t at which k nodes are free for d seconds, and which",
// as conservative backfilling and multisite reservations need, and takes
// nodes offline and back online (TITAN Fig. 10).
//
// Nodes are numbered 0..n-1. Ties are broken by node number: among nodes
// free at the same time, the lowest numbers are chosen. Intervals are
// half-open, so a job ending at t and one starting at t share a node
// without conflict.
//
// Queries scan the intervals that end after their time, so a long run
// should call Forget(now) as simulated time advances. A policy that only
// needs free-node counts over time (backfilling shadows) can use the
// lighter Profile instead.
type Nodes struct {
	busy [][]Interval
	refs map[int][]int // ref -> nodes holding it (sorted)
}

// NewNodes returns n nodes, all free and online forever.
func NewNodes(n int) *Nodes {
	return &Nodes{busy: make([][]Interval, max(n, 0)), refs: map[int][]int{}}
}

// Len is the node count.
func (ns *Nodes) Len() int { return len(ns.busy) }

// Busy returns node's intervals, sorted by start; do not modify them.
func (ns *Nodes) Busy(node int) []Interval { return ns.busy[node] }

// Holders returns the nodes a ref holds, sorted; do not modify them.
func (ns *Nodes) Holders(ref int) []int { return ns.refs[ref] }

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

// FreeNodes lists, in order, the nodes free throughout [start, end).
func (ns *Nodes) FreeNodes(start, end float64) []int {
	var out []int
	for n := range ns.busy {
		if ns.Free(n, start, end) {
			out = append(out, n)
		}
	}
	return out
}

// Earliest finds the earliest time s >= t at which at least k nodes are
// free throughout [s, s+d), and the k lowest-numbered such nodes. It
// reports false when no such time exists (k exceeds the node count, or
// too many nodes are offline for good). A free period can only begin at t
// or at the end of a busy interval, so those are the only candidates.
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
		ns.insert(n, Interval{Start: start, End: end, Ref: ref})
	}
	return nil
}

func (ns *Nodes) insert(n int, x Interval) {
	iv := ns.busy[n]
	i := sort.Search(len(iv), func(i int) bool { return iv[i].Start >= x.Start })
	ns.busy[n] = slices.Insert(iv, i, x)
	h := ns.refs[x.Ref]
	j, found := slices.BinarySearch(h, n)
	if !found {
		ns.refs[x.Ref] = slices.Insert(h, j, n)
	}
}

// Release removes every interval of ref, on every node.
func (ns *Nodes) Release(ref int) {
	for _, n := range ns.refs[ref] {
		ns.busy[n] = slices.DeleteFunc(ns.busy[n], func(x Interval) bool { return x.Ref == ref })
	}
	delete(ns.refs, ref)
}

// ReleaseAt ends ref's intervals at t: an interval that ends after t is
// cut to end at t (a job finishing early or killed), and one that starts
// at or after t is removed.
func (ns *Nodes) ReleaseAt(ref int, t float64) {
	keep := ns.refs[ref][:0:0]
	for _, n := range ns.refs[ref] {
		iv := ns.busy[n][:0]
		held := false
		for _, x := range ns.busy[n] {
			if x.Ref == ref {
				if x.Start >= t {
					continue
				}
				x.End = math.Min(x.End, t)
				held = true
			}
			iv = append(iv, x)
		}
		ns.busy[n] = iv
		if held {
			keep = append(keep, n)
		}
	}
	if len(keep) == 0 {
		delete(ns.refs, ref)
	} else {
		ns.refs[ref] = keep
	}
}

// Offline takes nodes offline from t until Online. Any reservation that
// holds one of these nodes after t is cut at t on all its nodes (a
// running job is killed at t; a future reservation is removed), and the
// refs so affected are returned, sorted, for the policy to re-queue (TITAN
// Fig. 10). Nodes already offline at t stay so.
func (ns *Nodes) Offline(nodes []int, t float64) ([]int, error) {
	var affected []int
	for _, n := range nodes {
		if n < 0 || n >= len(ns.busy) {
			return nil, fmt.Errorf("kernel: node %d out of range 0..%d", n, len(ns.busy)-1)
		}
	}
	for _, n := range nodes {
		iv := ns.busy[n]
		for i := ns.first(n, t); i < len(iv); i++ {
			if r := iv[i].Ref; r != OfflineRef {
				affected = append(affected, r)
			}
		}
	}
	slices.Sort(affected)
	affected = slices.Compact(affected)
	for _, r := range affected {
		ns.ReleaseAt(r, t)
	}
	for _, n := range nodes {
		// Only offline periods remain after t: one holding t is made
		// open-ended, later ones merge into it.
		covered := false
		iv := ns.busy[n][:0]
		for _, x := range ns.busy[n] {
			if x.Ref == OfflineRef && x.End > t {
				if x.Start >= t {
					continue
				}
				x.End = math.Inf(1)
				covered = true
			}
			iv = append(iv, x)
		}
		ns.busy[n] = iv
		if !covered {
			ns.insert(n, Interval{Start: t, End: math.Inf(1), Ref: OfflineRef})
		}
	}
	return affected, nil
}

// Online brings nodes back at t: the offline period holding t (or starting
// after it) ends at t.
func (ns *Nodes) Online(nodes []int, t float64) error {
	for _, n := range nodes {
		if n < 0 || n >= len(ns.busy) {
			return fmt.Errorf("kernel: node %d out of range 0..%d", n, len(ns.busy)-1)
		}
	}
	for _, n := range nodes {
		iv := ns.busy[n][:0]
		for _, x := range ns.busy[n] {
			if x.Ref == OfflineRef && x.End > t {
				if x.Start >= t {
					continue
				}
				x.End = t
			}
			iv = append(iv, x)
		}
		ns.busy[n] = iv
	}
	return nil
}

// IsOnline reports whether node is online at t.
func (ns *Nodes) IsOnline(node int, t float64) bool {
	iv := ns.busy[node]
	i := ns.first(node, t)
	return i == len(iv) || iv[i].Start > t || iv[i].Ref != OfflineRef
}

// Forget drops the intervals that end at or before t, which no query at
// t or later can see, to keep long runs fast.
func (ns *Nodes) Forget(t float64) {
	for n := range ns.busy {
		i := ns.first(n, t)
		if i == 0 {
			continue
		}
		for _, x := range ns.busy[n][:i] {
			h := ns.refs[x.Ref]
			if j, ok := slices.BinarySearch(h, n); ok && !ns.holdsAfter(n, x.Ref, i) {
				h = slices.Delete(h, j, j+1)
				if len(h) == 0 {
					delete(ns.refs, x.Ref)
				} else {
					ns.refs[x.Ref] = h
				}
			}
		}
		ns.busy[n] = slices.Delete(ns.busy[n], 0, i)
	}
}

// holdsAfter reports whether ref has an interval on node at index >= i.
func (ns *Nodes) holdsAfter(node, ref, i int) bool {
	for _, x := range ns.busy[node][i:] {
		if x.Ref == ref {
			return true
		}
	}
	return false
}

// Check verifies the invariants (sorted, no overlap, refs consistent) and
// returns the first violation; tests call it after every operation.
func (ns *Nodes) Check() error {
	for n, iv := range ns.busy {
		for i, x := range iv {
			if !(x.End > x.Start) {
				return fmt.Errorf("node %d: empty interval %+v", n, x)
			}
			if i > 0 && iv[i-1].End > x.Start {
				return fmt.Errorf("node %d double-booked: %+v and %+v", n, iv[i-1], x)
			}
			if _, ok := slices.BinarySearch(ns.refs[x.Ref], n); !ok {
				return fmt.Errorf("node %d: ref %d not indexed", n, x.Ref)
			}
		}
	}
	return nil
}
