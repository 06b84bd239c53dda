package kernel

import "slices"

// Kind orders events that fall at the same time. Lower kinds run first:
// at one instant, jobs finish and nodes change state before new jobs
// arrive, and the scheduler runs last, so it sees every release and every
// arrival of that instant (the tie rule all event-driven policies share).
type Kind int

const (
	Finish   Kind = iota // a job ends and releases its nodes
	Offline              // nodes go offline (TITAN Fig. 10)
	Online               // nodes come back
	Exchange             // status exchange (hybrid T_s)
	Arrive               // a job is submitted
	Schedule             // the scheduler runs
)

// Event is one timed occurrence. Ref is the policy's own reference
// (a job index, a node set index...).
type Event struct {
	T    float64
	Kind Kind
	Ref  int
	seq  uint64
}

// Queue is a deterministic event queue: events leave in order of time,
// then Kind, then insertion order. No map, no clock, no randomness.
//
// Its binary heap is written for Event, so that the comparison is
// inlined rather than a call through a function value per level.
type Queue struct {
	h   []Event // binary min-heap by eventLess
	seq uint64
	now float64
	n   uint64 // events popped
}

// Push schedules e. Events in the past are moved to Now, so time never
// runs backwards.
func (q *Queue) Push(e Event) {
	if e.T < q.now {
		e.T = q.now
	}
	e.seq = q.seq
	q.seq++
	q.h = append(q.h, e)
	a := q.h
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !eventLess(a[i], a[p]) {
			break
		}
		a[i], a[p] = a[p], a[i]
		i = p
	}
}

// Grow makes room for n more events without another allocation (a
// policy that pushes every arrival up front knows how many).
func (q *Queue) Grow(n int) { q.h = slices.Grow(q.h, n) }

// Len is the number of pending events.
func (q *Queue) Len() int { return len(q.h) }

// Now is the time of the last popped event.
func (q *Queue) Now() float64 { return q.now }

// Popped counts events handled so far.
func (q *Queue) Popped() uint64 { return q.n }

// Peek returns the next event without removing it.
func (q *Queue) Peek() (Event, bool) {
	if len(q.h) == 0 {
		return Event{}, false
	}
	return q.h[0], true
}

// Pop removes and returns the next event and advances Now to its time.
func (q *Queue) Pop() (Event, bool) {
	a := q.h
	n := len(a) - 1
	if n < 0 {
		return Event{}, false
	}
	e := a[0]
	a[0] = a[n]
	a = a[:n]
	for i := 0; ; {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && eventLess(a[r], a[l]) {
			m = r
		}
		if !eventLess(a[m], a[i]) {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	// Resliced from 0: only the length is written, no pointer (no write
	// barrier while the collector marks).
	q.h = q.h[:n]
	q.now = e.T
	q.n++
	return e, true
}

func eventLess(a, b Event) bool {
	if a.T != b.T {
		return a.T < b.T
	}
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	return a.seq < b.seq
}
