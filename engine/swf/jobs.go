package swf

import (
	"strconv"
	"strings"
)

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
