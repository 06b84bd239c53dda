package gamf

import (
	"fmt"
	"strings"
	"testing"
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

// TestWorkloadsMissingTrace: without the trace, Workloads says what it
// looked for.
func TestWorkloadsMissingTrace(t *testing.T) {
	_, err := Workloads("no-such-trace.swf.gz", 3, Fig7Jobs)
	if err == nil || !strings.Contains(err.Error(), "no-such-trace.swf.gz") || !strings.Contains(err.Error(), "not found") {
		t.Fatalf("error %v", err)
	}
}

// TestTraceFigures reproduces the HPC2N figures quoted in doc.go (choice
// 20): the 30 workloads average 47 tasks and 8,606 s per job; jobs of
// 1..240 processors with a positive run time (Tb capped at the request)
// average 6.4 processors and 16,975 s, those with >= 32 processors 39.6
// and 8,777 s, those with >= 65 processors 104 and 1,726 s; the only
// filters near the paper's 90 tasks and 15,520 s keep far fewer than the
// 600 jobs of 30 workloads (>= 65 processors and >= 3,600 s: 46 jobs).
func TestTraceFigures(t *testing.T) {
	recs, err := readHead(TraceName, 0)
	if err != nil {
		t.Fatal(err)
	}
	wls, err := Workloads(TraceName, 30, Fig7Jobs)
	if err != nil {
		t.Fatal(err)
	}
	var tasks, tb, n float64
	for _, w := range wls {
		for _, j := range w {
			tasks += float64(j.Size)
			tb += j.Runtime
			n++
		}
	}
	if got := fmt.Sprintf("%.0f %.0f", tasks/n, tb/n); got != "47 8606" {
		t.Errorf("workloads: %s, doc.go says 47 tasks, 8606 s", got)
	}
	for _, c := range []struct {
		min  int
		run  float64 // least Tb_j
		want string
	}{{1, 0, "6.4 16975"}, {32, 0, "39.6 8777"}, {65, 0, "104.1 1726"},
		{48, 600, "70.8 10372 614"}, {65, 3600, "105.3 15446 46"}, {90, 3600, "115.5 16957 34"}} {
		var n, procs, run float64
		for _, j := range recs {
			if j.Procs < c.min || j.Procs > MaxTasks || !(j.Runtime > 0) {
				continue
			}
			r := j.Runtime
			if j.ReqTime > 0 && r > j.ReqTime {
				r = j.ReqTime
			}
			if r < c.run {
				continue
			}
			n++
			procs += float64(j.Procs)
			run += r
		}
		got := fmt.Sprintf("%.1f %.0f", procs/n, run/n)
		if c.run > 0 {
			got += fmt.Sprintf(" %.0f", n)
		}
		if got != c.want {
			t.Errorf(">= %d processors, Tb >= %g s: %s, doc.go says %s", c.min, c.run, got, c.want)
		}
	}
}

// TestWiden: under the wide reading the first 30 workloads average
// within 1 of the paper's 90 tasks per job (47 without it), every job
// fits the platform, and base times are kept.
func TestWiden(t *testing.T) {
	wls, err := Workloads(TraceName, 30, Fig7Jobs)
	if err != nil {
		t.Fatal(err)
	}
	wide := Widen(wls)
	var tasks, n float64
	for i, w := range wide {
		for k, j := range w {
			if j.Size < 1 || j.Size > MaxTasks || j.Runtime != wls[i][k].Runtime || j.Size < wls[i][k].Size {
				t.Fatalf("job %s: %d tasks, %g s; was %d, %g", j.ID, j.Size, j.Runtime, wls[i][k].Size, wls[i][k].Runtime)
			}
			tasks += float64(j.Size)
			n++
		}
	}
	if m := tasks / n; m < PaperTasks-1 || m > PaperTasks+1 {
		t.Errorf("wide workloads average %.1f tasks per job, want %d +- 1", m, PaperTasks)
	}
}
