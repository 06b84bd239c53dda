package backfill

import (
	"math"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Estimate implements sched.Estimator for fcfs, easy and conservative:
// CoreWork on the scenario's first cluster (the package doc, "Work
// estimate").
func (p *policy) Estimate(s *model.Scenario) (sched.Work, error) {
	nodes := 0
	if len(s.Platform.Clusters) > 0 {
		nodes = s.Platform.Clusters[0].Nodes
	}
	return sched.Work{Steps: CoreWork(p.mode, s.Jobs, nodes, 1), Field: "jobs",
		Lower: "the jobs (or cut the trace)"}, nil
}

// CoreWork estimates the steps of a run of the backfilling core in mode
// on jobs over a machine of nodes processors, where one selector call
// visits sel entries per entry of an availability profile (1 for one
// cluster; the multisite selectors pass their own factor). A step is one
// queue entry or profile entry visited. With n jobs, Q_i the fluid queue
// when job i arrives (sched.FluidQueue, shared: work = size x run time /
// nodes, the run time cut at the estimate) and R = min(n, nodes / mean
// size) the jobs running at once on a full machine (a profile has about
// R + Q_i entries), job i costs
//
//	fcfs:          3 (1 + R)                        a pass at its arrival and
//	                                                its end, one head lookup each
//	easy:          2 (1 + Q_i + sel R)              two passes over the queue,
//	                                                the head's shadow time
//	conservative:  2 (1 + Q_i) + 2 sel (R + Q_i)    two passes, its reservation
//	               + e_i 2 sel Q_i (R + Q_i)        compression when it ends early
//
// where e_i is 1 when job i runs shorter than its estimate (conservative
// then moves every waiting job: Mu'alem & Feitelson's compression), else
// 0. A burst of n jobs under conservative is therefore about 2n^3/3
// steps.
func CoreWork(mode Mode, jobs []model.Job, nodes int, sel float64) float64 {
	n := len(jobs)
	if n == 0 {
		return 0
	}
	m := float64(max(nodes, 1))
	submit := make([]float64, n)
	work := make([]float64, n)
	sizes := 0.0
	for i := range jobs {
		j := &jobs[i]
		size := math.Min(math.Max(float64(j.Size), 1), m)
		submit[i] = j.Submit
		work[i] = size * math.Min(j.Runtime, j.Estimate()) / m
		sizes += size
	}
	r := math.Min(float64(n), m/(sizes/float64(n)))
	if mode == FCFS {
		return float64(n) * 3 * (1 + r)
	}
	q := sched.FluidQueue(submit, work, true)
	steps := 0.0
	for i, qi := range q {
		switch mode {
		case EASY:
			steps += 2 * (1 + qi + sel*r)
		default:
			steps += 2*(1+qi) + 2*sel*(r+qi)
			if j := &jobs[i]; j.Runtime < j.Estimate() {
				steps += 2 * sel * qi * (r + qi)
			}
		}
	}
	return steps
}
