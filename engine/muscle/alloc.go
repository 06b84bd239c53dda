package muscle

// maxAlg2Calls bounds the calls of MUSCLE Alg. 2 made for one
// composition that Alg. 3 tries for a resource space. The paper's
// recursion always terminates on its worked example; with the guard
// against revisiting a composition on the current path (see
// Allocator.alt) it terminates on every table, and the budget keeps the
// worst case small. Exceeding it counts as Alg. 2 returning 0.
const maxAlg2Calls = 4096

// Try is one composition examined while filling a resource space: the
// payload of "try" packing frames. For is the allocated job the
// composition is an alternative for (-1 when it is the composition MUSCLE
// Alg. 3 step 4 picked), Taken the number of its jobs already allocated,
// Depth the recursion depth of MUSCLE Alg. 2 (0 for Alg. 3 itself).
type Try struct {
	Row   int  `json:"row"`
	Pos   int  `json:"pos"`
	For   int  `json:"for"`
	Taken int  `json:"taken"`
	Depth int  `json:"depth"`
	OK    bool `json:"ok"`
}

// Allocator searches a composition table for the jobs to put into a
// resource space (MUSCLE section 4.2). Taken marks the jobs already
// allocated in this scheduling round, to any cluster.
type Allocator struct {
	T     *Table
	Taken []bool
	// Tries, when not nil, receives every composition examined.
	Tries func(Try)

	inQ      []bool // jobs tentatively in q during one Alloc call
	calls    int    // Alg. 2 calls for the composition being tried
	maxCalls int    // the most calls any composition needed so far
	// onPath marks the compositions on the current recursion path:
	// onPath[row][pos], each row's slice made as long as the row when a
	// composition of it first goes on the path.
	onPath [][]bool
}

// NewAllocator returns an allocator over t with no job allocated yet.
func NewAllocator(t *Table) *Allocator {
	return &Allocator{T: t, Taken: make([]bool, len(t.Sizes)), inQ: make([]bool, len(t.Sizes)), onPath: make([][]bool, len(t.Rows)+1)}
}

// busy counts a job as allocated: allocated earlier, or already chosen
// for the space being filled (so q never holds a job twice).
func (a *Allocator) busy(k int) bool { return a.Taken[k] || a.inQ[k] }

func (a *Allocator) count(c Comp) int {
	n := 0
	for _, k := range c {
		if a.busy(k) {
			n++
		}
	}
	return n
}

// enter puts the composition (row, pos) on the recursion path, and leave
// takes it off.
func (a *Allocator) enter(row, pos int) {
	if n := len(a.T.Row(row)); len(a.onPath[row]) < n {
		a.onPath[row] = append(a.onPath[row], make([]bool, n-len(a.onPath[row]))...)
	}
	a.onPath[row][pos] = true
}

func (a *Allocator) leave(row, pos int) { a.onPath[row][pos] = false }

// minComp returns the position of the composition of row with the fewest
// allocated jobs, the first found on ties (MUSCLE Alg. 3 step 4, Alg. 2
// step 9), skipping the composition made of job except alone and any
// composition on the current recursion path. It returns -1 when there is
// none.
func (a *Allocator) minComp(row int, except int) (pos, n int) {
	pos, n = -1, 0
	var on []bool // the row's compositions on the path
	if row >= 0 && row < len(a.onPath) {
		on = a.onPath[row]
	}
	for p, c := range a.T.Row(row) {
		if len(c) == 1 && c[0] == except {
			continue
		}
		if p < len(on) && on[p] {
			continue
		}
		if k := a.count(c); pos < 0 || k < n {
			pos, n = p, k
		}
	}
	return pos, n
}

// Alloc is MUSCLE Alg. 3 for a resource space of size r: it returns the
// jobs q to start in the space, in the order they are laid out from the
// space's first resource, and marks them allocated. Their sizes sum to the
// row rc that was filled (rc <= r). It returns nil when no unallocated job
// fits (r reached 0).
func (a *Allocator) Alloc(r int) []int {
	r = min(r, len(a.T.Rows)) // rows above m_MAX do not exist
	var q []int
	for rc := r; rc >= 1; rc-- { // steps 1-3, and step 10's rc <- rc-1
		if len(a.T.Row(rc)) == 0 {
			continue
		}
		pos, n := a.minComp(rc, -1) // step 4
		if pos < 0 {
			continue
		}
		c := a.T.Row(rc)[pos]
		ok := true
		if n == 0 { // steps 5-6
			q = append(q[:0], c...)
		} else { // steps 7-9
			q = q[:0]
			a.calls = 0
			a.enter(rc, pos)
			ok = a.alt(rc, pos, &q, 1)
			a.leave(rc, pos)
		}
		if a.Tries != nil {
			a.Tries(Try{Row: rc, Pos: pos, For: -1, Taken: n, Depth: 0, OK: ok})
		}
		for _, k := range q {
			a.inQ[k] = false
		}
		if ok && len(q) > 0 {
			for _, k := range q {
				a.Taken[k] = true
			}
			return q // step 11 is done by the caller
		}
		q = q[:0]
	}
	return nil
}

// alt is MUSCLE Alg. 2 for the composition at (row, pos): it appends to q
// the unallocated jobs of the composition and, for each allocated job J_i,
// alternative jobs of total size s_i found in row s_i, recursively. It
// reports 1 (true) on success; on failure q holds partial alternatives,
// which the caller discards.
func (a *Allocator) alt(row, pos int, q *[]int, depth int) bool {
	a.calls++
	a.maxCalls = max(a.maxCalls, a.calls)
	if a.calls > maxAlg2Calls {
		return false
	}
	c := a.T.Row(row)[pos]
	for _, k := range c { // steps 1-3, 16-17
		if !a.busy(k) { // steps 4-5
			*q = append(*q, k)
			a.inQ[k] = true
			continue
		}
		s := a.T.Sizes[k]
		if len(a.T.Row(s)) == 1 { // steps 6-7: only J_i itself in row s_i
			return false
		}
		p, n := a.minComp(s, k) // step 9
		if p < 0 {
			return false // every other composition is on the path
		}
		if n == 0 { // steps 10-11
			alt := a.T.Row(s)[p]
			if a.Tries != nil {
				a.Tries(Try{Row: s, Pos: p, For: k, Taken: 0, Depth: depth, OK: true})
			}
			for _, j := range alt {
				*q = append(*q, j)
				a.inQ[j] = true
			}
			continue
		}
		// Steps 12-15: recurse on the best alternative.
		a.enter(s, p)
		ok := a.alt(s, p, q, depth+1)
		a.leave(s, p)
		if a.Tries != nil {
			a.Tries(Try{Row: s, Pos: p, For: k, Taken: n, Depth: depth, OK: ok})
		}
		if !ok {
			return false
		}
	}
	return true
}
