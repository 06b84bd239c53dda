package metrics

import (
	"math"
	"strconv"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// TestFillOfIsFill: FillOf's two passes give Fill's values bit for bit,
// on random schedules with deadlines, zero and negative sizes, unknown
// jobs, signed zeros, infinities and NaN (any NaN: no output tells them
// apart).
func TestFillOfIsFill(t *testing.T) {
	rng := rng.NewPCG(1, 2)
	odd := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1e300, -3}
	val := func(scale float64) float64 {
		if rng.IntN(20) == 0 {
			return odd[rng.IntN(len(odd))]
		}
		return math.Floor(rng.Float64() * scale)
	}
	for trial := range 2000 {
		n := rng.IntN(8)
		s := &model.Scenario{Platform: model.Platform{Clusters: []model.Cluster{{ID: "c", Nodes: rng.IntN(4)}}}}
		r := &sched.Result{}
		for i := range n {
			id := strconv.Itoa(i)
			j := model.Job{ID: id, Submit: val(100), Size: rng.IntN(4) - 1}
			if rng.IntN(2) == 0 {
				j.Deadline = val(300)
			}
			s.Jobs = append(s.Jobs, j)
			if rng.IntN(5) == 0 {
				id = "ghost"
			}
			if rng.IntN(6) != 0 {
				st := val(200)
				r.Schedule = append(r.Schedule, sched.Placement{Job: id, Start: st, End: st + val(50), Nodes: rng.IntN(4) - 1})
			}
		}
		if trial%3 == 0 {
			r.Dropped = []sched.Drop{{Job: "x"}}
		}
		want, got := &sched.Result{Schedule: r.Schedule, Dropped: r.Dropped}, &sched.Result{Schedule: r.Schedule, Dropped: r.Dropped}
		Fill(s, want)
		jobOf := make([]int32, len(r.Schedule))
		ix := model.IndexJobs(s.Jobs)
		for k := range r.Schedule {
			jobOf[k] = int32(ix.Find(r.Schedule[k].Job))
		}
		FillOf(s, got, jobOf)
		for _, k := range Keys {
			if !same(want.Metrics[k], got.Metrics[k]) {
				t.Fatalf("trial %d: %s: FillOf %v, Fill %v", trial, k, got.Metrics[k], want.Metrics[k])
			}
		}
	}
	// No scenario: every metric 0 but dropped.
	want, got := &sched.Result{Dropped: []sched.Drop{{Job: "x"}}}, &sched.Result{Dropped: []sched.Drop{{Job: "x"}}}
	Fill(nil, want)
	FillOf(nil, got, nil)
	for _, k := range Keys {
		if !same(want.Metrics[k], got.Metrics[k]) {
			t.Fatalf("no scenario: %s: FillOf %v, Fill %v", k, got.Metrics[k], want.Metrics[k])
		}
	}
}

func same(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
}
