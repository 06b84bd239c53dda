package muscle

import (
	"math"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Estimate implements sched.Estimator (the package doc, "Work
// estimate"). Every job is in exactly one round's batch and goes to one
// cluster, where TITAN evolves a population of P schedules (population,
// TITAN section 4.2) for at most G generations (generations, MUSCLE
// section 5), each schedule evaluated on the round's tasks; so over the
// run the evaluations times the tasks they place are at most
// P (G + 1) n. Placing one task visits c = 1 + ceil(m/64) + k words and
// hosts of its host map (m the largest cluster's nodes, k the mean job
// size, at most m). Each round also copies and scans every cluster's
// nodes (C clusters, at most n rounds). MUSCLE itself builds each round's
// composition table, O(p^2 m) for a batch of p jobs (section 4.1), and
// searches it: with Q_i the fluid queue when job i arrives (a batch
// holds the jobs that wait; sched.FluidQueue in submit order, work =
// size x runtime / all nodes), the rounds' p^2 sum to about
// sum_i (1 + Q_i):
//
//	dll, wrand: P (G + 1) n c + n C m
//	muscle:     the same + 2 m sum_i (1 + Q_i)
//
// With replan 1 a round's problem also holds the cluster's jobs planned
// and not started, about the jobs that wait, so n in the first term
// becomes sum_i (1 + Q_i). It assumes no round stops early (stall).
func (p policy) Estimate(s *model.Scenario) (sched.Work, error) {
	ps, err := readParams(s.Policy, p.kind)
	if err != nil {
		return sched.Work{}, err
	}
	n := float64(len(s.Jobs))
	m := 1.0
	for _, c := range s.Platform.Clusters {
		m = math.Max(m, float64(c.Nodes))
	}
	all := math.Max(float64(s.Platform.TotalNodes()), 1)
	k := 0.0
	for i := range s.Jobs {
		k += math.Min(math.Max(float64(s.Jobs[i].Size), 1), m)
	}
	if n > 0 {
		k /= n
	}
	c := 1 + math.Ceil(m/64) + k
	cl := float64(len(s.Platform.Clusters))
	// qs is the fluid queue Q_i at each arrival.
	qs := func() []float64 {
		submit := make([]float64, len(s.Jobs))
		work := make([]float64, len(s.Jobs))
		for i := range s.Jobs {
			j := &s.Jobs[i]
			submit[i], work[i] = j.Submit, float64(j.Size)*j.Runtime/all
		}
		return sched.FluidQueue(submit, work, false)
	}
	planned := n
	if ps.Replan {
		planned = 0
		for _, q := range qs() {
			planned += 1 + q
		}
	}
	w := sched.Work{Steps: float64(ps.Population)*float64(ps.Generations+1)*planned*c + n*cl*m,
		Field: "policy.params.generations", Lower: "generations or population, or the jobs"}
	if p.kind == MUSCLE {
		packing := 0.0
		for _, q := range qs() {
			packing += 2 * m * (1 + q)
		}
		w.Steps += packing
		if packing > w.Steps/2 {
			w.Field, w.Lower = "jobs", "the jobs (or submit them more spread out)"
		}
	}
	return w, nil
}
