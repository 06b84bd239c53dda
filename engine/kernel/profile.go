package kernel

import "math"

// Profile is the number of free processors of one machine over time: a
// step function that holds running jobs until their estimated ends and
// reservations in the future (the "availability profile" of conservative
// backfilling, Mu'alem & Feitelson 2001).
//
// Step k covers [T[k], T[k+1]) with Free[k] processors free; the last step
// extends to infinity. Adjacent steps with equal counts are merged, so the
// profile has at most one step per distinct job or reservation end. A
// Profile only counts processors; which processors a job gets is decided
// elsewhere (the count guarantees enough are free).
//
// The zero Profile is not usable; call NewProfile.
type Profile struct {
	total int
	t     []float64
	free  []int
	// tb and fb are the whole arrays behind t and free. Advance drops
	// steps from the front; split moves the steps back to the start
	// before it would allocate larger arrays (see grow).
	tb []float64
	fb []int
}

// NewProfile returns a profile of total processors, all free from start on.
func NewProfile(total int, start float64) *Profile {
	p := &Profile{total: total, tb: []float64{start}, fb: []int{total}}
	p.t, p.free = p.tb, p.fb
	return p
}

// Len is the number of steps (a measure of the profile's cost).
func (p *Profile) Len() int { return len(p.t) }

// At returns step k (0 <= k < Len): its start time and free count. Step
// k ends where step k+1 starts; the last step never ends.
func (p *Profile) At(k int) (t float64, free int) { return p.t[k], p.free[k] }

// View returns the steps' start times and free counts, in time order:
// the profile's own arrays, read-only, valid until it next changes. A
// scan over many steps reads them without a call per step.
func (p *Profile) View() (t []float64, free []int) { return p.t, p.free }

// index returns the step covering time x: the last k with T[k] <= x, or 0
// when x is before the profile's origin.
func (p *Profile) index(x float64) int {
	// A binary search for the first step starting after x (what
	// sort.Search finds, without a call per probe under js/wasm), after
	// a look at step 1: most queries are about now, the first step.
	t := p.t
	if len(t) < 2 || t[1] > x {
		return 0
	}
	// t[lo] > x is false and t[hi] > x is true (hi = len: past the end).
	lo, hi := 1, len(t)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if t[m] > x {
			hi = m
		} else {
			lo = m
		}
	}
	return lo
}

// Free is the number of free processors at time x.
func (p *Profile) Free(x float64) int { return p.free[p.index(x)] }

// Advance forgets the past: steps that end at or before now are dropped and
// the profile starts at now. Times before now are then treated as now.
func (p *Profile) Advance(now float64) {
	k := p.index(now)
	if k > 0 {
		p.t = p.t[k:]
		p.free = p.free[k:]
	}
	if p.t[0] < now {
		p.t[0] = now
	}
}

// EarliestStart is the earliest time s >= t at which size processors stay
// free during [s, s+dur). A zero dur still needs size processors free at s.
// It returns +Inf when size exceeds what the profile ever frees.
func (p *Profile) EarliestStart(t float64, size int, dur float64) float64 {
	if size > p.total {
		return math.Inf(1)
	}
	if t < p.t[0] {
		t = p.t[0]
	}
	s := t
	n := len(p.t)
	for k := p.index(t); k < n; k++ {
		end := math.Inf(1)
		if k+1 < n {
			end = p.t[k+1]
		}
		if p.free[k] < size {
			s = end // the run of free steps must restart after this one
			continue
		}
		if end >= s+dur {
			return s
		}
	}
	return math.Inf(1)
}

// Fits reports whether size processors stay free during [t, t+dur) (at t
// itself when dur is zero). It stops at the first step that is short.
func (p *Profile) Fits(t float64, size int, dur float64) bool {
	if t < p.t[0] {
		t = p.t[0]
	}
	n := len(p.t)
	for k := p.index(t); k < n; k++ {
		if p.free[k] < size {
			return false
		}
		if k+1 >= n || p.t[k+1] >= t+dur {
			return true
		}
	}
	return true
}

// MinFree is the fewest free processors during [a, b) (at a when b <= a).
func (p *Profile) MinFree(a, b float64) int {
	lo, _ := p.freeRange(a, b)
	return lo
}

// MaxFree is the most free processors at any time in [a, b) (at a when
// b <= a).
func (p *Profile) MaxFree(a, b float64) int {
	_, hi := p.freeRange(a, b)
	return hi
}

// freeRange is MinFree and MaxFree: the fewest and the most free
// processors during [a, b) (at a when b <= a).
func (p *Profile) freeRange(a, b float64) (lo, hi int) {
	if a < p.t[0] {
		a = p.t[0]
	}
	k := p.index(a)
	lo, hi = p.free[k], p.free[k]
	for k++; k < len(p.t) && p.t[k] < b; k++ {
		lo, hi = min(lo, p.free[k]), max(hi, p.free[k])
	}
	return lo, hi
}

// Reserve takes n processors during [a, b). The caller makes sure they are
// free (EarliestStart, Fits); Valid checks it in tests.
func (p *Profile) Reserve(a, b float64, n int) { p.add(a, b, -n) }

// Release gives back n processors during [a, b): the rest of a job that
// ended before its estimate, or a reservation that is withdrawn.
func (p *Profile) Release(a, b float64, n int) { p.add(a, b, n) }

// Valid reports whether every step has between 0 and Total free
// processors and the steps are in strictly increasing time order.
func (p *Profile) Valid() bool {
	for k := range p.t {
		if p.free[k] < 0 || p.free[k] > p.total {
			return false
		}
		if k > 0 && !(p.t[k] > p.t[k-1]) {
			return false
		}
	}
	return true
}

// addGo adds d to the free count on [a, b), merging equal neighbours.
// Under js/wasm add is the same steps in WebAssembly (profile_wasm.s);
// elsewhere it is this function.
func (p *Profile) addGo(a, b float64, d int) {
	if a < p.t[0] {
		a = p.t[0]
	}
	if !(b > a) || d == 0 { // also rejects NaN
		return
	}
	i := p.split(a)
	j := len(p.t)
	if !math.IsInf(b, 1) {
		j = p.split(b)
	}
	for k := i; k < j; k++ {
		p.free[k] += d
	}
	if j < len(p.t) && p.free[j] == p.free[j-1] {
		p.remove(j)
	}
	if i > 0 && p.free[i] == p.free[i-1] {
		p.remove(i)
	}
}

// split makes x a step boundary and returns the index of the step that
// starts at x (x must not be before the origin).
func (p *Profile) split(x float64) int {
	k := p.index(x)
	if p.t[k] == x {
		return k
	}
	k++
	p.room(1)
	p.t = append(p.t, 0)
	p.free = append(p.free, 0)
	copy(p.t[k+1:], p.t[k:])
	copy(p.free[k+1:], p.free[k:])
	p.t[k] = x
	p.free[k] = p.free[k-1]
	return k
}

// room makes room for k more steps (split needs one, add under js/wasm
// two). When the steps would pass their arrays' end, they move back to
// the start if at least half the arrays lie before them (dropped by
// Advance), else into arrays of twice their number (and k-1 more): a long
// run allocates only as its profile grows, not as it moves on.
func (p *Profile) room(k int) {
	n := len(p.t)
	if n+k <= cap(p.t) {
		return
	}
	if m := 2*n + k - 1; m > cap(p.tb) {
		p.tb, p.fb = make([]float64, m), make([]int, m)
	}
	copy(p.tb, p.t) // copy allows the overlap
	copy(p.fb, p.free)
	p.t, p.free = p.tb[:n], p.fb[:n]
}

// remove drops step k. The arrays are resliced from 0, which writes only
// their lengths: no pointer, so no write barrier while the collector
// marks (append(p.t[:k], ...) writes the whole slice).
func (p *Profile) remove(k int) {
	n := len(p.t) - 1
	copy(p.t[k:], p.t[k+1:])
	copy(p.free[k:], p.free[k+1:])
	p.t = p.t[:n]
	p.free = p.free[:n]
}
