package muscle

import (
	"fmt"
	"maps"
	"math"
	"strconv"

	"gridplay/engine/detmath"
	"gridplay/engine/model"
)

// Table1Jobs are the jobs of MUSCLE Table 1 (all arriving at 0; the
// deadline is arrival + execution time + slack).
func Table1Jobs() []model.Job {
	size := []int{2, 1, 4, 3, 1, 2}
	exec := []float64{2, 4, 4, 6, 2, 4}
	slack := []float64{6, 8, 14, 12, 4, 8}
	jobs := make([]model.Job, 6)
	for i := range jobs {
		jobs[i] = model.Job{ID: "J" + strconv.Itoa(i+1), Size: size[i], Runtime: exec[i], Deadline: exec[i] + slack[i]}
	}
	return jobs
}

// Fig4Clusters is the multicluster of MUSCLE Table 3.
func Fig4Clusters() []model.Cluster {
	return []model.Cluster{
		{ID: "C1", Nodes: 20, Speed: 1.0},
		{ID: "C2", Nodes: 16, Speed: 1.2},
		{ID: "C3", Nodes: 12, Speed: 1.4},
		{ID: "C4", Nodes: 10, Speed: 1.6},
	}
}

// Fig4Scenario is one run of MUSCLE Fig. 4 for the given policy: the
// clusters of Table 3, (W^o, W^m, W^i) = (4, 3, 1), execution times
// bounded Pareto on [5, 100] (eq. 4, alpha 1), sizes U[1, 10], dr U[0, 5]
// (eq. 5), n jobs with Poisson arrivals at rate jobs per second. The
// arrivals are drawn from their own stream, so the same seed at another
// rate gives the same jobs, time-scaled.
//
// Rounds follow Alg. 4 step 1 with threshold 0 and no period: a round
// starts when a job waits and a cluster has no work left (with ps
// barrier 1: when every cluster has none); the jobs that arrived
// meanwhile are the round's queue.
func Fig4Scenario(policy string, rate float64, n int, seed uint64, ps map[string]float64) *model.Scenario {
	params := map[string]float64{"period": 0, "threshold": 0, "barrier": 0, "wo": 4, "wm": 3, "wi": 1}
	maps.Copy(params, ps)
	return &model.Scenario{
		Version: model.Version, Name: fmt.Sprintf("MUSCLE Fig. 4, rate %.4g/s", rate), Seed: seed,
		Platform: model.Platform{Clusters: Fig4Clusters()},
		Generator: &model.Generator{Jobs: n, Rate: rate, ExecMin: fig4ExecMin, ExecMax: fig4ExecMax, Alpha: fig4Alpha,
			DRMin: 0, DRMax: 5, Sizes: "uniform", SizeMin: 1, SizeMax: 10},
		Policy: model.Policy{Name: policy, Params: params},
	}
}

// Parameters of eq. 4 in Fig. 4 (alpha is not given by the paper), and
// the job sizes U[1, 10].
const (
	fig4ExecMin, fig4ExecMax, fig4Alpha = 5.0, 100.0, 1.0
	fig4SizeMin, fig4SizeMax            = 1, 10
)

// paretoMean is the mean of the bounded Pareto distribution of MUSCLE
// eq. 4 on [lo, hi] with shape alpha.
func paretoMean(lo, hi, alpha float64) float64 {
	k := 1 - detmath.Pow(lo/hi, alpha)
	if alpha == 1 {
		return lo * math.Log(hi/lo) / k
	}
	return alpha * detmath.Pow(lo, alpha) / k * (detmath.Pow(lo, 1-alpha) - detmath.Pow(hi, 1-alpha)) / (alpha - 1)
}

// Fig4CapacityRate is the arrival rate at which the offered work equals
// the capacity of Table 3's multicluster: sum m_i u_i node-seconds per
// second over the mean work of a job, mean size times mean execution
// time on C1 (the service rate of C1 is 1). No policy can keep up beyond
// it; fitRate uses it as the pole of its one-point model.
func Fig4CapacityRate() float64 {
	capacity := 0.0
	for _, c := range Fig4Clusters() {
		capacity += float64(c.Nodes) * c.Speed
	}
	meanSize := float64(fig4SizeMin+fig4SizeMax) / 2
	return capacity / (meanSize * paretoMean(fig4ExecMin, fig4ExecMax, fig4Alpha))
}
