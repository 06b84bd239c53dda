package workload

import (
	"gridplay/engine/model"
	"gridplay/engine/rng"
)

// Expand returns a copy of s whose Generator has been turned into Jobs
// (drawn from rng.New(s.Seed, "workload")) and whose Generator is nil; s
// itself is not changed. A scenario without a generator is returned as is.
func Expand(s *model.Scenario) (*model.Scenario, error) {
	if s == nil || s.Generator == nil {
		return s, nil
	}
	jobs, err := Generate(*s.Generator, s.Platform, rng.New(s.Seed, "workload"))
	if err != nil {
		return nil, err
	}
	c := model.Clone(s)
	c.Generator = nil
	c.Jobs = jobs
	return c, nil
}
