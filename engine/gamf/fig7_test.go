package gamf

import (
	"context"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// TestWorkloads: workloads keep jobs of MinTasks..MaxTasks processors with
// a positive run time, cap Tb at the requested time, and draw B_j and
// sigma_j in range, the same for the same job number.
func TestWorkloads(t *testing.T) {
	recs := []traceJob{
		{Number: 1, Procs: 8, Runtime: 100},                // too small
		{Number: 2, Procs: 64, Runtime: 500, ReqTime: 300}, // capped at 300
		{Number: 3, Procs: 300, Runtime: 100},              // too large
		{Number: 4, Procs: 32, Runtime: 0},                 // no run time
		{Number: 5, Procs: 32, Runtime: 50},
		{Number: 6, Procs: 240, Runtime: 70},
	}
	w, err := workloads(recs, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	got := w[0]
	if len(got) != 3 || got[0].ID != "2" || got[1].ID != "5" || got[2].ID != "6" {
		t.Fatalf("jobs %+v", got)
	}
	if got[0].Runtime != 300 || got[0].Size != 64 || got[0].Submit != 0 {
		t.Fatalf("job 2: %+v", got[0])
	}
	for _, j := range got {
		if j.Bandwidth < BwMin || j.Bandwidth > BwMax || *j.Sigma < SigmaMin || *j.Sigma > SigmaMax {
			t.Fatalf("job %s: B_j %v sigma %v", j.ID, j.Bandwidth, *j.Sigma)
		}
	}
	again, _ := workloads(recs, 1, 3)
	if again[0][1].Bandwidth != got[1].Bandwidth || *again[0][1].Sigma != *got[1].Sigma {
		t.Fatal("B_j and sigma_j not stable")
	}
	if _, err := workloads(recs, 2, 3); err == nil {
		t.Fatal("want an error when the trace is too short")
	}
}

// TestFig7Synthetic runs the experiment's table logic on small synthetic
// workloads (no trace needed) and checks the long format.
func TestFig7Synthetic(t *testing.T) {
	var wls [][]model.Job
	for w := 0; w < 2; w++ {
		wls = append(wls, synthetic(uint64(w+20), 6, "").Jobs)
	}
	tab, err := runFig7(context.Background(), wls, sched.ExperimentOptions{}, quickParams, nil)
	if err != nil {
		t.Fatal(err)
	}
	// 2 workloads + mean + rank, 6 methods, 2 metrics.
	if len(tab.Rows) != 4*6*2 || len(tab.Paper) != 12 || len(tab.Notes) < 3 {
		t.Fatalf("%d rows, %d paper rows, notes %v", len(tab.Rows), len(tab.Paper), tab.Notes)
	}
	for _, r := range tab.Rows {
		if r.Experiment != "gamf-fig7" || (r.Metric != "makespan" && r.Metric != "flowtime") || !(r.Value > 0) {
			t.Fatalf("row %+v", r)
		}
	}
}

// TestFig7Quick runs the registered experiment in quick mode on the trace.
func TestFig7Quick(t *testing.T) {
	if _, err := readTrace(TraceName); err != nil {
		t.Skipf("trace not available: %v", err)
	}
	e, _ := sched.LookupExperiment("gamf-fig7")
	rep, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{Quick: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tab := rep.(*sched.Table)
	if len(tab.Rows) != (3+2)*6*2 {
		t.Fatalf("%d rows", len(tab.Rows))
	}
	if !strings.Contains(strings.Join(tab.Notes, " "), "workloads of 20 jobs") {
		t.Fatalf("notes %v", tab.Notes)
	}
}

// TestFig7MissingTrace: without the trace the experiment says what it
// looked for.
func TestFig7MissingTrace(t *testing.T) {
	old := loadTrace
	defer func() { loadTrace = old }()
	loadTrace = func(name string) ([]traceJob, error) { return readTrace("no-such-trace.swf.gz") }
	e, _ := sched.LookupExperiment("gamf-fig7")
	_, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{Quick: true}, nil)
	if err == nil || !strings.Contains(err.Error(), "HPC2N") || !strings.Contains(err.Error(), "not found") {
		t.Fatalf("error %v", err)
	}
}
