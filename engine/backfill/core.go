package backfill

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"gridplay/engine/kernel"
	"gridplay/engine/sched"
)

// Mode is the queueing discipline of the core.
type Mode int

const (
	// FCFS starts jobs strictly in queue order: the head waits until it
	// fits and nothing passes it.
	FCFS Mode = iota
	// EASY gives one reservation, to the queue head; a later job starts
	// early only if it does not delay that reservation (Lifka's EASY).
	EASY
	// Conservative gives every waiting job a reservation when it arrives;
	// a job starts early only if it delays no reservation, and reservations
	// are compressed when a job ends before its estimate (Mu'alem &
	// Feitelson 2001).
	Conservative
)

var modeNames = [...]string{"fcfs", "easy", "conservative"}

func (m Mode) String() string {
	if m < 0 || int(m) >= len(modeNames) {
		return fmt.Sprintf("mode(%d)", int(m))
	}
	return modeNames[m]
}

// Part is the nodes a job takes on one site.
type Part struct {
	Site  int // index into Machine.Sites
	Nodes int
}

// Choice is where and when a job would run: the output of a Selector.
type Choice struct {
	// Start is the predicted start time, >= now.
	Start float64
	// Est is the duration held in the profiles (the estimate on this
	// resource); Run is the actual duration, at most Est (a job is killed
	// at its estimate).
	Est, Run float64
	// Parts are the nodes per site; their sum is the job size. The
	// selector may reuse their storage at its next call: the core copies
	// the parts of every choice it keeps into storage of its own.
	Parts []Part
	// Key ranks choices of one job, lower is better (the selector's own
	// criterion: start time for plain backfilling, predicted finish for
	// the adaptive multisite selection). Compression keeps a job's old
	// reservation when the new choice's key is higher.
	Key float64
}

// Site is one site of the machine as a Selector sees it.
type Site struct {
	ID    string
	Nodes int
	// Profile holds running jobs until their estimated ends and, under
	// EASY and conservative, the reservations of the pass.
	Profile *kernel.Profile
}

// Machine is the read-only view a Selector gets.
type Machine struct {
	Sites []*Site
}

// Selector chooses where and when a job runs, given the availability
// profiles (resource selection of multisite Alg. 1 step 2b). The core owns
// the queue, reservations, backfilling and events; the selector owns the
// performance model.
type Selector interface {
	// Select places job j at or after now. With instantOnly the caller
	// will only start the job now, so the selector may stop early and
	// return ok=false when its choice would not start at now. Without
	// instantOnly, ok=false means the job can never run (a Drop).
	Select(j int, now float64, m *Machine, instantOnly bool) (c Choice, ok bool)
}

// Job is what the core needs of a job; sizes and durations on each
// resource belong to the Selector.
type Job struct {
	ID     string
	Submit float64
	Size   int
	// Drop, when not empty, is the reason the job can never run; the core
	// reports it and never queues the job.
	Drop string
}

// Config is one run of the core.
type Config struct {
	Mode  Mode
	Sites []SiteSpec
	Jobs  []Job
	Sel   Selector
	// Order is when the scheduler runs: once per instant (the default)
	// or once per event, as pyss does (see the package doc).
	Order Order
	// Reorder, when set, puts the waiting jobs (indices into Jobs) in
	// the order a pass visits them, in place, at the start of every
	// pass at now: the script policy's priority (engine/script). Nil
	// keeps queue order. An error stops the run.
	Reorder func(now float64, waiting []int) error
}

// Order says when the scheduler runs and in which order the events of
// one instant are seen.
type Order int

const (
	// PerInstant: every finish and arrival of an instant is handled,
	// finishes first, then one pass runs. Conservative compresses after
	// a job ends before its estimate.
	PerInstant Order = iota
	// PerEvent reproduces pyss: at an instant, submissions come first (in
	// queue order), then terminations (in the order the jobs started), and
	// one pass runs after each of them. Conservative compresses after
	// every termination.
	PerEvent
)

// Bounder is an optional extension of a Selector that makes compression
// cheaper. Improvable is a quick, conservative test: false only when no
// choice for job j at or after now can have a key strictly below res.Key,
// res being the job's reservation (out of the profiles during the call,
// so its processors are free again; the selector must not keep res).
// Compression then keeps the job's reservation, exactly as a full
// selection would.
type Bounder interface {
	Improvable(j int, now float64, res *Choice, m *Machine) bool
}

// SiteSpec names a site and its node count.
type SiteSpec struct {
	ID    string
	Nodes int
}

// FrameData is the payload of a "backfill" frame: a job that started before
// an earlier waiting job (the head), and the head's reservation that
// allowed it. Under EASY, Extra is the classic "extra nodes": processors
// free at the shadow time beyond what the head needs; under conservative
// it is the processors free at the shadow time once every reservation is
// counted. Both are summed over the sites and counted as this job found
// them, before it took any: when several jobs are backfilled in one pass,
// Extra counts down as those that run past the shadow time use extra
// nodes.
type FrameData struct {
	Job    string  `json:"job"`
	Nodes  int     `json:"nodes"`
	Start  float64 `json:"start"`
	EstEnd float64 `json:"est_end"` // start + estimate: the job is gone by then
	Head   string  `json:"head"`    // the earlier job whose reservation was respected
	Shadow float64 `json:"shadow"`  // the head's reserved start
	Extra  int     `json:"extra"`
	Mode   string  `json:"mode"` // "easy" or "conservative"
}

// Stats are counters of one run, for tests and reports.
type Stats struct {
	Backfilled int
	// Late counts jobs that started on a choice worse (by the selector's
	// Key) than the first reservation they were given. Backfilling
	// promises none: tests assert it stays 0.
	Late int
}

// promise records, per job, the first reservation made for it: the start
// (or key) the scheduler promised. Property tests check that no job ends up
// worse than its promise.
type promise struct {
	set bool
	key float64
}

type core struct {
	cfg      Config
	m        Machine
	nodeSets []NodeSet
	order    []int    // job indices by submit, then input order
	waiting  []int    // FCFS queue
	res      []Choice // conservative only: each waiting job's reservation
	hasRes   []bool
	run      []running // what a running or finished job holds
	runParts []Part    // the parts of every started job (running.part)
	place    []int     // index of each started job's placement
	freeNow  int       // free nodes now, summed over sites
	dirty    bool
	compact  bool // conservative: a job ended early, compress
	lastT    float64
	passed   bool // a pass already ran at lastT
	wakeAt   float64
	prom     []promise
	res2     *sched.Result
	stats    Stats
	rec      sched.Recorder
	// q holds the finishes and the passes; arrivals come from order
	// (arr is the next one): see next.
	q      kernel.Queue
	arr    int
	events uint64 // events handled
	ctx    context.Context
	calls  int // selector calls, for cancellation checks inside a pass
	// allocs and nodes back the Alloc lists and node indices of every
	// placement, so starting a job allocates nothing in the common case.
	allocs arena[sched.Alloc]
	nodes  arena[int]
	// parts backs the Parts of the choices the core keeps (a selector
	// may reuse its own at its next call); headParts holds the EASY
	// head's during a pass.
	parts     arena[Part]
	headParts []Part
	// bounder is the selector's Bounder, if it has one.
	bounder Bounder
}

// running is what a started job holds until it ends: its estimated end
// (start + estimate) and its parts, runParts[part:part+parts]. It holds
// no pointer, so writing it costs no write barrier and the collector
// does not scan the array.
type running struct {
	estEnd      float64
	part, parts int
}

const (
	refPass = -1 // a scheduling pass at the current time
	refWake = -2 // a pass at a reserved start time
	// refTerm - j (PerEvent only) is the termination of job j: its
	// unused estimate is given back and a pass runs.
	refTerm = -3
)

// Run simulates cfg and returns the schedule. Placements are in start
// order (ties in queue order).
func Run(ctx context.Context, cfg Config, rec sched.Recorder) (*sched.Result, Stats, error) {
	c, err := newCore(cfg, rec)
	if err != nil {
		return nil, Stats{}, err
	}
	if err := c.loop(ctx); err != nil {
		return nil, c.stats, err
	}
	return c.res2, c.stats, nil
}

func newCore(cfg Config, rec sched.Recorder) (*core, error) {
	if len(cfg.Sites) == 0 {
		return nil, fmt.Errorf("backfill: no sites")
	}
	n := len(cfg.Jobs)
	c := &core{
		cfg:    cfg,
		run:    make([]running, n),
		place:  make([]int, n),
		prom:   make([]promise, n),
		rec:    rec,
		wakeAt: math.Inf(1),
		lastT:  math.Inf(-1),
		res2:   &sched.Result{Schedule: make([]sched.Placement, 0, n), Metrics: map[string]float64{}},
	}
	if cfg.Mode == Conservative {
		c.res, c.hasRes = make([]Choice, n), make([]bool, n)
	}
	// Most jobs take one part and as many node indices as their size:
	// size the arenas for that, so a single-site run fills one chunk of
	// each (they grow by chunks when a selector splits jobs).
	nodes := 0
	for _, j := range cfg.Jobs {
		if j.Drop == "" && j.Size > 0 {
			nodes += j.Size
		}
	}
	c.allocs.chunk = max(n, 1)
	c.parts.chunk = max(n, 1)
	c.runParts = make([]Part, 0, n)
	c.bounder, _ = cfg.Sel.(Bounder)
	c.nodes.chunk = min(max(nodes, 1), maxNodeChunk)
	start := math.Inf(1)
	for _, j := range cfg.Jobs {
		start = math.Min(start, j.Submit)
	}
	if math.IsInf(start, 1) {
		start = 0
	}
	for _, s := range cfg.Sites {
		c.m.Sites = append(c.m.Sites, &Site{ID: s.ID, Nodes: s.Nodes, Profile: kernel.NewProfile(s.Nodes, start)})
		c.nodeSets = append(c.nodeSets, NewNodeSet(s.Nodes))
		c.freeNow += s.Nodes
	}
	c.order = make([]int, n)
	for i := range c.order {
		c.order[i] = i
	}
	sort.SliceStable(c.order, func(a, b int) bool { return cfg.Jobs[c.order[a]].Submit < cfg.Jobs[c.order[b]].Submit })
	return c, nil
}

// next removes and returns the next event in the kernel queue's order
// (time, then Finish before Arrive before Schedule, then insertion
// order), as if every event went through the queue: the arrivals come
// from the queue order instead (in time order; the queue holds none, so
// no tie between an arrival and a queued event needs the insertion
// order).
func (c *core) next() (kernel.Event, bool) {
	e, ok := c.q.Peek()
	fromQ := ok
	if c.arr < len(c.order) {
		a := kernel.Event{T: c.cfg.Jobs[c.order[c.arr]].Submit, Kind: kernel.Arrive, Ref: c.arr}
		if !ok || a.T < e.T || (a.T == e.T && a.Kind < e.Kind) {
			e, ok, fromQ = a, true, false
		}
	}
	if fromQ {
		return c.q.Pop()
	}
	if ok {
		c.arr++
	}
	return e, ok
}

func (c *core) loop(ctx context.Context) error {
	c.ctx = ctx
	for {
		if c.events&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		e, ok := c.next()
		if !ok {
			break
		}
		c.events++
		now := e.T
		if now != c.lastT {
			c.lastT, c.passed = now, false
		}
		switch e.Kind {
		case kernel.Arrive:
			j := c.order[e.Ref]
			if d := c.cfg.Jobs[j].Drop; d != "" {
				c.res2.Dropped = append(c.res2.Dropped, sched.Drop{Job: c.cfg.Jobs[j].ID, Reason: d})
				continue
			}
			c.waiting = append(c.waiting, j)
			if c.cfg.Order == PerEvent {
				if err := c.pass(now); err != nil {
					return err
				}
				continue
			}
			c.needPass(now)
		case kernel.Finish:
			c.releaseNodes(e.Ref)
			if c.cfg.Order == PerEvent {
				// The nodes are free at once (a job that ends at its
				// estimate is free in the profile already, as in pyss's
				// CPU snapshot); its termination is handled after the
				// submissions of this instant.
				c.q.Push(kernel.Event{T: now, Kind: kernel.Schedule, Ref: refTerm - e.Ref})
				continue
			}
			c.finish(e.Ref, now)
			c.needPass(now)
		case kernel.Schedule:
			if e.Ref <= refTerm {
				c.finish(refTerm-e.Ref, now)
				if c.cfg.Mode == Conservative {
					c.compact = true // pyss reschedules at every termination
				}
				if err := c.pass(now); err != nil {
					return err
				}
				continue
			}
			if e.Ref == refWake && now >= c.wakeAt {
				c.wakeAt = math.Inf(1)
			}
			if c.passed && !c.dirty && c.cfg.Order != PerEvent {
				continue
			}
			if err := c.pass(now); err != nil {
				return err
			}
		}
	}
	// Jobs left waiting can only come from a selector that never places
	// them; report them rather than lose them.
	for _, j := range c.waiting {
		c.res2.Dropped = append(c.res2.Dropped, sched.Drop{Job: c.cfg.Jobs[j].ID, Reason: "never found room (no placement offered)"})
	}
	c.waiting = nil
	return nil
}

// needPass asks for one scheduling pass at now, after every finish and
// arrival of this instant (kernel tie order: Schedule runs last).
func (c *core) needPass(now float64) {
	if !c.dirty {
		c.dirty = true
		c.q.Push(kernel.Event{T: now, Kind: kernel.Schedule, Ref: refPass})
	}
}

// finish gives back the part of j's estimate it did not use (the nodes
// are given back by releaseNodes).
func (c *core) finish(j int, now float64) {
	r := c.run[j]
	estEnd := r.estEnd
	if now < estEnd {
		// The job ended before its estimate: give back the rest.
		for _, p := range c.runParts[r.part : r.part+r.parts] {
			c.m.Sites[p.Site].Profile.Release(now, estEnd, p.Nodes)
		}
		c.compact = true
	}
}

// releaseNodes gives a finished job's node indices back.
func (c *core) releaseNodes(j int) {
	r := c.run[j]
	parts := c.runParts[r.part : r.part+r.parts]
	pl := &c.res2.Schedule[c.place[j]]
	for i, a := range pl.Alloc {
		c.release(parts[i].Site, a.Nodes)
	}
}

// release gives node indices back to a site's pool.
func (c *core) release(site int, nodes []int) {
	c.nodeSets[site].Put(nodes)
	c.freeNow += len(nodes)
}

// instant reports whether ch holds no time: its estimate is zero, or so
// small that Start+Est rounds to Start. Such a job needs its processors
// free at one instant and holds nothing in the profiles (see the package
// doc, "Zero-length jobs").
func instant(ch Choice) bool { return !(ch.Start+ch.Est > ch.Start) }

func (c *core) reserve(ch Choice) {
	for _, p := range ch.Parts {
		c.m.Sites[p.Site].Profile.Reserve(ch.Start, ch.Start+ch.Est, p.Nodes)
	}
}

func (c *core) unreserve(ch Choice) {
	for _, p := range ch.Parts {
		c.m.Sites[p.Site].Profile.Release(ch.Start, ch.Start+ch.Est, p.Nodes)
	}
}

// freeAt sums the profiles' free counts at t.
func (c *core) freeAt(t float64) int {
	n := 0
	for _, s := range c.m.Sites {
		n += s.Profile.Free(t)
	}
	return n
}

func (c *core) promise(j int, key float64) {
	if !c.prom[j].set {
		c.prom[j] = promise{true, key}
	}
}

// sel calls the selector; every 256 calls it also checks for
// cancellation, since one pass may place thousands of jobs.
func (c *core) sel(j int, now float64, instantOnly bool) (Choice, bool, error) {
	c.calls++
	if c.calls&255 == 0 && c.ctx != nil {
		if err := c.ctx.Err(); err != nil {
			return Choice{}, false, err
		}
	}
	ch, ok := c.cfg.Sel.Select(j, now, &c.m, instantOnly)
	return ch, ok, nil
}

// keepRest appends c.waiting[i:] to kept, a prefix of c.waiting's
// array (the jobs a pass keeps waiting, in place). When no job left the
// queue before i, they are in place already and only the length changes.
func (c *core) keepRest(kept []int, i int) []int {
	if len(kept) == i {
		return c.waiting
	}
	return append(kept, c.waiting[i:]...)
}

// pass is one run of the scheduler at now.
func (c *core) pass(now float64) error {
	c.dirty, c.passed = false, true
	for _, s := range c.m.Sites {
		s.Profile.Advance(now)
	}
	if c.cfg.Reorder != nil {
		if err := c.cfg.Reorder(now, c.waiting); err != nil {
			return err
		}
	}
	if c.cfg.Mode == Conservative {
		return c.passConservative(now)
	}
	return c.passEASY(now)
}

// passEASY serves FCFS and EASY. Jobs start in queue order while they
// fit; the first that does not is the head. FCFS stops there. EASY
// reserves the head's earliest start (the shadow time) and starts any
// later job that fits now without touching that reservation, then drops
// the reservation: it is recomputed at the next pass.
func (c *core) passEASY(now float64) error {
	kept := c.waiting[:0]
	headSet := false
	var head int
	var headC Choice
	for i, j := range c.waiting {
		if c.freeNow == 0 || (headSet && c.cfg.Jobs[j].Size > c.freeNow) {
			kept = append(kept, j)
			if c.freeNow == 0 {
				kept = c.keepRest(kept, i+1)
				break
			}
			continue
		}
		if !headSet {
			ch, ok, err := c.sel(j, now, false)
			if err != nil {
				return err
			}
			if !ok || math.IsInf(ch.Start, 1) {
				c.res2.Dropped = append(c.res2.Dropped, sched.Drop{Job: c.cfg.Jobs[j].ID, Reason: "no site combination can ever hold it"})
				continue
			}
			if ch.Start <= now {
				c.start(j, ch, now, false)
				continue
			}
			if c.cfg.Mode == FCFS {
				kept = c.keepRest(kept, i)
				break
			}
			if instant(ch) {
				// A zero-length job is not the head: it holds no time
				// to reserve, and starts at the first pass it fits.
				kept = append(kept, j)
				continue
			}
			c.promise(j, ch.Key)
			c.reserve(ch)
			c.headParts = c.headParts[:0] // in place: no pointer written
			c.headParts = append(c.headParts, ch.Parts...)
			ch.Parts = c.headParts
			headSet, head, headC = true, j, ch
			kept = append(kept, j)
			continue
		}
		ch, ok, err := c.sel(j, now, true)
		if err != nil {
			return err
		}
		if ok && ch.Start <= now {
			// The extra nodes as this job found them: earlier jobs of
			// this pass that run past the shadow time used some.
			extra := c.freeAt(headC.Start)
			c.start(j, ch, now, false)
			if err := c.backfilled(j, ch, head, headC.Start, extra, now); err != nil {
				return err
			}
			continue
		}
		kept = append(kept, j)
	}
	// kept is a prefix of c.waiting's array: only the length changes
	// (storing kept would write a pointer, a write barrier per pass
	// while the collector marks).
	c.waiting = c.waiting[:len(kept)]
	if headSet {
		c.unreserve(headC)
	}
	return nil
}

// passConservative gives each new job its reservation, compresses the
// reservations after an early finish (each waiting job, in queue order,
// is taken out and placed again at its best choice, keeping the old one if
// the new is not better), and starts every job whose reservation starts
// now.
func (c *core) passConservative(now float64) error {
	kept := c.waiting[:0]
	compact := c.compact
	c.compact = false
	first := -1 // first job kept waiting: the head for frames
	// next is the earliest reserved start of the jobs kept waiting.
	next := math.Inf(1)
	for _, j := range c.waiting {
		reserved := true
		if c.hasRes[j] {
			if compact {
				old := c.res[j]
				c.unreserve(old)
				ch := old
				if c.canMove(j, now) {
					x, ok, err := c.sel(j, now, false)
					if err != nil {
						return err
					}
					if ok && x.Key <= old.Key && !math.IsInf(x.Start, 1) {
						// The old reservation is out of the profiles and
						// not needed again: its parts' storage takes the
						// new ones.
						x.Parts = c.keepParts(old.Parts, x.Parts)
						ch = x
						c.res[j] = x
					}
				}
				c.reserve(ch)
			}
		} else {
			ch, ok, err := c.sel(j, now, false)
			if err != nil {
				return err
			}
			if !ok || math.IsInf(ch.Start, 1) {
				c.res2.Dropped = append(c.res2.Dropped, sched.Drop{Job: c.cfg.Jobs[j].ID, Reason: "no site combination can ever hold it"})
				continue
			}
			ch.Parts = c.keepParts(c.res[j].Parts, ch.Parts)
			if instant(ch) {
				// A zero-length job takes no reservation: it starts
				// now if it fits, else it is tried again at the next pass.
				if ch.Start > now {
					kept = append(kept, j)
					continue
				}
				c.res[j] = ch
				reserved = false
			} else {
				c.reserve(ch)
				c.res[j] = ch
				c.hasRes[j] = true
				c.promise(j, ch.Key)
			}
		}
		if c.res[j].Start <= now {
			ch := c.res[j]
			c.start(j, ch, now, reserved)
			if first >= 0 {
				// Free at the head's start before this job took its
				// nodes (it is in the profile already).
				shadow := c.res[first].Start
				extra := c.freeAt(shadow)
				if reserved && ch.Start <= shadow && shadow < ch.Start+ch.Est {
					extra += c.cfg.Jobs[j].Size
				}
				if err := c.backfilled(j, ch, first, shadow, extra, now); err != nil {
					return err
				}
			}
			continue
		}
		if first < 0 {
			first = j
		}
		kept = append(kept, j)
		if c.hasRes[j] {
			next = math.Min(next, c.res[j].Start)
		}
	}
	c.waiting = c.waiting[:len(kept)] // as in passEASY
	// Reserved starts normally fall on a finish event; a wake-up makes
	// sure the scheduler also runs at the earliest one.
	if next < c.wakeAt {
		c.wakeAt = next
		c.q.Push(kernel.Event{T: next, Kind: kernel.Schedule, Ref: refWake})
	}
	return nil
}

// canMove reports whether j's reservation might improve (see Bounder);
// the reservation is out of the profiles when it is called.
func (c *core) canMove(j int, now float64) bool {
	return c.bounder == nil || c.bounder.Improvable(j, now, &c.res[j], &c.m)
}

// keepParts copies a selector's parts into storage the core owns: dst's
// when it has room (dst is a kept choice's parts that are no longer
// needed), else a slice cut from the parts arena.
func (c *core) keepParts(dst, src []Part) []Part {
	if cap(dst) < len(src) {
		dst = c.parts.take(len(src))
	}
	dst = dst[:len(src)]
	copy(dst, src)
	return dst
}

func (c *core) backfilled(j int, ch Choice, head int, shadow float64, extra int, now float64) error {
	c.stats.Backfilled++
	if c.rec == nil {
		return nil
	}
	return sched.Emit(c.rec, sched.Frame{Kind: "backfill", T: now, Data: FrameData{
		Job: c.cfg.Jobs[j].ID, Nodes: c.cfg.Jobs[j].Size, Start: now, EstEnd: now + ch.Est,
		Head: c.cfg.Jobs[head].ID, Shadow: shadow, Extra: extra, Mode: c.cfg.Mode.String(),
	}})
}

// start runs j now on ch. Under conservative the profile already holds the
// reservation; otherwise the job is added to it until its estimated end.
// A job that holds no time (instant) takes its nodes and gives them back
// at once: it starts and ends now, before any later job of the pass asks
// for nodes, and nothing enters the profile or the event queue.
func (c *core) start(j int, ch Choice, now float64, reserved bool) {
	if c.prom[j].set && ch.Key > c.prom[j].key+1e-9*math.Max(1, math.Abs(c.prom[j].key)) {
		c.stats.Late++
	}
	ch.Start = now
	zero := instant(ch)
	if !reserved && !zero {
		c.reserve(ch)
	}
	c.place[j] = len(c.res2.Schedule)
	c.res2.Schedule = append(c.res2.Schedule, sched.Placement{})
	pl := &c.res2.Schedule[len(c.res2.Schedule)-1]
	pl.Job, pl.Start, pl.End = c.cfg.Jobs[j].ID, now, now+ch.Run
	if zero {
		pl.End = now
	}
	if len(ch.Parts) > 0 {
		pl.Alloc = c.allocs.take(len(ch.Parts))
	}
	for i, p := range ch.Parts {
		set := &c.nodeSets[p.Site]
		nodes := c.nodes.take(min(p.Nodes, set.Free()))
		set.Take(nodes)
		c.freeNow -= len(nodes)
		a := &pl.Alloc[i]
		a.Cluster, a.Nodes = c.m.Sites[p.Site].ID, nodes
		pl.Nodes += len(nodes)
	}
	pl.Cluster = clusterName(pl.Alloc)
	// The parts are kept until the job ends, by value (a selector may
	// reuse its own at its next call).
	r := &c.run[j]
	r.estEnd, r.part, r.parts = ch.Start+ch.Est, len(c.runParts), len(ch.Parts)
	c.runParts = append(c.runParts, ch.Parts...)
	if zero {
		for i, a := range pl.Alloc {
			c.release(ch.Parts[i].Site, a.Nodes)
		}
		if reserved {
			c.unreserve(c.res[j]) // a reservation that holds no time now
		}
		return
	}
	c.q.Push(kernel.Event{T: now + ch.Run, Kind: kernel.Finish, Ref: j})
}

// clusterName is a placement's Cluster: its sites' IDs joined with "+".
func clusterName(alloc []sched.Alloc) string {
	if len(alloc) == 1 {
		return alloc[0].Cluster
	}
	ids := make([]string, len(alloc))
	for i, a := range alloc {
		ids[i] = a.Cluster
	}
	return strings.Join(ids, "+")
}

// maxNodeChunk caps one chunk of the node-index arena (8 MB of ints), so
// that a workload of huge jobs that mostly never run does not reserve
// room for all of them at once.
const maxNodeChunk = 1 << 20

// arena hands out slices cut from shared backing arrays, one allocation
// per chunk instead of one per slice. Each slice is cut with a full slice
// expression (its capacity is its length), so an append to one copies it
// rather than writing over the next. The slices are not reused: they
// live as long as the schedule that holds them.
type arena[T any] struct {
	buf   []T
	chunk int // length of a new backing array (at least the request)
}

// take returns a new slice of k elements, all zero (empty, not nil,
// when k is 0).
func (a *arena[T]) take(k int) []T {
	if k == 0 {
		return make([]T, 0) // no allocation
	}
	if len(a.buf)+k > cap(a.buf) {
		a.buf = make([]T, 0, max(k, a.chunk))
	}
	n := len(a.buf)
	a.buf = a.buf[:n+k]
	return a.buf[n : n+k : n+k]
}
