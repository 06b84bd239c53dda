package gamf

import (
	"context"
	"fmt"
	"strings"
	"testing"

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

// TestFig7Synthetic runs the experiment's points and merge on three small
// synthetic workloads (no trace needed) and checks the long format, the
// summary and the claims.
func TestFig7Synthetic(t *testing.T) {
	opt := sched.ExperimentOptions{Quick: true}
	count, params := fig7Size(opt)
	var parts []sched.Report
	for w := 0; w < count; w++ {
		jobs := synthetic(uint64(w+20), 6, "").Jobs
		for _, m := range Fig7Policies {
			pt, err := fig7Point(context.Background(), jobs, w+1, m, 0, params)
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, pt)
		}
	}
	rep, err := fig7{}.Merge(opt, parts)
	if err != nil {
		t.Fatal(err)
	}
	tab := rep.(*sched.Table)
	// Per workload: jpr, cbs 2 series; metl 3; hill, gamf 4; gama 3.
	if len(tab.Rows) != count*18*2 || len(tab.Paper) != 12 || len(tab.Notes) < 5 {
		t.Fatalf("%d rows, %d paper rows, notes %v", len(tab.Rows), len(tab.Paper), tab.Notes)
	}
	for _, r := range tab.Rows {
		if r.Experiment != "gamf-fig7" || (r.Metric != "makespan" && r.Metric != "flowtime") || !(r.Value > 0) {
			t.Fatalf("row %+v", r)
		}
	}
	// 18 series x 2 metrics of means, 6 x 2 ranks.
	if len(tab.Summary) != 18*2+6*2 {
		t.Fatalf("%d summary rows", len(tab.Summary))
	}
	if len(tab.Claims) != len(fig7Claims) {
		t.Fatalf("%d claims", len(tab.Claims))
	}
	for _, c := range tab.Claims {
		if c.Verdict == "" || !strings.Contains(c.Ours, "(cs-used: ") || !strings.Contains(c.Ours, "; rel-loss: ") {
			t.Fatalf("claim %+v", c)
		}
	}
	// A point with a row missing is refused, naming the point.
	bad := *parts[4].(*sched.Table)
	bad.Rows = bad.Rows[1:]
	parts[4] = &bad
	if _, err := (fig7{}).Merge(opt, parts); err == nil || !strings.Contains(err.Error(), "point 4") {
		t.Fatalf("merge with a missing row: %v", err)
	}
}

// TestFig7Claims checks the claims' verdicts on hand-made means: every
// claim holds on a table built to satisfy it; when a reading breaks it,
// its check says so, and a claim that fails under the defaults but holds
// under a reading is reported as holding under that reading.
func TestFig7Claims(t *testing.T) {
	// means: makespan, flowtime per method (default readings).
	mk := map[string]float64{"jpr": 10, "cbs": 9, "metl": 5, "hill": 8.5, "gama": 4, "gamf": 4.5}
	ft := map[string]float64{"jpr": 100, "cbs": 90, "metl": 80, "hill": 60, "gama": 70, "gamf": 50}
	d := &fig7Data{n: 1, vals: map[string]map[string][]float64{}}
	for _, m := range Fig7Policies {
		for _, rd := range append([]Reading{{}}, readingsOf(m)...) {
			d.vals[series(m, rd.Name)] = map[string][]float64{"makespan": {mk[m]}, "flowtime": {ft[m]}}
		}
	}
	verdict := func() map[string]string {
		v := map[string]string{}
		for _, c := range d.claims() {
			v[c.Claim] = c.Verdict
		}
		return v
	}
	for _, c := range fig7Claims {
		if v := verdict()[c.claim]; v != sched.Holds {
			t.Errorf("%q: %s", c.claim, v)
		}
	}
	// Under norm, GA-MF's flowtime falls behind METL's.
	d.vals["gamf@norm"]["flowtime"] = []float64{85}
	for _, c := range fig7Claims[4:] {
		if _, ok := c.check(d, "norm"); ok {
			t.Errorf("%q holds under norm", c.claim)
		}
		if _, ok := c.check(d, "cs-used"); !ok {
			t.Errorf("%q fails under cs-used (unchanged rows)", c.claim)
		}
	}
	// GA-MF's flowtime behind METL's under the defaults, best again
	// under norm.
	for _, sr := range []string{"gamf", "gamf@cs-used", "gamf@mutate-one"} {
		d.vals[sr]["flowtime"] = []float64{85}
	}
	d.vals["gamf@norm"]["flowtime"] = []float64{40}
	if v := verdict()["Fig. 8: GA-MF gives the best flowtime"]; v != "holds under reading norm" {
		t.Errorf("GA-MF best only under norm: %q", v)
	}
	// HILL nearer the best three than JPR and CBS fails the HILL claim.
	d.vals["hill"]["makespan"] = []float64{5}
	if _, ok := fig7Claims[3].check(d, ""); ok {
		t.Error("HILL at 5 s is not like JPR and CBS")
	}
}

// TestFig7Quick runs the registered experiment in quick mode on the trace
// (static/traces) and prints its claims and notes.
func TestFig7Quick(t *testing.T) {
	e, _ := sched.LookupExperiment("gamf-fig7")
	plan, err := e.Plan(sched.ExperimentOptions{Quick: true})
	if err != nil || len(plan) != 3*6 || plan[7].Label != "workload 2, cbs" {
		t.Fatalf("plan %v: %v", plan, err)
	}
	rep, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{Quick: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tab := rep.(*sched.Table)
	if len(tab.Rows) != 3*18*2 {
		t.Fatalf("%d rows", len(tab.Rows))
	}
	if !strings.Contains(strings.Join(tab.Notes, " "), "workloads of 20 jobs") {
		t.Fatalf("notes %v", tab.Notes)
	}
	for _, c := range tab.Claims {
		t.Logf("%s | %s | %s | %s", c.Claim, c.Paper, c.Verdict, c.Ours)
	}
	for _, n := range tab.Notes {
		t.Log(n)
	}
}

// TestFig7MissingTrace: without the trace the experiment says what it
// looked for.
func TestFig7MissingTrace(t *testing.T) {
	old := loadTrace
	defer func() { loadTrace = old }()
	loadTrace = func(name string, _ int) ([]traceJob, error) { return readTrace("no-such-trace.swf.gz") }
	e, _ := sched.LookupExperiment("gamf-fig7")
	_, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{Quick: true}, nil)
	if err == nil || !strings.Contains(err.Error(), "HPC2N") || !strings.Contains(err.Error(), "not found") {
		t.Fatalf("error %v", err)
	}
}

// TestTraceFigures reproduces the HPC2N figures quoted in doc.go (choice
// 20): the 30 workloads average 47 tasks and 8,606 s per job; jobs of
// 1..240 processors with a positive run time (Tb capped at the request)
// average 6.4 processors and 16,975 s, those with >= 32 processors 39.6
// and 8,777 s, those with >= 65 processors 104 and 1,726 s.
func TestTraceFigures(t *testing.T) {
	recs, err := readTrace(TraceName)
	if err != nil {
		t.Fatal(err)
	}
	wls, err := workloads(recs, 30, Fig7Jobs)
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
		want string
	}{{1, "6.4 16975"}, {32, "39.6 8777"}, {65, "104.1 1726"}} {
		var n, procs, run float64
		for _, j := range recs {
			if j.Procs < c.min || j.Procs > MaxTasks || !(j.Runtime > 0) {
				continue
			}
			r := j.Runtime
			if j.ReqTime > 0 && r > j.ReqTime {
				r = j.ReqTime
			}
			n++
			procs += float64(j.Procs)
			run += r
		}
		if got := fmt.Sprintf("%.1f %.0f", procs/n, run/n); got != c.want {
			t.Errorf(">= %d processors: %s, doc.go says %s", c.min, got, c.want)
		}
	}
}
