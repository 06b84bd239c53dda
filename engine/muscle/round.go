package muscle

import (
	"context"
	"fmt"
	"math"
	"sort"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
	"gridplay/engine/titan"
)

// noDeadlineDR is the deadline ratio dr assumed for a job without a
// deadline when its slack enters eq. 3: the loosest of the paper's range
// [MIN_DR, MAX_DR] = [0, 5] (eq. 5).
const noDeadlineDR = 5

// checkScenario is what MUSCLE refuses in the scenario, every
// problem by the scenario field it names. It reads without building
// anything, so that a policy's Check is cheap on a whole trace; prepare
// makes it first.
func checkScenario(s *model.Scenario) error {
	var es model.Errors
	if len(s.Platform.Clusters) == 0 {
		es = append(es, model.Errf("platform.clusters", "MUSCLE needs at least one cluster"))
	}
	for i, c := range s.Platform.Clusters {
		f := fmt.Sprintf("platform.clusters[%d]", i)
		if c.Nodes < 1 {
			es = append(es, model.Errf(f+".nodes", "must be at least 1"))
		}
		if c.Nodes > 100000 {
			es = append(es, model.Errf(f+".nodes", "must be at most 100000"))
		}
		if u := speedOf(c); !(u > 0) || math.IsInf(u, 0) {
			es = append(es, model.Errf(f+".speed", "must be a finite service rate > 0"))
		}
		if c.Weights != nil {
			w := *c.Weights
			for _, x := range []struct {
				n string
				v float64
			}{{"o", w.O}, {"m", w.M}, {"i", w.I}} {
				if !(x.v >= 0) || math.IsInf(x.v, 0) {
					es = append(es, model.Errf(f+".weights."+x.n, "must be a finite weight >= 0"))
				}
			}
			if w.O+w.M+w.I <= 0 {
				es = append(es, model.Errf(f+".weights", "must not all be zero"))
			}
		}
	}
	for i := range s.Jobs {
		mj := &s.Jobs[i]
		f := func() string { return fmt.Sprintf("jobs[%d]", i) } // an error's field, only when there is one
		if err := titan.JobError(mj); err != nil {
			if fe, ok := err.(*model.FieldError); ok {
				es = append(es, fe.Under(f()))
			} else {
				es = append(es, model.Errf(f(), err.Error()))
			}
			continue
		}
		if mj.Size < 1 {
			es = append(es, model.Errf(f()+".size", "must be at least 1: MUSCLE schedules rigid jobs"))
			continue
		}
		if math.IsNaN(mj.Submit) || math.IsInf(mj.Submit, 0) || mj.Submit < 0 {
			es = append(es, model.Errf(f()+".submit", "must be a finite time >= 0"))
			continue
		}
		// A plain run time is above 0 (JobError); an application
		// model's time on size nodes may not be.
		if mj.App == nil {
			continue
		}
		task, _ := titan.TaskFromJob(*mj)
		if bt := task.Pred.Time(mj.Size); !(bt > 0) || math.IsInf(bt, 0) {
			es = append(es, sched.Refuse(sched.NeedRuntime, f()+".runtime", "must give a finite run time > 0 on size nodes"))
		}
	}
	if len(s.Jobs) > 200000 {
		es = append(es, sched.Refuse(sched.NeedFewerJobs, "jobs", "MUSCLE takes at most 200000 jobs"))
	}
	return es.Err()
}

// speedOf is a cluster's service rate u (0 means 1).
func speedOf(c model.Cluster) float64 {
	if c.Speed == 0 {
		return 1
	}
	return c.Speed
}

// prepare builds the clusters and jobs of the scenario, or returns what
// checkScenario refuses in it.
func prepare(s *model.Scenario, ps Params) ([]cluster, []job, error) {
	if err := checkScenario(s); err != nil {
		return nil, nil, err
	}
	cls := make([]cluster, len(s.Platform.Clusters))
	for i, c := range s.Platform.Clusters {
		w := ps.W
		if c.Weights != nil {
			w = *c.Weights
		}
		cls[i] = cluster{id: c.ID, m: max(c.Nodes, 0), u: speedOf(c),
			w:       titan.Weights{Makespan: w.M, Idle: w.I, Deadline: w.O},
			release: make([]float64, max(c.Nodes, 0))}
	}
	jobs := make([]job, len(s.Jobs))
	for i, mj := range s.Jobs {
		task, _ := titan.TaskFromJob(mj) // checkScenario passed it
		// A rigid job: its time on exactly Size reference nodes, scaled
		// by the service rate (MUSCLE section 5: e_ij = e_i1 * u_1/u_j).
		bt := task.Pred.Time(mj.Size)
		task.MinHosts, task.MaxHosts = mj.Size, mj.Size
		j := job{idx: i, id: mj.ID, submit: mj.Submit, size: mj.Size, dl: mj.Deadline, base: task,
			exec: make([]float64, len(cls)), slack: make([]float64, len(cls))}
		maxEt := 0.0
		for ci, c := range cls {
			j.exec[ci] = bt / c.u
			maxEt = math.Max(maxEt, j.exec[ci])
		}
		for ci := range cls {
			// Slack: deadline minus execution time minus arrival
			// (section 4.3).
			d := mj.Deadline
			if d <= 0 {
				d = mj.Submit + maxEt*(1+noDeadlineDR)
			}
			j.slack[ci] = d - j.exec[ci] - mj.Submit
		}
		jobs[i] = j
	}
	return cls, jobs, nil
}

// roundTime is the time of the next scheduling round given the arrival a
// of the first waiting job and the previous round at last (MUSCLE Alg. 4
// steps 1-2): with a period, the first multiple of it at or after a;
// without, a itself. With a threshold >= 0 the round also waits while the
// expected makespan of the work already sent to a cluster (its latest
// node release minus the round time) is above the threshold in every
// cluster ("while the expected makespans ... in all clusters are greater
// than a predefined threshold"), that is until the first cluster is within
// it; with Barrier, until the last one is.
func roundTime(a, last float64, cls []cluster, ps Params) float64 {
	t := a
	if ps.Period > 0 {
		t = math.Ceil(a/ps.Period) * ps.Period
	}
	if ps.Threshold >= 0 && len(cls) > 0 {
		first, all := math.Inf(1), math.Inf(-1)
		for _, c := range cls {
			end := math.Inf(-1) // a cluster's expected end of its work
			for _, r := range c.release {
				end = math.Max(end, r)
			}
			first, all = math.Min(first, end), math.Max(all, end)
		}
		end := first
		if ps.Barrier {
			end = all
		}
		t = math.Max(t, end-ps.Threshold)
	}
	if t <= last { // rounding never repeats a round time
		t = math.Nextafter(last, math.Inf(1))
	}
	return t
}

// dllLoad is one job's term of L_i in MUSCLE eq. 6: e_i s_i / m_i, its
// execution time in the cluster times its size over the cluster's size.
func dllLoad(exec float64, size, m int) float64 {
	return exec * float64(size) / float64(m)
}

// dllPick is DLL (MUSCLE section 5): among the clusters that can hold a
// job of the given size, the one of least workload L_i (eq. 6, load[i]);
// ties go to the larger cluster, then the first in platform order. It
// returns -1 when no cluster can hold the job.
func dllPick(load []float64, cls []cluster, size int) int {
	best := -1
	for ci, c := range cls {
		if c.m < size {
			continue
		}
		if best < 0 || load[ci] < load[best] || (load[ci] == load[best] && c.m > cls[best].m) {
			best = ci
		}
	}
	return best
}

// wrandPick is WRAND (MUSCLE section 5): among the clusters that can hold
// a job of the given size, one drawn with probability proportional to
// m_i * u_i.
func wrandPick(cls []cluster, size int, r *rng.Rand) int {
	total := 0.0
	for _, c := range cls {
		if c.m >= size {
			total += float64(c.m) * c.u
		}
	}
	x := r.Float64() * total
	last := -1
	for ci, c := range cls {
		if c.m < size {
			continue
		}
		last = ci
		x -= float64(c.m) * c.u
		if x < 0 {
			return ci
		}
	}
	return last
}

// seedSchedule turns MUSCLE's placements in one cluster into TITAN's
// coding: tasks ordered by their start in the seed (then by first
// resource), each mapped to the resources Alg. 3 gave it. placed[i] is
// task i of the cluster's problem.
func seedSchedule(placed []Placed, m int, jobs []job, batch []int) titan.Schedule {
	s := titan.NewSchedule(len(placed), m)
	sort.SliceStable(s.Order, func(a, b int) bool {
		pa, pb := placed[s.Order[a]], placed[s.Order[b]]
		if pa.Start != pb.Start {
			return pa.Start < pb.Start
		}
		return pa.First < pb.First
	})
	for ti, p := range placed {
		size := jobs[batch[p.Job]].size
		for h := p.First; h < p.First+size; h++ {
			s.Set(ti, h, true)
		}
	}
	return s
}

// stallTol is the relative CP improvement below which a generation counts
// as no improvement.
const stallTol = 1e-3

// runGA steps the GA until ps.Generations or until the best cost has not
// improved by more than stallTol for ps.Stall generations.
func runGA(ctx context.Context, ga *titan.GA, ps Params, frame func(titan.Generation) error) error {
	ref := math.Inf(1)
	since := 0
	for i := 0; i < ps.Generations; i++ {
		if i%16 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		g := ga.Step()
		if err := frame(g); err != nil {
			return err
		}
		if g.Best < ref-stallTol*math.Abs(ref) || math.IsInf(ref, 1) {
			ref, since = g.Best, 0
			continue
		}
		since++
		if since >= ps.Stall {
			break
		}
	}
	return nil
}

// MCP is MUSCLE eq. 7: the mean of the clusters' CP_i weighted by their
// share p_i/p of the round's jobs. It is 0 for a round with no jobs.
func MCP(cp []float64, p []int) float64 {
	total := 0
	for _, n := range p {
		total += n
	}
	if total == 0 {
		return 0
	}
	s := 0.0
	for i := range cp {
		s += cp[i] * float64(p[i]) / float64(total)
	}
	return s
}

// PB is MUSCLE eq. 8: the standard deviation of CP_i around the MCP over
// all n clusters, with n-1 in the denominator; a cluster that received no
// job in the round has CP_i = 0. It is 0 when n < 2.
func PB(cp []float64, p []int) float64 {
	n := len(cp)
	if n < 2 {
		return 0
	}
	m := MCP(cp, p)
	s := 0.0
	for _, x := range cp {
		s += (x - m) * (x - m)
	}
	return math.Sqrt(s / float64(n-1))
}
