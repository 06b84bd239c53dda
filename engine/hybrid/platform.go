package hybrid

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"

	"gridplay/engine/minmax"
	"gridplay/engine/model"
)

// DefaultSpeed is the PE speed (MIPS) of a server that gives none, and of
// the single server of a cluster described without servers.
const DefaultSpeed = 1000

// grid is the C/S/N platform of section III: clusters of servers of nodes,
// each node with PEs processing elements of one speed.
type grid struct {
	clusters []*cluster
	servers  []*server // every server, clusters in order then servers in order
	// bw and lat are the WAN bandwidth (Mbit/s) and latency (s) between
	// clusters, indexed [from*C+to].
	bw, lat []float64
	// fixed is the fixed part of hybrid eq. 2: time for rescheduling plus
	// time for starting the job (Network.MigrationOverhead).
	fixed float64
}

type cluster struct {
	id      string
	servers []*server
	nodes   int
}

// server holds its live state; snap is the status last exchanged.
type server struct {
	cl    int // cluster index
	nodes int
	// power is the MIPS of one node: PEs x speed (a job's task uses every
	// PE of its node).
	power float64
	base  int // cluster-wide number of the server's first node

	busy []bool
	// ends holds, for each busy node, the end of the job holding it,
	// sorted (a multiset: a job of k nodes is k equal entries). live
	// reads the status from it without sorting the nodes.
	ends  []float64
	freeN int
	queue []int // the server's part of the cluster JWQ, FCFS
	dirty bool  // live state changed since snap was taken
	// snap is the cluster scheduler's view of the server: the status of
	// the last exchange instant plus the jobs that scheduler has placed on
	// the server since (it knows its own decisions).
	snap profile
	// gsnap is the grid scheduler's view: the status of the last exchange
	// instant plus the jobs the grid scheduler has migrated to the server's
	// cluster and that status does not show yet, booked on the server it
	// estimated; gbook records that gsnap differs from the exchanged
	// status.
	gsnap profile
	gbook bool
	// transit lists the jobs the grid scheduler migrated towards this
	// server's cluster, planned on this server, that have not arrived yet,
	// in the order they were sent: the grid keeps them in its view across
	// exchanges until they reach the cluster.
	transit []int
}

// profile is the status a server sends at an exchange instant (hybrid
// section III, Step 1): when each node is expected to be free, given the
// running jobs and the jobs queued in FCFS order at that instant.
type profile struct {
	free  []float64 // ascending expected free time of each node
	last  float64   // planned start of the last queued job (FCFS floor)
	idle  int       // free nodes at the exchange instant
	queue int       // queued jobs at the exchange instant
}

// start is the earliest start the profile predicts, at time t, for a job of
// k nodes: FCFS behind every queued job, on the k earliest free nodes.
func (p *profile) start(t float64, k int) float64 {
	return minmax.Max(t, minmax.Max(p.last, p.free[k-1]))
}

// avail is "avail" of Step 2: the nodes the profile says are free at t for
// a new job (none while a queued job is still planned to start later).
func (p *profile) avail(t float64) int {
	if p.last > t {
		return 0
	}
	return sort.Search(len(p.free), func(i int) bool { return p.free[i] > t })
}

// newGrid builds the C/S/N platform from the scenario, checking every field
// the hybrid model reads.
func newGrid(pl *model.Platform) (*grid, error) {
	var es model.Errors
	if len(pl.Clusters) == 0 {
		return nil, model.Errf("platform.clusters", "hybrid needs at least one cluster")
	}
	g := &grid{}
	for i := range pl.Clusters {
		c := &pl.Clusters[i]
		// A field's name is made only for its error: every point of a
		// sweep builds its grid here, and a valid one has none.
		f := func() string { return "platform.clusters[" + strconv.Itoa(i) + "]" }
		cl := &cluster{id: c.ID}
		if len(c.Servers) == 0 {
			// A cluster without servers is the 1/1/N variant: one server.
			sp := cmp.Or(c.MIPS, DefaultSpeed)
			switch {
			case c.Nodes < 1:
				es = append(es, model.Errf(f()+".nodes", "must be at least 1 (or give servers)"))
			case !(sp > 0) || math.IsInf(sp, 0):
				es = append(es, model.Errf(f()+".mips", "must be positive"))
			default:
				cl.servers = append(cl.servers, &server{nodes: c.Nodes, power: sp})
			}
		}
		for k := range c.Servers {
			sv := &c.Servers[k]
			sf := func() string { return f() + ".servers[" + strconv.Itoa(k) + "]" }
			pes, sp := cmp.Or(sv.PEs, 1), cmp.Or(sv.Speed, DefaultSpeed)
			switch {
			case sv.Nodes < 1:
				es = append(es, model.Errf(sf()+".nodes", "must be at least 1"))
			case pes < 1:
				es = append(es, model.Errf(sf()+".pes", "must be at least 1"))
			case !(sp > 0) || math.IsInf(sp, 0):
				es = append(es, model.Errf(sf()+".speed", "must be positive"))
			default:
				cl.servers = append(cl.servers, &server{nodes: sv.Nodes, power: float64(pes) * sp})
			}
		}
		for _, sv := range cl.servers {
			sv.cl, sv.base = i, cl.nodes
			cl.nodes += sv.nodes
			g.servers = append(g.servers, sv)
		}
		// The model requires a cluster's nodes to be the sum of its servers'
		// (model.Validate); 0 is refused too, so that every checker and
		// renderer that reads Cluster.Nodes sees the nodes the jobs ran on.
		if len(c.Servers) > 0 && c.Nodes != cl.nodes && len(es) == 0 {
			es = append(es, model.Errf(f()+".nodes", fmt.Sprintf("must equal the sum of the servers' nodes (%d)", cl.nodes)))
		}
		g.clusters = append(g.clusters, cl)
	}
	if err := es.Err(); err != nil {
		return nil, err
	}
	for _, sv := range g.servers {
		sv.busy = make([]bool, sv.nodes)
		sv.ends = make([]float64, 0, sv.nodes)
		sv.freeN = sv.nodes
		sv.snap.free = make([]float64, sv.nodes)
		sv.gsnap.free = make([]float64, sv.nodes)
		sv.dirty = true
	}
	return g, g.network(pl)
}

// network fills the cluster-to-cluster bandwidth and latency tables.
func (g *grid) network(pl *model.Platform) error {
	C := len(g.clusters)
	g.bw = make([]float64, C*C)
	g.lat = make([]float64, C*C)
	n := pl.Network
	if n == nil {
		return nil
	}
	switch {
	case n.Bandwidth < 0:
		return model.Errf("platform.network.bandwidth", "must not be negative")
	case n.Latency < 0:
		return model.Errf("platform.network.latency", "must not be negative")
	case n.MigrationOverhead < 0:
		return model.Errf("platform.network.migration_overhead", "must not be negative")
	}
	g.fixed = n.MigrationOverhead
	for i := range g.bw {
		g.bw[i], g.lat[i] = n.Bandwidth, n.Latency
	}
	for i, l := range n.Links {
		f := fmt.Sprintf("platform.network.links[%d]", i)
		a, b := pl.ClusterIndex(l.From), pl.ClusterIndex(l.To)
		switch {
		case a < 0:
			return model.Errf(f+".from", fmt.Sprintf("unknown cluster %q", l.From))
		case b < 0:
			return model.Errf(f+".to", fmt.Sprintf("unknown cluster %q", l.To))
		case l.Bandwidth < 0:
			return model.Errf(f+".bandwidth", "must not be negative")
		case l.Latency < 0:
			return model.Errf(f+".latency", "must not be negative")
		}
		// Links are symmetric.
		g.bw[a*C+b], g.lat[a*C+b] = l.Bandwidth, l.Latency
		g.bw[b*C+a], g.lat[b*C+a] = l.Bandwidth, l.Latency
	}
	return nil
}

// transfer is the WAN transfer time of data MB from cluster a to b: the
// latency plus data*8/bandwidth (a zero bandwidth means an unlimited one).
func (g *grid) transfer(a, b int, data float64) float64 {
	if a == b {
		return 0 // inside a cluster the transfer time is negligible (Step 3)
	}
	C := len(g.clusters)
	t := g.lat[a*C+b]
	if bw := g.bw[a*C+b]; bw > 0 && data > 0 {
		t += data * 8 / bw
	}
	return t
}

// overhead is the migration overhead of hybrid eq. 2: time for
// rescheduling + transfer time + time for starting the job, where the
// first and last together are Network.MigrationOverhead.
func (g *grid) overhead(a, b int, data float64) float64 {
	return g.fixed + g.transfer(a, b, data) // Hybrid eq. 2
}

// live computes the server's current profile at time t (what it would
// send if an exchange happened now), reusing p's storage: the free time
// of every node, sorted, is t for each idle node merged with the busy
// nodes' job ends (ends, already sorted).
func (sv *server) live(t float64, jobs []job, p *profile) {
	p.free = p.free[:0]
	i := 0
	for i < len(sv.ends) && sv.ends[i] < t {
		i++
	}
	p.free = append(p.free, sv.ends[:i]...)
	for n := 0; n < sv.freeN; n++ {
		p.free = append(p.free, t)
	}
	p.free = append(p.free, sv.ends[i:]...)
	p.idle = sv.freeN
	p.queue = len(sv.queue)
	p.last = math.Inf(-1)
	for _, q := range sv.queue {
		j := &jobs[q]
		st := p.start(t, j.size)
		p.book(j.size, st+j.exec)
		p.last = st
	}
}

// hold records k busy nodes whose job ends at end (in ends, sorted).
func (sv *server) hold(k int, end float64) {
	i := sort.Search(len(sv.ends), func(i int) bool { return sv.ends[i] > end })
	n := len(sv.ends)
	sv.ends = slices.Grow(sv.ends, k)[:n+k]
	copy(sv.ends[i+k:], sv.ends[i:n])
	for m := i; m < i+k; m++ {
		sv.ends[m] = end
	}
}

// release forgets k busy nodes whose job ended at end.
func (sv *server) release(k int, end float64) {
	i := sort.Search(len(sv.ends), func(i int) bool { return sv.ends[i] >= end })
	sv.ends = slices.Delete(sv.ends, i, i+k)
}

// copyFrom makes p a copy of q, reusing p's storage.
func (p *profile) copyFrom(q *profile) {
	free := append(p.free[:0], q.free...)
	*p = *q
	p.free = free
}

// reserve books a job of k nodes and run time exec that a scheduler places
// at time t on its own view: it starts FCFS behind the jobs the view
// already holds (start) and keeps its k nodes until start + exec. It
// returns the planned start.
func (p *profile) reserve(t float64, k int, exec float64) float64 {
	st := p.start(t, k)
	p.book(k, st+exec)
	p.last = st
	return st
}

// book gives the k earliest free nodes to a job ending at end, keeping
// free sorted: the nodes after the first k that free up by end move to the
// front, then come the k booked nodes.
func (p *profile) book(k int, end float64) {
	rest := p.free[k:]
	m := sort.Search(len(rest), func(i int) bool { return rest[i] > end })
	copy(p.free, rest[:m])
	for i := m; i < m+k; i++ {
		p.free[i] = end
	}
}
