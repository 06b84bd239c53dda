package state

import (
	"testing"
	"time"
)

func TestAsyncRunSteps(t *testing.T) {
	var a Async
	t0 := time.Unix(100, 0)
	cancelled := 0
	first := a.Begin(t0)
	a.Posted(first, func() { cancelled++ })
	if !a.Line(first) || !a.Line(first) || a.Received != 2 || a.Started != t0 {
		t.Fatalf("after two lines: %+v", a)
	}
	// A second run cancels the first; the first's answers are stale.
	second := a.Begin(t0.Add(time.Second))
	if cancelled != 1 || a.Current(first) || !a.Current(second) || a.Received != 0 {
		t.Fatalf("after a second Begin: cancelled %d, current %v %v, received %d", cancelled, a.Current(first), a.Current(second), a.Received)
	}
	if a.Line(first) || a.End(first) || a.Received != 0 {
		t.Error("a stale run's answer was counted")
	}
	// A stale request's cancel is not kept.
	a.Posted(first, func() { t.Error("a stale run's cancel was kept") })
	a.Posted(second, func() { cancelled++ })
	// The user's Stop cancels the request but keeps the run current:
	// its answer (cancelled) is read.
	a.Stop()
	if cancelled != 2 || !a.Current(second) {
		t.Fatalf("after Stop: cancelled %d, current %v", cancelled, a.Current(second))
	}
	a.Stop() // nothing in flight: no second cancel
	if cancelled != 2 || !a.End(second) {
		t.Fatalf("after a second Stop: cancelled %d", cancelled)
	}
	// After End, nothing is left to cancel.
	third := a.Begin(t0)
	a.Posted(third, func() { cancelled++ })
	a.End(third)
	a.Begin(t0)
	if cancelled != 2 {
		t.Errorf("an ended run's request was cancelled (%d)", cancelled)
	}
}

func TestAsyncNextDoesNotCancel(t *testing.T) {
	var a Async
	id := a.Begin(time.Time{})
	a.Posted(id, func() { t.Error("Next cancelled the request in flight") })
	a.Line(id)
	next := a.Next()
	if a.Current(id) || !a.Current(next) || a.Received != 1 {
		t.Fatalf("after Next: current %v %v, received %d", a.Current(id), a.Current(next), a.Received)
	}
}

func TestAsyncBusy(t *testing.T) {
	var a Async
	if a.Busy(false) || !a.Busy(true) {
		t.Fatal("idle page busy, or a run not")
	}
	id := a.Compare.Start("comparing")
	if !a.Busy(false) {
		t.Error("a comparison does not make the page busy")
	}
	a.Compare.Done(id)
	if a.Busy(false) {
		t.Error("busy after the comparison ended")
	}
}
