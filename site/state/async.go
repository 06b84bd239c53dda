package state

import "time"

// Async is the page's asynchronous UI state: the run in the engine
// worker, the comparison (a Task) and the notice shown. Its methods are
// the steps of a run, called with the render lock held:
//
//	id := a.Begin(now)     a run starts: the one in flight is cancelled
//	a.Posted(id, cancel)   its request is posted
//	a.Line(id)             a stream line came; false when id is stale
//	a.End(id)              its answer ended; false when id is stale
//	a.Stop()               the user cancels: the answer says so (End)
//
// Next supersedes the run without cancelling it (a trace is read before
// the run).
type Async struct {
	// Notice is a short message (link copied, policy replaced), "" for
	// none.
	Notice string
	// Started is when the current run was posted; Received counts its
	// stream lines (progress).
	Started  time.Time
	Received int
	// Compare is the comparison's work (the Compare view's requests).
	Compare Task

	id     int
	cancel func()
}

// Begin cancels the run in flight, if any, and starts a new one; the
// returned id tells its answers apart.
func (a *Async) Begin(now time.Time) int {
	a.Stop()
	a.Received, a.Started = 0, now
	return a.Next()
}

// Next makes a new id current without cancelling the request in flight:
// the answers of older ids are dropped.
func (a *Async) Next() int {
	a.id++
	return a.id
}

// Current tells whether id is the current run.
func (a *Async) Current(id int) bool { return id == a.id }

// Posted keeps the function that cancels the request of run id, while
// that run is the current one.
func (a *Async) Posted(id int, cancel func()) {
	if a.Current(id) {
		a.cancel = cancel
	}
}

// Line counts a stream line of run id, and tells whether it is current.
func (a *Async) Line(id int) bool {
	if !a.Current(id) {
		return false
	}
	a.Received++
	return true
}

// End ends run id (its answer ended): true when it is the current one,
// whose answer the page then reads.
func (a *Async) End(id int) bool {
	if !a.Current(id) {
		return false
	}
	a.cancel = nil
	return true
}

// Stop cancels the request in flight, if any. The run stays current, so
// its answer (cancelled) still reaches End.
func (a *Async) Stop() {
	if a.cancel != nil {
		a.cancel()
		a.cancel = nil
	}
}

// Busy says the engine works for the page: a run (running, the state's
// status) or a comparison.
func (a *Async) Busy(running bool) bool { return running || a.Compare.Running() }
