package state

// Task is a component's asynchronous work (an engine request, or a few
// in a row): what the page says it is doing, how to stop it, and which
// start is the current one, so that the late answer of a stopped or
// replaced start is dropped. Its methods are called with the render lock
// held.
type Task struct {
	// Busy says what the work is doing, for the page ("" when idle).
	Busy   string
	cancel func()
	id     int
}

// Start stops the work in flight, if any, and starts new work described
// by busy; the returned id tells its answers apart (Current).
func (t *Task) Start(busy string) int {
	t.Stop()
	t.Busy = busy
	return t.id
}

// SetCancel keeps the function that stops the request of start id; when
// a later start or Stop came first, it cancels the request at once.
func (t *Task) SetCancel(id int, cancel func()) {
	if id == t.id {
		t.cancel = cancel
	} else {
		cancel()
	}
}

// Current tells whether id is the work in flight.
func (t *Task) Current(id int) bool { return id == t.id && t.Busy != "" }

// Done ends start id (its last answer came): the task is idle.
func (t *Task) Done(id int) {
	if id == t.id {
		t.Busy, t.cancel = "", nil
	}
}

// Stop cancels the work in flight, if any; its answers will not be
// Current.
func (t *Task) Stop() {
	t.id++
	if t.cancel != nil {
		t.cancel()
		t.cancel = nil
	}
	t.Busy = ""
}

// Running tells whether work is in flight.
func (t *Task) Running() bool { return t.Busy != "" }
