package gamf

import (
	"context"
	"fmt"
	"testing"

	"gridplay/engine/check"
	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// methods are the six policies of the paper's comparison, in the legend
// order of its Figs. 7 and 8.
var methods = []string{"jpr", "cbs", "metl", "hill", "gama", "gamf"}

// synthetic is a fig7-like scenario (four clusters of 60 nodes at
// {1000,1500,2000,1500} MIPS, Gigabit links) with n random jobs; it does
// not need the trace.
func synthetic(seed uint64, n int, policy string) *model.Scenario {
	r := rng.New(seed, "gamf-test", "synthetic")
	s := &model.Scenario{Version: model.Version, Seed: seed, Platform: Fig7Platform(), Policy: model.Policy{Name: policy}}
	for i := 0; i < n; i++ {
		sg := 0.6 + 0.3*r.Float64()
		s.Jobs = append(s.Jobs, model.Job{
			ID:        fmt.Sprint(i + 1),
			Size:      1 + r.IntN(180),
			Runtime:   float64(600 + r.IntN(30000)),
			Bandwidth: 5 + 45*r.Float64(),
			Sigma:     &sg,
		})
	}
	return s
}

// checkSchedule asserts the section 4.4 constraints on a result with the
// engine's one checker (engine/check, GA-MF model): every job placed once
// or dropped with a reason, distinct nodes per job, no node used by two
// jobs at once, tasks held for the whole job, and each run time the one
// the bandwidth-aware model gives for the schedule's starts.
func checkSchedule(t *testing.T, s *model.Scenario, res *sched.Result) {
	t.Helper()
	if vs := check.Schedule(s, res); len(vs) > 0 {
		t.Fatal(vs)
	}
}

func runPolicy(t testing.TB, s *model.Scenario, rec sched.Recorder) *sched.Result {
	pol, ok := sched.Lookup(s.Policy.Name)
	if !ok {
		t.Fatalf("policy %q not registered", s.Policy.Name)
	}
	res, err := pol.Run(context.Background(), s, rec)
	if err != nil {
		t.Fatal(err)
	}
	return res
}
