package main

import (
	"os"
	"strings"
	"testing"
)

// TestRunScript: run -script FILE.star runs the policy "script" in
// every format and with -shake; a bad script fails with its line.
func TestRunScript(t *testing.T) {
	sc := writeScenario(t, "clitest")
	// Largest first, no backfilling: j2 (8 nodes) waits for j1.
	star := writeFile(t, "big.star", "backfill = 'none'\ndef priority(job):\n    return -job.nodes\n")
	code, out, errs := runCLI(t, "run", "-script", star, "-format", "csv", sc)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "job,cluster,start,end,nodes,submit,wait,turnaround,bsld,state,reason\n" +
		"j1,c0,0,100,4,0,0,100,1,completed,\nj2,c0,100,100.125,8,2.5,97.5,97.625,9.7625,completed,\n"
	if out != want {
		t.Errorf("csv: got\n%s\nwant\n%s", out, want)
	}
	for _, f := range []string{"json", "series", "batsim"} {
		code, out, errs := runCLI(t, "run", "-script", star, "-format", f, sc)
		if code != 0 || out == "" {
			t.Fatalf("%s: exit %d: %s", f, code, errs)
		}
		if f == "json" && !strings.Contains(out, `"policy":"script"`) {
			t.Errorf("json: %s", out)
		}
	}
	code, out, errs = runCLI(t, "run", "-shake", "2", "-policy", "fcfs", "-script", star, "-format", "csv", sc)
	if code != 0 || !strings.Contains(out, "\nscript,") || !strings.Contains(out, "\nfcfs,") {
		t.Fatalf("shake: exit %d: %s\n%s", code, errs, out)
	}
	code, _, errs = runCLI(t, "run", "-policy", "fcfs", "-script", star, sc)
	if code != exitUsage || !strings.Contains(errs, "-script runs the policy") {
		t.Errorf("-policy with -script: exit %d: %s", code, errs)
	}
	bad := writeFile(t, "bad.star", "def schedule(ctx):\n    ctx.start(ctx.queue)\n")
	code, _, errs = runCLI(t, "run", "-script", bad, sc)
	if code != 1 || !strings.Contains(errs, "policy.script: line 2, column 14: ctx.start: job must be a job of ctx.queue, got tuple (in schedule at t=0 s)") {
		t.Errorf("bad script: exit %d: %s", code, errs)
	}
}

// TestUsageInREADME: README.md's "Command line" section shows the
// usage text the CLI prints.
func TestUsageInREADME(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var block []string
	for _, l := range strings.Split(strings.TrimPrefix(usage, "usage:\n"), "\n") {
		if l != "" {
			block = append(block, "    "+strings.TrimSpace(l)) // a Markdown code block
		}
	}
	want := strings.Join(block, "\n") + "\n"
	if !strings.Contains(string(b), want) {
		t.Errorf("README.md does not show the usage text:\n%s", want)
	}
}
