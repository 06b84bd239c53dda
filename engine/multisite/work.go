package multisite

import (
	"fmt"

	"gridplay/engine/backfill"
	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Estimate implements sched.Estimator: the backfilling core's estimate
// (backfill.CoreWork, EASY or conservative as the conservative parameter
// says, section 4.1.2) on all S sites' nodes, where one selection visits
// the profiles of its candidates twice, for an instant start and for a
// reservation (section 4.1.1): sel = 2S for the S sites (greedy,
// non-adaptive) or 2 (2^S - 1) for every site combination (optimal,
// Alg. 2).
func (p *policy) Estimate(s *model.Scenario) (sched.Work, error) {
	mode := backfill.Conservative
	switch v := s.Policy.Param("conservative", 1); v {
	case 1:
	case 0:
		mode = backfill.EASY
	default:
		return sched.Work{}, model.Errf("policy.params.conservative", fmt.Sprintf("must be 0 (EASY) or 1 (conservative), got %g", v))
	}
	sites := len(s.Platform.Clusters)
	sel := 2 * float64(max(sites, 1))
	if p.strat == Optimal {
		sel = 2 * (float64(uint64(1)<<min(sites, 62)) - 1)
	}
	steps := backfill.CoreWork(mode, s.Jobs, s.Platform.TotalNodes(), sel)
	return sched.Work{Steps: steps, Field: "jobs", Lower: "the jobs"}, nil
}
