package jsbridge

import "sync"

// Queue hands values from JS callbacks, in order, to one goroutine: a JS
// callback must not block (Vugu's render lock may be held), so Push only
// appends and wakes; the goroutine ranges over Batches and takes what
// came since its last turn, all at once.
type Queue[T any] struct {
	mu   sync.Mutex
	vals []T
	wake chan struct{}
}

// NewQueue returns an empty queue.
func NewQueue[T any]() *Queue[T] { return &Queue[T]{wake: make(chan struct{}, 1)} }

// Push appends v and wakes the goroutine.
func (q *Queue[T]) Push(v T) {
	q.mu.Lock()
	q.vals = append(q.vals, v)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// Batches yields, each time values were pushed, those that came since the
// last batch, in order. It never ends.
func (q *Queue[T]) Batches(yield func([]T) bool) {
	for range q.wake {
		q.mu.Lock()
		vals := q.vals
		q.vals = nil
		q.mu.Unlock()
		if len(vals) > 0 && !yield(vals) {
			return
		}
	}
}
