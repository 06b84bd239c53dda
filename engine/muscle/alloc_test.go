package muscle

import (
	"reflect"
	"testing"

	"gridplay/engine/rng"
)

func ids(q []int) []string {
	out := make([]string, len(q))
	for i, k := range q {
		out[i] = "J" + string(rune('1'+k))
	}
	return out
}

// TestAlloc runs MUSCLE Alg. 3 (with Alg. 2) on the Table 2 composition
// table with some jobs already allocated. Each expected q is derived by
// hand in the comment of its case.
func TestAlloc(t *testing.T) {
	cases := []struct {
		name  string
		taken []int // 0-based job indices already allocated
		r     int
		want  []string
	}{
		// Row 6 = J3,J1 | J6,J4,J2: both free, the first is used.
		{"free", nil, 6, []string{"J3", "J1"}},
		// J1 taken: counts 1, 0: J6,J4,J2.
		{"second", []int{0}, 6, []string{"J6", "J4", "J2"}},
		// J1, J2 taken: counts 1, 1, first is J3,J1. Alg. 2: J3 free;
		// J1 (size 2) has alternatives in row 2 = J1 | J5,J2 | J6
		// with counts -, 1, 0: J6. q = J3, J6 (4+2 = 6).
		{"alternative", []int{0, 1}, 6, []string{"J3", "J6"}},
		// J1, J6 taken: J3,J1 first (count 1); J1's alternatives in
		// row 2: J5,J2 count 0, J6 count 1: J5,J2. q = J3, J5, J2.
		{"alternative pair", []int{0, 5}, 6, []string{"J3", "J5", "J2"}},
		// J1, J5, J6 taken: J3,J1 again; J1's alternatives J5,J2
		// (count 1, first of the tie with J6) -> recursion on J5,J2:
		// J5 is replaced by J2 (row 1 = J2 | J5); then J2 itself is
		// already in q, its only alternative in row 1 is J5, whose
		// only alternative J2 is on the recursion path: Alg. 2 fails
		// and Alg. 3 falls back to row 5 = J3,J2 | J4,J1 with counts
		// 0, 1: q = J3, J2.
		{"fallback", []int{0, 4, 5}, 6, []string{"J3", "J2"}},
		// Everything of size <= 2 taken but J6; space 2: row 2 =
		// J1 | J5,J2 | J6 counts 1, 2, 0 -> J6.
		{"small", []int{0, 1, 4}, 2, []string{"J6"}},
		// Space 1 with J2 and J5 taken: row 1 = J2 | J5, both
		// counts 1; J2 first; Alg. 2: J2 is alone in... row 1 has two
		// compositions, the alternative J5 is taken, recursion on J5
		// finds J2 on the path: fail; rc = 0: nothing.
		{"nothing", []int{1, 4}, 1, nil},
		// r above m_MAX is clamped to the last row.
		{"clamp", nil, 9, []string{"J3", "J1"}},
	}
	for _, c := range cases {
		a := NewAllocator(BuildTable(table1Sizes, 6, nil))
		for _, k := range c.taken {
			a.Taken[k] = true
		}
		got := a.Alloc(c.r)
		var g []string
		if got != nil {
			g = ids(got)
		}
		if !reflect.DeepEqual(g, c.want) {
			t.Errorf("%s: q = %v, want %v", c.name, g, c.want)
		}
		for _, k := range got {
			if !a.Taken[k] {
				t.Errorf("%s: J%d not marked allocated", c.name, k+1)
			}
		}
	}
}

func TestAllocTries(t *testing.T) {
	a := NewAllocator(BuildTable(table1Sizes, 6, nil))
	a.Taken[0], a.Taken[1] = true, true
	var tries []Try
	a.Tries = func(x Try) { tries = append(tries, x) }
	a.Alloc(6)
	want := []Try{
		{Row: 2, Pos: 2, For: 0, Taken: 0, Depth: 1, OK: true},
		{Row: 6, Pos: 0, For: -1, Taken: 1, Depth: 0, OK: true},
	}
	if !reflect.DeepEqual(tries, want) {
		t.Fatalf("tries %+v, want %+v", tries, want)
	}
}

// TestAllocProperties: on random tables and random allocation states,
// Alloc returns distinct, previously unallocated jobs whose sizes sum to
// at most r, and returns nil only when no unallocated job fits r.
func TestAllocProperties(t *testing.T) {
	r := rng.NewPCG(3, 4)
	for it := 0; it < 300; it++ {
		p := 1 + r.IntN(30)
		mMax := 1 + r.IntN(20)
		sizes := make([]int, p)
		for i := range sizes {
			sizes[i] = 1 + r.IntN(mMax)
		}
		tb := BuildTable(sizes, mMax, nil)
		a := NewAllocator(tb)
		for i := range sizes {
			a.Taken[i] = r.IntN(3) == 0
		}
		for step := 0; step < 10; step++ {
			space := 1 + r.IntN(mMax)
			before := append([]bool(nil), a.Taken...)
			q := a.Alloc(space)
			sum := 0
			seen := map[int]bool{}
			for _, k := range q {
				if before[k] || seen[k] {
					t.Fatalf("job %d reused (taken %v, q %v)", k, before[k], q)
				}
				seen[k] = true
				sum += sizes[k]
			}
			if sum > space {
				t.Fatalf("q %v of size %d in space %d", q, sum, space)
			}
			if q == nil {
				for k, s := range sizes {
					if !before[k] && s <= space {
						t.Fatalf("nil although job %d of size %d fits %d", k, s, space)
					}
				}
			}
			// Only the jobs of q became allocated.
			for k := range sizes {
				if a.Taken[k] != (before[k] || seen[k]) {
					t.Fatalf("job %d allocation changed wrongly", k)
				}
			}
		}
	}
}

// TestAlg2Budget: on random rounds of 100 to 200 jobs of sizes U[1, 10]
// with m_MAX 20 (the Fig. 4 setting), packing into random spaces until
// the jobs run out never needs more than a quarter of the budget of
// Alg. 2 calls per composition tried, so the budget does not decide a
// packing there.
func TestAlg2Budget(t *testing.T) {
	r := rng.NewPCG(11, 12)
	most := 0
	for it := 0; it < 40; it++ {
		sizes := make([]int, 100+r.IntN(101))
		for i := range sizes {
			sizes[i] = 1 + r.IntN(10)
		}
		a := NewAllocator(BuildTable(sizes, 20, nil))
		for left := len(sizes); left > 0; {
			q := a.Alloc(1 + r.IntN(20))
			if q == nil {
				if q = a.Alloc(20); q == nil {
					break
				}
			}
			left -= len(q)
		}
		most = max(most, a.maxCalls)
	}
	t.Logf("most Alg. 2 calls for one composition: %d (budget %d)", most, maxAlg2Calls)
	if most > maxAlg2Calls/4 {
		t.Fatalf("%d Alg. 2 calls for one composition, a quarter of the budget is %d", most, maxAlg2Calls/4)
	}
}
