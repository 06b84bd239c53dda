package api_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"gridplay/engine/api"
	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// seqPolicy runs each job at its submit time on its own nodes and emits
// one frame per job: enough to exercise the API without a real policy.
type seqPolicy struct{}

func (seqPolicy) Check(*model.Scenario) error { return nil }

func (seqPolicy) Info() sched.Info {
	return sched.Info{Name: "apitest-seq", System: "Classic", Summary: "test policy",
		Params: []sched.Param{{Name: "k", Default: 1, Min: 0, Max: 2, Doc: "unused"}}}
}

func (seqPolicy) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	r := &sched.Result{Metrics: map[string]float64{}}
	for _, j := range s.Jobs {
		p := sched.Placement{Job: j.ID, Cluster: s.Platform.Clusters[0].ID, Start: j.Submit, End: j.Submit + j.Runtime, Nodes: j.Size}
		r.Schedule = append(r.Schedule, p)
		if err := sched.Emit(rec, sched.Frame{Kind: "event", T: p.Start, Data: p}); err != nil {
			return nil, err
		}
	}
	r.Metrics["jobs"] = float64(len(s.Jobs))
	return r, nil
}

type panicPolicy struct{}

func (panicPolicy) Check(*model.Scenario) error { return nil }

func (panicPolicy) Info() sched.Info { return sched.Info{Name: "apitest-panic"} }
func (panicPolicy) Run(context.Context, *model.Scenario, sched.Recorder) (*sched.Result, error) {
	panic("boom")
}

// errPolicy rejects every scenario with a field error, after one frame.
type errPolicy struct{}

func (errPolicy) Check(*model.Scenario) error { return nil }

func (errPolicy) Info() sched.Info { return sched.Info{Name: "apitest-err"} }
func (errPolicy) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	if err := sched.Emit(rec, sched.Frame{Kind: "event"}); err != nil {
		return nil, err
	}
	return nil, model.Errf("platform.network", "is required by this policy")
}

// testExp has two points: point 0 measures makespan, point 1 awrt; its
// merge adds a note computed from both.
type testExp struct{}

func (testExp) Info() sched.ExperimentInfo {
	return sched.ExperimentInfo{Name: "apitest-exp", Paper: "000", Summary: "test"}
}

func (testExp) Plan(opt sched.ExperimentOptions) ([]sched.PointInfo, error) {
	return []sched.PointInfo{{Index: 0, Label: "makespan"}, {Index: 1, Label: "awrt"}}, nil
}

func (testExp) Point(ctx context.Context, opt sched.ExperimentOptions, k int, rec sched.Recorder) (sched.Report, error) {
	t := &sched.Table{Experiment: "apitest-exp"}
	x := "full"
	if opt.Quick {
		x = "quick"
	}
	switch k {
	case 0:
		t.Add(x, "apitest-seq", "makespan", 12.5)
	case 1:
		t.Add(x, "apitest-seq", "awrt", float64(opt.Seed))
	default:
		return nil, sched.PointRangeError(k, 2)
	}
	return t, nil
}

func (testExp) Merge(opt sched.ExperimentOptions, parts []sched.Report) (sched.Report, error) {
	t, err := sched.ConcatTables("apitest-exp", 2, parts)
	if err != nil {
		return nil, err
	}
	t.Notes = []string{fmt.Sprintf("%d rows", len(t.Rows))}
	return t, nil
}

func (testExp) DecodePoint(opt sched.ExperimentOptions, k int, b []byte) (sched.Report, error) {
	return sched.DecodeTable(b)
}

func init() {
	sched.Register(seqPolicy{})
	sched.Register(panicPolicy{})
	sched.Register(errPolicy{})
	sched.RegisterExperiment(testExp{})
}

const scenario = `{"version":1,"seed":7,"platform":{"clusters":[{"id":"c0","nodes":4}]},
 "jobs":[{"id":"a","submit":0,"size":2,"runtime":10},{"id":"b","submit":1,"size":4,"runtime":2.5}],
 "policy":{"name":"apitest-seq"}}`

func withPolicy(name string) string {
	return strings.Replace(scenario, `"apitest-seq"`, `"`+name+`"`, 1)
}

func do(t *testing.T, method, target, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	w := httptest.NewRecorder()
	api.Handler().ServeHTTP(w, req)
	return w
}

type errBody struct {
	Error  string `json:"error"`
	Field  string `json:"field"`
	Errors []struct {
		Field string `json:"field"`
	} `json:"errors"`
}

func TestErrors(t *testing.T) {
	big := `{"version":1,"name":"` + strings.Repeat("x", model.MaxScenarioBytes) + `"}`
	tests := []struct {
		name, method, target, body string
		status                     int
		field                      string
	}{
		{"malformed", "POST", "/api/run", `{"version":1,`, 400, ""},
		{"not json", "POST", "/api/run", `hello`, 400, ""},
		{"empty body", "POST", "/api/run", ``, 400, ""},
		{"unknown field", "POST", "/api/run", `{"version":1,"bogus":1}`, 422, "bogus"},
		{"wrong type", "POST", "/api/run", strings.Replace(scenario, `"size":2`, `"size":"2"`, 1), 422, "jobs[0].size"},
		{"bad version", "POST", "/api/run", `{"version":9}`, 422, "version"},
		{"unknown policy", "POST", "/api/run", withPolicy("no-such-policy"), 422, "policy.name"},
		{"policy rejects", "POST", "/api/run", withPolicy("apitest-err"), 422, "platform.network"},
		{"too large", "POST", "/api/run", big, 413, ""},
		{"run by GET", "GET", "/api/run", "", 405, ""},
		{"policies by POST", "POST", "/api/policies", "", 405, ""},
		{"experiments by DELETE", "DELETE", "/api/experiments", "", 405, ""},
		{"experiment by GET", "GET", "/api/experiments/apitest-exp", "", 405, ""},
		{"unknown route", "GET", "/api/nothing", "", 404, ""},
		{"outside api", "GET", "/index.html", "", 404, ""},
		{"unknown experiment", "POST", "/api/experiments/nope", "", 404, ""},
		{"bad options", "POST", "/api/experiments/apitest-exp", `{"quick":`, 400, ""},
		{"unknown option", "POST", "/api/experiments/apitest-exp", `{"fast":true}`, 422, ""},
		{"options too large", "POST", "/api/experiments/apitest-exp", strings.Repeat(" ", api.MaxOptionsBytes+1), 413, ""},
		{"bad format", "POST", "/api/experiments/apitest-exp?format=xml", "", 400, "format"},
		{"panic", "POST", "/api/run", withPolicy("apitest-panic"), 500, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := do(t, tt.method, tt.target, tt.body)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d; body %s", w.Code, tt.status, w.Body)
			}
			if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q, want JSON", ct)
			}
			var e errBody
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
				t.Fatalf("error body is not JSON: %v: %s", err, w.Body)
			}
			if e.Error == "" {
				t.Errorf("empty error message: %s", w.Body)
			}
			if e.Field != tt.field {
				t.Errorf("field %q, want %q (%s)", e.Field, tt.field, e.Error)
			}
		})
	}
}

func TestPolicies(t *testing.T) {
	w := do(t, "GET", "/api/policies", "")
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	var ps []sched.Info
	if err := json.Unmarshal(w.Body.Bytes(), &ps); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range ps {
		if p.Name == "apitest-seq" {
			found = len(p.Params) == 1 && p.Params[0].Name == "k" && p.Params[0].Default == 1
		}
	}
	if !found {
		t.Errorf("apitest-seq with its parameter missing from %s", w.Body)
	}
}

func TestRun(t *testing.T) {
	w := do(t, "POST", "/api/run", scenario)
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	var res sched.Result
	if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if res.Policy != "apitest-seq" || len(res.Schedule) != 2 || res.Schedule[1].End != 3.5 || res.Metrics["jobs"] != 2 {
		t.Errorf("unexpected result %s", w.Body)
	}
	// Same input, same bytes.
	if w2 := do(t, "POST", "/api/run", scenario); !bytes.Equal(w.Body.Bytes(), w2.Body.Bytes()) {
		t.Errorf("two runs differ:\n%s\n%s", w.Body, w2.Body)
	}
}

func TestRunStream(t *testing.T) {
	plain := do(t, "POST", "/api/run", scenario)
	w := do(t, "POST", "/api/run?stream=1", scenario)
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/x-ndjson") {
		t.Errorf("Content-Type %q", ct)
	}
	if !w.Flushed {
		t.Error("stream was never flushed")
	}
	var lines [][]byte
	sc := bufio.NewScanner(w.Body)
	for sc.Scan() {
		lines = append(lines, append([]byte(nil), sc.Bytes()...))
	}
	if len(lines) != 3 {
		t.Fatalf("got %d lines, want 2 frames and the result:\n%s", len(lines), w.Body)
	}
	for i, l := range lines[:2] {
		var f struct {
			Kind string  `json:"kind"`
			T    float64 `json:"t"`
		}
		if err := json.Unmarshal(l, &f); err != nil || f.Kind != "event" {
			t.Errorf("frame %d: %s (%v)", i, l, err)
		}
	}
	var last struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(lines[2], &last); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(append(last.Result, '\n'), plain.Body.Bytes()) {
		t.Errorf("streamed result differs from the plain one:\n%s\n%s", last.Result, plain.Body)
	}
}

func TestRunStreamError(t *testing.T) {
	// The policy fails after its first frame: the status is already out,
	// so the error ends the stream as its last line.
	w := do(t, "POST", "/api/run?stream=1", withPolicy("apitest-err"))
	lines := strings.Split(strings.TrimSpace(w.Body.String()), "\n")
	if w.Code != 200 || len(lines) != 2 {
		t.Fatalf("status %d, body %s", w.Code, w.Body)
	}
	var e errBody
	if err := json.Unmarshal([]byte(lines[1]), &e); err != nil || e.Field != "platform.network" {
		t.Errorf("last line %s (%v)", lines[1], err)
	}
	// A failure before any frame keeps its status.
	w = do(t, "POST", "/api/run?stream=1", withPolicy("nope"))
	if w.Code != 422 {
		t.Errorf("status %d, want 422", w.Code)
	}
}

// failWriter fails every body write, like a client that went away.
type failWriter struct {
	*httptest.ResponseRecorder
	writes int
}

func (f *failWriter) Write(b []byte) (int, error) {
	f.writes++
	return 0, errors.New("gone")
}

func TestRunStreamClientGone(t *testing.T) {
	fw := &failWriter{ResponseRecorder: httptest.NewRecorder()}
	api.Handler().ServeHTTP(fw, httptest.NewRequest("POST", "/api/run?stream=1", strings.NewReader(scenario)))
	if fw.writes != 1 {
		t.Errorf("%d writes after the client went away, want the run stopped at the first", fw.writes)
	}
}

func TestExperiments(t *testing.T) {
	w := do(t, "GET", "/api/experiments", "")
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"name":"apitest-exp"`) {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	w = do(t, "POST", "/api/experiments/apitest-exp", `{"quick":true,"seed":3}`)
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	var tab sched.Table
	if err := json.Unmarshal(w.Body.Bytes(), &tab); err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) != 2 || tab.Rows[0].X != "quick" || tab.Rows[1].Value != 3 {
		t.Errorf("options not applied: %s", w.Body)
	}
	w = do(t, "POST", "/api/experiments/apitest-exp?format=csv", "")
	want := "experiment,x,policy,metric,value\napitest-exp,full,apitest-seq,makespan,12.5\napitest-exp,full,apitest-seq,awrt,0\n"
	if w.Code != 200 || w.Body.String() != want {
		t.Errorf("csv: status %d\n%s\nwant\n%s", w.Code, w.Body, want)
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
		t.Errorf("Content-Type %q", ct)
	}
}

// TestExperimentPoints checks the points contract through the API: the
// CSV header plus each point's rows in order is the whole CSV, and the
// merge of the points' JSON is the whole JSON, byte for byte.
func TestExperimentPoints(t *testing.T) {
	opts := `{"quick":true,"seed":9}`
	w := do(t, "POST", "/api/experiments/apitest-exp/plan", opts)
	if w.Code != 200 {
		t.Fatalf("plan: status %d: %s", w.Code, w.Body)
	}
	var plan sched.Plan
	if err := json.Unmarshal(w.Body.Bytes(), &plan); err != nil || len(plan.Points) != 2 || plan.Points[1].Label != "awrt" {
		t.Fatalf("plan %s (%v)", w.Body, err)
	}
	csv := "experiment,x,policy,metric,value\n"
	var points []json.RawMessage
	var lines string // the points' JSON answers one after the other
	for _, p := range plan.Points {
		w := do(t, "POST", fmt.Sprintf("/api/experiments/apitest-exp?point=%d&format=csv", p.Index), opts)
		if w.Code != 200 || strings.HasPrefix(w.Body.String(), "experiment,") {
			t.Fatalf("point %d csv: status %d: %q", p.Index, w.Code, w.Body)
		}
		csv += w.Body.String()
		w = do(t, "POST", fmt.Sprintf("/api/experiments/apitest-exp?point=%d", p.Index), opts)
		if w.Code != 200 {
			t.Fatalf("point %d: status %d: %s", p.Index, w.Code, w.Body)
		}
		points = append(points, bytes.TrimSpace(w.Body.Bytes()))
		lines += w.Body.String()
	}
	// ?points=0-1 answers the points' answers one after the other.
	if w := do(t, "POST", "/api/experiments/apitest-exp?points=0-1", opts); w.Code != 200 || w.Body.String() != lines || strings.Count(lines, "\n") != 2 {
		t.Errorf("points 0-1: status %d\n%s\nwant\n%s", w.Code, w.Body, lines)
	}
	if w := do(t, "POST", "/api/experiments/apitest-exp?points=0-1&format=csv", opts); w.Code != 200 || "experiment,x,policy,metric,value\n"+w.Body.String() != csv {
		t.Errorf("points 0-1 csv: status %d\n%s", w.Code, w.Body)
	}
	whole := do(t, "POST", "/api/experiments/apitest-exp?format=csv", opts)
	if whole.Body.String() != csv {
		t.Errorf("points' CSV\n%s\nwhole\n%s", csv, whole.Body)
	}
	req, _ := json.Marshal(api.MergeRequest{Options: sched.ExperimentOptions{Quick: true, Seed: 9}, Points: points})
	merged := do(t, "POST", "/api/experiments/apitest-exp/merge", string(req))
	wholeJSON := do(t, "POST", "/api/experiments/apitest-exp", opts)
	if merged.Code != 200 || merged.Body.String() != wholeJSON.Body.String() {
		t.Errorf("merged (status %d)\n%s\nwhole\n%s", merged.Code, merged.Body, wholeJSON.Body)
	}
	if !strings.Contains(wholeJSON.Body.String(), `"notes":["2 rows"]`) {
		t.Errorf("whole JSON lacks the merge's note: %s", wholeJSON.Body)
	}
	mergedCSV := do(t, "POST", "/api/experiments/apitest-exp/merge?format=csv", string(req))
	if mergedCSV.Body.String() != csv {
		t.Errorf("merged CSV\n%s\nwant\n%s", mergedCSV.Body, csv)
	}

	for _, c := range []struct {
		name, target, body string
		status             int
		field              string
	}{
		{"point out of plan", "/api/experiments/apitest-exp?point=2", "", 422, "point"},
		{"point not a number", "/api/experiments/apitest-exp?point=x", "", 400, "point"},
		{"negative point", "/api/experiments/apitest-exp?point=-1", "", 400, "point"},
		{"points past the plan", "/api/experiments/apitest-exp?points=1-2", "", 422, "point"},
		{"points not a range", "/api/experiments/apitest-exp?points=1", "", 400, "points"},
		{"points backwards", "/api/experiments/apitest-exp?points=1-0", "", 400, "points"},
		{"points negative", "/api/experiments/apitest-exp?points=-1-0", "", 400, "points"},
		{"points too many", "/api/experiments/apitest-exp?points=0-64", "", 400, "points"},
		{"unknown verb", "/api/experiments/apitest-exp/run", "", 404, ""},
		{"plan bad options", "/api/experiments/apitest-exp/plan", `{"fast":1}`, 422, ""},
		{"merge too few", "/api/experiments/apitest-exp/merge", `{"points":[{}]}`, 422, "points"},
		{"merge bad point", "/api/experiments/apitest-exp/merge", `{"points":[{"rows":1},{}]}`, 422, "points[0]"},
		{"merge not json", "/api/experiments/apitest-exp/merge", `{"points":`, 400, ""},
	} {
		w := do(t, "POST", c.target, c.body)
		var e errBody
		json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != c.status || e.Field != c.field || e.Error == "" {
			t.Errorf("%s: status %d field %q, want %d %q: %s", c.name, w.Code, e.Field, c.status, c.field, w.Body)
		}
	}
}

// FuzzRun checks that no request body makes the handler answer 500 or
// anything but a JSON body.
func FuzzRun(f *testing.F) {
	f.Add([]byte(scenario))
	f.Add([]byte(`{"version":1}`))
	f.Add([]byte(`[1,2]`))
	f.Add([]byte(withPolicy("apitest-err")))
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest("POST", "/api/run", bytes.NewReader(body))
		w := httptest.NewRecorder()
		api.Handler().ServeHTTP(w, req)
		if w.Code >= 500 && !strings.Contains(string(body), "apitest-panic") {
			t.Fatalf("status %d for %q: %s", w.Code, body, w.Body)
		}
		if !json.Valid(w.Body.Bytes()) {
			t.Fatalf("body is not JSON: %s", w.Body)
		}
	})
}

// The API answers pages of any origin: every answer allows them, and a
// preflight is answered without running anything.
func TestCORS(t *testing.T) {
	w := do(t, "OPTIONS", "/api/experiments/apitest-exp?point=0", "")
	if w.Code != 204 || w.Header().Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(w.Header().Get("Access-Control-Allow-Methods"), "POST") ||
		w.Header().Get("Access-Control-Allow-Headers") != "Content-Type" {
		t.Errorf("preflight: %d %v", w.Code, w.Header())
	}
	w = do(t, "POST", "/api/experiments/apitest-exp/plan", "")
	if w.Code != 200 || w.Header().Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("plan: %d %v", w.Code, w.Header())
	}
	w = do(t, "GET", "/api/nope", "")
	if w.Code != 404 || w.Header().Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("error answer: %d %v", w.Code, w.Header())
	}
}

// TestCall: api.Call answers in memory as the handler does over HTTP.
func TestCall(t *testing.T) {
	st, b := api.Call("GET", "/api/policies", "", nil)
	if st != 200 || !strings.Contains(string(b), `"easy"`) {
		t.Errorf("GET /api/policies: %d %.80s", st, b)
	}
	if st, b := api.Call("GET", "/api/nope", "", nil); st != 404 || !strings.Contains(string(b), "no such route") {
		t.Errorf("an unknown route: %d %s", st, b)
	}
	if st, _ := api.Call("POST", "/api/run", "", []byte("{")); st != 400 {
		t.Errorf("malformed JSON: %d", st)
	}
}
