package swf

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// IDs cut from shared strings stay right as later IDs are made, across
// chunk boundaries.
func TestIDText(t *testing.T) {
	var ids idText
	r := rand.New(rand.NewPCG(1, 1)) // the draws of rng.NewPCG(1, 1)
	var nums []int64
	var got []string
	for range 50000 {
		n := r.Int64N(1 << 53)
		if r.IntN(4) == 0 {
			n = r.Int64N(100)
		}
		nums = append(nums, n)
		got = append(got, ids.id(n))
	}
	for i, n := range nums {
		if want := strconv.FormatInt(n, 10); got[i] != want {
			t.Fatalf("ID %d is %q, want %q", i, got[i], want)
		}
	}
}

// A user is its number in decimal, "" when unknown, made once per user
// and unchanged by the IDs made between.
func TestUserText(t *testing.T) {
	var ids idText
	if u := ids.user(-1); u != "" {
		t.Fatalf("unknown user is %q", u)
	}
	var got []string
	for k := range 5000 {
		n := k % 300
		ids.id(int64(k) << 20)
		got = append(got, ids.user(n))
	}
	for k, u := range got {
		if want := strconv.Itoa(k % 300); u != want {
			t.Fatalf("user %d is %q, want %q", k, u, want)
		}
	}
	if len(ids.users) != 300 {
		t.Fatalf("%d users cached, want 300", len(ids.users))
	}
}

// An allocation regression check: reading, importing and converting a
// trace allocates a small fraction of an object per job (a record, an ID
// and a map entry each once cost one or more).
func TestAllocsPerLine(t *testing.T) {
	const n = 20000
	text := swfLines(n)
	for _, tc := range []struct {
		name string
		fn   func()
	}{
		{"Read", func() { Read(strings.NewReader(text)) }},
		{"Import", func() { Import("t.swf", strings.NewReader(text), 0) }},
		{"Scenario", func() {
			tr, _ := Read(strings.NewReader(text))
			tr.Scenario("easy")
		}},
	} {
		allocs := testing.AllocsPerRun(2, tc.fn)
		t.Logf("%s: %.0f allocations for %d lines", tc.name, allocs, n)
		if allocs > n/20 {
			t.Errorf("%s: %.0f allocations for %d lines, want at most %d", tc.name, allocs, n, n/20)
		}
	}
}
