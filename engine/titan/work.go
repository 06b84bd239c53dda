package titan

import (
	"math"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Work estimates (sched.Estimator; the package doc, "Work estimate").
// n is the job count, m the first cluster's nodes, k the mean hosts a
// task may use (its size, at most m; m for an application model without
// a size) and e the host events on that cluster. Placing one task in one
// evaluation of a schedule (eqs. 3-6) visits its host map's words and
// hosts: c = 1 + ceil(m/64) + k steps.

// Estimate is the titan GA's work: population P (section 4.2) schedules
// evaluated per generation, generations G before the first tasks start
// and round_generations Gr at each later scheduling round (section 4.1).
// A round comes with each arrival, each start and each host event
// (2n + e rounds) and plans at most window waiting tasks:
//
//	P c (G min(window, n0) + Gr (2n + e) min(window, n))
//
// with n0 the jobs submitted at the first instant. It assumes every
// child is evaluated (unchanged ones are not) and the queue is full.
func (gaPolicy) Estimate(s *model.Scenario) (sched.Work, error) {
	cfg, gens, round, _, window, err := params(s)
	if err != nil {
		return sched.Work{}, err
	}
	f := shape(s, false)
	w := float64(window)
	t0 := math.Inf(1)
	for i := range s.Jobs {
		t0 = math.Min(t0, s.Jobs[i].Submit)
	}
	n0 := 0.0
	for i := range s.Jobs {
		if s.Jobs[i].Submit == t0 {
			n0++
		}
	}
	first := float64(gens) * math.Min(w, n0)
	later := float64(round) * (2*f.n + f.e) * math.Min(w, f.n)
	w2 := sched.Work{Steps: float64(cfg.Population) * f.c * (first + later),
		Field: "policy.params.round_generations", Lower: "round_generations, population or window, or the jobs"}
	if first > later {
		w2.Field, w2.Lower = "policy.params.generations", "generations or population"
	}
	return w2, nil
}

// Estimate is a deterministic baseline's work: a round at each arrival
// and host event plans every waiting task, 1 + Q_i of them with Q_i the
// fluid queue when job i arrives (sched.FluidQueue in submit order, work
// = hosts x run time / m: the baselines pass no task), and evaluates the
// plan. Planning a task sorts the online hosts by release time (fcfs,
// ds: m (1 + ceil(log2 m)) steps) or tries every block of its host count
// (dsnl: m (1 + k) steps):
//
//	(sum_i (1 + Q_i) + e (1 + max Q)) (plan + c)
func (b basePolicy) Estimate(s *model.Scenario) (sched.Work, error) {
	if err := b.params(s); err != nil {
		return sched.Work{}, err
	}
	f := shape(s, true)
	plan := f.m * (1 + sched.CeilLog2(int(f.m)))
	if b.name == "titan-dsnl" {
		plan = f.m * (1 + f.k)
	}
	tasks, qmax := 0.0, 0.0
	for _, q := range f.q {
		tasks += 1 + q
		qmax = math.Max(qmax, q)
	}
	tasks += f.e * (1 + qmax)
	return sched.Work{Steps: tasks * (plan + f.c), Field: "jobs", Lower: "the jobs"}, nil
}

// figures are the sizes an estimate reads from a scenario.
type figures struct {
	n, m, k, c, e float64
	q             []float64 // the fluid queue, when asked for
}

func shape(s *model.Scenario, queue bool) figures {
	f := figures{n: float64(len(s.Jobs)), m: 1}
	id := ""
	if len(s.Platform.Clusters) > 0 {
		f.m = float64(max(s.Platform.Clusters[0].Nodes, 1))
		id = s.Platform.Clusters[0].ID
	}
	for _, e := range s.Events {
		if e.Cluster == id {
			f.e++
		}
	}
	var submit, work []float64
	if queue {
		submit = make([]float64, len(s.Jobs))
		work = make([]float64, len(s.Jobs))
	}
	hosts := 0.0
	for i := range s.Jobs {
		j := &s.Jobs[i]
		k := f.m
		if j.Size > 0 {
			k = math.Min(float64(j.Size), f.m)
		}
		hosts += k
		if !queue {
			continue
		}
		run := j.Runtime
		if j.App != nil {
			if t, err := TaskFromJob(*j); err == nil && t.Pred != nil {
				run = t.Pred.Time(int(k))
			}
		}
		submit[i], work[i] = j.Submit, k*run/f.m
	}
	if f.n > 0 {
		f.k = hosts / f.n
	}
	f.c = 1 + math.Ceil(f.m/64) + f.k
	if queue {
		f.q = sched.FluidQueue(submit, work, false)
	}
	return f
}
