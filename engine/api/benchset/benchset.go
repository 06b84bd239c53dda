// Package benchset is gridplay's standard benchmark set: the six requests
// of the browser-against-native table, as HTTP API requests
// (method, path, body), defined once for every side that measures them:
// `./build.sh bench` runs them natively through the API handler
// (wasm/internal/bench) and writes static/bench-native.json; the
// benchmark page (static/bench.html) gets them from the engine in the
// visitor's own worker (GET /api/bench, engine/api) and runs them there;
// the browser test (wasm/e2e, TestBench) runs both sides in one process.
//
// The rows:
//
//   - EASY and conservative on the first 20,000 jobs of HPC2N: the
//     scenario the browser tests use (Trace.Scenario of
//     HPC2N-2002-2.2-cln, cut to its first TraceJobs jobs), posted as the
//     playground posts a results-only run: the compact scenario in, the
//     compact result out (POST /api/run?format=compact, engine/api/compact).
//   - titan-fig9, muscle-fig4, multisite-fig2 and hybrid-table1 with
//     {"quick":true,"seed":1}, each as one whole request
//     (POST /api/experiments/NAME, the JSON report out).
//
// Every row's answer is deterministic: the same bytes natively, in the
// browser and in workerd, so the page and the test can check that the
// visitor's engine computed what the native one did, not only how fast.
//
// How a row is timed, on each side: Runs+1 requests one after the other,
// the first a warm-up left out, and the median of the others (Median).
package benchset

import (
	"fmt"
	"slices"

	"gridplay/engine/api/compact"
	"gridplay/engine/swf"
)

// Trace is the trace of the two run rows, and TraceJobs how many of its
// first jobs they schedule.
const (
	Trace     = "HPC2N-2002-2.2-cln"
	TraceJobs = 20000
)

// Runs is how many timed requests make a row's median, on each side,
// after one warm-up request.
const Runs = 5

// Target is the ratio of browser to native time each row should meet.
const Target = 2.5

// Request is one row of the set: an HTTP API request and what it is.
type Request struct {
	// Name is the row's stable key ("easy-hpc2n-20k"); Label is what
	// the table shows.
	Name  string `json:"name"`
	Label string `json:"label"`
	// Method, Path (with its query) and Type (the body's Content-Type)
	// are the request; Body its bytes (base64 in JSON).
	Method string `json:"method"`
	Path   string `json:"path"`
	Type   string `json:"type"`
	Body   []byte `json:"body"`
}

// Set is the benchmark set as GET /api/bench answers it.
type Set struct {
	Runs     int       `json:"runs"`
	Target   float64   `json:"target"`
	Requests []Request `json:"requests"`
}

// Experiments are the experiment rows, in the table's order; their body
// is Options.
var Experiments = []string{"titan-fig9", "muscle-fig4", "multisite-fig2", "hybrid-table1"}

// Options is the body of every experiment row.
const Options = `{"quick":true,"seed":1}`

// Load reads the trace (swf.Load: a file of static/traces natively,
// swf.Fetcher in a worker) and makes the set.
func Load() (*Set, error) {
	tr, err := swf.Load(Trace)
	if err != nil {
		return nil, fmt.Errorf("benchset: %w", err)
	}
	return New(tr)
}

// New makes the set from the HPC2N trace.
func New(tr *swf.Trace) (*Set, error) {
	set := &Set{Runs: Runs, Target: Target}
	for _, p := range []struct{ policy, label string }{
		{"easy", "EASY, 20,000 HPC2N jobs"},
		{"conservative", "conservative, 20,000 HPC2N jobs"},
	} {
		s := tr.Scenario(p.policy)
		if len(s.Jobs) < TraceJobs {
			return nil, fmt.Errorf("benchset: %s has %d usable jobs, fewer than %d", Trace, len(s.Jobs), TraceJobs)
		}
		s.Jobs = s.Jobs[:TraceJobs]
		body, err := compact.EncodeScenario(s)
		if err != nil {
			return nil, fmt.Errorf("benchset: %s under %s: %w", Trace, p.policy, err)
		}
		set.Requests = append(set.Requests, Request{
			Name: p.policy + "-hpc2n-20k", Label: p.label,
			Method: "POST", Path: "/api/run?format=compact", Type: compact.ScenarioType, Body: body,
		})
	}
	for _, name := range Experiments {
		set.Requests = append(set.Requests, Request{
			Name: name + "-quick", Label: name + " quick",
			Method: "POST", Path: "/api/experiments/" + name, Type: "application/json", Body: []byte(Options),
		})
	}
	return set, nil
}

// Median is the median of ms (the mean of the two middle values for an
// even count); 0 for none. ms is not changed.
func Median(ms []float64) float64 {
	n := len(ms)
	if n == 0 {
		return 0
	}
	s := slices.Clone(ms)
	slices.Sort(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
