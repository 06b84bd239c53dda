package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"gridplay/engine/api"
	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// clitestPolicy places every job at its submit time, so expected output
// is easy to derive by hand.
type clitestPolicy struct{}

func (clitestPolicy) Check(*model.Scenario) error { return nil }

func (clitestPolicy) Info() sched.Info {
	return sched.Info{Name: "clitest", System: "Classic", Summary: "test policy",
		Params: []sched.Param{{Name: "depth", Default: 2, Min: 1, Max: 8, Doc: "test doc"}}}
}

func (clitestPolicy) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	r := &sched.Result{Metrics: map[string]float64{"x": 1}}
	for _, j := range s.Jobs {
		r.Schedule = append(r.Schedule, sched.Placement{Job: j.ID, Cluster: "c0", Start: j.Submit, End: j.Submit + j.Runtime, Nodes: j.Size})
	}
	return r, nil
}

type clitestExp struct{}

func (clitestExp) Info() sched.ExperimentInfo {
	return sched.ExperimentInfo{Name: "clitest-exp", Paper: "000", Summary: "test"}
}

// clitestExp is one point, "all".
func (clitestExp) Plan(sched.ExperimentOptions) ([]sched.PointInfo, error) {
	return []sched.PointInfo{{Index: 0, Label: "all"}}, nil
}

func (clitestExp) Merge(_ sched.ExperimentOptions, parts []sched.Report) (sched.Report, error) {
	return parts[0], nil
}

func (clitestExp) DecodePoint(_ sched.ExperimentOptions, _ int, b []byte) (sched.Report, error) {
	return sched.DecodeTable(b)
}

func (clitestExp) Point(ctx context.Context, opt sched.ExperimentOptions, _ int, rec sched.Recorder) (sched.Report, error) {
	t := &sched.Table{Experiment: "clitest-exp", Notes: []string{"a note"}}
	q := 0.0
	if opt.Quick {
		q = 1
	}
	t.Add("1", "clitest", "quick", q)
	t.Add("1", "clitest", "seed", float64(opt.Seed))
	return t, nil
}

func init() {
	sched.Register(clitestPolicy{})
	sched.RegisterExperiment(clitestExp{})
}

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := cli(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func writeScenario(t *testing.T, policy string) string {
	t.Helper()
	s := `{"version":1,"seed":1,"platform":{"clusters":[{"id":"c0","nodes":8}]},
	  "jobs":[{"id":"j1","submit":0,"size":4,"runtime":100},{"id":"j2","submit":2.5,"size":8,"runtime":0.125}],
	  "policy":{"name":"` + policy + `","params":{"depth":3}}}`
	p := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRunCSV(t *testing.T) {
	f := writeScenario(t, "clitest")
	// Flags after the file work too.
	code, out, errs := runCLI(t, "run", f, "-format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "job,cluster,start,end,nodes,submit,wait,turnaround,bsld,state,reason\n" +
		"j1,c0,0,100,4,0,0,100,1,completed,\nj2,c0,2.5,2.625,8,2.5,0,0.125,1,completed,\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// clitest ignores capacity: j1 and j2 hold 12 of 8 nodes at 2.5.
	if !strings.Contains(errs, "failed the checker") {
		t.Errorf("no checker warning: %q", errs)
	}
}

func TestRunJSON(t *testing.T) {
	f := writeScenario(t, "clitest")
	code, out, errs := runCLI(t, "run", "-format", "json", f)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res sched.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Policy != "clitest" || len(res.Schedule) != 2 || res.Metrics == nil {
		t.Errorf("unexpected result: %s", out)
	}
	if !strings.Contains(out, `"metrics":{`) {
		t.Errorf("no metrics object: %s", out)
	}
}

func TestRunErrors(t *testing.T) {
	good := writeScenario(t, "clitest")
	unknownInFile := writeScenario(t, "no-such-policy")
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"version":1,"jobs":"x"}`), 0o644)
	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no file", []string{"run"}, 2, "exactly one FILE"},
		{"unknown policy flag", []string{"run", "-policy", "nope", good}, 2, `unknown policy "nope"`},
		{"unknown policy in file", []string{"run", unknownInFile}, 2, `unknown policy "no-such-policy"`},
		{"bad format", []string{"run", "-format", "xml", good}, 2, "unknown format"},
		{"missing file", []string{"run", filepath.Join(t.TempDir(), "none.json")}, 1, "no such file"},
		{"invalid scenario", []string{"run", bad}, 1, "jobs"},
		{"unknown command", []string{"frobnicate"}, 2, "unknown command"},
		{"no command", nil, 2, "usage"},
		{"unknown experiment", []string{"experiment", "nope"}, 2, `unknown experiment "nope"`},
		{"experiment bad format", []string{"experiment", "clitest-exp", "-format", "xml"}, 2, "unknown format"},
		{"bad flag", []string{"policies", "-nope"}, 2, "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := runCLI(t, tt.args...)
			if code != tt.code || !strings.Contains(errs, tt.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs, tt.code, tt.msg)
			}
		})
	}
}

func TestPolicyOverride(t *testing.T) {
	// The file names an unknown policy; -policy replaces it (and its
	// parameters, which belong to the old policy).
	f := writeScenario(t, "no-such-policy")
	code, out, errs := runCLI(t, "run", "-policy", "clitest", "-format", "csv", f)
	if code != 0 || !strings.HasPrefix(out, "job,cluster,start,end,nodes,") {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
}

func TestPolicies(t *testing.T) {
	code, out, _ := runCLI(t, "policies")
	if code != 0 || !strings.Contains(out, "clitest (Classic)") || !strings.Contains(out, "-depth default 2, range [1, 8]: test doc") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, out, _ = runCLI(t, "policies", "-format", "json")
	var ps []sched.Info
	if code != 0 || json.Unmarshal([]byte(out), &ps) != nil || len(ps) == 0 {
		t.Errorf("json: exit %d:\n%s", code, out)
	}
}

func TestExperiment(t *testing.T) {
	code, out, errs := runCLI(t, "experiment", "clitest-exp", "-quick", "-seed", "42")
	want := "experiment,x,policy,metric,value\nclitest-exp,1,clitest,quick,1\nclitest-exp,1,clitest,seed,42\n"
	if code != 0 || out != want {
		t.Errorf("exit %d:\n%s\nwant\n%s", code, out, want)
	}
	if !strings.Contains(errs, "# a note") {
		t.Errorf("notes not on stderr: %q", errs)
	}
	code, out, _ = runCLI(t, "experiment", "-format", "json", "clitest-exp")
	var tab sched.Table
	if code != 0 || json.Unmarshal([]byte(out), &tab) != nil || len(tab.Rows) != 2 {
		t.Errorf("json: exit %d:\n%s", code, out)
	}
	code, out, _ = runCLI(t, "experiments")
	if code != 0 || !strings.Contains(out, "clitest-exp") {
		t.Errorf("experiments: exit %d:\n%s", code, out)
	}
}

func TestRunTrace(t *testing.T) {
	// Two jobs on a 4-processor machine and one broken line. FCFS by hand:
	// job 1 runs 0-10 on 2 processors; job 2 (submitted at 5) needs all 4,
	// so it waits for job 1 and runs 10-30.
	swfText := "; MaxProcs: 4\n" +
		"1 0 0 10 2 -1 -1 2 20 -1 1 1 1 1 1 1 -1 -1\n" +
		"2 5 0 20 4 -1 -1 4 30 -1 1 1 1 1 1 1 -1 -1\n" +
		"this is not a job\n"
	p := filepath.Join(t.TempDir(), "tiny.swf")
	if err := os.WriteFile(p, []byte(swfText), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "run", "-format", "csv", p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "job,cluster,start,end,nodes,submit,wait,turnaround,bsld,state,reason\n" +
		"1,site0,0,10,2,0,0,10,1,completed,\n2,site0,10,30,4,5,5,25,1.25,completed,\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if !strings.Contains(errs, "skipped 1 invalid lines") {
		t.Errorf("skipped line not reported: %q", errs)
	}
}

// MUSCLE Table 2 through the CLI: compact JSON in the form, the
// same bytes the API answers.
func TestExperimentTable2JSON(t *testing.T) {
	code, out, errs := runCLI(t, "experiment", "muscle-table2", "-format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := `{"rows":[{"row":1,"compositions":[["J2"],["J5"]]},{"row":2,"compositions":[["J1"],["J5","J2"],["J6"]]}`
	if !strings.HasPrefix(out, want) {
		t.Fatalf("output starts %.120q, want %q", out, want)
	}
	w := httptest.NewRecorder()
	api.Handler().ServeHTTP(w, httptest.NewRequest("POST", "/api/experiments/muscle-table2", nil))
	if w.Code != 200 || w.Body.String() != out {
		t.Fatalf("API answered %d %.200q; CLI printed %.200q", w.Code, w.Body.String(), out)
	}
}

// -format md writes an experiment's section of docs/experiments.md: each
// of the paper's claims with the paper's number, ours and the verdict, as
// the JSON report has them, in a table per reading set.
func TestExperimentMarkdown(t *testing.T) {
	code, out, errs := runCLI(t, "experiment", "titan-fig9", "-quick", "-format", "md")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	_, js, _ := runCLI(t, "experiment", "titan-fig9", "-quick", "-format", "json")
	var rep sched.Table
	if err := json.Unmarshal([]byte(js), &rep); err != nil || len(rep.Claims) == 0 {
		t.Fatalf("the JSON report: %v, %d claims", err, len(rep.Claims))
	}
	for _, want := range []string{"## titan-fig9 (paper 002)", "`go run ./wasm/api experiment titan-fig9 -format md -quick` (quick mode", "| the paper says | paper | gridplay | verdict |"} {
		if !strings.Contains(out, want) {
			t.Errorf("the section lacks %q:\n%s", want, out)
		}
	}
	if rows := strings.Count(out, "\n| ") - 2*strings.Count(out, "\nReading set "); rows != len(rep.Claims) {
		t.Errorf("%d claim rows, the report has %d claims", rows, len(rep.Claims))
	}
	c := rep.Claims[0]
	if !strings.Contains(out, "| "+c.Claim+" | "+c.Paper+" | "+c.Ours+" | ") {
		t.Errorf("the first claim %+v is not a row of the table", c)
	}
}

// The CLI fans points out over goroutines and over a remote API; the
// bytes are those of one goroutine in both forms, and a point that fails
// on the remote is retried.
func TestExperimentParallelAndRemote(t *testing.T) {
	for _, name := range []string{"titan-fig9", "hybrid-table1", "muscle-table2"} {
		for _, format := range []string{"csv", "json"} {
			code, one, errs := runCLI(t, "experiment", name, "-quick", "-format", format, "-parallel", "1")
			if code != 0 {
				t.Fatalf("%s -parallel 1: exit %d: %s", name, code, errs)
			}
			code, four, errs := runCLI(t, "experiment", name, "-quick", "-format", format, "-parallel", "4")
			if code != 0 || four != one {
				t.Errorf("%s %s: -parallel 4 (exit %d, %s) differs from -parallel 1", name, format, code, errs)
			}
			var failed atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				// the first point request fails once: the client retries
				if r.URL.Query().Has("point") && failed.Add(1) == 1 {
					http.Error(w, "busy", http.StatusServiceUnavailable)
					return
				}
				api.Handler().ServeHTTP(w, r)
			}))
			code, remote, errs := runCLI(t, "experiment", name, "-quick", "-format", format, "-remote", srv.URL, "-parallel", "3")
			srv.Close()
			if code != 0 || remote != one {
				t.Errorf("%s %s: -remote (exit %d) differs from local:\n%.300s\nstderr: %s", name, format, code, remote, errs)
			}
			if !strings.Contains(errs, "retrying") || !strings.Contains(errs, "on 3 requests to") || !strings.Contains(errs, "points done") {
				t.Errorf("%s: stderr lacks the retry and progress lines: %q", name, errs)
			}
		}
	}
	code, _, errs := runCLI(t, "experiment", "titan-fig9", "-remote", "ftp://x")
	if code != exitUsage || !strings.Contains(errs, "not an http(s) URL") {
		t.Errorf("bad -remote: exit %d: %s", code, errs)
	}
	code, _, errs = runCLI(t, "experiment", "titan-fig9", "-parallel", "0")
	if code != exitUsage || !strings.Contains(errs, "-parallel must be at least 1") {
		t.Errorf("-parallel 0: exit %d: %s", code, errs)
	}
}

// TestRunCompat: run -compat pyss reads a trace as pyss does (job 2 has
// no run time: a 1 s job at max(submit, 1) on 1 processor; job 3 ran 0
// s: the same) and sets the scenario's compat for a scenario file; an
// unknown simulator is a usage error.
func TestRunCompat(t *testing.T) {
	swfText := "; MaxProcs: 4\n" +
		"1 0 0 10 2 -1 -1 2 20 -1 1 1 1 1 1 1 -1 -1\n" +
		"2 0 0 -1 -1 -1 -1 4 30 -1 1 1 1 1 1 1 -1 -1\n" +
		"3 5 0 0 4 -1 -1 4 30 -1 1 1 1 1 1 1 -1 -1\n"
	p := filepath.Join(t.TempDir(), "tiny.swf")
	if err := os.WriteFile(p, []byte(swfText), 0o644); err != nil {
		t.Fatal(err)
	}
	// EASY by hand: job 1 runs 0-10 on 2 processors; job 2 (1 processor)
	// arrives at 1 and runs 1-2; job 3 (4 processors, 1 s) waits for job
	// 1: 10-11. Without compat, jobs 2 and 3 are left out or kept at 0 s.
	code, out, errs := runCLI(t, "run", "-policy", "easy", "-compat", "pyss", "-format", "csv", p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		got = append(got, strings.Join(strings.Split(l, ",")[:5], ","))
	}
	if want := "1,site0,0,10,2 2,site0,1,2,1 3,site0,10,11,4"; strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", strings.Join(got, " "), want)
	}
	f := writeScenario(t, "easy")
	code, out, errs = runCLI(t, "run", "-compat", "pyss", f)
	if code != 0 || !strings.Contains(out, "compat pyss") {
		t.Errorf("scenario file: exit %d, %s %s", code, errs, out)
	}
	if code, _, errs := runCLI(t, "run", "-compat", "batsim", f); code != 2 || !strings.Contains(errs, `unknown compat "batsim"`) {
		t.Errorf("unknown compat: exit %d, %q", code, errs)
	}
}
