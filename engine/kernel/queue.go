package kernel

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
type Queue struct {
	h   Heap[Event]
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
	if q.h.Less == nil {
		q.h.Less = eventLess
	}
	q.h.Push(e)
}

// Len is the number of pending events.
func (q *Queue) Len() int { return q.h.Len() }

// Now is the time of the last popped event.
func (q *Queue) Now() float64 { return q.now }

// Popped counts events handled so far.
func (q *Queue) Popped() uint64 { return q.n }

// Peek returns the next event without removing it.
func (q *Queue) Peek() (Event, bool) {
	if q.h.Len() == 0 {
		return Event{}, false
	}
	return q.h.Top(), true
}

// Pop removes and returns the next event and advances Now to its time.
func (q *Queue) Pop() (Event, bool) {
	if q.h.Len() == 0 {
		return Event{}, false
	}
	e := q.h.Pop()
	q.now = e.T
	q.n++
	return e, true
}

// Handler reacts to one event; it may push more.
type Handler func(q *Queue, e Event) error

// Step pops and handles one event. It reports false when the queue is
// empty.
func (q *Queue) Step(h Handler) (bool, error) {
	e, ok := q.Pop()
	if !ok {
		return false, nil
	}
	return true, h(q, e)
}

// RunUntil handles every event with time <= t, then sets Now to t (or
// leaves it when t is before Now). Use RunUntil(math.Inf(1)) to drain.
func (q *Queue) RunUntil(t float64, h Handler) error {
	for {
		e, ok := q.Peek()
		if !ok || e.T > t {
			break
		}
		if _, err := q.Step(h); err != nil {
			return err
		}
	}
	if t > q.now && t < inf {
		q.now = t
	}
	return nil
}

const inf = 1e308

func eventLess(a, b Event) bool {
	if a.T != b.T {
		return a.T < b.T
	}
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	return a.seq < b.seq
}
