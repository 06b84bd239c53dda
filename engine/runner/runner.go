// Package runner runs one scenario end to end: validate, expand a generated
// workload, look up the policy, run it, and fill in the standard metrics.
// The CLI, the HTTP API, the browser worker and the experiments all call
// this one path, so a scenario gives the same bytes everywhere.
package runner

import (
	"context"
	"fmt"

	"gridplay/engine/check"
	"gridplay/engine/metrics"
	"gridplay/engine/model"
	"gridplay/engine/outputs"
	"gridplay/engine/sched"
	"gridplay/engine/workload"
)

// Run validates s, expands its generator, refuses a run whose estimate
// is over sched.MaxSteps (Work.Check) or whose parameters are out of
// range, runs its policy, adds the standard metrics (metrics.Fill) to
// those the policy reported, checks the schedule against the policy's
// model (check.Mark: "valid" and the violations) and summarises the
// per-job distributions (outputs.Distributions).
func Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	p, ok := sched.Lookup(s.Policy.Name)
	if !ok {
		return nil, model.Errf("policy.name", fmt.Sprintf("unknown policy %q (see GET /api/policies)", s.Policy.Name))
	}
	full, err := workload.Expand(s)
	if err != nil {
		return nil, err
	}
	w, err := estimate(p, full)
	if err != nil {
		return nil, err
	}
	if err := w.Check(); err != nil {
		return nil, err
	}
	res, err := p.Run(ctx, full, rec)
	if err != nil {
		return nil, err
	}
	if res.Metrics == nil {
		res.Metrics = map[string]float64{}
	}
	res.Policy = s.Policy.Name
	finish(full, res)
	return res, nil
}

// finish adds the metrics, the verdict and the distributions to res, a
// run of s.
func finish(s *model.Scenario, res *sched.Result) {
	metrics.Fill(s, res)
	check.Mark(s, res)
	res.Distributions = outputs.Distributions(outputs.Jobs(s, res))
}

// Verdict says whether one policy can run a scenario: Err is nil, or
// the error Run gives before it schedules anything (the policy's Check,
// or the scenario's validation).
type Verdict struct {
	Policy string
	Err    error
}

// ForPolicy is s as policy in runs it: the same scenario (shared, not
// copied: it is read only) under in's name, with the parameters of s
// that in declares (sched.KeepParams) and its script (policy.script:
// only the policy "script" reads it, so CheckAll can ask it).
func ForPolicy(s *model.Scenario, in sched.Info) *model.Scenario {
	c := *s
	c.Policy = model.Policy{Name: in.Name, Params: sched.KeepParams(s.Policy.Params, in), Script: s.Policy.Script}
	return &c
}

// CheckAll asks every registered policy, in the order of
// sched.Policies, whether it can run s as ForPolicy makes it: the
// answer Run would give for that scenario before scheduling, without
// scheduling. s is validated and its generator expanded once; each
// policy's copy differs from s only in its policy block, which is
// validated on its own (model.ValidatePolicy). When s itself does not
// validate (apart from its policy block) or its generator fails, no
// policy is asked: that error, which every run would give whatever the
// policy, is returned instead.
func CheckAll(s *model.Scenario) ([]Verdict, error) {
	if s == nil {
		return nil, model.Errors{model.Errf("", "no scenario")}
	}
	// The scenario without its policy block: when it is valid, a
	// policy's copy is valid exactly when its policy block is.
	bare := *s
	bare.Policy = model.Policy{Name: "any"}
	if err := bare.Validate(); err != nil {
		return nil, err
	}
	full, err := workload.Expand(s)
	if err != nil {
		return nil, err
	}
	infos := sched.Policies()
	out := make([]Verdict, len(infos))
	for i, in := range infos {
		out[i].Policy = in.Name
		c := ForPolicy(s, in)
		if out[i].Err = model.ValidatePolicy(&c.Policy); out[i].Err != nil {
			continue
		}
		p, _ := sched.Lookup(in.Name)
		out[i].Err = p.Check(ForPolicy(full, in))
	}
	return out, nil
}
