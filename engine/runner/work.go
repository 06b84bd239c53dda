package runner

import (
	"fmt"

	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/engine/workload"
)

// StepsPerJob is the runner's own work per job, in steps of
// sched.Work: validation, the standard metrics, the schedule's check and
// the distributions.
const StepsPerJob = 1000

// EstimateUnchecked is the work a run of s is estimated to cost: its
// policy's estimate (sched.Estimator) on s as Run runs it, its generator
// expanded, plus StepsPerJob per job. Cheap: no simulation. It does not
// validate s, for a caller whose runs the engine validates anyway: the
// page, which asks before a long run on its own thread, where validating
// a whole trace took longer than the estimate. A scenario that does not
// validate gets a rough estimate or an error, never a panic.
func EstimateUnchecked(s *model.Scenario) (w sched.Work, err error) {
	defer func() {
		if r := recover(); r != nil {
			w, err = sched.Work{}, fmt.Errorf("no estimate: %v", r)
		}
	}()
	p, ok := sched.Lookup(s.Policy.Name)
	if !ok {
		return sched.Work{}, model.Errf("policy.name", fmt.Sprintf("unknown policy %q (see GET /api/policies)", s.Policy.Name))
	}
	full, err := workload.Expand(s)
	if err != nil {
		return sched.Work{}, err
	}
	return estimate(p, full)
}

// estimate is p's estimate of a run of s (validated, expanded) plus the
// runner's own work; a policy that is no Estimator estimates 0 steps of
// its own.
func estimate(p sched.Policy, s *model.Scenario) (sched.Work, error) {
	var w sched.Work
	if e, ok := p.(sched.Estimator); ok {
		var err error
		if w, err = e.Estimate(s); err != nil {
			return w, err
		}
	}
	w.Steps += StepsPerJob * float64(len(s.Jobs))
	if w.Field == "" {
		w.Field, w.Lower = "jobs", "the jobs"
	}
	return w, nil
}
