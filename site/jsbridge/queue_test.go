package jsbridge

import "testing"

// TestQueueKeepsOrder: values pushed from another goroutine come out in
// order, in batches, and a consumer that stops ends Batches.
func TestQueueKeepsOrder(t *testing.T) {
	q := NewQueue[int]()
	const n = 1000
	go func() {
		for i := 0; i < n; i++ {
			q.Push(i)
		}
	}()
	next := 0
	for vals := range q.Batches {
		for _, v := range vals {
			if v != next {
				t.Fatalf("got %d, want %d", v, next)
			}
			next++
		}
		if next == n {
			break
		}
	}
}
