package gamf

import (
	"math"
	"slices"

	"gridplay/engine/minmax"
	"gridplay/engine/rng"
)

// operators holds the scratch space of the genetic operators.
type operators struct {
	p *problem
	// oneTask is the "mutate-one" reading of the node allocation
	// mutation (doc.go): one task moves instead of all the job's tasks.
	oneTask bool
	nodes   []int32 // a permutation of all nodes, for sampling
	mark    []int32 // per node: crossover's stamps
	stamp   int32
	pool    []int32 // capacity 2*p.nodes
	fixed   []bool  // per position: inherited
	free    []int32 // jobs to place at random
	slots   []int32
	inJob   []bool // per node: in the job being built
	// guidedIndiv's state: the nodes taken, the free node count of each
	// cluster, the clusters with a free node and the builder's time.
	taken []bool
	freeN []int
	nfree int
	t     float64
	// guidedIndiv's predictions: per job, its predicted end and t_j^k
	// (at [j*nclu+k]); the jobs holding nodes; link loads.
	pend []float64
	tjk  []int
	bjk  []float64 // per placed job: B_j^k at [j*nclu+k]
	held []int32
	load []float64
}

func newOperators(p *problem) *operators {
	o := &operators{p: p}
	o.nodes = make([]int32, p.nodes)
	for i := range o.nodes {
		o.nodes[i] = int32(i)
	}
	o.mark = make([]int32, p.nodes)
	o.pool = make([]int32, 0, 2*p.nodes)
	o.fixed = make([]bool, p.n)
	o.slots = make([]int32, p.n)
	o.free = make([]int32, p.n)
	o.inJob = make([]bool, p.nodes)
	o.taken = make([]bool, p.nodes)
	o.freeN = make([]int, p.nclu)
	o.pend = make([]float64, p.n)
	o.tjk = make([]int, p.n*p.nclu)
	o.bjk = make([]float64, p.n*p.nclu)
	o.load = make([]float64, p.nclu)
	return o
}

// shuffle32 is a Fisher-Yates shuffle driven by r.
func shuffle32(a []int32, r *rng.Rand) {
	for i := len(a) - 1; i > 0; i-- {
		k := r.IntN(i + 1)
		a[i], a[k] = a[k], a[i]
	}
}

// randomIndiv is the first strategy of section 4.2: a random permutation
// and, for every job, tau_j distinct nodes drawn uniformly from the whole
// platform, regardless of whether they are busy.
func (o *operators) randomIndiv(a *indiv, r *rng.Rand) {
	p := o.p
	for i := range a.order {
		a.order[i] = int32(i)
	}
	shuffle32(a.order, r)
	for j := 0; j < p.n; j++ {
		g := a.alloc[p.off[j]:p.off[j+1]]
		// Partial Fisher-Yates on the persistent node permutation.
		for i := range g {
			k := i + r.IntN(p.nodes-i)
			o.nodes[i], o.nodes[k] = o.nodes[k], o.nodes[i]
			g[i] = o.nodes[i]
		}
	}
}

// guidedIndiv is the second strategy of section 4.2: a random permutation;
// each job in turn takes the free nodes of randomly chosen clusters; when
// no node is free, the bandwidth-aware parallel job model (eq. 1,
// predictEnd) predicts the first job to finish, and its nodes are
// released (doc.go, choice 8).
func (o *operators) guidedIndiv(a *indiv, r *rng.Rand) {
	p := o.p
	for i := range a.order {
		a.order[i] = int32(i)
	}
	shuffle32(a.order, r)
	clear(o.taken)
	copy(o.freeN, p.size)
	o.nfree = p.nclu
	o.held = o.held[:0]
	o.t = 0
	for _, j := range a.order {
		if !o.placeGuided(a, j, r) {
			// Cannot happen with tau_j <= nodes; stay valid anyway.
			o.randomIndiv(a, r)
			return
		}
		o.predictEnd(j)
	}
}

// placeGuided gives job j its nodes in guidedIndiv: the free nodes of
// randomly chosen clusters (each cluster with a free node equally
// likely), releasing the first job predicted to end while no node is
// free. It reports false when no job is left to release.
func (o *operators) placeGuided(a *indiv, j int32, r *rng.Rand) bool {
	p := o.p
	nc := p.nclu
	g := a.alloc[p.off[j]:p.off[j+1]]
	row := o.tjk[int(j)*nc : int(j)*nc+nc] // t_j^k
	clear(row)
	got := 0
	for got < len(g) {
		if o.nfree == 0 {
			if !o.releaseFirst(a) {
				return false
			}
			continue
		}
		k, c := 0, r.IntN(o.nfree) // the c-th cluster with free nodes
		for ; o.freeN[k] == 0 || c > 0; k++ {
			if o.freeN[k] > 0 {
				c--
			}
		}
		for n := p.first[k]; n < p.first[k]+p.size[k] && got < len(g); n++ {
			if !o.taken[n] {
				o.taken[n] = true
				g[got] = int32(n)
				got++
				row[k]++
				o.freeN[k]--
			}
		}
		if o.freeN[k] == 0 {
			o.nfree--
		}
	}
	return true
}

// releaseFirst moves guidedIndiv's time to the first predicted end of
// the jobs holding nodes and releases the nodes of the jobs that end
// then. It reports false when no job holds nodes.
func (o *operators) releaseFirst(a *indiv) bool {
	p := o.p
	nc := p.nclu
	next := math.Inf(1)
	for _, q := range o.held {
		next = minmax.Min(next, o.pend[q])
	}
	if math.IsInf(next, 1) {
		return false
	}
	o.t = minmax.Max(o.t, next)
	w := 0
	for _, q := range o.held {
		if o.pend[q] > o.t {
			o.held[w] = q
			w++
			continue
		}
		for _, n := range a.alloc[p.off[q]:p.off[q+1]] {
			o.taken[n] = false
		}
		for k, c := range o.tjk[int(q)*nc : int(q)*nc+nc] {
			if c > 0 && o.freeN[k] == 0 {
				o.nfree++
			}
			o.freeN[k] += c
		}
	}
	o.held = o.held[:w]
	return true
}

// predictEnd sets pend[j], the predicted end of job j just placed (eq.
// 1), next to the jobs holding nodes now, and adds j to them.
func (o *operators) predictEnd(j int32) {
	p := o.p
	nc := p.nclu
	load := o.load[:nc]
	sumRows(load, o.bjk, o.held, nc)
	row := o.tjk[int(j)*nc : int(j)*nc+nc]
	for k, c := range row {
		o.bjk[int(j)*nc+k] = linkBandwidth(c, p.tau[j], p.bj[j])
	}
	o.pend[j] = minmax.Max(o.t, p.release[j]) + p.execAt(j, row, load)
	o.held = append(o.held, j)
}

// sumRows sets load[k], k < nc, to the sum over the jobs q of held, in
// held's order, of rows[q*nc+k].
func sumRows(load, rows []float64, held []int32, nc int) {
	for k := range load[:nc] {
		l := 0.0
		for _, q := range held {
			l += rows[int(q)*nc+k]
		}
		load[k] = l
	}
}

// crossover builds child c from parents a and b in two stages (section
// 4.4, Example 2; doc.go, choice 9): the job order, then the node
// allocation.
func (o *operators) crossover(c, a, b *indiv, r *rng.Rand) {
	p := o.p
	// Stage 1. fixed[j] marks jobs that keep their position; slots are
	// the other positions.
	fixed, slots := o.fixed, o.slots[:0]
	for i, j := range a.order {
		c.order[i] = j
		fixed[j] = j == b.order[i]
		if !fixed[j] {
			slots = append(slots, int32(i))
		}
	}
	// GA-MF section 4.4 stage 1 and Example 2: "The rest of the jobs are
	// placed at random positions in the child".
	free := o.free[:0]
	for j, f := range fixed {
		if !f {
			free = append(free, int32(j))
		}
	}
	shuffle32(free, r)
	for i, s := range slots {
		c.order[s] = free[i]
	}
	for j := 0; j < p.n; j++ {
		ga := a.alloc[p.off[j]:p.off[j+1]]
		gb := b.alloc[p.off[j]:p.off[j+1]]
		gc := c.alloc[p.off[j]:p.off[j+1]]
		if slices.Equal(ga, gb) { // all nodes common: no draw needed
			copy(gc, gb)
			continue
		}
		// One mark array, two stamps per job: mark[n] == sa when n is in
		// a's genes, == sab when it is in both parents'.
		if o.stamp >= math.MaxInt32-2 {
			o.stamp = 0
			clear(o.mark)
		}
		sa, sab := o.stamp+1, o.stamp+2
		o.stamp = sab
		mark := o.mark
		for _, n := range ga {
			mark[n] = sa
		}
		// The common nodes go to the child in b's order; the pool holds
		// b's other nodes in b's order, then a's in a's order.
		got, pool := 0, o.pool[:0]
		for _, n := range gb {
			if mark[n] == sa {
				mark[n] = sab
				gc[got] = n
				got++
			} else {
				pool = append(pool, n)
			}
		}
		for _, n := range ga {
			if mark[n] != sab {
				pool = append(pool, n)
			}
		}
		for i := 0; got < len(gc); i++ {
			k := i + r.IntN(len(pool)-i)
			pool[i], pool[k] = pool[k], pool[i]
			gc[got] = pool[i]
			got++
		}
	}
}

// mutate is the two-phase mutation of section 4.4: a random job moves to
// a random position of the order, then its tasks are re-allocated: all of
// them to tau_j distinct random nodes, or, under the "mutate-one" reading
// (oneTask), one of them to a random node the job does not use yet (so
// the job's nodes stay distinct either way).
func (o *operators) mutate(c *indiv, r *rng.Rand) {
	p := o.p
	n := len(c.order)
	from := r.IntN(n)
	to := r.IntN(n)
	j := c.order[from]
	if from < to {
		copy(c.order[from:to], c.order[from+1:to+1])
	} else {
		copy(c.order[to+1:from+1], c.order[to:from])
	}
	c.order[to] = j
	g := c.alloc[p.off[j]:p.off[j+1]]
	if len(g) >= p.nodes {
		return // the job already holds every node
	}
	if !o.oneTask {
		// Every task of the job gets a node again: tau_j distinct nodes
		// drawn uniformly from the platform, as in a random individual.
		for i := range g {
			k := i + r.IntN(p.nodes-i)
			o.nodes[i], o.nodes[k] = o.nodes[k], o.nodes[i]
			g[i] = o.nodes[i]
		}
		return
	}
	for _, rr := range g {
		o.inJob[rr] = true
	}
	i := r.IntN(len(g))
	var nn int32
	if 2*len(g) <= p.nodes {
		for {
			nn = int32(r.IntN(p.nodes))
			if !o.inJob[nn] {
				break
			}
		}
	} else {
		o.pool = o.pool[:0]
		for rr := 0; rr < p.nodes; rr++ {
			if !o.inJob[rr] {
				o.pool = append(o.pool, int32(rr))
			}
		}
		nn = o.pool[r.IntN(len(o.pool))]
	}
	for _, rr := range g {
		o.inJob[rr] = false
	}
	g[i] = nn
}
