package swf

import (
	"strconv"
	"strings"
)

// jobSet is a set of job numbers. Traces number their jobs 1, 2, 3...,
// so numbers below denseJobs are bits of a slice; any other number goes
// to a map.
type jobSet struct {
	bits []uint64
	more map[int64]bool
}

// denseJobs bounds the numbers jobSet keeps as bits (2 MB of them).
const denseJobs = 1 << 24

func (s *jobSet) has(n int64) bool {
	if n >= 0 && n < denseJobs {
		w := int(n / 64)
		return w < len(s.bits) && s.bits[w]&(1<<(n%64)) != 0
	}
	return s.more[n]
}

func (s *jobSet) add(n int64) {
	if n >= 0 && n < denseJobs {
		w := int(n / 64)
		if w >= len(s.bits) {
			s.bits = append(s.bits, make([]uint64, w+1-len(s.bits))...)
		}
		s.bits[w] |= 1 << (n % 64)
		return
	}
	if s.more == nil {
		s.more = map[int64]bool{}
	}
	s.more[n] = true
}

// idText makes jobs' IDs, their numbers in decimal, as slices of a few
// shared strings instead of one string each (a whole trace's IDs cost
// some twenty allocations, not 200,000). The strings are those of a
// strings.Builder: its bytes are never written twice, so an ID stays
// valid as the builder grows; a new builder starts when the current one
// is full.
type idText struct {
	b strings.Builder
}

// Chunks of IDs: the first small (a short trace), then doubling up to
// maxIDChunk bytes.
const (
	minIDChunk = 1 << 10
	maxIDChunk = 64 << 10
)

// id returns n in decimal.
func (t *idText) id(n int64) string {
	var d [20]byte
	s := strconv.AppendInt(d[:0], n, 10)
	if t.b.Cap()-t.b.Len() < len(s) {
		c := min(max(2*t.b.Cap(), minIDChunk), maxIDChunk)
		t.b = strings.Builder{}
		t.b.Grow(c)
	}
	at := t.b.Len()
	t.b.Write(s)
	return t.b.String()[at:]
}
