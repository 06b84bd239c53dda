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
//
// Users' IDs (user) are made once per distinct user: a trace has a few
// hundred users over many thousand jobs.
type idText struct {
	b     strings.Builder
	users map[int]string
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

// user returns an SWF user id (field 12) in decimal, "" when it is
// unknown (negative, the SWF's -1); the string of each user is made once.
func (t *idText) user(n int) string {
	if n < 0 {
		return ""
	}
	if s, ok := t.users[n]; ok {
		return s
	}
	if t.users == nil {
		t.users = map[int]string{}
	}
	s := t.id(int64(n))
	t.users[n] = s
	return s
}
