package runner

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// testCostly is testFCFS with an estimate of policy.params.steps steps
// on policy.params.knob; it counts its runs.
type testCostly struct{ testFCFS }

var costlyRuns int

func (testCostly) Info() sched.Info {
	return sched.Info{Name: "test-only-costly", System: "Classic", Summary: "test policy with an estimate"}
}

func (p testCostly) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	costlyRuns++
	return p.testFCFS.Run(ctx, s, rec)
}

func (testCostly) Estimate(s *model.Scenario) (sched.Work, error) {
	if s.Policy.Param("steps", 0) < 0 {
		return sched.Work{}, model.Errf("policy.params.steps", "must not be negative")
	}
	return sched.Work{Steps: s.Policy.Param("steps", 0), Field: "policy.params.knob", Lower: "knob"}, nil
}

func init() { sched.Register(testCostly{}) }

// tiny is three jobs on one cluster of four nodes.
func tiny() *model.Scenario {
	return &model.Scenario{Version: 1, Seed: 1, Policy: model.Policy{Name: "test-only-fcfs"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 4}}},
		Jobs:     []model.Job{{ID: "a", Size: 2, Runtime: 5}, {ID: "b", Submit: 1, Size: 4, Runtime: 3}, {ID: "c", Submit: 2, Size: 1, Runtime: 1}}}
}

func costly(steps float64) *model.Scenario {
	s := tiny()
	s.Policy = model.Policy{Name: "test-only-costly", Params: map[string]float64{"steps": steps}}
	return s
}

// checked is the estimate after validation, as Run makes it.
func checked(s *model.Scenario) (sched.Work, error) {
	if err := s.Validate(); err != nil {
		return sched.Work{}, err
	}
	return EstimateUnchecked(s)
}

func TestEstimate(t *testing.T) {
	s := costly(1e6)
	w, err := EstimateUnchecked(s)
	if err != nil {
		t.Fatal(err)
	}
	// The policy's 1e6 steps and the runner's own per job.
	if want := 1e6 + StepsPerJob*float64(len(s.Jobs)); w.Steps != want || w.Field != "policy.params.knob" {
		t.Errorf("estimate %+v, want %g steps on policy.params.knob", w, want)
	}
	// A policy that does not estimate costs the runner's steps only.
	s.Policy = model.Policy{Name: "test-only-fcfs"}
	if w, err := EstimateUnchecked(s); err != nil || w.Steps != StepsPerJob*float64(len(s.Jobs)) || w.Field != "jobs" {
		t.Errorf("no estimator: %+v, %v", w, err)
	}
	for _, c := range []struct {
		s     *model.Scenario
		field string
	}{
		{&model.Scenario{Version: 9}, "version"},
		{costly(-1), "policy.params.steps"},
		{func() *model.Scenario { s := tiny(); s.Policy.Name = "nope"; return s }(), "policy.name"},
	} {
		if _, err := checked(c.s); model.FirstError(err) == nil || model.FirstError(err).Field != c.field {
			t.Errorf("estimate of a bad scenario: %v, want an error on %s", err, c.field)
		}
	}
}

// TestEstimateUnchecked: no panic on a scenario that does not validate.
func TestEstimateUnchecked(t *testing.T) {
	bad := costly(1e6)
	bad.Jobs[0].Size = -3
	bad.Jobs[1].Runtime = -1
	bad.Platform.Clusters = nil
	if _, err := EstimateUnchecked(bad); err != nil {
		t.Errorf("a scenario that does not validate: %v, want a rough estimate", err)
	}
}

// TestRunRefusesOverCap: a run over sched.MaxSteps is refused before the
// policy runs, naming the field with the estimate, the cap and what to
// lower; one at the cap runs.
func TestRunRefusesOverCap(t *testing.T) {
	costlyRuns = 0
	over := sched.MaxSteps + 1
	_, err := Run(context.Background(), costly(over), nil)
	var fe *model.FieldError
	if !errors.As(err, &fe) || fe.Field != "policy.params.knob" {
		t.Fatalf("over the cap: %v, want a field error on policy.params.knob", err)
	}
	for _, want := range []string{"estimated at 1.0e11 steps", "over the cap of 1.0e11 steps", "lower knob"} {
		if !strings.Contains(fe.Msg, want) {
			t.Errorf("message %q does not say %q", fe.Msg, want)
		}
	}
	if costlyRuns != 0 {
		t.Errorf("the policy ran %d times for a refused scenario", costlyRuns)
	}
	if _, err := Run(context.Background(), costly(sched.MaxSteps-StepsPerJob*3), nil); err != nil || costlyRuns != 1 {
		t.Errorf("at the cap: %v, %d runs; want a run", err, costlyRuns)
	}
	if _, err := Run(context.Background(), costly(-1), nil); model.FirstError(err) == nil || model.FirstError(err).Field != "policy.params.steps" {
		t.Errorf("a parameter the estimate refuses: %v", err)
	}
}
