package gamf

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"

	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// builder grows a schedule one job at a time for the greedy methods. The
// jobs placed so far are decoded with the same evaluator as the GA, so the
// greedy methods see the bandwidth-aware end times of what they placed.
type builder struct {
	p    *problem
	ev   *evaluator
	a    *indiv
	m    int     // jobs placed: a.order[:m]
	last []int32 // per node: last job placed on it, or -1
	ft   []float64
	// why[j] is the method's reason for job j's placement (Placement.Why).
	why []string
}

func newBuilder(p *problem, ev *evaluator) *builder {
	b := &builder{p: p, ev: ev, a: newIndiv(p), why: make([]string, p.n)}
	b.last = slices.Repeat([]int32{-1}, p.nodes)
	b.ft = make([]float64, p.nodes)
	return b
}

// freeTimes decodes the placed jobs and sets ft to each node's release
// time (0 for a node with no job).
func (b *builder) freeTimes() {
	b.ev.simulate(b.a, b.a.order[:b.m])
	for r, q := range b.last {
		if q < 0 {
			b.ft[r] = 0
		} else {
			b.ft[r] = b.ev.end[q]
		}
	}
}

// place appends job j on nodes.
func (b *builder) place(j int32, nodes []int32) {
	p := b.p
	copy(b.a.alloc[p.off[j]:p.off[j+1]], nodes)
	b.a.order[b.m] = j
	b.m++
	for _, r := range nodes {
		b.last[r] = j
	}
}

// earliest is the first time >= release at which tau nodes are free.
func (b *builder) earliest(tau int, release float64) float64 {
	s := append([]float64(nil), b.ft...)
	sort.Float64s(s)
	return max(release, s[tau-1])
}

// freeAt lists the nodes free at t, cluster by cluster.
func (b *builder) freeAt(t float64) [][]int32 {
	p := b.p
	out := make([][]int32, p.nclu)
	for r, f := range b.ft {
		if f <= t {
			k := p.cluOf[r]
			out[k] = append(out[k], int32(r))
		}
	}
	return out
}

// queueOrder is the order a queue serves jobs: by submit time, then by
// their place in the scenario.
func queueOrder(p *problem) []int32 {
	q := make([]int32, p.n)
	for i := range q {
		q[i] = int32(i)
	}
	sort.SliceStable(q, func(a, b int) bool { return p.release[q[a]] < p.release[q[b]] })
	return q
}

// clustersBy returns the cluster indices sorted by less, ties by index.
func clustersBy(n int, less func(a, b int) bool) []int {
	c := make([]int, n)
	for i := range c {
		c[i] = i
	}
	sort.SliceStable(c, func(a, b int) bool { return less(c[a], c[b]) })
	return c
}

// byPower returns the clusters by decreasing MIPS, ties by index.
func (p *problem) byPower() []int {
	return clustersBy(p.nclu, func(x, y int) bool { return p.mips[x] > p.mips[y] })
}

// fill takes tau nodes from free, visiting clusters in the given order.
func fill(free [][]int32, clusters []int, tau int) []int32 {
	out := make([]int32, 0, tau)
	for _, k := range clusters {
		for _, r := range free[k] {
			if len(out) == tau {
				return out
			}
			out = append(out, r)
		}
	}
	return out
}

// runJPR is Job Preferences on Resources, the variant of Naik et al.
// (2005) described in GA-MF section 5: jobs one at a time in queue order,
// each on the most powerful nodes available (doc.go, choice 15).
func runJPR(ctx context.Context, p *problem, ev *evaluator) (*indiv, []string, error) {
	b := newBuilder(p, ev)
	byPower := p.byPower()
	for _, j := range queueOrder(p) {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		b.freeTimes()
		t := b.earliest(p.tau[j], p.release[j])
		nodes := fill(b.freeAt(t), byPower, p.tau[j])
		b.place(j, nodes)
		b.why[j] = fmt.Sprintf("JPR, %s in queue order: the %d fastest nodes free at %s s in the schedule so far (%s); bandwidth is not considered.",
			ordinal(b.m), p.tau[j], secs(t), p.clusterList(nodes, true))
	}
	ev.score(b.a)
	return b.a, b.why, nil
}

// cbsShare is the share of a job's tasks CBS keeps in one chunk (Jones et
// al. 2005, as described in GA-MF section 5).
const cbsShare = 0.75

// runCBS is Chunk Big Small (Jones et al. 2005, GA-MF section 5): one
// cluster if the job fits there, else a chunk of ceil(0.75 tau_j) tasks
// on the cluster with most free nodes and the rest in small chunks
// (doc.go, choice 16).
func runCBS(ctx context.Context, p *problem, ev *evaluator) (*indiv, []string, error) {
	b := newBuilder(p, ev)
	for _, j := range queueOrder(p) {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		b.freeTimes()
		tau := p.tau[j]
		t := b.earliest(tau, p.release[j])
		free := b.freeAt(t)
		placed := false
		for _, k := range p.byPower() {
			if len(free[k]) >= tau {
				b.place(j, free[k][:tau])
				b.why[j] = fmt.Sprintf("CBS, %s in queue order: at %s s its %d tasks fit in the free nodes of %s, the fastest cluster where they fit.",
					ordinal(b.m), secs(t), tau, p.cluIDs[k])
				placed = true
				break
			}
		}
		if placed {
			continue
		}
		bySize := clustersBy(p.nclu, func(x, y int) bool {
			if len(free[x]) != len(free[y]) {
				return len(free[x]) > len(free[y])
			}
			return p.mips[x] > p.mips[y]
		})
		k0 := bySize[0]
		big := min(int(math.Ceil(cbsShare*float64(tau))), len(free[k0]))
		nodes := append([]int32(nil), free[k0][:big]...)
		free[k0] = free[k0][big:]
		nodes = append(nodes, fill(free, bySize[1:], tau-big)...)
		if len(nodes) < tau { // the rest of the big cluster, if needed
			nodes = append(nodes, fill(free, bySize[:1], tau-len(nodes))...)
		}
		b.place(j, nodes)
		b.why[j] = fmt.Sprintf("CBS, %s in queue order: at %s s no cluster had %d free nodes, so a chunk of %d went to %s, which had the most, and the rest in chunks (%s).",
			ordinal(b.m), secs(t), tau, big, p.cluIDs[k0], p.clusterList(nodes, false))
	}
	ev.score(b.a)
	return b.a, b.why, nil
}

// runMETL is Minimum Execution Time Lost (Blanco et al. 2012, GA-MF
// section 5): at each step the waiting job that loses the least time on
// its best allocation, timed with eq. 1 (doc.go, choice 17). relLoss is
// the "rel-loss" reading (doc.go): the loss is T^e / Tb_j, not T^e - Tb_j.
func runMETL(ctx context.Context, p *problem, ev *evaluator, relLoss bool) (*indiv, []string, error) {
	b := newBuilder(p, ev)
	waiting := queueOrder(p)
	t := 0.0
	if len(waiting) > 0 {
		t = p.release[waiting[0]]
	}
	load := make([]float64, p.nclu)
	cnt := make([]int, p.nclu)
	for len(waiting) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		b.freeTimes()
		free := b.freeAt(t)
		nfree := 0
		for _, f := range free {
			nfree += len(f)
		}
		clear(load)
		for _, q := range b.a.order[:b.m] {
			if ev.start[q] <= t && ev.end[q] > t {
				for k := 0; k < p.nclu; k++ {
					load[k] += ev.bjk[int(q)*p.nclu+k]
				}
			}
		}
		bestW, bestLost, bestTe := -1, math.Inf(1), 0.0
		var bestNodes []int32
		fit, tried := 0, 0
		for w, j := range waiting {
			if p.release[j] > t || p.tau[j] > nfree {
				continue
			}
			fit++
			for _, nodes := range metlCandidates(p, free, p.tau[j]) {
				tried++
				te := predict(p, j, nodes, load, cnt)
				lost := te - p.tb[j]
				if relLoss {
					lost = te / p.tb[j]
				}
				if lost < bestLost {
					bestW, bestLost, bestNodes, bestTe = w, lost, nodes, te
				}
			}
		}
		if bestW >= 0 {
			j := waiting[bestW]
			b.place(j, bestNodes)
			loss := fmt.Sprintf("loses %s s", secs(bestTe-p.tb[j]))
			if relLoss {
				loss = fmt.Sprintf("is slowed least, x%.3f", bestTe/p.tb[j])
			}
			b.why[j] = fmt.Sprintf("METL at %s s: of %d waiting jobs that fit (%d allocations timed), it %s: T^e %s s for a base time of %s s on %s.",
				secs(t), fit, tried, loss, secs(bestTe), secs(p.tb[j]), p.clusterList(bestNodes, false))
			waiting = append(waiting[:bestW], waiting[bestW+1:]...)
			continue
		}
		next := math.Inf(1)
		for _, q := range b.a.order[:b.m] {
			if e := ev.end[q]; e > t && e < next {
				next = e
			}
		}
		for _, j := range waiting {
			if r := p.release[j]; r > t && r < next {
				next = r
			}
		}
		if math.IsInf(next, 1) {
			break // cannot happen: every waiting job fits an empty platform
		}
		t = next
	}
	for _, j := range waiting { // defensive: never leave a job out
		b.freeTimes()
		b.place(j, fill(b.freeAt(b.earliest(p.tau[j], p.release[j])), clustersBy(p.nclu, func(x, y int) bool { return x < y }), p.tau[j]))
		b.why[j] = "METL found no step where it fit; placed on the first free nodes."
	}
	ev.score(b.a)
	return b.a, b.why, nil
}

// metlCandidates lists METL's allocations of tau tasks on the free nodes.
func metlCandidates(p *problem, free [][]int32, tau int) [][]int32 {
	var out [][]int32
	for k := range free {
		if len(free[k]) >= tau {
			out = append(out, free[k][:tau])
		}
	}
	bySize := clustersBy(p.nclu, func(x, y int) bool { return len(free[x]) > len(free[y]) })
	out = append(out, fill(free, p.byPower(), tau), fill(free, bySize, tau))
	return out
}

// predict is T^e (eq. 1) of job j on nodes, starting now next to the link
// load of the running jobs.
func predict(p *problem, j int32, nodes []int32, load []float64, cnt []int) float64 {
	clear(cnt)
	for _, r := range nodes {
		cnt[p.cluOf[r]]++
	}
	return p.execAt(j, cnt, load)
}

// HillConfig holds HILL's parameters.
type HillConfig struct {
	// Evaluations caps the neighbours tried (default: the GA's budget,
	// 120 x 80).
	Evaluations int
	// Patience is how many neighbours in a row may fail to improve before
	// the search stops (default 1000).
	Patience int
	// Alpha weighs makespan in F, as in GA-MF (default 0.6).
	Alpha float64
	// Random starts from a fully random solution (section 4.2's first
	// strategy) instead of a random guided one (random order, random
	// clusters: the second strategy).
	Random bool
	// Normalise and MutateOne are the GA's readings (Config): F divided
	// by the starting solution's makespan and flowtime; one task moved.
	Normalise, MutateOne bool
}

// runHill is hill climbing (GA-MF section 5; doc.go, choice 18): from a
// random solution it moves to a better neighbour (the two-phase mutation
// of section 4.4). One "generation" frame is emitted per 80 neighbours
// (a GA generation's worth of evaluations).
func runHill(ctx context.Context, p *problem, cfg HillConfig, r *rng.Rand, rec sched.Recorder) (*indiv, error) {
	ev := newEvaluator(p, cfg.Alpha)
	ops := newOperators(p)
	ops.oneTask = cfg.MutateOne
	cur, nb := newIndiv(p), newIndiv(p)
	if cfg.Random {
		ops.randomIndiv(cur, r)
	} else {
		ops.guidedIndiv(cur, r)
	}
	ev.score(cur)
	if cfg.Normalise {
		ev.normalise([]*indiv{cur})
	}
	fails := 0
	for i := 0; i < cfg.Evaluations && fails < cfg.Patience; i++ {
		if i%DefaultPopulation == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if rec != nil {
				f := scheduleFrame(p, ev, cur)
				f.Gen, f.Mean = i/DefaultPopulation, cur.fit
				if cur.sat {
					f.NSat = 1
				}
				if err := sched.Emit(rec, sched.Frame{Kind: "generation", T: float64(f.Gen), Data: f}); err != nil {
					return nil, err
				}
			}
		}
		nb.copyFrom(cur)
		ops.mutate(nb, r)
		ev.score(nb)
		if better(nb, cur) {
			cur, nb = nb, cur
			fails = 0
		} else {
			fails++
		}
	}
	return cur, nil
}
