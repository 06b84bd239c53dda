package jobs

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"gridplay/engine/api"
	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
	"gridplay/engine/swf"
	"gridplay/engine/workload"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// apiEngine answers requests with the engine's own HTTP handler, on a
// goroutine, as the worker does. The first cancelFirst requests end
// "cancelled" (another request restarted the worker); with hold set, an
// answer waits for it (or for its cancel).
type apiEngine struct {
	mu          sync.Mutex
	paths       []string
	cancelFirst int
	hold        chan struct{}
}

func (e *apiEngine) Request(method, path string, body []byte, h jsbridge.Handlers) func() {
	e.mu.Lock()
	e.paths = append(e.paths, path)
	n := len(e.paths)
	e.mu.Unlock()
	cancelled := make(chan struct{})
	go func() {
		if n <= e.cancelFirst {
			h.End(errors.New(jsbridge.ErrCancelled))
			return
		}
		if e.hold != nil {
			select {
			case <-e.hold:
			case <-cancelled:
				h.End(errors.New(jsbridge.ErrCancelled))
				return
			}
		}
		w := httptest.NewRecorder()
		api.Handler().ServeHTTP(w, httptest.NewRequest(method, path, bytes.NewReader(body)))
		h.Head(w.Code)
		h.Chunk(w.Body.Bytes())
		h.End(nil)
	}()
	var once sync.Once
	return func() { once.Do(func() { close(cancelled) }) }
}

// env is the render lock; each UnlockRender is reported on rendered.
type env struct {
	sync.Mutex
	rendered chan struct{}
}

func (e *env) UnlockOnly() { e.Unlock() }
func (e *env) UnlockRender() {
	e.Unlock()
	e.rendered <- struct{}{}
}
func (e *env) RLock()   { e.Lock() }
func (e *env) RUnlock() { e.Unlock() }

func newTable(eng jsbridge.Engine) (*Table, *env) {
	ev := &env{rendered: make(chan struct{}, 16)}
	return &Table{App: state.New(), Engine: eng, env: ev}, ev
}

// under runs f with the lock held, as an event handler does.
func under(ev *env, f func()) {
	ev.Lock()
	defer ev.Unlock()
	f()
}

func waitRender(t *testing.T, ev *env) {
	t.Helper()
	select {
	case <-ev.rendered:
	case <-time.After(10 * time.Second):
		t.Fatal("no answer applied")
	}
}

func traceGz(n int) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	fmt.Fprintln(w, "; MaxProcs: 16")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(w, "%d %d 0 %d %d -1 -1 -1 50 -1 1 1 1 1 1 1 -1 -1\n", k, 100+10*k, 20+k, k%4+1)
	}
	fmt.Fprintln(w, "not an SWF line")
	w.Close()
	return b.Bytes()
}

func TestImportThroughEngine(t *testing.T) {
	eng := &apiEngine{}
	c, ev := newTable(eng)
	under(ev, func() {
		c.sendImport("cut.swf.gz", traceGz(2100), nil)
		if !c.Task.Running() || !c.hasNotice() {
			t.Error("no busy state while the engine reads the trace")
		}
	})
	waitRender(t, ev)
	under(ev, func() {
		s := c.App.Scenario
		if c.Task.Running() || c.Problem != "" {
			t.Fatalf("busy %q problem %q", c.Task.Busy, c.Problem)
		}
		// 2,100 usable, all kept (the page imports whole traces), at the
		// trace's own times: job k arrives at 100+10k.
		if len(s.Jobs) != 2100 || s.Jobs[1].Submit != 120 || len(s.Platform.Clusters) != 1 || s.Platform.Clusters[0].Nodes != 16 {
			t.Fatalf("%d jobs, second %+v, platform %+v", len(s.Jobs), s.Jobs[1], s.Platform)
		}
		notice := strings.Join(c.Notice, " ")
		for _, want := range []string{"Imported 2,100 jobs", "Skipped 1 invalid lines", "line 2102", "16 nodes"} {
			if !strings.Contains(notice, want) {
				t.Errorf("notice %q lacks %q", notice, want)
			}
		}
		if !c.App.CanUndo() || !strings.Contains(c.App.UndoLabel(), "import 2,100 SWF jobs") {
			t.Errorf("undo %q", c.App.UndoLabel())
		}
	})
	if len(eng.paths) != 1 || eng.paths[0] != "/api/swf?name=cut.swf.gz&limit=0&format=compact" {
		t.Errorf("requests %q", eng.paths)
	}

	// Errors are named and change nothing.
	before, _ := model.Encode(c.App.Scenario)
	for _, bad := range []struct {
		name string
		data []byte
		err  error
		want string
	}{
		{"empty.swf", nil, nil, "SWF import: empty.swf has no usable job"},
		{"x.swf.gz", []byte("\x1f\x8b\x08junk"), nil, "SWF import: x.swf.gz: the gzip data ends early"},
		{"big.swf", nil, errors.New("big.swf is 70 MB; the limit is 64 MB"), "SWF import: big.swf is 70 MB"},
	} {
		under(ev, func() { c.sendImport(bad.name, bad.data, bad.err) })
		if bad.err == nil {
			waitRender(t, ev)
		}
		under(ev, func() {
			if !strings.HasPrefix(c.Problem, bad.want) || c.Task.Running() {
				t.Errorf("%s: problem %q, want %q", bad.name, c.Problem, bad.want)
			}
		})
	}
	if after, _ := model.Encode(c.App.Scenario); !bytes.Equal(before, after) {
		t.Error("a failed import changed the scenario")
	}
}

// TestImportRetryAndCancel: a request cancelled by someone else is sent
// again; one cancelled here is dropped, even when its answer comes.
func TestImportRetryAndCancel(t *testing.T) {
	eng := &apiEngine{cancelFirst: 2}
	c, ev := newTable(eng)
	under(ev, func() { c.sendImport("r.swf.gz", traceGz(5), nil) })
	waitRender(t, ev) // first cancel: sent again
	waitRender(t, ev) // second cancel: sent again
	waitRender(t, ev) // the answer
	under(ev, func() {
		if len(c.App.Scenario.Jobs) != 5 || len(eng.paths) != 3 {
			t.Errorf("%d jobs after %d requests; problem %q", len(c.App.Scenario.Jobs), len(eng.paths), c.Problem)
		}
	})

	eng = &apiEngine{cancelFirst: 3}
	c, ev = newTable(eng)
	under(ev, func() { c.sendImport("r.swf.gz", traceGz(5), nil) })
	for range 3 {
		waitRender(t, ev)
	}
	under(ev, func() {
		if c.Problem != "SWF import: cancelled" || len(eng.paths) != 3 {
			t.Errorf("problem %q after %d requests", c.Problem, len(eng.paths))
		}
	})

	eng = &apiEngine{hold: make(chan struct{})}
	c, ev = newTable(eng)
	jobs := len(c.App.Scenario.Jobs)
	under(ev, func() {
		c.sendImport("r.swf.gz", traceGz(5), nil)
		c.cancelBusy()
	})
	waitRender(t, ev) // the cancelled answer, dropped
	under(ev, func() {
		if len(c.App.Scenario.Jobs) != jobs || c.Task.Running() || c.Notice[0] != "Cancelled." || c.Problem != "" {
			t.Errorf("%d jobs, busy %q, notice %q, problem %q", len(c.App.Scenario.Jobs), c.Task.Busy, c.Notice, c.Problem)
		}
	})
}

func generatedScenario() *model.Scenario {
	s := state.DefaultScenario()
	s.Jobs = nil
	s.Seed = 11
	s.Generator = &model.Generator{Jobs: 40, Rate: 0.2, ExecMin: 5, ExecMax: 50, Sizes: "uniform", SizeMin: 1, SizeMax: 2}
	return s
}

func TestExpandThroughEngine(t *testing.T) {
	c, ev := newTable(&apiEngine{})
	c.App.Scenario = generatedScenario()
	want, err := workload.Expand(c.App.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	under(ev, c.expand)
	waitRender(t, ev)
	under(ev, func() {
		s := c.App.Scenario
		if c.Problem != "" || s.Generator != nil || len(s.Jobs) != 40 {
			t.Fatalf("problem %q, generator %v, %d jobs", c.Problem, s.Generator, len(s.Jobs))
		}
		// Exactly the jobs the engine draws for a run.
		for i := range want.Jobs {
			if s.Jobs[i] != want.Jobs[i] {
				t.Fatalf("job %d = %+v, want %+v", i, s.Jobs[i], want.Jobs[i])
			}
		}
		if c.App.UndoLabel() != "expand generated jobs" {
			t.Errorf("undo %q", c.App.UndoLabel())
		}
	})

	// An edit while the engine draws: the answer is dropped.
	eng := &apiEngine{hold: make(chan struct{})}
	c, ev = newTable(eng)
	c.App.Scenario = generatedScenario()
	under(ev, c.expand)
	under(ev, func() { c.App.Edit("seed", func(s *model.Scenario) { s.Seed = 12 }) })
	close(eng.hold)
	waitRender(t, ev)
	under(ev, func() {
		if c.App.Scenario.Generator == nil || !strings.Contains(c.Problem, "scenario changed") {
			t.Errorf("generator %v, problem %q", c.App.Scenario.Generator, c.Problem)
		}
	})

	// An invalid generator never reaches the engine: its field is named.
	c, ev = newTable(&apiEngine{})
	c.App.Scenario = generatedScenario()
	c.App.Scenario.Generator.ExecMax = 1
	under(ev, func() {
		c.expand()
		if !strings.Contains(c.Problem, "generator.exec_max") || c.Task.Running() {
			t.Errorf("problem %q", c.Problem)
		}
	})
}

// TestImportRealTraceCut imports a whole real trace (KTH SP2) through the
// engine.
func TestImportRealTraceCut(t *testing.T) {
	path, err := swf.Find("KTH-SP2-1996-2")
	if err != nil {
		t.Fatal(err) // the traces ship in static/traces
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, ev := newTable(&apiEngine{})
	under(ev, func() { c.sendImport("KTH-SP2-1996-2.swf.gz", data, nil) })
	waitRender(t, ev)
	under(ev, func() {
		s := c.App.Scenario
		// Every record of KTH is a job (8 ran for 0 s, with requested times).
		if len(s.Jobs) != 28489 || s.Platform.Clusters[0].Nodes != 100 || s.Jobs[0].Submit != 0 {
			t.Errorf("%d jobs on %+v; problem %q", len(s.Jobs), s.Platform.Clusters, c.Problem)
		}
		if !strings.HasPrefix(c.Notice[0], "Imported "+csvfmt.Thousands(len(s.Jobs))+" jobs") {
			t.Errorf("notice %q", c.Notice)
		}
		// The trace's users (SWF field 12) come through the compact
		// answer into the scenario, and its JSON export keeps them.
		if s.Jobs[0].User != "1" || s.Jobs[1].User != "2" {
			t.Errorf("users %q %q, want 1 and 2", s.Jobs[0].User, s.Jobs[1].User)
		}
		if js, err := model.Encode(s); err != nil || !strings.Contains(string(js), `{"id":"1","submit":0,"size":56,"runtime":97225,"requested":210000,"user":"1"}`) {
			t.Errorf("the exported scenario does not keep the users (%v)", err)
		}
	})
}

func TestDecodeImportAndPath(t *testing.T) {
	for _, bad := range []string{``, `[]`, `{"jobs":[]}`, `{"kept":1,"jobs":[{"id":"a"}]}`, `{"kept":2,"cluster":{"id":"s"},"jobs":[{"id":"a"}]}`} {
		if _, err := DecodeImport([]byte(bad)); err == nil {
			t.Errorf("DecodeImport(%q) accepted", bad)
		}
	}
	if got := ImportPath("a b&c=d.swf"); got != "/api/swf?name=a+b%26c%3Dd.swf&limit=0&format=compact" {
		t.Errorf("ImportPath = %q", got)
	}
}
