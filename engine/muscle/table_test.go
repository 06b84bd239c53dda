package muscle

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"gridplay/engine/rng"
)

// table1Sizes are the job sizes of MUSCLE Table 1, J1..J6 at indices 0..5.
var table1Sizes = []int{2, 1, 4, 3, 1, 2}

// render prints a table row by row as "J2 | J5" etc. with 1-based ids.
func render(t *Table) []string {
	out := make([]string, len(t.Rows))
	for j, row := range t.Rows {
		cs := make([]string, len(row))
		for p, c := range row {
			ids := make([]string, len(c))
			for i, k := range c {
				ids[i] = fmt.Sprintf("J%d", k+1)
			}
			cs[p] = strings.Join(ids, ",")
		}
		out[j] = strings.Join(cs, " | ")
	}
	return out
}

// TestTable2 is the golden test of MUSCLE Table 2: the jobs of Table 1
// with m_MAX = 6. The expected rows are transcribed from Table 2 of the
// paper and were checked by hand against Alg. 1 (sizes J1 2, J2 1, J3 4,
// J4 3, J5 1, J6 2; "J_i, composition" appended to row j when the
// first composition of row j-s_i in row order contains neither J_i nor a
// job already in row j):
//
//	J1: row 2 <- J1; rows 4 (r=2 holds only J1 itself), 3, 5, 6 (r empty).
//	J2: row 1 <- J2; row 2 skip (row 1 is J2 itself); row 3 <- J2,J1;
//	    row 4 skip (row 3's only composition holds J2).
//	J3: row 4 <- J3; row 5 <- J3,J2 (r=1); row 6 <- J3,J1 (r=2).
//	J4: row 3 <- J4; row 4 <- J4,J2; row 5 <- J4,J1; row 6: r=3 has
//	    J2,J1 (J1 already in row 6) and J4 (itself): nothing.
//	J5: row 1 <- J5; row 2 <- J5,J2; row 3: J1 in row 3, J5,J2 holds J5;
//	    row 4: J2 and J4 in row 4; row 5: J3 and J4 in row 5; row 6: J3
//	    and J1 in row 6: nothing.
//	J6: row 2 <- J6; row 3: J2 in row 3, so J6,J5; row 4: J1 not in row
//	    4, so J6,J1; row 5: J2, J4 in row 5 and J6,J5 holds J6: nothing;
//	    row 6: J3 in row 6, J4,J2 free, so J6,J4,J2.
func TestTable2(t *testing.T) {
	want := []string{
		"J2 | J5",
		"J1 | J5,J2 | J6",
		"J2,J1 | J4 | J6,J5",
		"J3 | J4,J2 | J6,J1",
		"J3,J2 | J4,J1",
		"J3,J1 | J6,J4,J2",
	}
	got := render(BuildTable(table1Sizes, 6, nil))
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Table 2:\n got %q\nwant %q", got, want)
	}
}

func TestTableSteps(t *testing.T) {
	var steps []TableStep
	tb := BuildTable(table1Sizes, 6, func(s TableStep) { steps = append(steps, s) })
	n := 0
	for _, row := range tb.Rows {
		n += len(row)
	}
	if len(steps) != n {
		t.Fatalf("%d steps for %d compositions", len(steps), n)
	}
	// The first steps: J1 alone in row 2, J2 alone in row 1, then J2
	// with row 2's first composition (J1) in row 3.
	want := []TableStep{{Job: 0, Row: 2, Comp: Comp{0}}, {Job: 1, Row: 1, Comp: Comp{1}}, {Job: 1, Row: 3, From: 2, Pos: 0, Comp: Comp{1, 0}}}
	if !reflect.DeepEqual(steps[:3], want) {
		t.Fatalf("steps %v, want %v", steps[:3], want)
	}
}

func TestTableEdges(t *testing.T) {
	cases := []struct {
		name  string
		sizes []int
		mMax  int
		want  []string
	}{
		{"empty", nil, 3, []string{"", "", ""}},
		{"no rows", []int{1, 2}, 0, []string{}},
		{"too large", []int{5, 1}, 3, []string{"J2", "", ""}},
		{"bad size", []int{0, -1, 1}, 2, []string{"J3", ""}},
		// Three jobs of size 1: row 2 takes J2,J1 then J3 can use
		// neither J1 (in row 2) nor J2 (in row 2): nothing more.
		{"ones", []int{1, 1, 1}, 3, []string{"J1 | J2 | J3", "J2,J1", "J3,J2,J1"}},
	}
	for _, c := range cases {
		got := render(BuildTable(c.sizes, c.mMax, nil))
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// TestTableProperties checks the invariants of Alg. 1 on random job sets:
// every composition of row j has total size j, no job twice in a row,
// and each job of size s <= m_MAX heads the composition made of itself
// alone in row s.
func TestTableProperties(t *testing.T) {
	r := rng.NewPCG(1, 2)
	for it := 0; it < 200; it++ {
		p := 1 + r.IntN(40)
		mMax := 1 + r.IntN(24)
		sizes := make([]int, p)
		for i := range sizes {
			sizes[i] = 1 + r.IntN(mMax+2)
		}
		tb := BuildTable(sizes, mMax, nil)
		for j, row := range tb.Rows {
			seen := map[int]bool{}
			for _, c := range row {
				size := 0
				for _, k := range c {
					size += sizes[k]
				}
				if size != j+1 {
					t.Fatalf("row %d holds %v of size %d", j+1, c, size)
				}
				for _, k := range c {
					if seen[k] {
						t.Fatalf("job %d twice in row %d", k, j+1)
					}
					seen[k] = true
				}
			}
		}
		for i, s := range sizes {
			if s > mMax {
				continue
			}
			found := false
			for _, c := range tb.Row(s) {
				if len(c) == 1 && c[0] == i {
					found = true
				}
			}
			if !found {
				t.Fatalf("job %d of size %d missing alone in its row", i, s)
			}
		}
	}
}
