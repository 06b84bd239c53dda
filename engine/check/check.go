package check

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// MaxViolations caps the violations listed for one result.
const MaxViolations = 100

// AppTime predicts the run time of job j's application model on n nodes
// of reference speed (TITAN's p_ext(n)).
type AppTime func(j *model.Job, n int) (float64, error)

var (
	appMu   sync.RWMutex
	appTime AppTime
)

// RegisterAppTime sets the application-model predictor the checker uses
// for jobs with an App (engine/all registers TITAN's). A second
// registration replaces the first.
func RegisterAppTime(f AppTime) {
	appMu.Lock()
	defer appMu.Unlock()
	appTime = f
}

func registeredAppTime() AppTime {
	appMu.RLock()
	defer appMu.RUnlock()
	return appTime
}

// Systems whose run-time model the checker knows (sched.Info.System).
const (
	Classic   = "Classic"
	Multisite = "Multisite"
	MUSCLE    = "MUSCLE"
	TITAN     = "TITAN"
	GAMF      = "GA-MF"
	Hybrid    = "Hybrid"
)

// SystemOf is the system of the named policy, or "" when no such policy is
// registered.
func SystemOf(policy string) string {
	p, ok := sched.Lookup(policy)
	if !ok {
		return ""
	}
	return p.Info().System
}

// Kills reports whether a system's model kills a job at its requested time
// when its runtime exceeds it (the job's state is then "killed").
func Kills(system string) bool { return system == Classic || system == Multisite }

// Killed reports whether job j is cut at its estimate under a model that
// kills (Kills).
func Killed(j *model.Job) bool { return j.Requested > 0 && j.Runtime > j.Requested }

// Placed is the position in ix's jobs of each placement's job, -1 for a
// job they do not have (model.JobIndex.Positions).
func Placed(ix *model.JobIndex, pl []sched.Placement) []int32 {
	return ix.Positions(len(pl), func(k int) string { return pl[k].Job })
}

// Mark checks res against s (Schedule) and records the verdict in
// res.Valid and res.Violations.
func Mark(s *model.Scenario, res *sched.Result) {
	if res == nil {
		return
	}
	vs := Schedule(s, res)
	ok := len(vs) == 0
	res.Valid = &ok
	res.Violations = vs
}

// Schedule checks res against s under the model of the policy that ran
// (res.Policy, else s.Policy.Name) and returns the violations, nil when
// the schedule is valid. See the package doc for every rule.
func Schedule(s *model.Scenario, res *sched.Result) []sched.Violation {
	c := &checker{s: s, res: res}
	if s == nil || res == nil {
		c.add("", "model", "no scenario or no result to check")
		return c.out()
	}
	policy := res.Policy
	if policy == "" {
		policy = s.Policy.Name
	}
	c.system = SystemOf(policy)
	c.run()
	return c.out()
}

type checker struct {
	s      *model.Scenario
	res    *sched.Result
	system string
	vs     []sched.Violation
	more   int

	// ix finds the jobs of s by ID.
	ix      *model.JobIndex
	cluster map[string]int
	// placed[i] is the placement index of job i, or -1.
	placed []int
	// jobOf[k] is the job index of placement k, or -1.
	jobOf []int32
	// stamp[ci][x] is 1 + the last placement that named node x of
	// cluster ci (a repeated node in one allocation shows as its own).
	stamp [][]int32
}

func (c *checker) add(job, rule, format string, a ...any) {
	if len(c.vs) >= MaxViolations {
		c.more++
		return
	}
	c.vs = append(c.vs, sched.Violation{Job: job, Rule: rule, Msg: fmt.Sprintf(format, a...)})
}

func (c *checker) out() []sched.Violation {
	if c.more > 0 {
		c.vs = append(c.vs, sched.Violation{Rule: "more", Msg: fmt.Sprintf("and %d more violations", c.more)})
	}
	if len(c.vs) == 0 {
		return nil
	}
	return c.vs
}

// tol is the tolerance for comparing times of magnitude x.
func tol(x float64) float64 { return 1e-9 + 1e-9*math.Abs(x) }

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func (c *checker) run() {
	s := c.s
	c.ix = model.IndexJobs(s.Jobs)
	c.cluster = make(map[string]int, len(s.Platform.Clusters))
	for i, cl := range s.Platform.Clusters {
		c.cluster[cl.ID] = i
	}
	c.placed = slices.Repeat([]int{-1}, len(s.Jobs))
	c.jobOf = Placed(c.ix, c.res.Schedule)
	seen := make([]uint8, len(s.Jobs)) // placed or dropped, capped at 2
	for k := range c.res.Schedule {
		p := &c.res.Schedule[k]
		i := int(c.jobOf[k])
		if i < 0 {
			c.add(p.Job, "unknown-job", "placed but not in the scenario")
			continue
		}
		if seen[i] < 2 {
			seen[i]++
		}
		if c.placed[i] < 0 {
			c.placed[i] = k
		}
	}
	for _, d := range c.res.Dropped {
		i := c.ix.Find(d.Job)
		if i < 0 {
			c.add(d.Job, "unknown-job", "dropped but not in the scenario")
			continue
		}
		if seen[i] < 2 {
			seen[i]++
		}
		if strings.TrimSpace(d.Reason) == "" {
			c.add(d.Job, "drop-reason", "dropped without a reason")
		}
	}
	for i, n := range seen {
		switch n {
		case 0:
			c.add(s.Jobs[i].ID, "missing", "neither placed nor dropped")
		case 2:
			c.add(s.Jobs[i].ID, "duplicate", "placed or dropped more than once")
		}
	}
	c.placements()
	c.capacity()
	c.model()
}

// placements checks each placement's times, clusters and nodes.
func (c *checker) placements() {
	c.stamp = make([][]int32, len(c.s.Platform.Clusters))
	for ci, cl := range c.s.Platform.Clusters {
		c.stamp[ci] = make([]int32, max(cl.Nodes, 0))
	}
	for k := range c.res.Schedule {
		p := &c.res.Schedule[k]
		i := c.jobOf[k]
		if i < 0 {
			continue
		}
		j := &c.s.Jobs[i]
		if !finite(p.Start) || !finite(p.End) {
			c.add(p.Job, "bad-time", "start %v or end %v is not a finite time", p.Start, p.End)
			continue
		}
		if p.End < p.Start {
			c.add(p.Job, "bad-time", "ends at %v before it starts at %v", p.End, p.Start)
		}
		if p.Start < j.Submit-tol(j.Submit) {
			c.add(p.Job, "early-start", "starts at %v before its submit time %v", p.Start, j.Submit)
		}
		if len(p.Alloc) == 0 {
			if c.idx(p.Cluster) < 0 {
				c.add(p.Job, "cluster", "placed on unknown cluster %q", p.Cluster)
			}
			if p.Nodes < 1 {
				c.add(p.Job, "node-count", "holds %d nodes", p.Nodes)
			}
			continue
		}
		n := 0
		known := true
		for ai, a := range p.Alloc {
			ci := c.idx(a.Cluster)
			if ci < 0 {
				c.add(p.Job, "cluster", "allocated on unknown cluster %q", a.Cluster)
				known = false
				continue
			}
			for _, b := range p.Alloc[:ai] {
				if b.Cluster == a.Cluster {
					c.add(p.Job, "cluster", "allocation names cluster %s more than once", a.Cluster)
				}
			}
			m := c.s.Platform.Clusters[ci].Nodes
			st := c.stamp[ci]
			for _, x := range a.Nodes {
				if x < 0 || x >= m {
					c.add(p.Job, "node", "node %d is not a node of cluster %s (0..%d)", x, a.Cluster, m-1)
					continue
				}
				if st[x] == int32(k)+1 {
					c.add(p.Job, "node", "holds node %d of cluster %s twice", x, a.Cluster)
				}
				st[x] = int32(k) + 1
			}
			n += len(a.Nodes)
		}
		if n != p.Nodes {
			c.add(p.Job, "node-count", "says %d nodes but its allocation names %d", p.Nodes, n)
		}
		if known && !joins(p.Cluster, p.Alloc) {
			c.add(p.Job, "cluster", "placed on %q but allocated on other clusters", p.Cluster)
		}
	}
}

// byStart sorts order, indices of placements with finite times, in start
// order, zero-length jobs before others at the same start (they hold only
// their start instant: package doc), then by index.
func byStart(pl []sched.Placement, order []int) {
	sort.Slice(order, func(x, y int) bool {
		pa, pb := &pl[order[x]], &pl[order[y]]
		if pa.Start != pb.Start {
			return pa.Start < pb.Start
		}
		if pa.End != pb.End {
			return pa.End < pb.End
		}
		return order[x] < order[y]
	})
}

// joins reports whether id is the ids of the allocation's clusters joined
// with "+" in order.
func joins(id string, alloc []sched.Alloc) bool {
	if len(alloc) == 1 {
		return id == alloc[0].Cluster
	}
	for i, a := range alloc {
		if i > 0 {
			if len(id) == 0 || id[0] != '+' {
				return false
			}
			id = id[1:]
		}
		if !strings.HasPrefix(id, a.Cluster) {
			return false
		}
		id = id[len(a.Cluster):]
	}
	return id == ""
}

// capacity checks that no node is held by two jobs at once (placements
// with Alloc) and that no cluster runs more nodes than it has (placements
// without Alloc).
func (c *checker) capacity() {
	pl := c.res.Schedule
	order := make([]int, 0, len(pl))
	for k := range pl {
		p := &pl[k]
		if finite(p.Start) && finite(p.End) && p.End >= p.Start {
			order = append(order, k)
		}
	}
	byStart(pl, order)
	free := make([][]float64, len(c.s.Platform.Clusters))
	holder := make([][]int32, len(c.s.Platform.Clusters))
	for ci, cl := range c.s.Platform.Clusters {
		if cl.Nodes > 0 && cl.Nodes <= model.MaxNodes {
			free[ci] = make([]float64, cl.Nodes)
			holder[ci] = make([]int32, cl.Nodes)
			for x := range free[ci] {
				free[ci][x] = math.Inf(-1)
				holder[ci][x] = -1
			}
		}
	}
	type ev struct {
		t     float64
		delta int
	}
	counted := make([][]ev, len(c.s.Platform.Clusters))
	for _, k := range order {
		p := &pl[k]
		if len(p.Alloc) == 0 {
			ci := c.idx(p.Cluster)
			if ci >= 0 && p.End > p.Start && p.Nodes > 0 {
				counted[ci] = append(counted[ci], ev{p.Start, p.Nodes}, ev{p.End, -p.Nodes})
			}
			continue
		}
		for _, a := range p.Alloc {
			ci := c.idx(a.Cluster)
			if ci < 0 {
				continue
			}
			f, h := free[ci], holder[ci]
			for _, x := range a.Nodes {
				if x < 0 || x >= len(f) {
					continue
				}
				if p.Start < f[x]-tol(f[x]) {
					other := pl[h[x]].Job
					c.add(p.Job, "overlap", "node %d of cluster %s is still held by job %s until %v when this job starts at %v", x, a.Cluster, other, f[x], p.Start)
				}
				if p.End >= f[x] {
					f[x], h[x] = p.End, int32(k)
				}
			}
		}
	}
	for ci, evs := range counted {
		if len(evs) == 0 {
			continue
		}
		// Ends before starts at one instant.
		sort.SliceStable(evs, func(a, b int) bool {
			if evs[a].t != evs[b].t {
				return evs[a].t < evs[b].t
			}
			return evs[a].delta < evs[b].delta
		})
		m := c.s.Platform.Clusters[ci].Nodes
		busy := 0
		for _, e := range evs {
			busy += e.delta
			if busy > m {
				c.add("", "capacity", "cluster %s runs jobs on %d nodes at %v; it has %d", c.s.Platform.Clusters[ci].ID, busy, e.t, m)
				break
			}
		}
	}
}
