package muscle

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sort"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
	"gridplay/engine/titan"
)

// Kind is the multicluster-level policy of a run.
type Kind int

const (
	// MUSCLE packs each round's jobs (Algs. 1-4) and seeds TITAN.
	MUSCLE Kind = iota
	// DLL sends each job to the least-loaded cluster (eq. 6).
	DLL
	// WRAND sends each job to a cluster drawn with probability
	// proportional to m_i * u_i.
	WRAND
)

var kindNames = [...]string{"muscle", "dll", "wrand"}

func (k Kind) String() string { return kindNames[k] }

// Params are the run's settings, from the scenario's policy parameters
// (paramInfo and baselineParams say what each means; doc.go gives the
// readings).
type Params struct {
	// Generations is the most TITAN generations per cluster and round;
	// Stall stops earlier when the best CP has not improved by more than
	// a relative 1e-3 for that many generations (section 5).
	Generations int
	Stall       int
	Population  int
	// Period, Threshold and Barrier time the rounds (Alg. 4 step 1;
	// roundTime).
	Period    float64
	Threshold float64
	Barrier   bool
	// Seeded (seeded 1) gives DLL's and WRAND's TITAN a list schedule in
	// arrival order; Arrival (dispatch 1) dispatches their jobs on
	// arrival, never set for MUSCLE.
	Seeded  bool
	Arrival bool
	// Replan re-plans each cluster's jobs not yet started at every round
	// (replanCluster).
	Replan bool
	// Untuned runs TITAN with titan.LiteratureRates.
	Untuned bool
	// Weights (W^o, W^m, W^i) for clusters without their own (eq. 1).
	W model.Weights
	// FrameRounds is how many rounds emit frames.
	FrameRounds int
}

// paramInfo is the parameter list shared by the three policies; Info and
// readParams use paramsFor.
var paramInfo = []sched.Param{
	{Name: "generations", Integer: true, Default: 500, Min: 0, Max: 100000, Doc: "most TITAN generations per cluster and round (MUSCLE section 5)"},
	{Name: "stall", Integer: true, Default: 50, Min: 1, Max: 100000, Doc: "stop TITAN after this many generations without CP improvement above 0.1% (MUSCLE section 5)"},
	{Name: "population", Integer: true, Default: 40, Min: 2, Max: 1000, Doc: "TITAN population size (TITAN section 4.2)"},
	{Name: "period", Default: 0, Min: 0, Max: 1e9, Doc: "seconds between scheduling rounds; 0 schedules as soon as jobs wait (MUSCLE Alg. 4 step 2)"},
	{Name: "threshold", Default: 0, Min: -1, Max: 1e9, Doc: "a round waits while the expected makespan of the work already sent is above this many seconds in every cluster (in any cluster with barrier 1); negative never waits (MUSCLE Alg. 4 step 1)"},
	{Name: "barrier", Integer: true, Default: 0, Min: 0, Max: 1, Doc: "1: a round waits until every cluster's expected makespan is at most the threshold (all drained); 0: until one cluster's is, as Alg. 4 step 1 reads: \"while the expected makespans ... in all clusters are greater than a predefined threshold\""},
	{Name: "wo", Default: 4, Min: 0, Max: 1e6, Doc: "W^o, over-deadline weight of CP (MUSCLE eq. 1)"},
	{Name: "wm", Default: 3, Min: 0, Max: 1e6, Doc: "W^m, makespan weight of CP (MUSCLE eq. 1)"},
	{Name: "wi", Default: 1, Min: 0, Max: 1e6, Doc: "W^i, idle-time weight of CP (MUSCLE eq. 1)"},
	{Name: "replan", Integer: true, Default: 0, Min: 0, Max: 1, Doc: "1: at each round TITAN re-plans the cluster's jobs not yet started with the new ones (TITAN section 4.1), but never starts a job later than its first plan; 0: each round's plan is committed"},
	{Name: "untuned", Integer: true, Default: 0, Min: 0, Max: 1, Doc: "1: TITAN's GA rates from the literature (titan.LiteratureRates, De Jong 1975); 0: titan.DefaultConfig's rates, tuned toward TITAN Fig. 9"},
	{Name: "frame_rounds", Integer: true, Default: 3, Min: 0, Max: 100000, Doc: "scheduling rounds that emit packing and generation frames"},
}

// baselineParams are DLL's and WRAND's extra parameters.
var baselineParams = []sched.Param{
	{Name: "seeded", Integer: true, Default: 1, Min: 0, Max: 1,
		Doc: "1: TITAN in each cluster also starts from a list schedule of the jobs in arrival order, each on the nodes free first, as TITAN keeps its pool between arrivals (TITAN section 4.1); 0: from random schedules only (MUSCLE section 5 seeds only MUSCLE's TITAN and is silent on the baselines)"},
	{Name: "dispatch", Integer: true, Default: 1, Min: 0, Max: 1,
		Doc: "1: each job is sent to a cluster when it arrives (MUSCLE section 5: \"When a parallel job is submitted to the multicluster, DLL schedules the job\"); 0: jobs are held into MUSCLE's rounds (Alg. 4 steps 1-2) and sent at the round time"},
}

// paramsFor is the parameter list of policy k.
func paramsFor(k Kind) []sched.Param {
	if k == MUSCLE {
		return paramInfo
	}
	return append(append([]sched.Param(nil), paramInfo...), baselineParams...)
}

func readParams(pol model.Policy, k Kind) (Params, error) {
	info := paramsFor(k)
	v := map[string]float64{}
	for _, p := range info {
		x, err := sched.ParamValue(pol, p, p.Integer)
		if err != nil {
			return Params{}, err
		}
		v[p.Name] = x
	}
	if err := sched.UnknownParam(pol, info, "unknown parameter"); err != nil {
		return Params{}, err
	}
	ps := Params{
		Generations: int(v["generations"]), Stall: int(v["stall"]), Population: int(v["population"]),
		Period: v["period"], Threshold: v["threshold"], Barrier: v["barrier"] == 1,
		Seeded: v["seeded"] == 1, Arrival: k != MUSCLE && v["dispatch"] == 1, Untuned: v["untuned"] == 1, Replan: v["replan"] == 1,
		W:           model.Weights{O: v["wo"], M: v["wm"], I: v["wi"]},
		FrameRounds: int(v["frame_rounds"]),
	}
	if ps.W.O+ps.W.M+ps.W.I <= 0 {
		return ps, model.Errf("policy.params.wo", "the CP weights must not all be zero")
	}
	return ps, nil
}

// job is a scenario job as the simulation needs it.
type job struct {
	idx    int // index in the scenario
	id     string
	submit float64
	size   int
	exec   []float64 // e_ij per cluster
	slack  []float64
	base   titan.Task
}

// cluster is one cluster's state between rounds.
type cluster struct {
	id      string
	m       int
	u       float64
	w       titan.Weights
	release []float64 // per node: when it is free of the work sent so far
	out     []sent    // jobs sent and not finished at the last round
	// With Replan: per node, when it is free of the jobs started; and
	// the jobs planned and not started at the last round.
	commit []float64
	pend   []pjob
}

// sent is a job sent to a cluster, with its planned end.
type sent struct {
	j   int
	end float64
}

// Frame payloads besides Packing.

// RoundFrame opens a scheduling round: its time, the jobs collected and,
// when it ends, each cluster's CP (eq. 1) with MCP (eq. 7) and PB (eq. 8).
// It is the payload of "packing" frames with Op "round" and "done".
type RoundFrame struct {
	Op    string    `json:"op"`
	Round int       `json:"round"`
	Jobs  []string  `json:"jobs,omitempty"`
	CP    []float64 `json:"cp,omitempty"`
	MCP   float64   `json:"mcp,omitempty"`
	PB    float64   `json:"pb,omitempty"`
}

// GenFrame is a TITAN generation inside a MUSCLE run: the "generation"
// payload of engine/titan plus the round and the cluster index.
type GenFrame struct {
	Round int `json:"round"`
	C     int `json:"c"`
	titan.Generation
}

// Simulate runs a multicluster policy over s (already validated and
// expanded): rounds of collected jobs, allocation to clusters by the
// policy, TITAN in every cluster, CP per cluster and round.
func Simulate(ctx context.Context, s *model.Scenario, k Kind, rec sched.Recorder) (*sched.Result, error) {
	// A policy's Check reads the parameters and checks the scenario
	// (checkScenario, prepare's first step) as here.
	ps, err := readParams(s.Policy, k)
	if err != nil {
		return nil, err
	}
	cls, jobs, err := prepare(s, ps)
	if err != nil {
		return nil, err
	}
	res := &sched.Result{Policy: k.String(), Metrics: map[string]float64{}, Series: map[string][]sched.XY{}}
	mMax := 0
	for _, c := range cls {
		mMax = max(mMax, c.m)
	}
	// Jobs no cluster can hold are dropped up front.
	var live []int
	for i, j := range jobs {
		if j.size > mMax {
			res.Dropped = append(res.Dropped, sched.Drop{Job: j.id, Reason: fmt.Sprintf("needs %d nodes, the largest cluster has %d", j.size, mMax)})
			continue
		}
		live = append(live, i)
	}
	sort.SliceStable(live, func(a, b int) bool { return jobs[live[a]].submit < jobs[live[b]].submit })

	tieRand := rng.New(s.Seed, "muscle", "epsilon-ties")
	wrandRand := rng.New(s.Seed, "muscle", "wrand")
	gaRand := rng.New(s.Seed, "muscle", k.String(), "titan")

	cfg := titan.DefaultConfig()
	cfg.Population = ps.Population
	var (
		mcpSum, pbSum float64
		rounds        int
		queued        int
		// Replan: GA plans taken and refused, each job's first planned
		// start
		replans, refused int
		firstStart       []float64
		placements       = make([]*sched.Placement, len(jobs))
	)
	next := 0
	last := math.Inf(-1)
	for next < len(live) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		t := roundTime(jobs[live[next]].submit, last, cls, ps)
		var batch []int
		for next < len(live) && jobs[live[next]].submit <= t {
			batch = append(batch, live[next])
			next++
		}
		last = t
		frames := rounds < ps.FrameRounds && rec != nil
		emit := func(f sched.Frame) error {
			if !frames {
				return nil
			}
			return sched.Emit(rec, f)
		}
		if frames {
			idsOf := make([]string, len(batch))
			for i, b := range batch {
				idsOf[i] = jobs[b].id
			}
			if err := emit(sched.Frame{Kind: "packing", T: t, Data: RoundFrame{Op: "round", Round: rounds, Jobs: idsOf}}); err != nil {
				return nil, err
			}
		}
		// Forget work finished by t; the rest is each cluster's WQ_i.
		for ci := range cls {
			c := &cls[ci]
			c.out = slices.DeleteFunc(c.out, func(x sent) bool { return !(x.end > t) })
			if ps.Replan {
				c.commitStarted(t)
			}
		}
		// Allocation: cluster and, for MUSCLE, a seed placement.
		to := make([][]int, len(cls))       // batch positions per cluster
		seeds := make([][]Placed, len(cls)) // MUSCLE only
		switch k {
		case MUSCLE:
			var frameErr error
			pk := &Packer{Rand: tieRand}
			pk.Jobs = make([]PackJob, len(batch))
			for i, b := range batch {
				pk.Jobs[i] = PackJob{Size: jobs[b].size, Exec: jobs[b].exec, Slack: jobs[b].slack}
			}
			pk.Clusters = make([]PackCluster, len(cls))
			for ci, c := range cls {
				rel := make([]float64, c.m)
				for h, r := range c.release {
					rel[h] = math.Max(r, t)
				}
				var l Load
				for _, x := range c.out {
					l.Add(jobs[x.j].exec[ci], jobs[x.j].size, jobs[x.j].slack[ci])
				}
				pk.Clusters[ci] = PackCluster{M: c.m, Release: rel, Load: l}
			}
			if frames {
				pk.Frame = func(p Packing) {
					if frameErr != nil {
						return
					}
					p.Round = rounds
					frameErr = emit(sched.Frame{Kind: "packing", T: t, Data: p})
				}
			}
			placed, unfit := pk.Run()
			if frameErr != nil {
				return nil, frameErr
			}
			for _, u := range unfit { // not expected: sizes were checked
				res.Dropped = append(res.Dropped, sched.Drop{Job: jobs[batch[u]].id, Reason: "fits no cluster's composition table"})
			}
			for _, p := range placed {
				to[p.Cluster] = append(to[p.Cluster], p.Job)
				seeds[p.Cluster] = append(seeds[p.Cluster], p)
			}
		case DLL:
			load := make([]float64, len(cls))
			for ci, c := range cls {
				for _, x := range c.out {
					load[ci] += dllLoad(jobs[x.j].exec[ci], jobs[x.j].size, c.m)
				}
			}
			for i, b := range batch {
				ci := dllPick(load, cls, jobs[b].size)
				to[ci] = append(to[ci], i)
				load[ci] += dllLoad(jobs[b].exec[ci], jobs[b].size, cls[ci].m)
			}
		case WRAND:
			for i, b := range batch {
				ci := wrandPick(cls, jobs[b].size, wrandRand)
				to[ci] = append(to[ci], i)
			}
		}
		// TITAN in every cluster.
		cps := make([]float64, len(cls))
		share := make([]int, len(cls))
		for ci := range cls {
			c := &cls[ci]
			if len(to[ci]) == 0 {
				continue
			}
			var genFrame func(titan.Generation) error // nil: no frames
			if frames {
				genFrame = func(g titan.Generation) error {
					return emit(sched.Frame{Kind: "generation", T: t, Data: GenFrame{Round: rounds, C: ci, Generation: g}})
				}
			}
			cfgc := cfg // c.pend is empty without Replan
			if ps.Untuned {
				cfgc = titan.LiteratureRates(len(c.pend)+len(to[ci]), c.m)
				cfgc.Population = ps.Population
			}
			cfgc.Weights = c.w
			if ps.Replan {
				cost, taken, err := replanCluster(ctx, c, ci, k, ps, cfgc, t, to[ci], seeds[ci], jobs, batch, gaRand, genFrame, placements)
				if err != nil {
					return nil, err
				}
				if taken {
					replans++
				} else {
					refused++
				}
				if firstStart == nil {
					firstStart = make([]float64, len(jobs))
				}
				for _, pos := range to[ci] {
					firstStart[batch[pos]] = placements[jobs[batch[pos]].idx].Start
				}
				cps[ci], share[ci] = cost, len(to[ci])
				continue
			}
			pr := titan.Problem{Now: t, Release: append([]float64(nil), c.release...)}
			for _, pos := range to[ci] {
				j := &jobs[batch[pos]]
				task := j.base
				task.Pred = titan.Fixed(j.exec[ci])
				pr.Tasks = append(pr.Tasks, task)
			}
			var sd []titan.Schedule
			switch {
			case k == MUSCLE:
				sd = []titan.Schedule{seedSchedule(seeds[ci], c.m, jobs, batch)}
			case ps.Seeded:
				l, err := titan.InOrder(&pr)
				if err != nil {
					return nil, fmt.Errorf("muscle: cluster %s round %d: %w", c.id, rounds, err)
				}
				sd = []titan.Schedule{l}
			}
			ga, err := titan.New(cfgc, pr, sd, rng.Child(gaRand))
			if err != nil {
				return nil, fmt.Errorf("muscle: cluster %s round %d: %w", c.id, rounds, err)
			}
			if err := runGA(ctx, ga, ps, genFrame); err != nil {
				return nil, err
			}
			best, tm, cost := ga.Best()
			cps[ci] = cost // eq. 1 (TITAN eq. 10 with the cluster's weights)
			share[ci] = len(to[ci])
			for ti, pos := range to[ci] {
				c.place(batch[pos], &jobs[batch[pos]], best.HostsOf(ti), tm.Start[ti], tm.End[ti], placements)
			}
		}
		mcp, pb := MCP(cps, share), PB(cps, share)
		res.Series["cp"] = append(res.Series["cp"], sched.XY{X: t, Y: mcp})
		res.Series["pb"] = append(res.Series["pb"], sched.XY{X: t, Y: pb})
		res.Series["queue"] = append(res.Series["queue"], sched.XY{X: t, Y: float64(len(batch))})
		for ci, c := range cls {
			res.Series["cp:"+c.id] = append(res.Series["cp:"+c.id], sched.XY{X: t, Y: cps[ci]})
		}
		if err := emit(sched.Frame{Kind: "packing", T: t, Data: RoundFrame{Op: "done", Round: rounds, CP: cps, MCP: mcp, PB: pb}}); err != nil {
			return nil, err
		}
		mcpSum += mcp
		pbSum += pb
		queued += len(batch)
		rounds++
	}
	for _, p := range placements {
		if p != nil {
			res.Schedule = append(res.Schedule, *p)
		}
	}
	if rounds > 0 {
		res.Metrics["mcp"] = mcpSum / float64(rounds)
		res.Metrics["pb"] = pbSum / float64(rounds)
		res.Metrics["mean_queue"] = float64(queued) / float64(rounds)
	}
	res.Metrics["rounds"] = float64(rounds)
	if ps.Replan {
		// The bound of replanCluster, measured: the latest a job started
		// after its first planned start (0 when none did).
		post := 0.0
		for _, i := range live {
			if p := placements[jobs[i].idx]; p != nil {
				post = math.Max(post, p.Start-firstStart[i])
			}
		}
		res.Metrics["replans_taken"] = float64(replans)
		res.Metrics["replans_refused"] = float64(refused)
		res.Metrics["max_postponement"] = post
	}
	return res, nil
}

// place records job j (jobs[ji]) as planned in c on hosts from start to
// end: the hosts' release times, its placement and its entry in c.out.
func (c *cluster) place(ji int, j *job, hosts []int, start, end float64, placements []*sched.Placement) {
	for _, h := range hosts {
		c.release[h] = math.Max(c.release[h], end)
	}
	placements[j.idx] = &sched.Placement{Job: j.id, Cluster: c.id, Start: start, End: end, Nodes: len(hosts),
		Alloc: []sched.Alloc{{Cluster: c.id, Nodes: hosts}}}
	c.out = append(c.out, sent{j: ji, end: end})
}

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
func speedOf(c model.Cluster) float64 { return cmp.Or(c.Speed, 1) }

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
		j := job{idx: i, id: mj.ID, submit: mj.Submit, size: mj.Size, base: task,
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
//
// With ps.Arrival (DLL and WRAND dispatched on arrival) the round is at a
// itself, whatever the period, threshold and barrier.
func roundTime(a, last float64, cls []cluster, ps Params) float64 {
	t := a
	if ps.Arrival {
		if t <= last {
			t = math.Nextafter(last, math.Inf(1))
		}
		return t
	}
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
// improved by more than stallTol for ps.Stall generations. Without frames
// (frame nil) nothing sees the generations but the best schedule, so it
// also stops as soon as no schedule can beat the best (titan's Settled):
// the generations left would end with the same best.
func runGA(ctx context.Context, ga *titan.GA, ps Params, frame func(titan.Generation) error) error {
	ref := math.Inf(1)
	since := 0
	for i := 0; i < ps.Generations; i++ {
		if i%16 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if frame == nil && ga.Settled() {
			break
		}
		g := ga.Step()
		if frame != nil {
			if err := frame(g); err != nil {
				return err
			}
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
