package shake_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"

	"gridplay/engine/metrics"
	"gridplay/engine/model"
	"gridplay/engine/shake"
	"gridplay/engine/swf"

	_ "gridplay/engine/all"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestStudent checks the t distribution against table values.
func TestStudent(t *testing.T) {
	for _, c := range []struct{ df, q float64 }{{1, 12.7062}, {2, 4.3027}, {4, 2.7764}, {10, 2.2281}, {29, 2.0452}, {1000, 1.9623}} {
		if q := shake.StudentQuantile(0.975, c.df); !near(q, c.q, 1e-4) {
			t.Errorf("t_0.975,%g = %v, want %v", c.df, q, c.q)
		}
	}
	if p := shake.StudentCDF(0, 7); p != 0.5 {
		t.Errorf("CDF(0) = %v", p)
	}
	// Two-sided p of t = 4.2426 with 4 degrees of freedom is 0.0132.
	if p := 2 * (1 - shake.StudentCDF(4.242640687, 4)); !near(p, 0.01324, 5e-5) {
		t.Errorf("p = %v", p)
	}
	if p := shake.StudentCDF(-1.5, 3) + shake.StudentCDF(1.5, 3); !near(p, 1, 1e-14) {
		t.Errorf("symmetry: %v", p)
	}
}

// 1..5 have mean 3, sd sqrt(2.5), t(0.975, 4) = 2.776445, so the
// half-width is 2.776445 sqrt(2.5) / sqrt(5) = 1.963243.
func TestInterval(t *testing.T) {
	mean, sd, lo, hi := shake.Interval([]float64{1, 2, 3, 4, 5})
	if mean != 3 || sd != math.Sqrt(2.5) || !near(lo, 3-1.963243, 1e-6) || !near(hi, 3+1.963243, 1e-6) {
		t.Errorf("interval %g sd %g [%g, %g]", mean, sd, lo, hi)
	}
	if m, sd, lo, hi := shake.Interval([]float64{7}); m != 7 || sd != 0 || lo != 7 || hi != 7 {
		t.Errorf("one value: %g sd %g [%g, %g]", m, sd, lo, hi)
	}
}

func workload(n int) *model.Scenario {
	s := &model.Scenario{Version: 1, Seed: 9, Policy: model.Policy{Name: "easy"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: 16}}}}
	for i := 0; i < n; i++ {
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprint(i), Submit: float64(60 * i), Size: 1 + (i*7)%16, Runtime: float64(100 + (i*37)%900), Requested: 1000})
	}
	return s
}

// TestPerturb: copies are reproducible, the original is point 0, jitter
// stays in its bound, and a job's fate does not depend on the other
// jobs' (three draws each).
func TestPerturb(t *testing.T) {
	s := workload(2000)
	drop, dup, jit := 0.05, 0.05, 30.0
	full, sp, err := shake.Resolve(s, shake.Request{Runs: 3, Drop: &drop, Dup: &dup, Jitter: &jit})
	if err != nil {
		t.Fatal(err)
	}
	if shake.Perturb(full, sp, 0) != full {
		t.Fatal("point 0 is not the original")
	}
	a, b := shake.Perturb(full, sp, 1), shake.Perturb(full, sp, 1)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		t.Fatal("copy 1 differs between two draws")
	}
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	orig := map[string]float64{}
	for _, j := range s.Jobs {
		orig[j.ID] = j.Submit
	}
	kept, dups := 0, 0
	for _, j := range a.Jobs {
		base, ok := orig[j.ID]
		if !ok {
			dups++
			continue
		}
		kept++
		if math.Abs(j.Submit-base) > jit && j.Submit != 0 {
			t.Fatalf("job %s moved from %v to %v", j.ID, base, j.Submit)
		}
	}
	// 2000 jobs, 5% each: expect 100 +- a few sd (sd ~ 9.7).
	if kept < 1850 || kept > 1950 || dups < 60 || dups > 140 {
		t.Fatalf("kept %d, duplicated %d", kept, dups)
	}
	c := shake.Perturb(full, sp, 2)
	jc, _ := json.Marshal(c)
	if bytes.Equal(ja, jc) {
		t.Fatal("copies 1 and 2 are equal")
	}
	// No drops or duplicates: the same jitter for every job, by its
	// position alone.
	zero := 0.0
	_, sp0, _ := shake.Resolve(s, shake.Request{Runs: 3, Drop: &zero, Dup: &zero, Jitter: &jit})
	plain := shake.Perturb(full, sp0, 1)
	at := map[string]float64{}
	for _, j := range plain.Jobs {
		at[j.ID] = j.Submit
	}
	for _, j := range a.Jobs {
		if v, ok := at[j.ID]; ok && v != j.Submit {
			t.Fatalf("job %s: jitter depends on the drops (%v vs %v)", j.ID, v, j.Submit)
		}
	}
}

// TestPointsMerge: points computed one by one, in reverse order and sent
// through JSON, merge into the summary Run gives on two goroutines, byte
// for byte.
func TestPointsMerge(t *testing.T) {
	s := workload(300)
	req := shake.Request{Runs: 6, Policies: []string{"easy", "conservative", "fcfs"}}
	whole, err := shake.Run(context.Background(), s, req, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	full, sp, err := shake.Resolve(s, req)
	if err != nil {
		t.Fatal(err)
	}
	plan := shake.Plan(sp)
	points := make([]*shake.PointReport, len(plan))
	for k := len(plan) - 1; k >= 0; k-- {
		p, err := shake.Point(context.Background(), full, sp, k)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(p)
		if points[k], err = shake.DecodePoint(b); err != nil {
			t.Fatal(err)
		}
	}
	merged, err := shake.Merge(sp, points)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(whole)
	b, _ := json.Marshal(merged)
	if !bytes.Equal(a, b) {
		t.Fatalf("merge differs from the whole run:\n%s\n%s", a, b)
	}
	if whole.Invalid != 0 || len(whole.Stats) != 3*len(metrics.Keys) || len(whole.Compare) != 3*len(metrics.Keys) {
		t.Fatalf("%+v", whole)
	}
	if _, err := shake.Merge(sp, points[:3]); err == nil {
		t.Fatal("merge of too few points")
	}
	points[2], points[3] = points[3], points[2]
	if _, err := shake.Merge(sp, points); err == nil {
		t.Fatal("merge of points out of order")
	}
}

// TestMergeByHand: statistics of points written by hand.
func TestMergeByHand(t *testing.T) {
	sp := shake.Spec{Runs: 5, Policies: []string{"a", "b"}, Jitter: 1, Drop: 0.01, Dup: 0.01, Seed: 1}
	var points []*shake.PointReport
	for k := 0; k <= 5; k++ {
		ma, mb := map[string]float64{}, map[string]float64{}
		for _, key := range metrics.Keys {
			ma[key], mb[key] = 10, 10
		}
		// wait: a = 10 + k, b = 10 + 2k: d = -k, k = 1..5.
		ma["wait"], mb["wait"] = 10+float64(k), 10+2*float64(k)
		// utilisation: a is 0.1 higher on every copy.
		ma["utilisation"], mb["utilisation"] = 0.6, 0.5
		points = append(points, &shake.PointReport{Spec: sp, Point: k, Runs: []shake.PolicyRun{{Policy: "a", Metrics: ma, Valid: true}, {Policy: "b", Metrics: mb, Valid: true}}})
	}
	sum, err := shake.Merge(sp, points)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range sum.Stats {
		if st.Policy == "a" && st.Metric == "wait" {
			// mean 13, sd 1.5811, half-width 2.7764 * 1.5811 / sqrt 5 = 1.9632
			if st.Original != 10 || st.Mean != 13 || !near(st.SD, 1.58114, 1e-5) || !near(st.Low, 11.0368, 1e-4) || !near(st.High, 14.9632, 1e-4) {
				t.Errorf("%+v", st)
			}
		}
	}
	for _, d := range sum.Compare {
		switch d.Metric {
		case "wait":
			if d.Mean != -3 || !near(d.P, 0.01324, 5e-5) || !d.Significant || d.Better != "a" || !near(d.Low, -4.9632, 1e-4) {
				t.Errorf("%+v", d)
			}
		case "utilisation":
			if !near(d.Mean, 0.1, 1e-12) || d.P != 0 || !d.Significant || d.Better != "a" {
				t.Errorf("%+v", d)
			}
		case "makespan":
			if d.Mean != 0 || d.P != 1 || d.Significant || d.Better != "" {
				t.Errorf("%+v", d)
			}
		}
	}
}

func TestResolveErrors(t *testing.T) {
	s := workload(10)
	bad := -1.0
	big := 0.7
	cases := []struct {
		r     shake.Request
		field string
	}{
		{shake.Request{Runs: 0}, "runs"},
		{shake.Request{Runs: shake.MaxRuns + 1}, "runs"},
		{shake.Request{Runs: 2, Policies: []string{"easy", "nope"}}, "policies[1]"},
		{shake.Request{Runs: 2, Policies: []string{"easy", "easy"}}, "policies[1]"},
		{shake.Request{Runs: 2, Drop: &big}, "drop"},
		{shake.Request{Runs: 2, Dup: &bad}, "dup"},
		{shake.Request{Runs: 2, Jitter: &bad}, "jitter"},
	}
	for _, c := range cases {
		_, _, err := shake.Resolve(s, c.r)
		if fe := model.FirstError(err); fe == nil || fe.Field != c.field {
			t.Errorf("%+v: %v, want field %s", c.r, err, c.field)
		}
	}
	_, sp, err := shake.Resolve(s, shake.Request{Runs: 2})
	if err != nil || sp.Jitter != 6 || sp.Drop != shake.DefaultDrop || sp.Seed != 9 || sp.Policies[0] != "easy" {
		t.Fatalf("defaults: %+v %v", sp, err)
	}
}

func kth(tb testing.TB, n int) *model.Scenario {
	path, err := swf.Find("KTH-SP2-1996-2.swf.gz")
	if err != nil {
		tb.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	cut, err := swf.Import("KTH-SP2-1996-2.swf.gz", f, n)
	if err != nil {
		tb.Fatal(err)
	}
	return &model.Scenario{Version: 1, Seed: 1, Name: "KTH-SP2 first 2000 jobs", Platform: model.Platform{Clusters: []model.Cluster{cut.Cluster}}, Jobs: cut.Jobs, Policy: model.Policy{Name: "easy"}}
}

// BenchmarkShakeKTH30 is `run -shake 30` on the first 2000 KTH-SP2 jobs
// with EASY: the target is 2 s.
func BenchmarkShakeKTH30(b *testing.B) {
	s := kth(b, 2000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sum, err := shake.Run(context.Background(), s, shake.Request{Runs: 30}, 2, nil)
		if err != nil || sum.Invalid != 0 {
			b.Fatal(err, sum.Invalid)
		}
	}
}
