package state

import "testing"

func TestTask(t *testing.T) {
	var k Task
	cancelled := 0
	a := k.Start("reading")
	k.SetCancel(a, func() { cancelled++ })
	if !k.Running() || !k.Current(a) || k.Busy != "reading" {
		t.Fatalf("after Start: %+v", k)
	}
	// A second start stops the first: its answers are stale.
	b := k.Start("drawing")
	if cancelled != 1 || k.Current(a) || !k.Current(b) {
		t.Fatalf("after a second Start: cancelled %d, current a %v b %v", cancelled, k.Current(a), k.Current(b))
	}
	late := false
	k.SetCancel(a, func() { late = true })
	if !late {
		t.Error("a stopped start's request was not cancelled at once")
	}
	k.Done(a) // stale: changes nothing
	if !k.Running() {
		t.Fatal("a stale Done ended the current work")
	}
	k.Done(b)
	if k.Running() || k.Current(b) {
		t.Fatalf("after Done: %+v", k)
	}
	c := k.Start("again")
	k.Stop()
	if k.Running() || k.Current(c) {
		t.Fatalf("after Stop: %+v", k)
	}
}
