package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gridplay/engine/batsim"
	"gridplay/engine/shake"
	shakereport "gridplay/engine/shake/report"

	_ "gridplay/engine/all"
)

// tinySWF is two jobs on a 4-processor machine; FCFS: job 1 runs 0-10 on
// 2 processors, job 2 (submitted at 5, all 4) waits until 10 and runs to
// 30.
const tinySWF = "; MaxProcs: 4\n" +
	"1 0 0 10 2 -1 -1 2 20 -1 1 1 1 1 1 1 -1 -1\n" +
	"2 5 0 20 4 -1 -1 4 30 -1 1 1 1 1 1 1 -1 -1\n"

func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRunSeries(t *testing.T) {
	code, out, errs := runCLI(t, "run", "-format", "series", writeFile(t, "tiny.swf", tinySWF))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "t,busy_nodes,queued_jobs,queued_nodes\n0,2,0,0\n5,2,1,4\n10,4,0,0\n30,0,0,0\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// TestBatsimRoundTrip: -format batsim writes the trace's workload; read
// back (detected by content, under any name) it gives the same per-job
// table.
func TestBatsimRoundTrip(t *testing.T) {
	trace := writeFile(t, "tiny.swf", tinySWF)
	code, out, errs := runCLI(t, "run", "-format", "batsim", trace)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := `{"nb_res":4,"description":"exported by gridplay from tiny","jobs":[{"id":"1","subtime":0,"res":2,"walltime":20,"profile":"d10"},{"id":"2","subtime":5,"res":4,"walltime":30,"profile":"d20"}],"profiles":{"d10":{"type":"delay","delay":10},"d20":{"type":"delay","delay":20}}}` + "\n"
	if out != want {
		t.Fatalf("got  %s\nwant %s", out, want)
	}
	_, table, _ := runCLI(t, "run", "-format", "csv", trace)
	for _, name := range []string{"w.json", "workload.txt"} {
		code, got, errs := runCLI(t, "run", "-format", "csv", writeFile(t, name, out))
		if code != 0 || got != table {
			t.Errorf("%s: exit %d %s\ngot\n%s\nwant\n%s", name, code, errs, got, table)
		}
	}
	// An SWF trace under a .json name is found by its content too.
	if code, got, errs := runCLI(t, "run", "-format", "csv", writeFile(t, "trace.json", tinySWF)); code != 0 || got != table {
		t.Errorf("SWF named .json: exit %d %s\n%s", code, errs, got)
	}
	bad := writeFile(t, "bad.json", `{"nb_res": 4, "jobs": [{"id": 1, "subtime": 0, "res": 1, "profile": "p"}], "profiles": {"p": {"type": "parallel"}}}`)
	if code, _, errs := runCLI(t, "run", bad); code != 1 || !strings.Contains(errs, "profiles.p.type") {
		t.Errorf("bad Batsim: exit %d, %q", code, errs)
	}
	if _, err := batsim.Decode([]byte(out)); err != nil {
		t.Fatal(err)
	}
}

func TestRunShake(t *testing.T) {
	trace := writeFile(t, "tiny.swf", tinySWF)
	code, out, errs := runCLI(t, "run", "-shake", "5", "-policy", "easy,fcfs", "-jitter", "2", "-shake-seed", "3", "-parallel", "2", trace)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum shake.Summary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Spec.Runs != 5 || sum.Spec.Jitter != 2 || sum.Spec.Seed != 3 || len(sum.Spec.Policies) != 2 || sum.Invalid != 0 || len(sum.Compare) == 0 {
		t.Fatalf("%+v", sum)
	}
	if !strings.Contains(errs, "easy - fcfs, wait") {
		t.Errorf("no comparison on stderr: %s", errs)
	}
	code, csvOut, _ := runCLI(t, "run", "-shake", "5", "-policy", "easy,fcfs", "-jitter", "2", "-shake-seed", "3", "-format", "csv", trace)
	if code != 0 || !strings.HasPrefix(csvOut, strings.Join(shakereport.CSVHeader, ",")+"\n") {
		t.Fatalf("csv: %s", csvOut)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"run", "-policy", "easy,fcfs", trace}, "with -shake"},
		{[]string{"run", "-shake", "2", "-format", "series", trace}, "unknown format"},
		{[]string{"run", "-shake", "2", "-drop", "0.9", trace}, "drop"},
		{[]string{"run", "-shake", "2", "-policy", "easy,nope", trace}, `unknown policy "nope"`},
	} {
		if code, _, errs := runCLI(t, c.args...); code == 0 || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, %q", c.args, code, errs)
		}
	}
}
