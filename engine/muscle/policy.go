package muscle

import (
	"context"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// policy adapts Simulate to sched.Policy for one Kind.
type policy struct {
	kind    Kind
	summary string
}

var _ sched.Policy = policy{}

func (p policy) Info() sched.Info {
	return sched.Info{Name: p.kind.String(), Paper: "000", System: "MUSCLE", Summary: p.summary, Params: paramsFor(p.kind)}
}

// Check is what Run refuses before it schedules (sched.Policy).
func (p policy) Check(s *model.Scenario) error {
	if _, err := readParams(s.Policy, p.kind); err != nil {
		return err
	}
	return checkScenario(s)
}

func (p policy) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	return Simulate(ctx, s, p.kind, rec)
}

func init() {
	sched.Register(policy{MUSCLE, "MUSCLE: composition-table packing (Algs. 1-3) into the cluster of smallest epsilon (eq. 3, Alg. 4), seed schedules improved by TITAN in each cluster (section 4)"})
	sched.Register(policy{DLL, "Dynamic least load: each job to the cluster of least L_i (MUSCLE eq. 6), then TITAN in each cluster (section 5)"})
	sched.Register(policy{WRAND, "Weighted random: each job to a cluster drawn with probability proportional to m_i*u_i, then TITAN in each cluster (MUSCLE section 5)"})
}
