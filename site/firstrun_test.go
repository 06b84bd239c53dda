package main

import (
	"bytes"
	"testing"
	"time"

	"gridplay/site/state"
)

// TestFirstVisitRunIsThePagesRequest: the body that static/main.js sends
// ahead of the page on a first visit (state.FirstVisitRun, written to
// static/first-run.mjs by ./build.sh) is byte for byte the page's own
// first request, so the page takes the prefetched answer over.
func TestFirstVisitRunIsThePagesRequest(t *testing.T) {
	path, body, err := state.FirstVisitRun()
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeEngine{status: 200, done: make(chan struct{})}
	p := NewPage(f)
	p.env = &env{}
	p.loadInitial("", "")
	p.run()
	select {
	case <-f.done:
	case <-time.After(5 * time.Second):
		t.Fatal("engine never finished")
	}
	if f.path != path || !bytes.Equal(f.body, body) {
		t.Errorf("first visit posts %s (%d bytes), the prefetch %s (%d bytes)", f.path, len(f.body), path, len(body))
	}
	// A share link or a saved scenario is another request.
	g := &fakeEngine{status: 200, done: make(chan struct{})}
	q := NewPage(g)
	q.env = &env{}
	q.loadPreset("titan-fig9")
	q.run()
	<-g.done
	if bytes.Equal(g.body, body) {
		t.Error("another preset posts the first visit's body")
	}
}
