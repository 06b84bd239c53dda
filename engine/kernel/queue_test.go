package kernel

import (
	"testing"

	"gridplay/engine/rng"
)

func drain(q *Queue) []Event {
	var out []Event
	for {
		e, ok := q.Pop()
		if !ok {
			return out
		}
		out = append(out, e)
	}
}

func TestQueueTieOrder(t *testing.T) {
	var q Queue
	// Pushed in a scrambled order; all at t = 5 except two.
	q.Push(Event{T: 5, Kind: Schedule, Ref: 1})
	q.Push(Event{T: 5, Kind: Arrive, Ref: 2})
	q.Push(Event{T: 5, Kind: Arrive, Ref: 3})
	q.Push(Event{T: 3, Kind: Schedule, Ref: 4})
	q.Push(Event{T: 5, Kind: Finish, Ref: 5})
	q.Push(Event{T: 5, Kind: Online, Ref: 6})
	q.Push(Event{T: 5, Kind: Offline, Ref: 7})
	q.Push(Event{T: 5, Kind: Exchange, Ref: 8})
	q.Push(Event{T: 7, Kind: Finish, Ref: 9})
	q.Push(Event{T: 5, Kind: Finish, Ref: 10})
	// Documented order: time, then Finish, Offline, Online, Exchange,
	// Arrive, Schedule, then insertion order.
	want := []int{4, 5, 10, 7, 6, 8, 2, 3, 1, 9}
	got := drain(&q)
	if len(got) != len(want) {
		t.Fatalf("%d events", len(got))
	}
	for i, e := range got {
		if e.Ref != want[i] {
			t.Fatalf("position %d: ref %d, want %d (%v)", i, e.Ref, want[i], got)
		}
	}
	if q.Now() != 7 || q.Popped() != 10 || q.Len() != 0 {
		t.Fatalf("now %v popped %d len %d", q.Now(), q.Popped(), q.Len())
	}
}

// TestQueueOrderProperty pushes random events, interleaved with pops, and
// checks that they leave in (time, kind, insertion) order.
func TestQueueOrderProperty(t *testing.T) {
	r := rng.NewPCG(7, 8)
	for trial := range 200 {
		var q Queue
		type key struct {
			t    float64
			k    Kind
			push int
		}
		pushed := 0
		var out []key
		for range 1 + r.IntN(200) {
			if r.IntN(3) == 0 && q.Len() > 0 {
				e, _ := q.Pop()
				out = append(out, key{e.T, e.Kind, e.Ref})
				continue
			}
			e := Event{T: q.Now() + float64(r.IntN(5)), Kind: Kind(r.IntN(6)), Ref: pushed}
			pushed++
			q.Push(e)
		}
		for q.Len() > 0 {
			e, _ := q.Pop()
			out = append(out, key{e.T, e.Kind, e.Ref})
		}
		if len(out) != pushed {
			t.Fatalf("trial %d: %d of %d events came out", trial, len(out), pushed)
		}
		// Each popped event is the least pending one, so consecutive pops
		// never go back in time.
		for i := 1; i < len(out); i++ {
			a, b := out[i-1], out[i]
			if b.t < a.t {
				t.Fatalf("trial %d: time went back at %d: %v", trial, i, out[i-1:i+1])
			}
			// At one instant, kinds never go back, and within a kind
			// insertion order holds unless b was pushed after a left.
			if b.t == a.t && b.k < a.k && b.push < a.push {
				t.Fatalf("trial %d: kind order broken at %d: %v", trial, i, out[i-1:i+1])
			}
			if b.t == a.t && b.k == a.k && b.push < a.push {
				t.Fatalf("trial %d: insertion order broken at %d: %v", trial, i, out[i-1:i+1])
			}
		}
	}
}

// TestQueueSameTimeOrder checks the full tie order on one instant.
func TestQueueSameTimeOrder(t *testing.T) {
	r := rng.NewPCG(9, 9)
	var q Queue
	kinds := make([]Kind, 500)
	for i := range kinds {
		kinds[i] = Kind(r.IntN(6))
		q.Push(Event{T: 1, Kind: kinds[i], Ref: i})
	}
	prev, _ := q.Pop()
	for q.Len() > 0 {
		e, _ := q.Pop()
		if e.Kind < prev.Kind || (e.Kind == prev.Kind && e.Ref < prev.Ref) {
			t.Fatalf("%+v after %+v", e, prev)
		}
		prev = e
	}
}

func TestQueuePastMovesToNow(t *testing.T) {
	var q Queue
	q.Push(Event{T: 10, Kind: Arrive})
	q.Pop()
	q.Push(Event{T: 4, Kind: Finish, Ref: 1})
	e, _ := q.Peek()
	if e.T != 10 {
		t.Fatalf("past event kept time %v", e.T)
	}
}

// BenchmarkEventKernel runs a closed system: each arrival schedules a
// finish, each finish an arrival, with a scheduler event per arrival.
func BenchmarkEventKernel(b *testing.B) {
	const jobs = 1000
	var events uint64
	for b.Loop() {
		var q Queue
		for i := range jobs {
			q.Push(Event{T: float64(i), Kind: Arrive, Ref: i})
		}
		n := 0
		for {
			e, ok := q.Pop()
			if !ok {
				break
			}
			switch e.Kind {
			case Arrive:
				q.Push(Event{T: e.T, Kind: Schedule, Ref: e.Ref})
				q.Push(Event{T: e.T + float64(e.Ref%97) + 1, Kind: Finish, Ref: e.Ref})
			case Finish:
				if n < 50*jobs {
					n++
					q.Push(Event{T: e.T + float64(e.Ref%13), Kind: Arrive, Ref: e.Ref})
				}
			}
		}
		events += q.Popped()
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}
