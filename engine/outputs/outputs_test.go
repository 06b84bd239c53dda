package outputs_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	_ "gridplay/engine/all"
	"gridplay/engine/check"
	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
	"gridplay/engine/outputs"
	"gridplay/engine/rng"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/swf"
)

func randomScenario(r *rng.Rand, policy string) *model.Scenario {
	nodes := 2 + r.IntN(20)
	s := &model.Scenario{Version: 1, Policy: model.Policy{Name: policy},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: nodes}}}}
	t := 0.0
	for i := 0; i < 80; i++ {
		t += float64(r.IntN(30))
		j := model.Job{ID: fmt.Sprintf("j%d", i), Submit: t, Size: 1 + r.IntN(nodes+1), Runtime: float64(1 + r.IntN(200))}
		if r.IntN(5) == 0 {
			j.Requested = float64(1 + r.IntN(100))
		}
		if r.IntN(4) == 0 {
			j.Deadline = j.Submit + float64(r.IntN(400))
		}
		s.Jobs = append(s.Jobs, j)
	}
	return s
}

func run(t testing.TB, s *model.Scenario) *sched.Result {
	t.Helper()
	res, err := runner.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestSeriesAverageIsUtilisation: the time average of busy_nodes over the
// series, divided by the platform's nodes, is the utilisation metric.
func TestSeriesAverageIsUtilisation(t *testing.T) {
	r := rng.NewPCG(1, 2)
	for trial := 0; trial < 60; trial++ {
		s := randomScenario(r, []string{"fcfs", "easy", "conservative"}[trial%3])
		res := run(t, s)
		pts := outputs.Series(outputs.Jobs(s, res))
		got := outputs.TimeAverage(pts) / float64(s.Platform.TotalNodes())
		want := res.Metrics["utilisation"]
		if math.Abs(got-want) > 1e-12*math.Max(1, want) {
			t.Fatalf("trial %d %s: series average %v, utilisation %v", trial, s.Policy.Name, got, want)
		}
		last := pts[len(pts)-1]
		if last.BusyNodes != 0 || last.QueuedJobs != 0 || last.QueuedNodes != 0 {
			t.Fatalf("trial %d: series ends at %+v", trial, last)
		}
		for k := 1; k < len(pts); k++ {
			if !(pts[k].T > pts[k-1].T) || pts[k] == (outputs.Point{T: pts[k].T, BusyNodes: pts[k-1].BusyNodes, QueuedJobs: pts[k-1].QueuedJobs, QueuedNodes: pts[k-1].QueuedNodes}) {
				t.Fatalf("trial %d: point %d %+v after %+v: not a change", trial, k, pts[k], pts[k-1])
			}
			if pts[k].BusyNodes > s.Platform.TotalNodes() || pts[k].BusyNodes < 0 || pts[k].QueuedJobs < 0 {
				t.Fatalf("trial %d: point %+v", trial, pts[k])
			}
		}
	}
}

// TestSeriesByHand: three jobs on 2 nodes, computed by hand.
func TestSeriesByHand(t *testing.T) {
	s := &model.Scenario{Version: 1, Policy: model.Policy{Name: "fcfs"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: 2}}},
		Jobs:     []model.Job{{ID: "a", Submit: 0, Size: 2, Runtime: 10}, {ID: "b", Submit: 5, Size: 1, Runtime: 10}, {ID: "c", Submit: 5, Size: 1, Runtime: 4}}}
	pts := outputs.Series(outputs.Jobs(s, run(t, s)))
	want := []outputs.Point{{0, 2, 0, 0}, {5, 2, 2, 2}, {10, 2, 0, 0}, {14, 1, 0, 0}, {20, 0, 0, 0}}
	if !slices.Equal(pts, want) {
		t.Fatalf("got %+v\nwant %+v", pts, want)
	}
	var b bytes.Buffer
	outputs.WriteSeriesCSV(&b, pts)
	if got := b.String(); got != "t,busy_nodes,queued_jobs,queued_nodes\n0,2,0,0\n5,2,2,2\n10,2,0,0\n14,1,0,0\n20,0,0,0\n" {
		t.Fatalf("csv:\n%s", got)
	}
}

// TestJobsCSV: the first five columns are the schedule's placements, in
// order, formatted as the schedule CSV of design.md section 4; killed, late and dropped jobs get their state; a drop carries its
// reason.
func TestJobsCSV(t *testing.T) {
	s := &model.Scenario{Version: 1, Policy: model.Policy{Name: "easy"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: 2}}},
		Jobs: []model.Job{
			{ID: "killed", Submit: 0, Size: 1, Runtime: 100, Requested: 30},
			{ID: "late", Submit: 0, Size: 2, Runtime: 10, Deadline: 35},
			{ID: "ok, quoted", Submit: 1, Size: 1, Runtime: 5, Deadline: 100},
			{ID: "big", Submit: 2, Size: 3, Runtime: 5},
		}}
	res := run(t, s)
	rows := outputs.Jobs(s, res)
	var got bytes.Buffer
	if err := outputs.WriteJobsCSV(&got, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(got.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range res.Schedule {
		sr := []string{p.Job, p.Cluster, csvfmt.Float(p.Start), csvfmt.Float(p.End), strconv.Itoa(p.Nodes)}
		if !slices.Equal(recs[i+1][:5], sr) {
			t.Errorf("row %d: %v, placement %v", i+1, recs[i+1][:5], sr)
		}
	}
	want := "job,cluster,start,end,nodes,submit,wait,turnaround,bsld,state,reason\n" +
		"killed,m,0,30,1,0,0,30,1,killed,\n" +
		"\"ok, quoted\",m,1,6,1,1,0,5,1,completed,\n" +
		"late,m,30,40,2,0,30,40,4,late,\n" +
		"big,,,,,2,,,,dropped,needs 3 nodes; cluster m has 2\n"
	if got.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", got.String(), want)
	}
}

// TestDistributions: means are the wait and bsld metrics; median, p95,
// max and CDF by hand.
func TestDistributions(t *testing.T) {
	r := rng.NewPCG(3, 4)
	for trial := 0; trial < 20; trial++ {
		s := randomScenario(r, "easy")
		res := run(t, s)
		for _, d := range res.Distributions {
			key := map[string]string{"wait": "wait", "bsld": "bsld"}[d.Metric]
			if key == "" {
				continue
			}
			if math.Abs(d.Mean-res.Metrics[key]) > 1e-9*math.Max(1, d.Mean) {
				t.Fatalf("%s mean %v, metric %v", d.Metric, d.Mean, res.Metrics[key])
			}
			if len(d.CDF) > outputs.MaxCDFPoints || d.CDF[len(d.CDF)-1].Y != 1 || d.CDF[len(d.CDF)-1].X != d.Max {
				t.Fatalf("%s cdf %v", d.Metric, d.CDF)
			}
		}
	}
	d := outputs.Summarise("x", []float64{5, 1, 3, 3, 10, 2})
	if d.N != 6 || d.Mean != 4 || d.Median != 3 || d.P95 != 10 || d.Max != 10 {
		t.Fatalf("%+v", d)
	}
	wantCDF := []sched.XY{{X: 1, Y: 1.0 / 6}, {X: 2, Y: 2.0 / 6}, {X: 3, Y: 4.0 / 6}, {X: 5, Y: 5.0 / 6}, {X: 10, Y: 1}}
	if !slices.Equal(d.CDF, wantCDF) {
		t.Fatalf("cdf %v", d.CDF)
	}
	// 20 values: p95 is the 19th smallest.
	xs := make([]float64, 20)
	for i := range xs {
		xs[i] = float64(i + 1)
	}
	if d := outputs.Summarise("y", xs); d.P95 != 19 || d.Median != 10.5 {
		t.Fatalf("%+v", d)
	}
	// Many distinct values: at most 101 points, each an exact (x, F(x)).
	many := make([]float64, 1000)
	for i := range many {
		many[i] = float64(i * i % 997)
	}
	d = outputs.Summarise("z", slices.Clone(many))
	if len(d.CDF) > outputs.MaxCDFPoints || len(d.CDF) < 90 {
		t.Fatalf("%d points", len(d.CDF))
	}
	for _, p := range d.CDF {
		n := 0
		for _, x := range many {
			if x <= p.X {
				n++
			}
		}
		if p.Y != float64(n)/1000 {
			t.Fatalf("point %v: F = %v", p, float64(n)/1000)
		}
	}
}

func hpc2n(tb testing.TB) (*model.Scenario, *sched.Result) {
	path, err := swf.Find("HPC2N-2002-2.2-cln.swf.gz")
	if err != nil {
		tb.Fatal(err)
	}
	tr, err := swf.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	s := tr.Scenario("easy")
	return s, run(tb, s)
}

// BenchmarkJobsAndSeriesHPC2N measures the per-job table and the time
// series of EASY on the whole HPC2N trace (202,871 jobs), computed and
// written as CSV: the target is 1 s.
func BenchmarkJobsAndSeriesHPC2N(b *testing.B) {
	s, res := hpc2n(b)
	if !*res.Valid {
		b.Fatal(res.Violations)
	}
	b.ResetTimer()
	cpu := cpuTime()
	defer func() { b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op") }()
	for i := 0; i < b.N; i++ {
		rows := outputs.Jobs(s, res)
		if err := outputs.WriteJobsCSV(io.Discard, rows); err != nil {
			b.Fatal(err)
		}
		pts := outputs.Series(outputs.Jobs(s, res))
		if err := outputs.WriteSeriesCSV(io.Discard, pts); err != nil {
			b.Fatal(err)
		}
		if i == 0 {
			b.ReportMetric(float64(len(rows)), "rows")
			b.ReportMetric(float64(len(pts)), "points")
		}
	}
}

// BenchmarkCheckHPC2N measures what engine/runner adds to every run of
// the whole HPC2N trace: the check and the distributions.
func BenchmarkCheckHPC2N(b *testing.B) {
	s, res := hpc2n(b)
	b.ResetTimer()
	cpu := cpuTime()
	defer func() { b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op") }()
	for i := 0; i < b.N; i++ {
		if vs := check.Schedule(s, res); len(vs) > 0 {
			b.Fatal(vs)
		}
		outputs.Distributions(outputs.Jobs(s, res))
	}
}
