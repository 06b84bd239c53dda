package experiments

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"gridplay/engine/api"
	"gridplay/engine/sched"
	"gridplay/site/jsbridge"
)

// handlerEngine serves requests with the engine's own HTTP handler, in
// this process, each on a goroutine as a browser worker would; fail, when
// set, may refuse a request first (a crashed worker).
type handlerEngine struct {
	mu    sync.Mutex
	paths []string
	fail  func(path string) error
	wg    sync.WaitGroup // the requests' goroutines
}

func (e *handlerEngine) Request(method, path string, body []byte, h jsbridge.Handlers) func() {
	e.mu.Lock()
	e.paths = append(e.paths, path)
	fail := e.fail
	e.mu.Unlock()
	e.wg.Add(1)
	go func() {
		defer e.wg.Done()
		if fail != nil {
			if err := fail(path); err != nil {
				h.End(err)
				return
			}
		}
		w := httptest.NewRecorder()
		api.Handler().ServeHTTP(w, httptest.NewRequest(method, path, bytes.NewReader(body)))
		h.Head(w.Code)
		h.Chunk(w.Body.Bytes())
		h.End(nil)
	}()
	return func() {}
}

// run starts s and waits until it is finished or failed.
func run(t *testing.T, s *Sweep, start func()) {
	t.Helper()
	var mu sync.Mutex
	s.Update = func(f func()) { mu.Lock(); defer mu.Unlock(); f() }
	mu.Lock()
	start()
	mu.Unlock()
	deadline := time.Now().Add(60 * time.Second)
	for {
		mu.Lock()
		end := s.Finished || s.Err != ""
		mu.Unlock()
		if end {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("sweep did not end: %s", s.Progress())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A sweep fanned out over three concurrent requests merges into the bytes
// of the whole experiment run natively on one goroutine.
func TestSweepMatchesNative(t *testing.T) {
	for _, name := range []string{"titan-fig9", "hybrid-table1", "muscle-table2"} {
		eng := &handlerEngine{}
		opt := sched.ExperimentOptions{Quick: true, Seed: 5}
		s := NewSweep(eng, name, opt, 3, "test")
		run(t, s, s.Start)
		if s.Err != "" {
			t.Fatalf("%s: %s", name, s.Err)
		}
		e, _ := sched.LookupExperiment(name)
		want, err := sched.RunExperiment(context.Background(), e, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		wb, _ := json.Marshal(want)
		if got := bytes.TrimSpace(s.ResultJSON); !bytes.Equal(got, wb) {
			t.Errorf("%s: sweep result differs from the native run:\n%.300s\n%.300s", name, got, wb)
		}
		if s.Done != len(s.Plan) || s.Running != 0 || !strings.Contains(s.Progress(), "on test in") {
			t.Errorf("%s: done %d of %d, running %d, progress %q", name, s.Done, len(s.Plan), s.Running, s.Progress())
		}
		if name == "muscle-table2" && (len(s.Compositions) != 6 || len(s.Result.Rows) != 6) {
			t.Errorf("table2: %d rows", len(s.Compositions))
		}
	}
}

// With Local set, the page plans and merges the sweep itself: the
// engine is asked for the points alone, and the merged bytes are still
// the native run's.
func TestSweepLocalPlanAndMerge(t *testing.T) {
	for _, name := range []string{"titan-fig9", "hybrid-table3", "muscle-table2"} {
		eng := &handlerEngine{}
		opt := sched.ExperimentOptions{Quick: true, Seed: 3}
		s := NewSweep(eng, name, opt, 2, "test")
		e, _ := sched.LookupExperiment(name)
		s.Local = e
		run(t, s, s.Start)
		if s.Err != "" {
			t.Fatalf("%s: %s", name, s.Err)
		}
		for _, p := range eng.paths {
			if !strings.Contains(p, "?point") {
				t.Errorf("%s: the engine was asked for %s", name, p)
			}
		}
		want, err := sched.RunExperiment(context.Background(), e, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		wb, _ := json.Marshal(want)
		if !bytes.Equal(s.ResultJSON, append(wb, '\n')) {
			t.Errorf("%s: sweep result differs from the native run:\n%.300s\n%.300s", name, s.ResultJSON, wb)
		}
		if s.Result == nil || len(s.Result.Rows) == 0 || !strings.Contains(s.Progress(), "on test in") {
			t.Errorf("%s: no result, or progress %q", name, s.Progress())
		}
	}
	// A merge the points cannot make stops the sweep with the engine's
	// message.
	s := NewSweep(&handlerEngine{}, "hybrid-table1", sched.ExperimentOptions{Quick: true}, 2, "test")
	s.Local, _ = sched.LookupExperiment("hybrid-table1")
	s.Plan = []sched.PointInfo{{Index: 0}}
	s.Raw = [][]byte{[]byte(`{"rows":[]}`)}
	s.merge()
	if want := "merging the points: points: has 1 reports; the plan of hybrid-table1 has 4 points"; s.Err != want {
		t.Errorf("merge of a short sweep: %q", s.Err)
	}
}

// The sweep asks for the largest points first (sched.Order): hybrid-table3
// quick's points grow with the grid, so a worker that took the smallest
// first no longer ends the sweep alone with the largest. A request for a
// range starts at the largest point left and takes the free points after
// it.
func TestSweepLargestFirst(t *testing.T) {
	eng := &handlerEngine{}
	s := NewSweep(eng, "hybrid-table3", sched.ExperimentOptions{Quick: true}, 1, "test")
	s.Local, _ = sched.LookupExperiment("hybrid-table3")
	run(t, s, s.Start)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	// Its nine points: three grid sizes, each the paper's readings
	// (twice the cost of the other two groups), users10 and live. The
	// first request is one point; how many the next ask for depends on
	// how fast the first were answered (grow), but each starts at a
	// point as costly as any not yet asked for.
	if len(s.Plan) != 9 || len(eng.paths) == 0 || !strings.HasSuffix(eng.paths[0], "?point=6") {
		t.Fatalf("plan of %d points, requests %q; want 9 points, the first request for point 6", len(s.Plan), eng.paths)
	}
	asked := map[int]bool{}
	for i, p := range eng.paths {
		var lo, hi int
		if n, _ := fmt.Sscanf(p[strings.LastIndex(p, "=")+1:], "%d-%d", &lo, &hi); n < 2 {
			hi = lo
		}
		for k := range s.Plan {
			if !asked[k] && s.Plan[k].Cost > s.Plan[lo].Cost {
				t.Errorf("request %d is %s: point %d (cost %g) was not asked for yet and costs more than point %d (%g)", i, p, k, s.Plan[k].Cost, lo, s.Plan[lo].Cost)
			}
		}
		for k := lo; k <= hi; k++ {
			asked[k] = true
		}
	}
	if len(asked) != 9 {
		t.Errorf("requests %q ask for %d points, want 9", eng.paths, len(asked))
	}
	// Costs 1 1 5 5 1 9: point 5, then 2-4 (one range), then 0-1.
	s = &Sweep{Parallel: 1, perRequest: 4, cancels: map[int]func(){}}
	s.Plan = []sched.PointInfo{{Cost: 1}, {Cost: 1}, {Cost: 5}, {Cost: 5}, {Cost: 1}, {Cost: 9}}
	s.Raw = make([][]byte, len(s.Plan))
	var got []string
	for {
		lo, hi := s.nextMissing()
		if lo < 0 {
			break
		}
		got = append(got, fmt.Sprintf("%d-%d", lo, hi))
		for k := lo; k <= hi; k++ {
			s.Raw[k] = []byte("{}")
		}
	}
	if fmt.Sprint(got) != "[5-5 2-4 0-1]" {
		t.Errorf("requests %v, want [5-5 2-4 0-1]", got)
	}
}

// A point whose worker dies is tried again; a point that keeps failing
// stops the sweep with its message, and Retry runs only what is missing.
func TestSweepRetries(t *testing.T) {
	var mu sync.Mutex
	fails := map[string]int{}
	broken := true
	eng := &handlerEngine{fail: func(path string) error {
		mu.Lock()
		defer mu.Unlock()
		if strings.Contains(path, "point=0") && broken {
			fails[path]++
			return errors.New("the engine stopped while working on this request")
		}
		return nil
	}}
	s := NewSweep(eng, "hybrid-table1", sched.ExperimentOptions{Quick: true}, 2, "test")
	run(t, s, s.Start)
	if !strings.Contains(s.Err, "point 0") || !strings.Contains(s.Err, "engine stopped") {
		t.Fatalf("error %q", s.Err)
	}
	if fails["/api/experiments/hybrid-table1?point=0"] != pointAttempts {
		t.Errorf("point 0 tried %d times, want %d", fails["/api/experiments/hybrid-table1?point=0"], pointAttempts)
	}
	mu.Lock()
	broken = false
	mu.Unlock()
	eng.wg.Wait() // the failed sweep's last answers, before run sets Update again
	before := len(eng.paths)
	var doneBefore []string
	for k, b := range s.Raw {
		if b != nil {
			doneBefore = append(doneBefore, fmt.Sprintf("point=%d", k))
		}
	}
	run(t, s, s.Retry)
	if s.Err != "" || !s.Finished {
		t.Fatalf("retry: %q", s.Err)
	}
	for _, p := range eng.paths[before:] {
		for _, d := range doneBefore {
			if strings.HasSuffix(p, d) {
				t.Errorf("retry asked again for %s, done before the failure", p)
			}
		}
	}
	if s.Done != len(s.Plan) {
		t.Errorf("done %d of %d", s.Done, len(s.Plan))
	}
}

// Bad experiment names and options come back as the engine's message.
func TestSweepErrors(t *testing.T) {
	s := NewSweep(&handlerEngine{}, "no-such", sched.ExperimentOptions{}, 2, "test")
	run(t, s, s.Start)
	if !strings.Contains(s.Err, `unknown experiment "no-such"`) {
		t.Errorf("error %q", s.Err)
	}
}

// The merge request written by hand is the one json.Marshal made of the
// options and the points' reports (the engine's answers end with a
// newline, which Marshal's compaction dropped), and the partial table
// built point by point has every done point's metric rows in index order.
func TestMergeRequestAndPartial(t *testing.T) {
	eng := &handlerEngine{}
	opt := sched.ExperimentOptions{Quick: true, Seed: 5}
	s := NewSweep(eng, "titan-fig9", opt, 3, "test")
	run(t, s, s.Start)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	req := struct {
		Options sched.ExperimentOptions `json:"options"`
		Points  []json.RawMessage       `json:"points"`
	}{Options: opt}
	var rows []sched.Row
	for _, b := range s.Raw {
		if !bytes.HasSuffix(b, []byte("\n")) {
			t.Fatalf("a point's report does not end with a newline: %q", b[max(0, len(b)-20):])
		}
		req.Points = append(req.Points, b)
		var pt sched.Table
		if err := json.Unmarshal(b, &pt); err != nil {
			t.Fatal(err)
		}
		for _, r := range pt.Rows {
			if r.Metric != "" {
				rows = append(rows, r)
			}
		}
	}
	want, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	if got := mergeRequest(opt, s.Raw); !bytes.Equal(got, want) {
		t.Errorf("merge request:\n%.300s\nwant\n%.300s", got, want)
	}
	got, _ := json.Marshal(s.Partial().Rows)
	wantRows, _ := json.Marshal(rows)
	if len(rows) == 0 || !bytes.Equal(got, wantRows) {
		t.Errorf("partial table: %d rows, want %d", len(s.Partial().Rows), len(rows))
	}
}

// Points per request double while points answer under quickPoint each,
// up to a cap of half a worker's share, and halve on slow answers; a
// sweep of another point API keeps one point a request.
func TestPointsPerRequest(t *testing.T) {
	s := &Sweep{Parallel: 2, Plan: make([]sched.PointInfo, 25)}
	if s.chunk() != 1 {
		t.Fatalf("first requests: %d points each", s.chunk())
	}
	var got []int
	for _, d := range []time.Duration{5, 10, 20, 30, 200, 1000} {
		s.grow(s.chunk(), d*time.Millisecond*time.Duration(s.chunk()))
		got = append(got, s.chunk())
	}
	if want := []int{2, 4, 6, 6, 3, 1}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("points per request %v, want %v", got, want)
	}
	s.Decode = func([]byte) string { return "" }
	s.grow(1, time.Millisecond)
	if s.chunk() != 1 {
		t.Errorf("another point API: %d points a request", s.chunk())
	}
}

// heldEngine keeps every request until the test answers it.
type heldEngine struct {
	paths []string
	held  []jsbridge.Handlers
}

func (e *heldEngine) Request(method, path string, body []byte, h jsbridge.Handlers) func() {
	e.paths = append(e.paths, path)
	e.held = append(e.held, h)
	return func() {}
}

// answer ends request i with one report line per point it asked for.
func (e *heldEngine) answer(i int) {
	p := e.paths[i]
	var lo, hi int
	if n, _ := fmt.Sscanf(p[strings.LastIndex(p, "=")+1:], "%d-%d", &lo, &hi); n < 2 {
		hi = lo
	}
	e.held[i].Head(200)
	for k := lo; k <= hi; k++ {
		e.held[i].Chunk([]byte("{}\n"))
	}
	e.held[i].End(nil)
}

// An answer whose update has not run yet still holds its points: a
// range asked for in between does not take them again. Here point 1's
// answer arrives before point 2's, but point 2's update runs first and
// asks for the range from point 0; point 1 must not be in it.
func TestSweepAnswerPendingKeepsPoints(t *testing.T) {
	eng := &heldEngine{}
	s := NewPointSweep(eng, "/api/x", nil, 2, "test", nil, nil)
	var queued []func()
	s.Update = func(f func()) { queued = append(queued, f) }
	s.now = func() time.Time { return time.Unix(0, 0) } // every answer quick: ranges grow
	costs := []float64{1, 9, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	for _, c := range costs {
		s.Plan = append(s.Plan, sched.PointInfo{Cost: c})
	}
	s.setPlan(s.Plan)
	if want := "[/api/x?point=1 /api/x?point=2]"; fmt.Sprint(eng.paths) != want {
		t.Fatalf("first requests %v, want %s", eng.paths, want)
	}
	eng.answer(0)
	eng.answer(1)
	queued[1]() // point 2's update first
	if got := eng.paths[2]; got != "/api/x?point=0" {
		t.Fatalf("third request %s, want point 0 alone: point 1 is answered but not yet recorded", got)
	}
	queued[0]()
	for i := 2; i < len(eng.paths); i++ {
		n := len(queued)
		eng.answer(i)
		for _, f := range queued[n:] {
			f()
		}
	}
	if s.Done != len(s.Plan) {
		t.Errorf("done %d of %d points; requests %v", s.Done, len(s.Plan), eng.paths)
	}
}
