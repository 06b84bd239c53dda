package muscle

// Comp is one composition of the composition table: the indices of jobs
// that together fill a resource space of the row's size exactly. The first
// element is the job whose addition created the composition (MUSCLE
// Alg. 1 step 9 appends J_i, then the jobs of the composition from row r).
type Comp []int

// Table is the composition table of MUSCLE section 4.1. Rows[j-1] is the
// j-th row: the compositions of total size j, in the order they were
// appended. A composition's position l in the paper (the subscript of its
// first job in the row) is the sum of the lengths of the compositions
// before it; we keep the compositions separate instead.
type Table struct {
	Rows [][]Comp
	// Sizes are the job sizes s_i the table was built from, by job index.
	Sizes []int
	// in[j-1][i] says whether job i appears in row j, so that MUSCLE
	// Alg. 1 step 8 ("no job is in the j-th row") costs O(|composition|).
	in [][]bool
}

// TableStep is one append of MUSCLE Alg. 1: job Job was added to row Row,
// alone (From == 0) or together with the composition From[Pos] of row
// From. It is the payload of the "table" packing frames.
type TableStep struct {
	Job  int  `json:"job"`
	Row  int  `json:"row"`
	From int  `json:"from,omitempty"`
	Pos  int  `json:"pos,omitempty"`
	Comp Comp `json:"comp"` // the composition appended
}

// BuildTable runs MUSCLE Alg. 1 on jobs of the given sizes for a
// multicluster whose largest cluster has mMax resources. onStep, when not
// nil, sees every append in order. A job whose size is below 1 or above
// mMax never enters the table (it fits no resource space).
//
// Worst case O(p^2 m_MAX) as the paper says (section 4.1).
func BuildTable(sizes []int, mMax int, onStep func(TableStep)) *Table {
	mMax = max(mMax, 0)
	t := &Table{Rows: make([][]Comp, mMax), Sizes: sizes, in: make([][]bool, mMax)}
	for j := range t.in {
		t.in[j] = make([]bool, len(sizes))
	}
	for i, s := range sizes { // Alg. 1 step 1
		for j := 1; j <= mMax; j++ { // step 2
			if t.in[j-1][i] {
				continue // a job never appears twice in a row
			}
			if s == j { // steps 3-4
				t.add(j, Comp{i})
				if onStep != nil {
					onStep(TableStep{Job: i, Row: j, Comp: Comp{i}})
				}
				continue
			}
			if s >= j || s < 1 { // step 5
				continue
			}
			r := j - s // step 6
			// Steps 7-9: the first composition of row r in row order
			// that does not contain J_i and none of whose jobs is in
			// row j.
			for pos, c := range t.Rows[r-1] {
				if !t.qualifies(c, i, j) {
					continue
				}
				nc := make(Comp, 0, len(c)+1)
				nc = append(nc, i)
				nc = append(nc, c...)
				t.add(j, nc)
				if onStep != nil {
					onStep(TableStep{Job: i, Row: j, From: r, Pos: pos, Comp: nc})
				}
				break
			}
		}
	}
	return t
}

// qualifies is MUSCLE Alg. 1 step 8 for job i and row j.
func (t *Table) qualifies(c Comp, i, j int) bool {
	for _, k := range c {
		if k == i || t.in[j-1][k] {
			return false
		}
	}
	return true
}

func (t *Table) add(j int, c Comp) {
	t.Rows[j-1] = append(t.Rows[j-1], c)
	for _, k := range c {
		t.in[j-1][k] = true
	}
}

// Row returns the compositions of row j (1-based), or nil.
func (t *Table) Row(j int) []Comp {
	if j < 1 || j > len(t.Rows) {
		return nil
	}
	return t.Rows[j-1]
}
