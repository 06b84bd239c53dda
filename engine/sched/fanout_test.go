package sched

import (
	"context"
	"fmt"
	"sync"
	"testing"
)

// Points start largest Cost first, ties and unknown costs in index order,
// and the reports still come back in index order.
func TestFanOutOrder(t *testing.T) {
	plan := []PointInfo{{Index: 0, Cost: 1}, {Index: 1, Cost: 3}, {Index: 2}, {Index: 3, Cost: 3}, {Index: 4, Cost: 2}}
	if got := fmt.Sprint(Order(plan)); got != "[1 3 4 0 2]" {
		t.Errorf("Order = %s, want [1 3 4 0 2]", got)
	}
	var mu sync.Mutex
	var started []int
	parts, err := FanOut(context.Background(), plan, 1, func(_ context.Context, k int) (Report, error) {
		mu.Lock()
		started = append(started, k)
		mu.Unlock()
		return &Table{Experiment: fmt.Sprint(k)}, nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(started); got != "[1 3 4 0 2]" {
		t.Errorf("started %s, want [1 3 4 0 2]", got)
	}
	for k, p := range parts {
		if p.(*Table).Experiment != fmt.Sprint(k) {
			t.Errorf("report %d is point %s's", k, p.(*Table).Experiment)
		}
	}
}
