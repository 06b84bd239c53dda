package backfill

import "math/bits"

// NodeSet hands out the lowest free node indices of one cluster, so a
// Gantt chart gets stable lanes: a bit set of the free nodes, scanned
// from the lowest word (it replaced a heap of indices, whose Pop, a
// comparison through a function value per level, was a third of an EASY
// run's node bookkeeping under js/wasm; the indices handed out are the
// same, in the same ascending order). The backfilling core and
// engine/script's schedule(ctx) runs share it, so a script's placements
// equal the core's node for node.
type NodeSet struct {
	bits []uint64 // bit i of word w: node 64w+i is free
	free int
	low  int // no word below low has a free node
}

// NewNodeSet is a set of n nodes, all free.
func NewNodeSet(n int) NodeSet {
	s := NodeSet{bits: make([]uint64, (n+63)/64), free: n}
	for i := range n / 64 {
		s.bits[i] = ^uint64(0)
	}
	if r := n % 64; r != 0 {
		s.bits[n/64] = 1<<r - 1
	}
	return s
}

// Free is the number of free nodes.
func (s *NodeSet) Free() int { return s.free }

// Take fills out with the len(out) lowest free indices, in ascending
// order, and marks them busy; len(out) is at most Free. The caller owns
// out (the core cuts it from its arena).
func (s *NodeSet) Take(out []int) {
	k := len(out)
	for i, w := 0, s.low; i < k; w++ {
		b := s.bits[w]
		for ; b != 0 && i < k; b &= b - 1 {
			out[i] = w*64 + bits.TrailingZeros64(b)
			i++
		}
		s.bits[w] = b
	}
	for s.low < len(s.bits) && s.bits[s.low] == 0 {
		s.low++
	}
	s.free -= k
}

// Put gives the nodes back.
func (s *NodeSet) Put(nodes []int) {
	for _, n := range nodes {
		s.bits[n/64] |= 1 << (n % 64)
		s.low = min(s.low, n/64)
	}
	s.free += len(nodes)
}
