package main

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"gridplay/engine/model"
	"gridplay/site/gantt"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// env is a vugu.EventEnv that counts render requests.
type env struct {
	sync.RWMutex
	mu      sync.Mutex
	renders int
}

func (e *env) UnlockOnly() { e.Unlock() }
func (e *env) UnlockRender() {
	e.mu.Lock()
	e.renders++
	e.mu.Unlock()
	e.Unlock()
}

// fakeEngine answers with a fixed status and body chunks, and records
// the request.
type fakeEngine struct {
	status int
	chunks []string
	err    error
	path   string
	body   []byte
	done   chan struct{}
}

func (f *fakeEngine) Request(method, path string, body []byte, h jsbridge.Handlers) func() {
	f.path, f.body = path, body
	go func() {
		defer close(f.done)
		h.Head(f.status)
		for _, c := range f.chunks {
			h.Chunk([]byte(c))
		}
		h.End(f.err)
	}()
	return func() {}
}

func runRoot(t *testing.T, f *fakeEngine) *Page {
	t.Helper()
	f.done = make(chan struct{})
	c := NewPage(f)
	c.env = &env{}
	c.run()
	select {
	case <-f.done:
	case <-time.After(5 * time.Second):
		t.Fatal("engine never finished")
	}
	c.env.Lock()
	defer c.env.UnlockOnly()
	return c
}

func TestRootRun(t *testing.T) {
	f := &fakeEngine{status: 200, chunks: []string{
		`{"kind":"event","t":0,"data":{}}` + "\n" + `{"res`,
		`ult":{"policy":"fcfs","schedule":[{"job":"j1","cluster":"c0","start":0,"end":40,"nodes":8}],"metrics":{"makespan":40}}}` + "\n",
	}}
	c := runRoot(t, f)
	if f.path != "/api/run?stream=1" {
		t.Errorf("path %q", f.path)
	}
	s, err := model.Decode(f.body)
	if err != nil || len(s.Jobs) != 12 {
		t.Errorf("posted body is not the default scenario: %v", err)
	}
	if c.App.Status != state.StatusDone || c.chart == nil || len(c.chart.Bars) != 1 || len(c.App.Frames) != 1 {
		t.Errorf("status %q err %q chart %v", c.App.Status, c.App.Err, c.chart)
	}
}

func TestRootErrors(t *testing.T) {
	tests := []struct {
		name string
		f    *fakeEngine
		want string
	}{
		{"status", &fakeEngine{status: 422, chunks: []string{`{"error":"unknown policy \"x\"","field":"policy.name"}`}}, `policy.name: unknown policy "x"`},
		{"transport", &fakeEngine{status: 200, err: errors.New("worker died")}, "engine: worker died"},
		{"no result", &fakeEngine{status: 200, chunks: []string{`{"kind":"event","t":0,"data":{}}` + "\n"}}, "engine: the answer ended without a result"},
		{"stream error", &fakeEngine{status: 200, chunks: []string{`{"error":"boom"}` + "\n"}}, "boom"},
	}
	for _, tt := range tests {
		c := runRoot(t, tt.f)
		if c.App.Status != state.StatusError || c.App.Err != tt.want {
			t.Errorf("%s: status %q err %q, want %q", tt.name, c.App.Status, c.App.Err, tt.want)
		}
	}
}

func TestPlayPause(t *testing.T) {
	c := NewPage(nil)
	c.env = &env{}
	c.App.Player = state.Player{End: 10, T: 10}
	c.env.Lock()
	c.play()
	c.env.UnlockOnly()
	// Wait (polling, no timing assumption) until the ticker moved the clock.
	deadline := time.Now().Add(10 * time.Second)
	for {
		c.env.Lock()
		moved := c.App.Player.T > 0
		if moved {
			c.pause()
		}
		c.env.UnlockOnly()
		if moved {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the clock never advanced")
		}
		time.Sleep(10 * time.Millisecond)
	}
	c.env.Lock()
	at := c.App.Player.T
	c.env.UnlockOnly()
	time.Sleep(100 * time.Millisecond)
	c.env.Lock()
	defer c.env.UnlockOnly()
	if c.App.Player.T != at || c.App.Player.Playing {
		t.Errorf("clock moved after pause: %v -> %v", at, c.App.Player.T)
	}
}

// routeEngine answers GET /api/policies with a fixed list and records
// the policies of the runs it is asked for, answering each with an empty
// result.
type routeEngine struct {
	mu   sync.Mutex
	list string
	runs []string
}

func (f *routeEngine) Request(method, path string, body []byte, h jsbridge.Handlers) func() {
	go func() {
		h.Head(200)
		if path == "/api/policies" {
			h.Chunk([]byte(f.list))
		} else {
			s, _ := model.Decode(body)
			f.mu.Lock()
			if s != nil {
				f.runs = append(f.runs, s.Policy.Name)
			}
			f.mu.Unlock()
			h.Chunk([]byte(`{"result":{"policy":"x","schedule":[],"metrics":{}}}` + "\n"))
		}
		h.End(nil)
	}()
	return func() {}
}

// Without the muscle policy in this build, the page falls back to the
// first policy listed and runs it.
func TestFallbackPolicy(t *testing.T) {
	f := &routeEngine{list: `[{"name":"fcfs","paper":"","system":"Classic","summary":"s"}]`}
	c := NewPage(f)
	c.env = &env{}
	c.loadInitial("", "")
	c.fetchPolicies()
	c.env.Lock()
	if c.App.Scenario.Policy.Name != "fcfs" || !strings.Contains(c.async.Notice, "not available") {
		t.Errorf("policy %q notice %q", c.App.Scenario.Policy.Name, c.async.Notice)
	}
	c.env.UnlockOnly()
	// The run's request is asynchronous: poll (no timing assumption).
	deadline := time.Now().Add(5 * time.Second)
	for {
		f.mu.Lock()
		runs := append([]string(nil), f.runs...)
		f.mu.Unlock()
		if len(runs) > 0 {
			if len(runs) != 1 || runs[0] != "fcfs" {
				t.Errorf("runs %v", runs)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("no run after the fallback")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// The clock counts to the playback's end (a status frame may come after
// the last job: it read "t = 200 s of 197.677 s"), and without a chart it
// says why: the engine's error, not "waiting".
func TestClockEndAndStatus(t *testing.T) {
	ch := &gantt.Chart{End: 197.677}
	p := &state.Player{T: 200, End: 200}
	if got := Clock(ch, p, "", nil, state.StatusDone); got != "t = 200 s of 200 s" {
		t.Errorf("clock %q", got)
	}
	if got := Clock(nil, p, "", nil, state.StatusError); !strings.Contains(got, "stopped") {
		t.Errorf("clock after an error %q", got)
	}
	if got := Clock(nil, p, "", nil, state.StatusRunning); got != "waiting for the engine" {
		t.Errorf("clock while running %q", got)
	}
}
