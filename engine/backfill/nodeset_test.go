package backfill

import (
	"slices"
	"testing"
)

// NodeSet hands out the lowest free indices, across word boundaries,
// and takes them back in any order.
func TestNodeSet(t *testing.T) {
	s := NewNodeSet(130)
	take := func(k int) []int {
		out := make([]int, k)
		s.Take(out)
		return out
	}
	a := take(63)
	b := take(3)
	if a[0] != 0 || a[62] != 62 || !slices.Equal(b, []int{63, 64, 65}) || s.Free() != 64 {
		t.Fatalf("took %v then %v, %d free", a, b, s.Free())
	}
	s.Put([]int{64, 5})
	if got := take(3); !slices.Equal(got, []int{5, 64, 66}) {
		t.Errorf("after giving 64 and 5 back, took %v, want [5 64 66]", got)
	}
	rest := take(s.Free())
	if len(rest) != 63 || rest[0] != 67 || rest[62] != 129 || s.Free() != 0 {
		t.Errorf("the rest: %d nodes from %d to %d, %d free", len(rest), rest[0], rest[len(rest)-1], s.Free())
	}
	s.Put(rest)
	if got := take(2); !slices.Equal(got, []int{67, 68}) {
		t.Errorf("took %v, want [67 68]", got)
	}
}
