package titan

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

func init() {
	sched.Register(gaPolicy{})
	sched.Register(basePolicy{name: "titan-fcfs", plan: FCFS,
		summary: "TITAN's FC-FS baseline: sorted by priority only, every task on all nodes (TITAN section 5.1)"})
	sched.Register(basePolicy{name: "titan-ds", plan: DS,
		summary: "Deadline sort: tasks by deadline, each on all nodes (TITAN section 3.1, eqs. 3-6)"})
	sched.Register(basePolicy{name: "titan-dsnl", plan: DSNL,
		summary: "Deadline sort with node limitation: each task on the node count with its fastest predicted run (TITAN section 3.2)"})
}

// gaParams are the titan policy's parameters, in the order listed.
var gaParams = []sched.Param{
	{Name: "population", Default: 40, Min: 2, Max: 1000, Doc: "schedules per generation (TITAN section 4.2: 40)"},
	{Name: "generations", Default: 1000, Min: 0, Max: 100000, Doc: "generations before the first tasks start (TITAN Fig. 7 converges within ~1000)"},
	{Name: "round_generations", Default: 100, Min: 0, Max: 100000, Doc: "generations at each later scheduling round (a task starts or arrives, hosts change; TITAN section 4.1)"},
	{Name: "w_makespan", Default: 1, Min: 0, Max: 1000, Doc: "W^m, makespan weight (TITAN eq. 10)"},
	{Name: "w_idle", Default: 0, Min: 0, Max: 1000, Doc: "W^i, idle-time weight (TITAN eqs. 8, 10)"},
	{Name: "w_deadline", Default: 1, Min: 0, Max: 1000, Doc: "W^c, deadline-contract weight (TITAN eqs. 9, 10)"},
	{Name: "crossover", Default: 0.8, Min: 0, Max: 1, Doc: "probability a child is made by crossover (TITAN expr. 12 and the host-map copy)"},
	{Name: "mutation", Default: 0.2, Min: 0, Max: 1, Doc: "probability a child gets a task swap (TITAN expr. 13)"},
	{Name: "map_mutation", Default: 0.5, Min: 0, Max: 1, Doc: "probability a child gets a host bit toggled (TITAN expr. 14)"},
	{Name: "elite", Default: 1, Min: 0, Max: 999, Doc: "best schedules copied unchanged into the next generation (0: none)"},
	{Name: "window", Default: 128, Min: 1, Max: 4096, Doc: "most waiting tasks the GA plans at once, earliest submitted first; the rest wait for a later round (bounds the cost on long traces)"},
	{Name: "frame_every", Default: 50, Min: 1, Max: 100000, Doc: "emit a generation frame every this many generations (and whenever the best improves)"},
}

// MaxGANodes caps the cluster size the titan GA policy accepts: its
// problem tables grow with tasks x nodes.
const MaxGANodes = 4096

type gaPolicy struct{}

func (gaPolicy) Info() sched.Info {
	return sched.Info{Name: "titan", Paper: "002", System: "TITAN",
		Summary: "TITAN local GA scheduler with PACE-style predictions: task order plus host map, fitness of makespan, weighted idle time and deadlines (TITAN section 3.3)",
		Params:  gaParams}
}

// params reads the policy parameters into a Config, checking ranges and
// integers; errors name policy.params.NAME.
func params(s *model.Scenario) (cfg Config, gens, round, every, window int, err error) {
	v := map[string]float64{}
	for _, p := range gaParams {
		integral := slices.Contains([]string{"population", "generations", "round_generations", "elite", "frame_every", "window"}, p.Name)
		x, err := sched.ParamValue(s.Policy, p, integral)
		if err != nil {
			return cfg, 0, 0, 0, 0, err
		}
		v[p.Name] = x
	}
	if err := sched.UnknownParam(s.Policy, gaParams, "unknown parameter of titan"); err != nil {
		return cfg, 0, 0, 0, 0, err
	}
	cfg = Config{
		Population:      int(v["population"]),
		Weights:         Weights{Makespan: v["w_makespan"], Idle: v["w_idle"], Deadline: v["w_deadline"]},
		CrossoverRate:   v["crossover"],
		MutationRate:    v["mutation"],
		MapMutationRate: v["map_mutation"],
		Elite:           int(v["elite"]),
	}
	// Config treats zero as "default": map explicit zeros to their meaning.
	if cfg.Elite == 0 {
		cfg.Elite = -1
	}
	if cfg.Weights == (Weights{}) {
		return cfg, 0, 0, 0, 0, model.Errf("policy.params.w_makespan", "at least one weight must be above 0")
	}
	const tiny = 1e-300 // a zero rate: Config reads 0 as the default
	for _, r := range []*float64{&cfg.CrossoverRate, &cfg.MutationRate, &cfg.MapMutationRate} {
		if *r == 0 {
			*r = tiny
		}
	}
	if cfg.Elite >= cfg.Population {
		return cfg, 0, 0, 0, 0, model.Errf("policy.params.elite", "must be less than the population")
	}
	return cfg, int(v["generations"]), int(v["round_generations"]), int(v["frame_every"]), int(v["window"]), nil
}

// gaCheck is what the GA refuses before simulate reads the scenario:
// its parameters and a cluster too large.
func gaCheck(s *model.Scenario) (cfg Config, gens, round, every, window int, err error) {
	cfg, gens, round, every, window, err = params(s)
	if err != nil {
		return
	}
	if len(s.Platform.Clusters) > 0 && s.Platform.Clusters[0].Nodes > MaxGANodes {
		err = sched.Refuse(sched.NeedSmallerCluster, "platform.clusters[0].nodes", fmt.Sprintf("the titan GA handles clusters of up to %d nodes (TITAN targets small to medium clusters, section 2); use titan-dsnl", MaxGANodes))
	}
	return
}

// Check is what Run refuses before it schedules (sched.Policy): the
// parameters, the cluster's size, and what simulate cannot read.
func (gaPolicy) Check(s *model.Scenario) error {
	if _, _, _, _, _, err := gaCheck(s); err != nil {
		return err
	}
	return checkScenario(s)
}

func (gaPolicy) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	cfg, gens, round, every, window, err := gaCheck(s)
	if err != nil {
		return nil, err
	}
	r := rng.New(s.Seed, "titan", "ga")
	var g *GA
	total := 0
	plan := func(p *Problem) (Schedule, Timing, error) {
		n := round
		if g == nil {
			var err error
			if g, err = New(cfg, *p, nil, r); err != nil {
				return Schedule{}, Timing{}, err
			}
			n = gens
		} else if err := g.Update(*p); err != nil {
			return Schedule{}, Timing{}, err
		}
		if err := g.steps(ctx, n, every, rec); err != nil {
			return Schedule{}, Timing{}, err
		}
		total += n
		best, tm, _ := g.Best()
		return best, tm, nil
	}
	res, err := simulate(ctx, s, plan, window)
	if err != nil {
		return nil, err
	}
	res.Metrics["generations"] = float64(total)
	return res, nil
}

type basePolicy struct {
	name, summary string
	plan          func(p *Problem) (Schedule, error)
}

func (b basePolicy) Info() sched.Info {
	return sched.Info{Name: b.name, Paper: "002", System: "TITAN", Summary: b.summary}
}

// params refuses any parameter: the baselines take none.
func (b basePolicy) params(s *model.Scenario) error {
	return sched.UnknownParam(s.Policy, nil, "unknown parameter of "+b.name)
}

// Check is what Run refuses before it schedules (sched.Policy).
func (b basePolicy) Check(s *model.Scenario) error {
	if err := b.params(s); err != nil {
		return err
	}
	return checkScenario(s)
}

func (b basePolicy) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	if err := b.params(s); err != nil {
		return nil, err
	}
	return simulate(ctx, s, func(p *Problem) (Schedule, Timing, error) {
		sc, err := b.plan(p)
		if err != nil {
			return sc, Timing{}, err
		}
		var tm Timing
		err = Evaluate(p, &sc, &tm)
		return sc, tm, err
	}, 0)
}

// arrival is a job as TITAN's simulation reads it: its task and its
// index in the scenario.
type arrival struct {
	t   Task
	idx int
}

// hostEvent is a host change on the simulated cluster.
type hostEvent struct {
	at    float64
	off   bool
	nodes []int
}

// loaded is a scenario read for simulate.
type loaded struct {
	c        model.Cluster
	m        int
	arrivals []arrival   // by arrival time
	evs      []hostEvent // by time
	dropped  []sched.Drop
	note     string
}

// checkScenario is what simulate refuses in s: the first cluster, the
// jobs as TaskFromJob reads them (JobError), their submit times and the
// host events. It reads without building anything, so that Check is
// cheap on a whole trace; load makes it first.
func checkScenario(s *model.Scenario) error {
	if len(s.Platform.Clusters) == 0 {
		return model.Errf("platform.clusters", "TITAN needs one cluster")
	}
	c := s.Platform.Clusters[0]
	m := c.Nodes
	if m < 1 {
		return model.Errf("platform.clusters[0].nodes", "must be at least 1")
	}
	if speed := c.Speed; speed != 0 && (!(speed > 0) || math.IsInf(speed, 0)) {
		return model.Errf("platform.clusters[0].speed", "must be > 0")
	}
	for i := range s.Jobs {
		j := &s.Jobs[i]
		if err := JobError(j); err != nil {
			if fe, ok := err.(*model.FieldError); ok {
				return fe.Under(fmt.Sprintf("jobs[%d]", i))
			}
			return err
		}
		if math.IsNaN(j.Submit) || math.IsInf(j.Submit, 0) || j.Submit < 0 {
			return model.Errf(fmt.Sprintf("jobs[%d].submit", i), "must be a finite time >= 0")
		}
	}
	for i, e := range s.Events {
		f := fmt.Sprintf("events[%d]", i)
		if e.Cluster != c.ID {
			if s.Platform.ClusterIndex(e.Cluster) < 0 {
				return model.Errf(f+".cluster", fmt.Sprintf("unknown cluster %q", e.Cluster))
			}
			continue
		}
		if e.Kind != "offline" && e.Kind != "online" {
			return model.Errf(f+".kind", `must be "offline" or "online"`)
		}
		if math.IsNaN(e.At) || math.IsInf(e.At, 0) || e.At < 0 {
			return model.Errf(f+".at", "must be a finite time >= 0")
		}
		for k, h := range e.Nodes {
			if h < 0 || h >= m {
				return model.Errf(fmt.Sprintf("%s.nodes[%d]", f, k), fmt.Sprintf("must be a node index in 0..%d", m-1))
			}
		}
	}
	return nil
}

// load reads the first cluster, the jobs and the host events of s for
// simulate once checkScenario has passed them.
func load(s *model.Scenario) (*loaded, error) {
	if err := checkScenario(s); err != nil {
		return nil, err
	}
	c := s.Platform.Clusters[0]
	m := c.Nodes
	ld := &loaded{c: c, m: m}
	if k := len(s.Platform.Clusters); k > 1 {
		ld.note = fmt.Sprintf("TITAN is a local (one-cluster) scheduler: it used clusters[0] (%q, %d nodes) and ignored the other %d clusters; use muscle, dll or wrand for several clusters", c.ID, m, k-1)
	}
	speed := cmp.Or(c.Speed, 1)
	for i, j := range s.Jobs {
		t, _ := TaskFromJob(j) // checkScenario passed it
		if speed != 1 {
			t.Pred = Scaled(t.Pred, 1/speed)
		}
		t.ID = fmt.Sprintf("%d", i) // unique within the run; the job id goes in the placement
		if t.MinHosts > m {
			ld.dropped = append(ld.dropped, sched.Drop{Job: j.ID, Reason: fmt.Sprintf("needs %d nodes, the cluster has %d", t.MinHosts, m)})
			continue
		}
		ld.arrivals = append(ld.arrivals, arrival{t, i})
	}
	sort.SliceStable(ld.arrivals, func(a, b int) bool { return ld.arrivals[a].t.Arrival < ld.arrivals[b].t.Arrival })
	for _, e := range s.Events {
		if e.Cluster == c.ID {
			ld.evs = append(ld.evs, hostEvent{e.At, e.Kind == "offline", e.Nodes})
		}
	}
	sort.SliceStable(ld.evs, func(a, b int) bool { return ld.evs[a].at < ld.evs[b].at })
	return ld, nil
}

// planFunc plans the pending tasks of p; the simulation starts the tasks
// whose planned start is now.
type planFunc func(p *Problem) (Schedule, Timing, error)

// simulate runs TITAN's "execution mode" (section 5) on the first cluster:
// at every scheduling round (a task arrives, hosts go offline or online,
// or the plan's next task is due) the planner re-plans the waiting tasks
// from the hosts' release times, and the tasks planned to start now move
// to the run queue ("the scheduler examines the bottom of the schedule
// and if there are any tasks to run, will move them into the run queue",
// section 4.1). Running tasks run to completion as predicted (section 2.4),
// also on a host that goes offline; an offline host takes no new task.
//
// window > 0 limits a round to the first window waiting tasks in order of
// submission, and the tasks planned to start now are started; window 0
// (the deterministic baselines) plans all waiting tasks and starts every
// task planned to start before the next arrival or host change, since
// the plan cannot change before then.
func simulate(ctx context.Context, s *model.Scenario, plan planFunc, window int) (*sched.Result, error) {
	ld, err := load(s)
	if err != nil {
		return nil, err
	}
	c, m, arrivals, evs := ld.c, ld.m, ld.arrivals, ld.evs
	res := &sched.Result{Metrics: map[string]float64{}, Series: map[string][]sched.XY{}, Dropped: ld.dropped}
	if ld.note != "" {
		res.Notes = append(res.Notes, ld.note)
	}
	release := make([]float64, m)
	offline := make([]bool, m)
	var pending []arrival
	ai, ei := 0, 0
	t := 0.0
	if len(arrivals) > 0 {
		t = arrivals[0].t.Arrival
	}
	var ends []float64
	var placed []int // job index of each placement
	const eps = 1e-9
	for rounds := 0; ai < len(arrivals) || len(pending) > 0; rounds++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for ; ei < len(evs) && evs[ei].at <= t+eps; ei++ {
			for _, h := range evs[ei].nodes {
				offline[h] = evs[ei].off
			}
		}
		for ; ai < len(arrivals) && arrivals[ai].t.Arrival <= t+eps; ai++ {
			pending = append(pending, arrivals[ai])
		}
		online := 0
		for _, o := range offline {
			if !o {
				online++
			}
		}
		p := Problem{Now: t, Release: append([]float64(nil), release...), Offline: append([]bool(nil), offline...)}
		var ready []int // indices into pending
		for k, jb := range pending {
			if window > 0 && len(ready) == window {
				break
			}
			if max(jb.t.MinHosts, 1) <= online {
				ready = append(ready, k)
				p.Tasks = append(p.Tasks, jb.t)
			}
		}
		next := math.Inf(1)
		if ai < len(arrivals) {
			next = arrivals[ai].t.Arrival
		}
		if ei < len(evs) {
			next = math.Min(next, evs[ei].at)
		}
		// The GA re-plans at every planned start, as TITAN keeps evolving
		// its queue; a deterministic baseline's plan cannot change before
		// the next arrival or host change, so it is committed up to then.
		horizon := t
		if window == 0 {
			horizon = next
		}
		if len(ready) > 0 {
			sc, tm, err := plan(&p)
			if err != nil {
				return nil, jobError(err, func(k int) int { return pending[ready[k]].idx })
			}
			started := make([]bool, len(pending))
			planEnd := t
			for j := range p.Tasks {
				planEnd = math.Max(planEnd, tm.End[j])
				if tm.Start[j] > t+eps && !(tm.Start[j] < horizon) {
					next = math.Min(next, tm.Start[j])
					continue
				}
				jb := pending[ready[j]]
				hosts := sc.HostsOf(j)
				for _, h := range hosts {
					release[h] = math.Max(release[h], tm.End[j])
				}
				src := s.Jobs[jb.idx]
				res.Schedule = append(res.Schedule, sched.Placement{Job: src.ID, Cluster: c.ID,
					Start: tm.Start[j], End: tm.End[j], Nodes: len(hosts),
					Alloc: []sched.Alloc{{Cluster: c.ID, Nodes: hosts}}})
				ends = append(ends, tm.End[j])
				placed = append(placed, jb.idx)
				started[ready[j]] = true
			}
			for _, e := range ends {
				planEnd = math.Max(planEnd, e)
			}
			// Fig. 10: the make-span of the schedule queue over time
			res.Series["makespan"] = append(res.Series["makespan"], sched.XY{X: t, Y: planEnd})
			kept := pending[:0]
			for k, jb := range pending {
				if !started[k] {
					kept = append(kept, jb)
				}
			}
			pending = kept
		}
		if math.IsInf(next, 1) {
			for _, jb := range pending {
				res.Dropped = append(res.Dropped, sched.Drop{Job: s.Jobs[jb.idx].ID,
					Reason: fmt.Sprintf("needs %d nodes; only %d stay online", max(jb.t.MinHosts, 1), online)})
			}
			break
		}
		t = next
	}
	summarise(s, res, placed, ends, m)
	return res, nil
}

// summarise adds TITAN's metrics: makespan (max end - min submit), the
// average advance time of eq. 16 over tasks with deadlines, the mean
// lateness of late tasks (over_deadline), the count of late tasks,
// utilisation over the placements' node counts, and the series of tasks
// completed over time (Fig. 9).
func summarise(s *model.Scenario, res *sched.Result, placed []int, ends []float64, m int) {
	first := math.Inf(1)
	last := 0.0
	var adv, late, busy float64
	nd, nl := 0, 0
	for k, pl := range res.Schedule {
		j := &s.Jobs[placed[k]]
		first = math.Min(first, j.Submit)
		last = math.Max(last, pl.End)
		busy += float64(pl.Nodes) * (pl.End - pl.Start)
		if j.Deadline > 0 {
			adv += j.Deadline - pl.End // eq. 16
			nd++
			if pl.End > j.Deadline {
				late += pl.End - j.Deadline
				nl++
			}
		}
	}
	if len(res.Schedule) > 0 {
		res.Metrics["makespan"] = last - first
		if last > first {
			// node-seconds on the nodes each task actually got (its Size
			// is only an upper bound) over the cluster's capacity
			res.Metrics["utilisation"] = busy / (float64(m) * (last - first))
		}
	}
	if nd > 0 {
		res.Metrics["advance"] = adv / float64(nd)
	}
	res.Metrics["over_deadline"] = 0
	if nl > 0 {
		res.Metrics["over_deadline"] = late / float64(nl)
	}
	res.Metrics["late"] = float64(nl)
	sort.Float64s(ends)
	var done []sched.XY
	for k, e := range ends {
		if n := len(done); n > 0 && done[n-1].X == e { // tasks ending together: one point
			done[n-1].Y = float64(k + 1)
			continue
		}
		done = append(done, sched.XY{X: e, Y: float64(k + 1)})
	}
	res.Series["completed"] = done
}

// jobError renames a problem error about tasks[k] to the job it came from,
// jobs[idx(k)], so the caller sees a field of the scenario.
func jobError(err error, idx func(k int) int) error {
	fe, ok := err.(*model.FieldError)
	if !ok {
		return err
	}
	var k int
	if n, _ := fmt.Sscanf(fe.Field, "tasks[%d]", &k); n == 1 {
		_, rest, _ := strings.Cut(fe.Field, "]")
		if rest == ".pred" {
			rest = ""
		}
		return model.Errf(fmt.Sprintf("jobs[%d]%s", idx(k), rest), fe.Msg)
	}
	return err
}

// Fig9Scenario is the workload of TITAN sections 4.2 and 5: 32 tasks, each
// drawn uniformly from the five codes of Fig. 6, all submitted at time 0
// to one cluster "c0" of 16 nodes; deadlines set cyclically between 5 and
// 11 minutes (task j: 5 + j mod 7 minutes); priorities drawn uniformly
// from 1-5, where the paper's 1 is the most important, stored as
// model.Job.Priority = 6 - p because the model orders higher first.
func Fig9Scenario(seed uint64) *model.Scenario {
	r := rng.New(seed, "titan", "fig9")
	s := &model.Scenario{Version: model.Version, Name: "TITAN Fig. 9: 32 tasks on 16 nodes", Seed: seed,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Name: "cluster", Nodes: 16}}},
		Policy:   model.Policy{Name: "titan"}}
	for j := 0; j < 32; j++ {
		code := CodeNames[r.IntN(len(CodeNames))]
		prio := 1 + r.IntN(5)
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("t%d", j), Size: 16, App: &model.App{Code: code},
			Deadline: float64(60 * (5 + j%7)), Priority: 6 - prio})
	}
	return s
}
