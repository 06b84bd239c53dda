package check

import (
	"cmp"
	"math"
	"sort"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// model applies the run-time rules of the policy's system (package doc).
func (c *checker) model() {
	switch c.system {
	case Classic:
		c.classic()
	case Multisite:
		c.multisite()
	case MUSCLE:
		c.muscle()
	case TITAN:
		c.titan()
	case GAMF:
		c.gamf()
	case Hybrid:
		c.hybrid()
	case "":
		c.add("", "model", "the policy that ran is not registered, so its run-time model is unknown")
	default:
		c.add("", "model", "the checker has no run-time model for system %q (engine/check must learn it)", c.system)
	}
}

// each calls f for the first placement of every job of the scenario that
// has finite times.
func (c *checker) each(f func(j *model.Job, p *sched.Placement)) {
	for i, k := range c.placed {
		if k < 0 {
			continue
		}
		p := &c.res.Schedule[k]
		if !finite(p.Start) || !finite(p.End) {
			continue
		}
		f(&c.s.Jobs[i], p)
	}
}

// runs checks end - start against the model's run time want, with
// relative tolerance rel on top of tol.
func (c *checker) runs(p *sched.Placement, want, rel float64, model string) {
	got := p.End - p.Start
	if !finite(want) || math.Abs(got-want) > tol(want)+rel*math.Abs(want) {
		c.add(p.Job, "run-time", "runs %v s; the %s model gives %v s", got, model, want)
	}
}

func (c *checker) size(j *model.Job, p *sched.Placement) {
	if p.Nodes != j.Size {
		c.add(p.Job, "size", "holds %d nodes; the job needs exactly %d", p.Nodes, j.Size)
	}
}

// oneCluster checks that p runs on one cluster and returns its index, or
// -1.
func (c *checker) oneCluster(p *sched.Placement) int {
	if len(p.Alloc) > 1 {
		c.add(p.Job, "cluster", "runs on %d clusters; this model runs a job on one", len(p.Alloc))
		return -1
	}
	return c.idx(p.Cluster)
}

// idx is the index of the cluster with this id, or -1.
func (c *checker) idx(id string) int {
	if i, ok := c.cluster[id]; ok {
		return i
	}
	return -1
}

// link is the bandwidth and latency between clusters a and b: their
// link's, else the network's defaults (0 without a network).
func (c *checker) link(a, b int) (bw, lat float64) {
	net := c.s.Platform.Network
	if net == nil {
		return 0, 0
	}
	for _, l := range net.Links {
		x, y := c.idx(l.From), c.idx(l.To)
		if (x == a && y == b) || (x == b && y == a) {
			return l.Bandwidth, l.Latency
		}
	}
	return net.Bandwidth, net.Latency
}

// classic: one cluster, Size nodes, min(runtime, estimate).
func (c *checker) classic() {
	c.each(func(j *model.Job, p *sched.Placement) {
		ci := c.oneCluster(p)
		if c.s.Compat == model.CompatPyss && ci >= 0 {
			// pyss's job model (model.Job.Pyss, engine/backfill).
			m := j.Pyss(c.s.Platform.Clusters[ci].Nodes)
			if p.Nodes != m.Size {
				c.add(p.Job, "size", "holds %d nodes; under compat pyss the job needs exactly %d", p.Nodes, m.Size)
			}
			if p.Start < m.Submit-tol(m.Submit) {
				c.add(p.Job, "early-start", "starts at %v, before its submit time under compat pyss, %v", p.Start, m.Submit)
			}
			c.runs(p, m.Run, 0, "pyss (floor(max(min(requested, runtime), 1)))")
			return
		}
		c.size(j, p)
		c.runs(p, math.Min(j.Runtime, j.Estimate()), 0, "backfilling (min(runtime, requested))")
	})
}

// multisite: multisite eqs. 1-2 over the sites of the allocation.
func (c *checker) multisite() {
	cl := c.s.Platform.Clusters
	n := len(cl)
	h := make([]float64, n)
	for i := range cl {
		h[i] = cmp.Or(cl[i].H, 1)
	}
	p := 1.0
	if net := c.s.Platform.Network; net != nil {
		p = cmp.Or(net.MultisiteFactor, 1)
	}
	transfer := func(a, b int, data float64) float64 {
		if a == b {
			return 0
		}
		bw, t := c.link(a, b)
		if data > 0 {
			t += data * 8 / bw
		}
		return t
	}
	c.each(func(j *model.Job, pl *sched.Placement) {
		c.size(j, pl)
		if len(pl.Alloc) == 0 {
			c.add(pl.Job, "model", "a multisite placement must name its nodes per site (Alloc)")
			return
		}
		origin := 0
		if j.Origin != "" {
			o := c.idx(j.Origin)
			if o < 0 {
				c.add(pl.Job, "model", "origin %q is not a cluster", j.Origin)
				return
			}
			origin = o
		}
		ti := math.Min(j.Runtime, j.Estimate()) * h[origin] // T_i, the local time
		maxH, maxT := 0.0, 0.0
		sites := 0
		for _, a := range pl.Alloc {
			s := c.idx(a.Cluster)
			if s < 0 {
				return
			}
			sites++
			maxH = math.Max(maxH, h[s])
			maxT = math.Max(maxT, transfer(origin, s, j.Data))
		}
		want := ti*p*maxH/h[origin] + maxT // multisite eq. 2
		if sites == 1 {
			s := c.idx(pl.Alloc[0].Cluster)
			want = ti*h[s]/h[origin] + maxT // multisite eq. 1
		}
		c.runs(pl, want, 1e-12, "multisite (eqs. 1-2)")
	})
}

// app is the run time of j on n reference nodes: its application model's
// p_ext(n), or its runtime.
func (c *checker) app(j *model.Job, n int) (float64, bool) {
	if j.App == nil {
		return j.Runtime, true
	}
	f := registeredAppTime()
	if f == nil {
		c.add(j.ID, "model", "has an application model and no predictor is registered to check its run time (engine/all registers TITAN's)")
		return 0, false
	}
	t, err := f(j, n)
	if err != nil {
		c.add(j.ID, "model", "application model: %v", err)
		return 0, false
	}
	return t, true
}

// muscle: rigid jobs on Size nodes of one cluster, T(Size)/u.
func (c *checker) muscle() {
	c.each(func(j *model.Job, p *sched.Placement) {
		ci := c.oneCluster(p)
		c.size(j, p)
		if ci < 0 {
			return
		}
		t, ok := c.app(j, j.Size)
		if !ok {
			return
		}
		c.runs(p, t/cmp.Or(c.s.Platform.Clusters[ci].Speed, 1), 1e-12, "MUSCLE (e_ij = T(size)/u_j)")
	})
}

// titan: the first cluster; moldable application jobs, rigid plain ones;
// no start on an offline node.
func (c *checker) titan() {
	if len(c.s.Platform.Clusters) == 0 {
		return
	}
	cl := c.s.Platform.Clusters[0]
	speed := cmp.Or(cl.Speed, 1)
	// Outages of the first cluster, in time order (ties in list order).
	type ev struct {
		at    float64
		off   bool
		nodes []int
	}
	var evs []ev
	for _, e := range c.s.Events {
		if e.Cluster == cl.ID {
			evs = append(evs, ev{e.At, e.Kind == "offline", e.Nodes})
		}
	}
	sort.SliceStable(evs, func(a, b int) bool { return evs[a].at < evs[b].at })
	c.each(func(j *model.Job, p *sched.Placement) {
		if p.Cluster != cl.ID || len(p.Alloc) > 1 {
			c.add(p.Job, "cluster", "runs on %s; TITAN schedules the first cluster, %s", p.Cluster, cl.ID)
			return
		}
		n := p.Nodes
		if j.App != nil {
			hi := j.Size
			if hi == 0 || hi > cl.Nodes {
				hi = cl.Nodes
			}
			if n < 1 || n > hi {
				c.add(p.Job, "size", "runs on %d nodes; its application model allows 1 to %d", n, hi)
				return
			}
		} else {
			c.size(j, p)
		}
		t, ok := c.app(j, n)
		if !ok {
			return
		}
		c.runs(p, t/speed, 1e-12, "TITAN (p_ext(n)/u)")
		if len(evs) == 0 || len(p.Alloc) == 0 {
			return
		}
		off := map[int]bool{}
		for _, e := range evs {
			if e.at > p.Start+tol(p.Start) {
				break
			}
			for _, x := range e.nodes {
				off[x] = e.off
			}
		}
		for _, x := range p.Alloc[0].Nodes {
			if off[x] {
				c.add(p.Job, "offline", "starts at %v on node %d, which is offline then", p.Start, x)
			}
		}
	})
}

// hybrid: one server, runtime*ref_mips/power, migration overhead before
// a remote start, end by the deadline.
func (c *checker) hybrid() {
	cl := c.s.Platform.Clusters
	type server struct {
		base, nodes int
		power       float64
	}
	servers := make([][]server, len(cl))
	for i := range cl {
		if len(cl[i].Servers) == 0 {
			servers[i] = []server{{0, cl[i].Nodes, cmp.Or(cl[i].MIPS, 1000)}}
			continue
		}
		base := 0
		for _, sv := range cl[i].Servers {
			pes, sp := cmp.Or(sv.PEs, 1), cmp.Or(sv.Speed, 1000)
			servers[i] = append(servers[i], server{base, sv.Nodes, float64(pes) * sp})
			base += sv.Nodes
		}
	}
	ref := c.s.Policy.Param("ref_mips", 1000)
	net := c.s.Platform.Network
	overhead := func(a, b int, data float64) float64 {
		if a == b || net == nil {
			return 0
		}
		bw, lat := c.link(a, b)
		t := lat
		if bw > 0 && data > 0 {
			t += data * 8 / bw
		}
		return net.MigrationOverhead + t // hybrid eq. 2
	}
	c.each(func(j *model.Job, p *sched.Placement) {
		ci := c.oneCluster(p)
		c.size(j, p)
		if ci < 0 {
			return
		}
		if len(p.Alloc) != 1 || len(p.Alloc[0].Nodes) == 0 {
			c.add(p.Job, "model", "a hybrid placement must name its nodes (Alloc)")
			return
		}
		var sv *server
		first := p.Alloc[0].Nodes[0]
		for k := range servers[ci] {
			x := &servers[ci][k]
			if first >= x.base && first < x.base+x.nodes {
				sv = x
			}
		}
		if sv == nil {
			return // reported as a bad node
		}
		for _, x := range p.Alloc[0].Nodes {
			if x < sv.base || x >= sv.base+sv.nodes {
				c.add(p.Job, "model", "spans servers of cluster %s (node %d); a hybrid job runs on one server", p.Cluster, x)
				break
			}
		}
		c.runs(p, j.Runtime*ref/sv.power, 1e-12, "hybrid (runtime x ref_mips / server power)")
		home := 0
		if j.Origin != "" {
			if o := c.idx(j.Origin); o >= 0 {
				home = o
			}
		}
		if ci != home {
			if e := j.Submit + overhead(home, ci, j.Data); p.Start < e-tol(e) {
				c.add(p.Job, "early-start", "starts at %v on cluster %s, before it can arrive there at %v (submit + migration overhead, hybrid eq. 2)", p.Start, p.Cluster, e)
			}
		}
		if j.Deadline > 0 && p.End > j.Deadline+tol(j.Deadline)+1e-6 {
			c.add(p.Job, "deadline", "ends at %v after its deadline %v; the hybrid model discards a job that cannot end in time", p.End, j.Deadline)
		}
	})
}
