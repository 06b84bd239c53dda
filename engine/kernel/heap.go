package kernel

// Heap is a binary min-heap of T ordered by Less. It is typed, so Push and
// Pop never box values in interfaces (container/heap would allocate on
// every call). The event queue (Queue) keeps its own copy of this
// algorithm written for Event, so that its comparison is inlined.
type Heap[T any] struct {
	Less  func(a, b T) bool
	items []T
}

// Len is the number of items.
func (h *Heap[T]) Len() int { return len(h.items) }

// Top returns the least item; the heap must not be empty.
func (h *Heap[T]) Top() T { return h.items[0] }

// Init replaces the contents with items, which must already be in heap
// order (a sorted slice is).
func (h *Heap[T]) Init(items []T) { h.items = items }

// Push adds x.
func (h *Heap[T]) Push(x T) {
	h.items = append(h.items, x)
	a := h.items
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.Less(a[i], a[p]) {
			break
		}
		a[i], a[p] = a[p], a[i]
		i = p
	}
}

// Pop removes and returns the least item; the heap must not be empty.
func (h *Heap[T]) Pop() T {
	a := h.items
	top := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && h.Less(a[r], a[l]) {
			m = r
		}
		if !h.Less(a[m], a[i]) {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	// Resliced from 0: only the length is written, no pointer (no write
	// barrier while the collector marks).
	h.items = h.items[:n]
	return top
}
