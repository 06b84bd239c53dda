package metrics

import (
	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Keys are the metrics Fill adds, in a fixed order.
var Keys = []string{"makespan", "flowtime", "wait", "bsld", "utilisation", "completed",
	"over_deadline", "advance", "awrt", "awwt", "dropped"}

// Fill adds the standard metrics of r's schedule to r.Metrics, keeping any
// value the policy already set.
func Fill(s *model.Scenario, r *sched.Result) {
	if r == nil {
		return
	}
	fill(s, r, Join(s, r))
}

// FillOf is Fill given the position in s.Jobs of each placement's job
// (JoinOf).
func FillOf(s *model.Scenario, r *sched.Result, jobOf []int32) {
	if r == nil {
		return
	}
	fill(s, r, JoinOf(s, r, jobOf))
}

func fill(s *model.Scenario, r *sched.Result, ds []Done) {
	if r.Metrics == nil {
		r.Metrics = map[string]float64{}
	}
	nodes := 0
	if s != nil {
		nodes = s.Platform.TotalNodes()
	}
	vals := map[string]float64{
		"makespan":      Makespan(ds),
		"flowtime":      Flowtime(ds),
		"wait":          Wait(ds),
		"bsld":          BoundedSlowdown(ds, Tau),
		"utilisation":   Utilisation(ds, nodes),
		"completed":     float64(Completed(ds)),
		"over_deadline": OverDeadline(ds),
		"advance":       Advance(ds),
		"awrt":          AWRT(ds),
		"awwt":          AWWT(ds),
		"dropped":       float64(len(r.Dropped)),
	}
	for _, k := range Keys {
		if _, set := r.Metrics[k]; !set {
			r.Metrics[k] = vals[k]
		}
	}
}
