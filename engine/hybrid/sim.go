package hybrid

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"gridplay/engine/kernel"
	"gridplay/engine/minmax"
	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// Approach is one of the three job execution approaches of section III.B.
type Approach int

const (
	// Local executes jobs only in their home cluster (III.B.a).
	Local Approach = iota
	// HRS sends a job to the grid scheduler when the home cluster has no
	// server with enough available nodes (III.B.b).
	HRS
	// PHRS migrates a job when the performance benefit of eq. 1 exceeds
	// the migration threshold (III.B.c).
	PHRS
)

var approachNames = [...]string{"hybrid-local", "hybrid-hrs", "hybrid-phrs"}

func (a Approach) String() string { return approachNames[a] }

// Config holds the policy parameters (policy.go says what each means;
// doc.go, "Readings", gives the readings behind the flags).
type Config struct {
	// Ts is the status exchange period T_s in seconds (section III: 20).
	Ts float64
	// Threshold is the P-HRS migration threshold on PB (eq. 1).
	Threshold float64
	// RefMIPS is the power of the reference node a job's Runtime is given
	// for.
	RefMIPS float64
	// Always (always=1): P-HRS weighs eq. 1 for every job that fits at
	// home, not only for those late there (Step 2 of section III.A).
	Always bool
	// Rescue (rescue=1): HRS and P-HRS hand a job late at home to the
	// grid scheduler whatever its PB (a reading of III.B.b).
	Rescue bool
	// Live (live=1): decisions on the live status instead of the last
	// exchanged one (the T_s -> 0 reference point).
	Live bool
	// Overlap (overlap=1): the migration overhead overlaps the wait at
	// the remote cluster in eq. 1-2.
	Overlap bool
}

// Drop reasons, stable strings the UI can show.
const (
	ReasonNoServer     = "no server in the home cluster has enough nodes"
	ReasonNoGridServer = "no server in the grid has enough nodes"
	ReasonDeadline     = "estimated TTR exceeds the deadline on every server with available nodes"
	ReasonBenefit      = "home TTR exceeds the deadline and no cluster gives a performance benefit (eq. 1) above the migration threshold"
	ReasonExpired      = "deadline expired in the job waiting queue"
)

// job states
const (
	stPending = iota
	stTransfer
	stQueued
	stRunning
	stDone
	stDropped
)

type job struct {
	id       string
	submit   float64
	size     int
	runtime  float64 // on Size reference nodes
	deadline float64 // absolute; +Inf when none
	data     float64
	origin   int
	dest     int // cluster the job runs in (after a migration)
	srv      *server
	exec     float64 // run time on srv
	state    int
	start    float64
	end      float64
	nodes    []int
	migrated bool
	gsrv     *server // server the grid planned a migrated job on, until it arrives
	arrive   float64 // arrival of a migrated job at its new cluster
}

// Sim is one run of an approach on a scenario.
type sim struct {
	ap   Approach
	cfg  Config
	g    *grid
	jobs []job
	q    kernel.Queue
	ties *rng.Rand
	rec  sched.Recorder
	res  *sched.Result
	t0   float64 // first exchange instant
	seq  float64 // index k of the exchange instant t0 + k*T_s
	// scratch
	tmp     profile
	cand    []int
	ccand   []int
	migrate int
	slab    []int // nodeSlice's block
}

// Run simulates approach ap on s with configuration cfg.
func Run(ctx context.Context, s *model.Scenario, ap Approach, cfg Config, rec sched.Recorder) (*sched.Result, error) {
	sm, err := prepare(s, ap, cfg)
	if err != nil {
		return nil, err
	}
	sm.rec = rec
	if err := sm.loop(ctx); err != nil {
		return nil, err
	}
	sm.finish()
	return sm.res, nil
}

// checkScenario is what the model refuses in s under approach ap and
// cfg, with the grid it reads from the platform: Run and the policies'
// Check both start here.
func checkScenario(s *model.Scenario, ap Approach, cfg Config) (*grid, error) {
	if ap < Local || ap > PHRS {
		return nil, model.Errf("policy.name", "unknown hybrid approach")
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	g, err := newGrid(&s.Platform)
	if err != nil {
		return nil, err
	}
	return g, checkJobs(s)
}

// prepare reads s into a simulation of approach ap, or returns what the
// model refuses in it (checkScenario).
func prepare(s *model.Scenario, ap Approach, cfg Config) (*sim, error) {
	g, err := checkScenario(s, ap, cfg)
	if err != nil {
		return nil, err
	}
	sm := &sim{ap: ap, cfg: cfg, g: g, ties: rng.New(s.Seed, "hybrid", "ties")}
	sm.res = &sched.Result{Policy: ap.String(), Schedule: []sched.Placement{}, Metrics: map[string]float64{}}
	sm.load(s)
	return sm, nil
}

func (c Config) check() error {
	switch {
	case !(c.Ts > 0) || c.Ts > model.MaxTime:
		return model.Errf("policy.params.ts", "must be positive")
	case math.IsNaN(c.Threshold) || math.IsInf(c.Threshold, 0):
		return model.Errf("policy.params.threshold", "must be a number")
	case !(c.RefMIPS > 0) || math.IsInf(c.RefMIPS, 0):
		return model.Errf("policy.params.ref_mips", "must be positive")
	}
	return nil
}

// checkJobs is what load refuses in the jobs of s. It reads without
// building anything, so that a policy's Check is cheap on a whole trace.
func checkJobs(s *model.Scenario) error {
	for i := range s.Jobs {
		mj := &s.Jobs[i]
		f := func() string { return fmt.Sprintf("jobs[%d]", i) } // an error's field, only when there is one
		switch {
		case math.IsNaN(mj.Submit) || math.Abs(mj.Submit) > model.MaxTime:
			return model.Errf(f()+".submit", "must be a time in seconds")
		case mj.Size < 1:
			return model.Errf(f()+".size", "must be at least 1")
		case !(mj.Runtime > 0) || mj.Runtime > model.MaxTime:
			return sched.Refuse(sched.NeedRuntime, f()+".runtime", "hybrid needs a positive runtime on reference nodes")
		case math.IsNaN(mj.Deadline) || math.Abs(mj.Deadline) > model.MaxTime:
			return model.Errf(f()+".deadline", "must be a time in seconds")
		case !(mj.Data >= 0) || mj.Data > model.MaxTime:
			return model.Errf(f()+".data", "must not be negative")
		case mj.Origin != "" && s.Platform.ClusterIndex(mj.Origin) < 0:
			return model.Errf(f()+".origin", fmt.Sprintf("unknown cluster %q", mj.Origin))
		}
	}
	return nil
}

// load queues the jobs' submissions, once checkJobs has passed them.
func (sm *sim) load(s *model.Scenario) {
	sm.jobs = make([]job, len(s.Jobs))
	sm.q.Grow(len(s.Jobs) + 1) // every arrival and the first exchange
	t0 := 0.0
	for i := range s.Jobs {
		mj := &s.Jobs[i]
		j := &sm.jobs[i]
		j.id, j.submit, j.size, j.runtime, j.data = mj.ID, mj.Submit, mj.Size, mj.Runtime, mj.Data
		j.deadline = cmp.Or(mj.Deadline, math.Inf(1))
		j.origin = 0
		if mj.Origin != "" {
			j.origin = s.Platform.ClusterIndex(mj.Origin)
		}
		t0 = min(t0, j.submit)
		sm.q.Push(kernel.Event{T: j.submit, Kind: kernel.Arrive, Ref: i})
	}
	// Exchanges at t0, t0+T_s, ...: the first gives the initial status.
	sm.t0 = t0
	sm.q.Push(kernel.Event{T: t0, Kind: kernel.Exchange})
}

func (sm *sim) loop(ctx context.Context) error {
	for n := 0; ; n++ {
		if n&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		e, ok := sm.q.Pop()
		if !ok {
			return nil
		}
		if err := sm.handle(e); err != nil {
			return err
		}
	}
}

func (sm *sim) handle(e kernel.Event) error {
	t := e.T
	switch e.Kind {
	case kernel.Exchange:
		return sm.exchange(t)
	case kernel.Finish:
		j := &sm.jobs[e.Ref]
		sv := j.srv
		for _, n := range j.nodes {
			sv.busy[n-sv.base] = false
		}
		sv.freeN += j.size
		sv.release(j.size, j.end)
		sv.dirty = true
		j.state = stDone
		return sm.tryStart(sv, t)
	case kernel.Schedule:
		// The latest start of a queued job: if it has not started, its
		// deadline can no longer be met and it is discarded.
		j := &sm.jobs[e.Ref]
		if j.state != stQueued {
			return nil
		}
		sv := j.srv
		if i := slices.Index(sv.queue, e.Ref); i >= 0 {
			sv.queue = slices.Delete(sv.queue, i, i+1)
		}
		sv.dirty = true
		sm.drop(e.Ref, ReasonExpired, t)
		return sm.tryStart(sv, t)
	case kernel.Arrive:
		j := &sm.jobs[e.Ref]
		if j.state == stTransfer {
			return sm.remoteArrive(e.Ref, t)
		}
		return sm.decide(e.Ref, t)
	}
	return nil
}

// exchange is a status exchange instant (section III, Step 1): every
// server sends its status to its cluster, and every cluster to the grid.
func (sm *sim) exchange(t float64) error {
	changed := slices.ContainsFunc(sm.g.servers, func(sv *server) bool { return sv.dirty })
	if changed && sm.rec != nil {
		if err := sm.emitStatus(t); err != nil {
			return err
		}
	}
	for _, sv := range sm.g.servers {
		if sv.dirty || sv.gbook {
			if sv.dirty {
				sv.live(t, sm.jobs, &sv.snap)
			}
			sv.gsnap.copyFrom(&sv.snap)
			sm.bookTransit(sv, &sv.gsnap, t)
			sv.dirty, sv.gbook = false, len(sv.transit) > 0
		}
	}
	// The next instant is t0 + k*T_s. Instants before the next event would
	// exchange an unchanged status, so they are skipped: the schedulers see
	// the same status either way.
	e, ok := sm.q.Peek()
	if !ok {
		return nil
	}
	k := sm.seq + 1
	if skip := math.Ceil((e.T - sm.t0) / sm.cfg.Ts); skip > k {
		k = skip
	}
	sm.seq = k
	sm.q.Push(kernel.Event{T: sm.t0 + k*sm.cfg.Ts, Kind: kernel.Exchange})
	return nil
}

// view returns the status the cluster scheduler of sv decides on at time
// t: the last exchanged one with the jobs it placed since, or the live one
// with Config.Live.
func (sm *sim) view(sv *server, t float64) *profile {
	if sm.cfg.Live && sv.dirty {
		sv.live(t, sm.jobs, &sv.snap)
		sv.dirty = false
	}
	return &sv.snap
}

// gview returns the status the grid scheduler decides on at time t: the
// last exchanged one with the jobs it migrated since, or the live one with
// Config.Live.
func (sm *sim) gview(sv *server, t float64) *profile {
	if !sm.cfg.Live {
		return &sv.gsnap
	}
	p := sm.view(sv, t)
	if len(sv.transit) == 0 {
		return p
	}
	sm.tmp.copyFrom(p)
	sm.bookTransit(sv, &sm.tmp, t)
	return &sm.tmp
}

// bookTransit adds to the grid's view p of sv, at time t, the jobs the
// grid migrated towards sv that have not arrived, from their arrival.
func (sm *sim) bookTransit(sv *server, p *profile, t float64) {
	for _, i := range sv.transit {
		j := &sm.jobs[i]
		p.reserve(minmax.Max(t, j.arrive), j.size, sm.exec(j, sv))
	}
}

// ttr is the estimated TTR of job j on server sv at time t from the
// status p: the wait until its expected start plus its run time on sv,
// measured from its submission (section III.A; see doc.go).
func (sm *sim) ttr(j *job, sv *server, p *profile, t float64) float64 {
	return p.start(t, j.size) - j.submit + sm.exec(j, sv)
}

// exec is the job's run time on a server's nodes.
func (sm *sim) exec(j *job, sv *server) float64 {
	return j.runtime * sm.cfg.RefMIPS / sv.power
}

// minTTRServer is the Min_TTR_Server policy (section III.A, Step 3) over the
// servers of cluster c with enough nodes; with availOnly, only those whose
// available nodes (Step 2 "avail") cover the job. Ties are broken at
// random. It returns nil when no server qualifies.
func (sm *sim) minTTRServer(j *job, c int, t float64, availOnly bool) (*server, float64) {
	best := math.Inf(1)
	sm.cand = sm.cand[:0]
	for k, sv := range sm.g.clusters[c].servers {
		if sv.nodes < j.size {
			continue
		}
		p := sm.view(sv, t)
		if availOnly && p.avail(t) < j.size { // Step 2: req <= avail
			continue
		}
		v := sm.ttr(j, sv, p, t)
		if v < best {
			best = v
			sm.cand = append(sm.cand[:0], k)
		} else if v == best {
			sm.cand = append(sm.cand, k)
		}
	}
	if len(sm.cand) == 0 {
		return nil, 0
	}
	return sm.g.clusters[c].servers[sm.cand[sm.pick(sm.cand)]], best
}

// waitTTR is the least estimated TTR among the servers of cluster c large
// enough for job j, 0 if none (it draws no tie-break).
func (sm *sim) waitTTR(j *job, c int, t float64) float64 {
	best := 0.0
	for _, sv := range sm.g.clusters[c].servers {
		if sv.nodes < j.size {
			continue
		}
		if v := sm.ttr(j, sv, sm.view(sv, t), t); best == 0 || v < best {
			best = v
		}
	}
	return best
}

// minTTRCluster is the Min_TTR_Cluster policy of the grid scheduler
// (section III.A, Step 3): among the clusters other than the job's home,
// the one whose best server gives the least TTR plus migration overhead
// (eq. 2; with Config.Overlap the overhead overlaps the remote wait). It
// returns the cluster (-1 if none can hold the job), its TTR without
// overhead (Remote_Cluster_TTR of eq. 1) and the overhead.
func (sm *sim) minTTRCluster(j *job, t float64) (int, float64, float64) {
	best := math.Inf(1)
	var bestR, bestO float64
	cand := sm.ccand[:0]
	overlap := sm.cfg.Overlap
	for c := range sm.g.clusters {
		if c == j.origin {
			continue
		}
		o := sm.g.overhead(j.origin, c, j.data)
		v := math.Inf(1)
		// at: with Overlap, the job reaches the cluster at t+o and starts
		// at the later of that and the server's predicted start.
		at := t
		if overlap {
			at = t + o
		}
		for _, sv := range sm.g.clusters[c].servers {
			if sv.nodes < j.size {
				continue
			}
			w := sm.ttr(j, sv, sm.gview(sv, t), at)
			if !overlap {
				w += o // Hybrid eq. 1: Remote_Cluster_TTR + overhead
			}
			v = minmax.Min(v, w)
		}
		if math.IsInf(v, 1) {
			continue
		}
		if v < best {
			best, bestR, bestO = v, v-o, o
			cand = append(cand[:0], c)
		} else if v == best {
			cand = append(cand, c)
		}
	}
	sm.ccand = cand
	if len(cand) == 0 {
		return -1, 0, 0
	}
	c := cand[sm.pick(cand)]
	// Ties share best, so bestR and bestO may belong to another tied
	// cluster: recompute for the chosen one.
	if len(cand) > 1 {
		bestO = sm.g.overhead(j.origin, c, j.data)
		bestR = best - bestO
	}
	return c, bestR, bestO
}

func (sm *sim) pick(c []int) int {
	if len(c) == 1 {
		return 0
	}
	return sm.ties.IntN(len(c))
}

// benefit is the performance benefit of hybrid eq. 1.
func benefit(local, remote, overhead float64) float64 {
	return (local - (remote + overhead)) / local // Hybrid eq. 1
}

// decide is Step 2 (decision making) for a job submitted to its home
// cluster at time t.
func (sm *sim) decide(i int, t float64) error {
	j := &sm.jobs[i]
	home := j.origin
	sv, ttrL := sm.minTTRServer(j, home, t, true)
	if sv != nil {
		// req <= avail on some server: approach 1 (local execution),
		// unless the home TTR exceeds the deadline and P-HRS finds a
		// remote cluster worth the migration (Step 2: approach 3 for
		// "(req < avail) && (TTR > Deadline)"). always=1 weighs eq. 1 for
		// every job; rescue=1 makes HRS and P-HRS hand a late job to the
		// grid whatever its PB.
		meets := j.submit+ttrL <= j.deadline
		weigh := sm.ap == PHRS && (!meets || sm.cfg.Always)
		rescue := sm.ap != Local && !meets && sm.cfg.Rescue
		if !weigh && !rescue {
			if meets {
				return sm.enqueue(i, sv, t)
			}
			// The local scheduler filters out every server whose TTR
			// exceeds the deadline; nothing is left.
			sm.drop(i, ReasonDeadline, t)
			return nil
		}
		c, ttrR, o := sm.minTTRCluster(j, t)
		if c < 0 {
			if meets {
				return sm.enqueue(i, sv, t)
			}
			sm.drop(i, ReasonDeadline, t)
			return nil
		}
		pb := benefit(ttrL, ttrR, o)
		move, why := pb > sm.cfg.Threshold, "benefit"
		if !meets {
			why = "deadline"
			move = move || rescue
		}
		if err := sm.emitTransfer(t, j, c, ttrL, ttrR, o, pb, move, why); err != nil {
			return err
		}
		switch {
		case move:
			return sm.send(i, c, t+o)
		case meets:
			return sm.enqueue(i, sv, t)
		}
		sm.drop(i, ReasonBenefit, t)
		return nil
	}
	// req > avail on every server of the home cluster.
	if sm.ap != Local {
		// Approach 2 (HRS): hand the job to the grid scheduler.
		c, ttrR, o := sm.minTTRCluster(j, t)
		if c >= 0 {
			local := sm.waitTTR(j, home, t)
			pb := 0.0
			if local > 0 {
				pb = benefit(local, ttrR, o)
			}
			if err := sm.emitTransfer(t, j, c, local, ttrR, o, pb, true, "nodes"); err != nil {
				return err
			}
			return sm.send(i, c, t+o)
		}
	}
	// Wait in the cluster's JWQ at the server with the least TTR.
	sv, _ = sm.minTTRServer(j, home, t, false)
	if sv == nil {
		if sm.ap == Local {
			sm.drop(i, ReasonNoServer, t)
		} else {
			sm.drop(i, ReasonNoGridServer, t)
		}
		return nil
	}
	return sm.enqueue(i, sv, t)
}

// send migrates job i to cluster c; it reaches c's scheduler at time at,
// after the migration overhead of eq. 2.
func (sm *sim) send(i, c int, at float64) error {
	j := &sm.jobs[i]
	// The grid scheduler knows its own decision: it books the job, in its
	// view, on the server of c it estimated, from the job's arrival (ties
	// go to the first such server: a view only, no draw), and keeps it
	// there until the job arrives and an exchange shows it.
	var bsv *server
	bv := math.Inf(1)
	for _, sv := range sm.g.clusters[c].servers {
		if sv.nodes < j.size {
			continue
		}
		if v := sm.ttr(j, sv, sm.gview(sv, at), at); v < bv {
			bv, bsv = v, sv
		}
	}
	if !sm.cfg.Live {
		if bsv != nil {
			bsv.gsnap.reserve(at, j.size, sm.exec(j, bsv))
			bsv.gbook = true
		}
	}
	if bsv != nil {
		j.gsrv, j.arrive = bsv, at
		bsv.transit = append(bsv.transit, i)
	}
	j.state = stTransfer
	j.dest = c
	j.migrated = true
	sm.migrate++
	sm.q.Push(kernel.Event{T: at, Kind: kernel.Arrive, Ref: i})
	return nil
}

// remoteArrive places a migrated job in its new cluster with
// Min_TTR_Server; a job migrates at most once.
func (sm *sim) remoteArrive(i int, t float64) error {
	j := &sm.jobs[i]
	if g := j.gsrv; g != nil {
		if k := slices.Index(g.transit, i); k >= 0 {
			g.transit = slices.Delete(g.transit, k, k+1)
		}
		j.gsrv = nil
	}
	sv, _ := sm.minTTRServer(j, j.dest, t, false)
	if sv == nil { // cannot happen: the grid chose a cluster that fits
		sm.drop(i, ReasonNoGridServer, t)
		return nil
	}
	return sm.enqueue(i, sv, t)
}

// enqueue puts job i in the JWQ part of server sv. It starts as soon as
// its nodes are free (FCFS) or is discarded at its latest start.
func (sm *sim) enqueue(i int, sv *server, t float64) error {
	j := &sm.jobs[i]
	j.srv = sv
	j.dest = sv.cl
	j.exec = sm.exec(j, sv)
	j.state = stQueued
	if !sm.cfg.Live {
		// The cluster scheduler knows its own decision (see doc.go).
		sv.snap.reserve(t, j.size, j.exec)
	}
	sv.queue = append(sv.queue, i)
	sv.dirty = true
	if !math.IsInf(j.deadline, 1) {
		sm.q.Push(kernel.Event{T: j.deadline - j.exec, Kind: kernel.Schedule, Ref: i})
	}
	return sm.tryStart(sv, t)
}

// tryStart starts the queued jobs of sv in FCFS order while the head fits.
func (sm *sim) tryStart(sv *server, t float64) error {
	for len(sv.queue) > 0 {
		i := sv.queue[0]
		j := &sm.jobs[i]
		if t > j.deadline-j.exec {
			sv.queue = sv.queue[1:]
			sv.dirty = true
			sm.drop(i, ReasonExpired, t)
			continue
		}
		if sv.freeN < j.size {
			return nil
		}
		sv.queue = sv.queue[1:]
		j.nodes = sm.nodeSlice(j.size)
		for n := 0; n < sv.nodes && len(j.nodes) < j.size; n++ {
			if !sv.busy[n] {
				sv.busy[n] = true
				j.nodes = append(j.nodes, sv.base+n)
			}
		}
		j.start, j.end = t, t+j.exec
		sv.freeN -= j.size
		sv.hold(j.size, j.end)
		sv.dirty = true
		j.state = stRunning
		sm.q.Push(kernel.Event{T: j.end, Kind: kernel.Finish, Ref: i})
	}
	return nil
}

// nodeSlice returns an empty slice with room for k nodes (and no more),
// cut from a block shared by the jobs' node lists: an allocation per
// block of 4,096 nodes instead of one per started job (under js/wasm an
// allocation costs a call into the runtime).
func (sm *sim) nodeSlice(k int) []int {
	if cap(sm.slab)-len(sm.slab) < k {
		sm.slab = make([]int, 0, max(k, 4096))
	}
	n := len(sm.slab)
	sm.slab = sm.slab[:n+k]
	return sm.slab[n : n : n+k]
}

// drop discards job i at time t.
func (sm *sim) drop(i int, reason string, t float64) {
	sm.jobs[i].state = stDropped
	sm.jobs[i].end = t
	sm.res.Dropped = append(sm.res.Dropped, sched.Drop{Job: sm.jobs[i].id, Reason: reason})
}

// finish builds the schedule and the metrics (see doc.go for TTR).
func (sm *sim) finish() {
	res := sm.res
	var sumTTR, work float64
	minSubmit, maxEnd := math.Inf(1), math.Inf(-1)
	done := 0
	for i := range sm.jobs {
		j := &sm.jobs[i]
		minSubmit = min(minSubmit, j.submit)
		if j.state != stDone {
			continue
		}
		done++
		sumTTR += j.end - j.submit // TTR_j = C_j - s_j
		work += float64(j.size) * j.exec
		maxEnd = max(maxEnd, j.end)
		cid := sm.g.clusters[j.dest].id
		res.Schedule = append(res.Schedule, sched.Placement{Job: j.id, Cluster: cid, Start: j.start, End: j.end,
			Nodes: j.size, Alloc: []sched.Alloc{{Cluster: cid, Nodes: j.nodes}}})
	}
	m := res.Metrics
	m["ttr"] = 0
	m["utilisation"] = 0
	if done > 0 {
		m["ttr"] = sumTTR / float64(done)
		total := 0
		for _, c := range sm.g.clusters {
			total += c.nodes
		}
		if span := maxEnd - minSubmit; span > 0 {
			m["utilisation"] = work / (float64(total) * span)
		}
	}
	m["completed"] = float64(done)
	// TTR over every submitted job: a completed job at its completion, a
	// discarded one at its deadline (at its discard when it has none).
	if n := len(sm.jobs); n > 0 {
		sum := 0.0
		for i := range sm.jobs {
			j := &sm.jobs[i]
			switch {
			case j.state == stDone:
				sum += j.end - j.submit
			case !math.IsInf(j.deadline, 1):
				sum += max(j.deadline, j.end) - j.submit
			default:
				sum += j.end - j.submit
			}
		}
		m["ttr_submitted"] = sum / float64(n)
	} else {
		m["ttr_submitted"] = 0
	}
	m["discarded"] = float64(len(res.Dropped))
	m["migrated"] = float64(sm.migrate)
}
