package gamf

import (
	"math"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Estimate implements sched.Estimator (the package doc, "Work
// estimate"). With n jobs of T tasks in all on N nodes of K clusters, one
// evaluation of a chromosome (section 4.3: decode the order and the
// allocation, then run the jobs, recomputing the link rates at every
// start and end) visits the n + T genes and, at each of the 2n starts and
// ends, the running and waiting jobs:
//
//	eval = n + T + 2n min(n, N)
//
// gamf and gama evaluate population P individuals at each of the G
// generations and in the initial population (Table 2: P = 80, G = 120):
// P (G + 1) eval. hill evaluates at most its evaluations neighbours:
// (evaluations + 1) eval (patience may stop it earlier). jpr and cbs sort
// the nodes' free times for each job, n N (3 + ceil(log2 N)), and
// evaluate once; metl weighs, at each of at most 3n steps, every waiting job on
// its K + 2 candidate allocations of tau tasks (mean tau = T/n):
// 3n (2N + n K + n (K + 2) tau), and evaluates once.
func (pl *policy) Estimate(s *model.Scenario) (sched.Work, error) {
	p, err := compileFor(s)
	if err != nil {
		return sched.Work{}, err
	}
	n, T, N, K := float64(p.n), float64(p.off[p.n]), float64(p.nodes), float64(p.nclu)
	eval := n + T + 2*n*math.Min(n, N)
	w := sched.Work{Field: "jobs", Lower: "the jobs"}
	switch pl.m {
	case mGAMF, mGAMA:
		cfg, err := gaConfig(s, pl.m == mGAMF)
		if err != nil {
			return w, err
		}
		g := math.Max(float64(cfg.Generations), 0) // -1: the initial population only
		w.Steps = float64(cfg.Population) * (g + 1) * eval
		w.Field, w.Lower = "policy.params.generations", "generations or population, or the jobs"
	case mHill:
		e, err := sched.ParamValue(s.Policy, pEvals, true)
		if err != nil {
			return w, err
		}
		w.Steps = (e + 1) * eval
		w.Field, w.Lower = "policy.params.evaluations", "evaluations, or the jobs"
	case mJPR, mCBS:
		w.Steps = n*N*(3+sched.CeilLog2(p.nodes)) + eval
	case mMETL:
		tau := 0.0
		if n > 0 {
			tau = T / n
		}
		w.Steps = 3*n*(2*N+n*K+n*(K+2)*tau) + eval
	}
	return w, nil
}
