package hybrid

import (
	"math"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Estimate implements sched.Estimator. With n jobs on S servers of N
// nodes in all (the largest with M nodes), R = min(n, N / mean size)
// jobs running at once and Q_i the fluid queue when job i arrives
// (sched.FluidQueue shared, work = size x runtime / N), a job's decision
// weighs the predicted start on every server (Min_TTR_Server,
// Min_TTR_Cluster: section III.A), each a scan of that server's share of
// the R + Q_i jobs; the status exchanges (every T_s, skipped while
// nothing happens: at most two per job) rebuild the servers' profiles;
// starting a job scans its server's nodes:
//
//	sum_i (S + 3 (R + Q_i) + 2 M)
func (p policy) Estimate(s *model.Scenario) (sched.Work, error) {
	if _, err := configFrom(s.Policy); err != nil {
		return sched.Work{}, err
	}
	n := len(s.Jobs)
	if n == 0 {
		return sched.Work{Field: "jobs"}, nil
	}
	servers, nodes, big := 0.0, 0.0, 0.0
	for _, c := range s.Platform.Clusters {
		nodes += float64(c.Nodes)
		for _, sv := range c.Servers {
			servers++
			big = math.Max(big, float64(sv.Nodes))
		}
	}
	nodes = math.Max(nodes, 1)
	submit := make([]float64, n)
	work := make([]float64, n)
	sizes := 0.0
	for i := range s.Jobs {
		j := &s.Jobs[i]
		size := math.Min(math.Max(float64(j.Size), 1), nodes)
		sizes += size
		submit[i] = j.Submit
		work[i] = size * j.Runtime / nodes
	}
	r := math.Min(float64(n), nodes/(sizes/float64(n)))
	steps := 0.0
	for _, q := range sched.FluidQueue(submit, work, true) {
		steps += servers + 3*(r+q) + 2*big
	}
	return sched.Work{Steps: steps, Field: "jobs", Lower: "the jobs"}, nil
}
