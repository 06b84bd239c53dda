package script

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"go.starlark.net/starlark"

	"gridplay/engine/backfill"
	"gridplay/engine/kernel"
	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// MaxWhy caps a why given to ctx.start, in bytes.
const MaxWhy = 300

// Decision is the payload of a "script" frame: schedule(ctx) started a
// job, with the script's why. The page narrates it ("schedule decided").
type Decision struct {
	Fn      string  `json:"fn"` // "schedule"
	Job     string  `json:"job"`
	Cluster string  `json:"cluster"`
	Nodes   int     `json:"nodes"`
	Start   float64 `json:"start"`
	Why     string  `json:"why,omitempty"`
}

// Job states in a schedule run.
const (
	notYet = iota
	waiting
	started
	dropped
)

// site is one cluster of a schedule run.
type site struct {
	id    string
	nodes int
	set   backfill.NodeSet // its free nodes, as the backfilling core hands them out
}

// schedRun is one run of a schedule(ctx) script: its own event loop
// (package doc, "schedule(ctx)").
type schedRun struct {
	m     *machine
	fn    starlark.Value
	s     *model.Scenario
	d     *backfill.Dur
	clock clock
	jobs  []*jobValue
	state []uint8
	runs  []*runValue // per job, made when it starts
	place []int       // index of each started job's placement

	queue    []int // waiting jobs, submit order then scenario order
	queueT   starlark.Tuple
	running  []int // running jobs, by estimated end, then start order
	runningT starlark.Tuple
	sites    []site
	clusterT starlark.Tuple
	fitsB    *starlark.Builtin
	startB   *starlark.Builtin
	args     starlark.Tuple

	fq         kernel.Queue // finishes
	res        *sched.Result
	backfilled int
	rec        sched.Recorder
}

func runSchedule(m *machine, p *program, s *model.Scenario, d *backfill.Dur, rec sched.Recorder) (*sched.Result, error) {
	n := len(s.Jobs)
	r := &schedRun{m: m, fn: p.fn, s: s, d: d, rec: rec,
		jobs: make([]*jobValue, n), state: make([]uint8, n), runs: make([]*runValue, n), place: make([]int, n),
		res: &sched.Result{Schedule: make([]sched.Placement, 0, n), Metrics: map[string]float64{}}}
	for i := range s.Jobs {
		j := &s.Jobs[i]
		r.jobs[i] = newJob(&r.clock, i, j.ID, j.User, j.Submit, d.Size[i], d.Est[i])
	}
	cl := s.Platform.Clusters
	r.sites = make([]site, len(cl))
	r.clusterT = make(starlark.Tuple, len(cl))
	for k, c := range cl {
		r.sites[k] = site{id: c.ID, nodes: c.Nodes, set: backfill.NewNodeSet(c.Nodes)}
		r.clusterT[k] = &clusterValue{k: k, id: starlark.String(c.ID), nodes: starlark.MakeInt(c.Nodes), set: &r.sites[k].set}
	}
	r.fitsB = starlark.NewBuiltin("fits", r.fits)
	r.startB = starlark.NewBuiltin("start", r.start)
	r.args = starlark.Tuple{&ctxValue{r}}
	if err := r.loop(); err != nil {
		return nil, err
	}
	res := r.res
	res.Metrics["backfilled"] = float64(r.backfilled)
	return res, nil
}

// order is the job indices by submit time, then scenario order.
func order(s *model.Scenario) []int {
	o := make([]int, len(s.Jobs))
	for i := range o {
		o[i] = i
	}
	sort.SliceStable(o, func(a, b int) bool { return s.Jobs[o[a]].Submit < s.Jobs[o[b]].Submit })
	return o
}

// loop handles the events in time order: at each distinct time, every
// end, then every arrival, then one call of schedule(ctx). A job that
// starts and ends at that same time (run time 0) ends after the call,
// and schedule(ctx) is called again at that time, as the built-in
// policies run another pass then.
func (r *schedRun) loop() error {
	o := order(r.s)
	arr := 0
	big := 0
	for _, s := range r.sites {
		big = max(big, s.nodes)
	}
	for {
		t := math.Inf(1)
		if e, ok := r.fq.Peek(); ok {
			t = e.T
		}
		if arr < len(o) {
			t = math.Min(t, r.s.Jobs[o[arr]].Submit)
		}
		if math.IsInf(t, 1) {
			break
		}
		r.clock.now = t
		for e, ok := r.fq.Peek(); ok && e.T == t; e, ok = r.fq.Peek() {
			r.fq.Pop()
			r.end(e.Ref)
		}
		for ; arr < len(o) && r.s.Jobs[o[arr]].Submit == t; arr++ {
			r.arrive(o[arr], big)
		}
		r.m.begin(t, "schedule")
		if _, err := r.m.call(r.fn, r.args); err != nil {
			return err
		}
	}
	for _, j := range r.queue {
		r.res.Dropped = append(r.res.Dropped, sched.Drop{Job: r.s.Jobs[j].ID, Reason: "still waiting when every other job had ended: schedule(ctx) never started it"})
	}
	return nil
}

func (r *schedRun) arrive(j, big int) {
	size := r.d.Size[j]
	if size > big {
		r.state[j] = dropped
		reason := fmt.Sprintf("needs %d nodes; cluster %s has %d", size, r.sites[0].id, r.sites[0].nodes)
		if len(r.sites) > 1 {
			reason = fmt.Sprintf("needs %d nodes; the largest cluster has %d", size, big)
		}
		r.res.Dropped = append(r.res.Dropped, sched.Drop{Job: r.s.Jobs[j].ID, Reason: reason})
		return
	}
	r.state[j] = waiting
	r.queue = append(r.queue, j)
	r.queueT = nil
}

func (r *schedRun) end(j int) {
	rv := r.runs[j]
	s := &r.sites[rv.clusterSite]
	pl := &r.res.Schedule[r.place[j]]
	s.set.Put(pl.Alloc[0].Nodes)
	for k, x := range r.running {
		if x == j {
			r.running = append(r.running[:k], r.running[k+1:]...)
			break
		}
	}
	r.runningT = nil
}

func (r *schedRun) queueTuple() starlark.Tuple {
	if r.queueT == nil {
		r.queueT = make(starlark.Tuple, len(r.queue))
		for k, j := range r.queue {
			r.queueT[k] = r.jobs[j]
		}
	}
	return r.queueT
}

func (r *schedRun) runningTuple() starlark.Tuple {
	if r.runningT == nil {
		r.runningT = make(starlark.Tuple, len(r.running))
		for k, j := range r.running {
			r.runningT[k] = r.runs[j]
		}
	}
	return r.runningT
}

// job reads a job argument: one of this run's jobs.
func (r *schedRun) job(fn string, v starlark.Value) (*jobValue, error) {
	j, ok := v.(*jobValue)
	if !ok || j.c != &r.clock {
		return nil, &badCall{fmt.Sprintf("ctx.%s: job must be a job of ctx.queue, got %s", fn, v.Type())}
	}
	return j, nil
}

// site reads a cluster argument: None (-1), a cluster of ctx.clusters or
// its id.
func (r *schedRun) site(fn string, v starlark.Value) (int, error) {
	switch c := v.(type) {
	case starlark.NoneType:
		return -1, nil
	case *clusterValue:
		if c.k < len(r.clusterT) && r.clusterT[c.k] == c {
			return c.k, nil
		}
	case starlark.String:
		for k := range r.sites {
			if r.sites[k].id == string(c) {
				return k, nil
			}
		}
		return 0, &badCall{fmt.Sprintf("ctx.%s: no cluster %q on this platform", fn, string(c))}
	}
	return 0, &badCall{fmt.Sprintf("ctx.%s: cluster must be None, a cluster of ctx.clusters or its id, got %s", fn, v.Type())}
}

// fitsOn is the cluster job j starts on when k is -1: the first, in
// platform order, with enough free nodes (-1 when none has).
func (r *schedRun) fitsOn(j *jobValue, k int) int {
	size := r.d.Size[j.i]
	if k >= 0 {
		if size <= r.sites[k].set.Free() {
			return k
		}
		return -1
	}
	for k := range r.sites {
		if size <= r.sites[k].set.Free() {
			return k
		}
	}
	return -1
}

// fits is ctx.fits(job, cluster=None).
func (r *schedRun) fits(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var jv starlark.Value
	var cv starlark.Value = starlark.None
	if err := starlark.UnpackArgs("fits", args, kwargs, "job", &jv, "cluster?", &cv); err != nil {
		return nil, err
	}
	j, err := r.job("fits", jv)
	if err != nil {
		return nil, err
	}
	k, err := r.site("fits", cv)
	if err != nil {
		return nil, err
	}
	return starlark.Bool(r.fitsOn(j, k) >= 0), nil
}

// start is ctx.start(job, cluster=None, why=None).
func (r *schedRun) start(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var jv starlark.Value
	var cv starlark.Value = starlark.None
	var wv starlark.Value = starlark.None
	if err := starlark.UnpackArgs("start", args, kwargs, "job", &jv, "cluster?", &cv, "why?", &wv); err != nil {
		return nil, err
	}
	j, err := r.job("start", jv)
	if err != nil {
		return nil, err
	}
	k, err := r.site("start", cv)
	if err != nil {
		return nil, err
	}
	why := ""
	switch w := wv.(type) {
	case starlark.NoneType:
	case starlark.String:
		why = string(w)
		if len(why) > MaxWhy {
			return nil, &badCall{fmt.Sprintf("ctx.start: why is %d bytes; the limit is %d", len(why), MaxWhy)}
		}
	default:
		return nil, &badCall{fmt.Sprintf("ctx.start: why must be a string or None, got %s", wv.Type())}
	}
	if st := r.state[j.i]; st != waiting {
		return nil, &badCall{fmt.Sprintf("ctx.start: job %q is not waiting: it started at t=%s s", string(j.id), fmtTime(r.res.Schedule[r.place[j.i]].Start))}
	}
	on := r.fitsOn(j, k)
	if on < 0 {
		return nil, &badCall{r.noFit(j, k)}
	}
	if err := r.run(j, on, why); err != nil {
		return nil, &stopError{err}
	}
	return starlark.None, nil
}

// noFit is the message for a start of job j that does not fit.
func (r *schedRun) noFit(j *jobValue, k int) string {
	size := r.d.Size[j.i]
	now := fmtTime(r.clock.now)
	if k >= 0 {
		return fmt.Sprintf("ctx.start: job %q does not fit at t=%s s: it asks for %d nodes and cluster %s has %d free", string(j.id), now, size, r.sites[k].id, r.sites[k].set.Free())
	}
	free := make([]string, len(r.sites))
	for k := range r.sites {
		free[k] = fmt.Sprintf("%s %d", r.sites[k].id, r.sites[k].set.Free())
	}
	return fmt.Sprintf("ctx.start: job %q does not fit at t=%s s: it asks for %d nodes; free nodes: %s", string(j.id), now, size, strings.Join(free, ", "))
}

// run starts job j now on site k. A job that holds no time (its
// estimate rounds away, backfill's "zero-length jobs") takes its nodes
// and gives them back at once, as in the built-in policies.
func (r *schedRun) run(j *jobValue, k int, why string) error {
	i := j.i
	now := r.clock.now
	for p, x := range r.queue {
		if x == i {
			if p > 0 {
				r.backfilled++
			}
			r.queue = append(r.queue[:p], r.queue[p+1:]...)
			break
		}
	}
	r.queueT = nil
	r.state[i] = started
	s := &r.sites[k]
	size := r.d.Size[i]
	est, run := r.d.Est[i], r.d.Run[i]
	zero := !(now+est > now)
	nodes := make([]int, size) // the caller checked that they are free
	s.set.Take(nodes)
	r.place[i] = len(r.res.Schedule)
	pl := sched.Placement{Job: r.s.Jobs[i].ID, Cluster: s.id, Start: now, End: now + run, Nodes: size,
		Alloc: []sched.Alloc{{Cluster: s.id, Nodes: nodes}}, Why: why}
	if zero {
		pl.End = now
		s.set.Put(nodes)
	} else {
		r.runs[i] = &runValue{job: j, cluster: starlark.String(s.id), start: starlark.Float(now), end: starlark.Float(now + est), clusterSite: k}
		// ctx.running is in order of estimated end, then start order.
		end := now + est
		p := sort.Search(len(r.running), func(p int) bool { return float64(r.runs[r.running[p]].end) > end })
		r.running = slices.Insert(r.running, p, i)
		r.runningT = nil
		r.fq.Push(kernel.Event{T: now + run, Kind: kernel.Finish, Ref: i})
	}
	r.res.Schedule = append(r.res.Schedule, pl)
	if r.rec == nil {
		return nil
	}
	return sched.Emit(r.rec, sched.Frame{Kind: "script", T: now, Data: Decision{Fn: "schedule", Job: pl.Job, Cluster: s.id, Nodes: size, Start: now, Why: why}})
}
