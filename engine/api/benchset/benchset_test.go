package benchset_test

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"

	_ "gridplay/engine/all"
	"gridplay/engine/api"
	"gridplay/engine/api/benchset"
	"gridplay/engine/api/compact"
	"gridplay/engine/model"
	"gridplay/engine/swf"
)

var (
	setOnce sync.Once
	trace   *swf.Trace
	set     *benchset.Set
	setErr  error
)

// load reads the trace once and makes the set from it.
func load(t *testing.T) (*benchset.Set, *swf.Trace) {
	t.Helper()
	setOnce.Do(func() {
		var path string
		if path, setErr = swf.Find(benchset.Trace); setErr != nil {
			return
		}
		if trace, setErr = swf.ReadFile(path); setErr != nil {
			return
		}
		set, setErr = benchset.New(trace)
	})
	if setErr != nil {
		t.Fatal(setErr)
	}
	return set, trace
}

// serve answers r through the API's handler.
func serve(method, path, typ string, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	if typ != "" {
		req.Header.Set("Content-Type", typ)
	}
	rec := httptest.NewRecorder()
	api.Handler().ServeHTTP(rec, req)
	return rec
}

// The set is the six rows of issue 16's table, in its order.
func TestRows(t *testing.T) {
	s, _ := load(t)
	want := []string{"easy-hpc2n-20k", "conservative-hpc2n-20k", "titan-fig9-quick", "muscle-fig4-quick", "multisite-fig2-quick", "hybrid-table1-quick"}
	if len(s.Requests) != len(want) {
		t.Fatalf("%d requests, want %d", len(s.Requests), len(want))
	}
	for i, r := range s.Requests {
		if r.Name != want[i] {
			t.Errorf("row %d is %q, want %q", i, r.Name, want[i])
		}
		if r.Method != "POST" || r.Label == "" || len(r.Body) == 0 {
			t.Errorf("row %s: method %q, label %q, %d body bytes", r.Name, r.Method, r.Label, len(r.Body))
		}
	}
	if s.Runs != benchset.Runs || s.Target != 2.5 {
		t.Errorf("runs %d, target %g", s.Runs, s.Target)
	}
}

// The run rows carry the scenario the browser tests build (wasm/e2e
// hpc20k): the first 20,000 jobs of HPC2N under the row's policy.
func TestRunBodies(t *testing.T) {
	s, tr := load(t)
	for i, policy := range []string{"easy", "conservative"} {
		r := s.Requests[i]
		if r.Type != compact.ScenarioType || r.Path != "/api/run?format=compact" {
			t.Errorf("%s: %s as %q", r.Name, r.Path, r.Type)
		}
		got, err := compact.DecodeScenario(r.Body)
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		want := tr.Scenario(policy)
		want.Jobs = want.Jobs[:20000]
		gb, _ := model.Encode(got)
		wb, _ := model.Encode(want)
		if !bytes.Equal(gb, wb) {
			t.Errorf("%s: the body is not HPC2N's first 20,000 jobs under %s", r.Name, policy)
		}
	}
}

// skipJS skips a test that runs the set's requests under js/wasm (node):
// muscle-fig4 alone takes about 20 s there. The browser test (wasm/e2e,
// TestBench) runs every request in js/wasm and compares its bytes with
// the native answer.
func skipJS(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("too slow under js/wasm; wasm/e2e TestBench runs the set there")
	}
}

// Every request of the set answers 200 natively, with the answer its
// path promises. muscle-fig4's quick run takes about 45 s here, and
// engine/muscle/repro TestFig4Quick runs and checks it (with its
// default seed); here its request goes to the experiment's /plan, which
// reads the same body.
func TestEveryRequestAnswers(t *testing.T) {
	skipJS(t)
	s, _ := load(t)
	for _, r := range s.Requests {
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			path := r.Path
			if r.Name == "muscle-fig4-quick" {
				path += "/plan"
			}
			rec := serve(r.Method, path, r.Type, r.Body)
			if rec.Code != 200 {
				t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
			}
			b := rec.Body.Bytes()
			if strings.Contains(r.Path, "format=compact") {
				if _, err := compact.DecodeResult(b); err != nil {
					t.Errorf("not a compact result: %v", err)
				}
			} else if !json.Valid(b) {
				t.Errorf("not JSON: %.200s", b)
			}
		})
	}
}

// GET /api/bench answers the set, bodies included.
func TestRoute(t *testing.T) {
	skipJS(t)
	rec := serve("GET", "/api/bench", "", nil)
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
	}
	var got benchset.Set
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	s, _ := load(t)
	want, _ := json.Marshal(s)
	again, _ := json.Marshal(&got)
	if !bytes.Equal(want, again) {
		t.Error("GET /api/bench differs from benchset.Load")
	}
	if rec := serve("POST", "/api/bench", "", nil); rec.Code != 405 {
		t.Errorf("POST /api/bench: status %d, want 405", rec.Code)
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{
		{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5},
	} {
		in := append([]float64(nil), c.in...)
		if got := benchset.Median(in); got != c.want {
			t.Errorf("Median(%v) = %g, want %g", c.in, got, c.want)
		}
		for i := range in {
			if in[i] != c.in[i] {
				t.Errorf("Median changed its input: %v", in)
			}
		}
	}
}
