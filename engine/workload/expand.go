package workload

import (
	"gridplay/engine/model"
	"gridplay/engine/rng"
)

// Expand returns a copy of s whose Generator has been turned into Jobs
// (drawn from rng.New(s.Seed, "workload")) and whose Generator is nil, or
// whose Trace reference has been read into Jobs (traceJobs) and is nil;
// s itself is not changed. A scenario with neither is returned as is.
func Expand(s *model.Scenario) (*model.Scenario, error) {
	if s != nil && s.Trace != nil {
		jobs, err := traceJobs(s.Trace)
		if err != nil {
			return nil, err
		}
		c := model.Clone(s)
		c.Trace = nil
		c.Jobs = jobs
		// The trace's jobs against the scenario's platform (a job
		// larger than the machine, say): the errors name the jobs.
		if err := c.Validate(); err != nil {
			return nil, err
		}
		return c, nil
	}
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
