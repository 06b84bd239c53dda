package metrics

import (
	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Fill adds the standard metrics of r's schedule to r.Metrics, keeping any
// value the policy already set. PLACEHOLDER owned by the engine-core work.
func Fill(s *model.Scenario, r *sched.Result) {}
