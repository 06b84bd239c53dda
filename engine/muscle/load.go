package muscle

import (
	"math"

	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/engine/titan"
)

// OfferedUsed compares a run's utilisation with the load it was offered,
// both as shares of the multicluster's capacity sum_i m_i u_i over the
// arrival window [first arrival, last arrival] of s's jobs (s expanded).
//
// offered is the jobs' work, sum s_i e_i1 (size times execution time on
// a node of service rate 1), over the capacity times the window; used is
// the node-time of the placements inside the window, each node-second
// weighted by its cluster's service rate, over the same. A policy that
// keeps up with the load has used close to offered; one that falls
// behind has used well below it while its queue grows. Both are 0 when
// the window is empty.
func OfferedUsed(s *model.Scenario, placed []sched.Placement) (offered, used float64) {
	speed := map[string]float64{}
	capacity := 0.0
	for _, c := range s.Platform.Clusters {
		speed[c.ID] = speedOf(c)
		capacity += float64(c.Nodes) * speedOf(c)
	}
	first, last, work := math.Inf(1), math.Inf(-1), 0.0
	for _, j := range s.Jobs {
		first, last = math.Min(first, j.Submit), math.Max(last, j.Submit)
		if task, err := titan.TaskFromJob(j); err == nil {
			work += float64(j.Size) * task.Pred.Time(j.Size) // as prepare's bt
		}
	}
	span := last - first
	if !(span > 0) || capacity <= 0 {
		return 0, 0
	}
	busy := 0.0
	for _, p := range placed {
		a, b := math.Max(p.Start, first), math.Min(p.End, last)
		if b > a {
			busy += float64(p.Nodes) * (b - a) * speed[p.Cluster]
		}
	}
	return work / (capacity * span), busy / (capacity * span)
}
