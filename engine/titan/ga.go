package titan

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"sort"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// GA is TITAN's genetic algorithm (section 3.3) over one Problem. The
// caller drives it one generation at a time with Step (or Run), may change
// the problem between steps with Update and the eq. 10 weights with
// SetWeights, and reads the best schedule found so far with Best.
//
// The population lives in flat slices (orders as int32, host maps as
// bitsets) so a generation allocates nothing.
type GA struct {
	cfg Config
	r   *rng.Rand
	pr  prep
	pop int
	gen int

	// current and next generation: orders, host maps and fitness terms
	ord, nord   []int32
	bm, nbm     []uint64
	cur, next   []terms
	fit, cum    []float64
	idx         []int
	stamp       []uint32
	stampN      uint32
	dup         []int
	hostScratch []int
	free        []float64

	idleOn bool      // W^i > 0: eval must compute Γ (eq. 8)
	chains [3]chain  // evalGroups' scratch
	pend   []int     // members to evaluate
	run    []float64 // evaluate's run times, one per task

	best     terms
	bestOrd  []int32
	bestBm   []uint64
	haveBest bool

	// floorCost is the cost no schedule goes below (floor), valid when
	// floorSet; floorOK is false when no such bound is known. Reset by
	// install and SetWeights.
	floorCost         float64
	floorSet, floorOK bool
}

// terms are one schedule's ω, Γ, θ (eqs. 7-9) and its eq. 10 cost.
type terms struct{ om, ga, th, cost float64 }

// prep is a problem prepared for fast evaluation.
type prep struct {
	p          Problem
	n, m, w    int
	tbl        []float64 // tbl[t*(m+1)+k] = p_ext(k) of task t: the section 4 cache
	rel0       []float64 // max(hr_i, Now)
	dl         []float64 // deadlines, +Inf for none (see deadline)
	minH, maxH []int
	online     []uint64 // mask of online hosts, w words
	onIdx      []int
	ids        map[string]int
	// fast: eval may take evalGroups (m <= 64, Now from +0 on, at most
	// maxGroups release times), starting from the hosts grouped by
	// release time in g0.
	fast bool
	g0   []group
}

// group is a set of hosts (a mask) released at one time (the bits of
// the float).
type group struct{ m, t uint64 }

// maxGroups is the most release-time groups at the start of a schedule
// for which evalGroups is used; beyond it, evaluate's per-host loop is
// cheaper.
const maxGroups = 16

// prepare validates p and, with table, fills the prediction cache for
// every task and allowed host count.
func prepare(p Problem, table bool) (prep, error) {
	var pr prep
	m := len(p.Release)
	if m < 1 {
		return pr, model.Errf("release", "needs at least one host")
	}
	if math.IsNaN(p.Now) || math.IsInf(p.Now, 0) {
		return pr, model.Errf("now", "must be finite")
	}
	if p.Offline != nil && len(p.Offline) != m {
		return pr, model.Errf("offline", fmt.Sprintf("has %d entries, want %d (one per host)", len(p.Offline), m))
	}
	n, w := len(p.Tasks), words(m)
	pr = prep{p: p, n: n, m: m, w: w, rel0: make([]float64, m), dl: make([]float64, n),
		minH: make([]int, n), maxH: make([]int, n), online: make([]uint64, w), ids: make(map[string]int, n)}
	for h, r := range p.Release {
		if math.IsNaN(r) || math.IsInf(r, 0) {
			return pr, model.Errf(fmt.Sprintf("release[%d]", h), "must be finite")
		}
		pr.rel0[h] = math.Max(r, p.Now)
		if p.Offline == nil || !p.Offline[h] {
			pr.online[h/64] |= 1 << uint(h%64)
			pr.onIdx = append(pr.onIdx, h)
		}
	}
	if n > 0 && len(pr.onIdx) == 0 {
		return pr, model.Errf("offline", "every host is offline")
	}
	if w == 1 && !math.Signbit(p.Now) {
	hosts:
		for h, r := range pr.rel0 {
			k := math.Float64bits(r)
			for i := range pr.g0 {
				if pr.g0[i].t == k {
					pr.g0[i].m |= 1 << uint(h)
					continue hosts
				}
			}
			pr.g0 = append(pr.g0, group{1 << uint(h), k})
		}
		pr.fast = len(pr.g0) <= maxGroups
	}
	on := len(pr.onIdx)
	if table {
		pr.tbl = make([]float64, n*(m+1))
	}
	for i, t := range p.Tasks {
		f := fmt.Sprintf("tasks[%d]", i)
		if _, dup := pr.ids[t.ID]; dup {
			return pr, model.Errf(f+".id", fmt.Sprintf("%q appears twice", t.ID))
		}
		pr.ids[t.ID] = i
		if t.Pred == nil {
			return pr, model.Errf(f+".pred", "missing performance model")
		}
		if math.IsNaN(t.Deadline) || math.IsInf(t.Deadline, 0) || t.Deadline < 0 {
			return pr, model.Errf(f+".deadline", "must be a finite time >= 0")
		}
		lo, hi := max(t.MinHosts, 1), t.MaxHosts
		if hi <= 0 || hi > on {
			hi = on
		}
		if lo > hi {
			return pr, model.Errf(f+".min_hosts", fmt.Sprintf("needs %d hosts, %d can be used", lo, hi))
		}
		pr.minH[i], pr.maxH[i], pr.dl[i] = lo, hi, deadline(t)
		for k := lo; table && k <= hi; k++ {
			v := t.Pred.Time(k)
			if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				return pr, model.Errf(f+".pred", fmt.Sprintf("time on %d hosts is %v, want a finite time >= 0", k, v))
			}
			pr.tbl[i*(m+1)+k] = v
		}
	}
	return pr, nil
}

// New makes a GA for p. Each seed becomes one member of the initial
// population (MUSCLE section 3: "one of these being the seed schedule");
// the rest are random. A seed must have p's shape (a permutation of the
// tasks, one map row per task for p's host count) or New returns an error
// naming it; host rows that break a task's bounds or use offline hosts are
// repaired (offline hosts dropped; surplus hosts dropped from the highest
// index; missing hosts added, earliest released first).
func New(cfg Config, p Problem, seeds []Schedule, r *rng.Rand) (*GA, error) {
	if r == nil {
		return nil, model.Errf("rng", "a random stream is required")
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	if len(seeds) > cfg.Population {
		return nil, model.Errf("seeds", fmt.Sprintf("%d seeds for a population of %d", len(seeds), cfg.Population))
	}
	pr, err := prepare(p, true)
	if err != nil {
		return nil, err
	}
	g := &GA{cfg: cfg, r: r, pop: cfg.Population, idleOn: cfg.Weights.Idle > 0}
	g.install(pr)
	n, w := pr.n, pr.w
	for k, s := range seeds {
		if err := s.shape(&p, fmt.Sprintf("seeds[%d]", k)); err != nil {
			return nil, err
		}
		o := g.ord[k*n : (k+1)*n]
		for i, t := range s.Order {
			o[i] = int32(t)
		}
		b := g.bm[k*n*w : (k+1)*n*w]
		copy(b, s.Bits)
		for t := 0; t < n; t++ {
			g.repairRow(t, b[t*w:(t+1)*w])
		}
	}
	for k := len(seeds); k < g.pop; k++ {
		g.randomise(k)
	}
	g.evalAll()
	return g, nil
}

// install sets the prepared problem and sizes the buffers.
func (g *GA) install(pr prep) {
	g.pr = pr
	n, w, m := pr.n, pr.w, pr.m
	g.ord, g.nord = grow(g.ord, g.pop*n), grow(g.nord, g.pop*n)
	g.bm, g.nbm = grow(g.bm, g.pop*n*w), grow(g.nbm, g.pop*n*w)
	if g.cur == nil {
		g.cur, g.next = make([]terms, g.pop), make([]terms, g.pop)
		g.fit, g.cum, g.idx = make([]float64, g.pop), make([]float64, g.pop), make([]int, g.pop)
	}
	g.stamp = make([]uint32, n)
	g.stampN = 0
	g.dup = make([]int, n)
	g.hostScratch = make([]int, len(pr.onIdx))
	g.free = make([]float64, m)
	g.run = make([]float64, n)
	g.pend = make([]int, 0, g.pop)
	g.floorSet = false
}

// grow returns s with length l, in a new array when s has not the room.
func grow[T any](s []T, l int) []T {
	if cap(s) < l {
		return make([]T, l)
	}
	return s[:l]
}

// randomise makes member k a random schedule: a random permutation and, for
// each task, a uniformly random host count within its bounds on a uniformly
// random set of online hosts.
func (g *GA) randomise(k int) {
	n, w := g.pr.n, g.pr.w
	o := g.ord[k*n : (k+1)*n]
	for i := range o {
		o[i] = int32(i)
	}
	g.r.Shuffle(n, func(i, j int) { o[i], o[j] = o[j], o[i] })
	b := g.bm[k*n*w : (k+1)*n*w]
	for t := 0; t < n; t++ {
		g.randomRow(t, b[t*w:(t+1)*w])
	}
}

func (g *GA) randomRow(t int, row []uint64) {
	clear(row)
	lo, hi := g.pr.minH[t], g.pr.maxH[t]
	k := lo + g.r.IntN(hi-lo+1)
	hs := g.hostScratch
	copy(hs, g.pr.onIdx)
	for i := 0; i < k; i++ { // partial Fisher-Yates
		j := i + g.r.IntN(len(hs)-i)
		hs[i], hs[j] = hs[j], hs[i]
		row[hs[i]/64] |= 1 << uint(hs[i]%64)
	}
}

// repairRow enforces a row's invariants: online hosts only, and a host
// count within the task's bounds (never zero, expr. 14).
func (g *GA) repairRow(t int, row []uint64) {
	c := 0
	for i := range row {
		row[i] &= g.pr.online[i]
		c += bits.OnesCount64(row[i])
	}
	for i := len(row) - 1; i >= 0 && c > g.pr.maxH[t]; i-- {
		for row[i] != 0 && c > g.pr.maxH[t] {
			row[i] &^= 1 << uint(63-bits.LeadingZeros64(row[i]))
			c--
		}
	}
	for c < g.pr.minH[t] {
		bh := -1
		for _, h := range g.pr.onIdx {
			if row[h/64]&(1<<uint(h%64)) == 0 && (bh < 0 || g.pr.rel0[h] < g.pr.rel0[bh]) {
				bh = h
			}
		}
		row[bh/64] |= 1 << uint(bh%64)
		c++
	}
}

// eval evaluates one schedule (eqs. 3-10) with the cached predictions,
// by evaluate; ts and te, when not nil, receive each task's start and
// end.
func (g *GA) eval(o []int32, b []uint64, ts, te []float64) terms {
	pr := &g.pr
	m1, w := pr.m+1, pr.w
	for j := range g.run {
		k := 0
		for _, x := range b[j*w : (j+1)*w] {
			k += bits.OnesCount64(x)
		}
		g.run[j] = pr.tbl[j*m1+k] // p_ext(|β_j|), eq. 3
	}
	copy(g.free, pr.rel0)
	last, s1, s2, th := evaluate(o, b, w, g.run, pr.dl, g.free, pr.p.Now, ts, te)
	return g.terms(last, s1, s2, th)
}

// terms are the terms of a schedule from its last end, the sums of eq.
// 8 and θ.
func (g *GA) terms(last, s1, s2, th float64) terms {
	t := terms{om: last - g.pr.p.Now, th: th} // eq. 7, from the current time
	t.ga = idle(t.om, s1, s2)
	t.cost = cost(g.cfg.Weights, t.om, t.ga, t.th) // eq. 10
	return t
}

// evalPending evaluates the members of ord and bm listed in pend into
// out and empties pend: three at a time by evalGroups when it can (the
// last repeated to fill a three), else one at a time by eval.
func (g *GA) evalPending(ord []int32, bm []uint64, out []terms) {
	pr := &g.pr
	n, nw := pr.n, pr.n*pr.w
	ks := g.pend
	if pr.fast && !g.idleOn {
		var o [3][]int32
		var b [3][]uint64
		for i := 0; i < len(ks); i += 3 {
			for c := range 3 {
				k := ks[min(i+c, len(ks)-1)]
				o[c], b[c] = ord[k*n:(k+1)*n], bm[k*nw:(k+1)*nw]
			}
			evalGroups(&g.chains, &o, &b, pr.g0, pr.tbl, pr.dl, pr.m+1, pr.p.Now)
			for c, k := range ks[i:min(i+3, len(ks))] {
				ch := &g.chains[c]
				out[k] = g.terms(math.Float64frombits(ch.lastk), 0, 0, ch.th) // Γ unused: W^i = 0
			}
		}
	} else {
		for _, k := range ks {
			out[k] = g.eval(ord[k*n:(k+1)*n], bm[k*nw:(k+1)*nw], nil, nil)
		}
	}
	g.pend = g.pend[:0]
}

func (g *GA) member(k int) ([]int32, []uint64) {
	n, nw := g.pr.n, g.pr.n*g.pr.w
	return g.ord[k*n : (k+1)*n], g.bm[k*nw : (k+1)*nw]
}

// evalAll evaluates the whole population and makes its fittest member the
// best so far (the start of a run, or a stale best after Update).
func (g *GA) evalAll() {
	for k := 0; k < g.pop; k++ {
		g.pend = append(g.pend, k)
	}
	g.evalPending(g.ord, g.bm, g.cur)
	bi := 0
	for k := 0; k < g.pop; k++ {
		if g.cur[k].cost < g.cur[bi].cost {
			bi = k
		}
	}
	g.setBest(bi)
}

func (g *GA) setBest(k int) {
	o, b := g.member(k)
	g.bestOrd = append(g.bestOrd[:0], o...)
	g.bestBm = append(g.bestBm[:0], b...)
	g.best = g.cur[k]
	g.haveBest = true
}

// pick selects a member with probability proportional to its normalised
// fitness (roulette wheel over MUSCLE eq. 2).
func (g *GA) pick() int {
	total := g.cum[g.pop-1]
	if !(total > 0) {
		return g.r.IntN(g.pop)
	}
	return g.search(g.r.Float64() * total)
}

// search returns the first k with cum[k] > u, or pop-1 if none.
func (g *GA) search(u float64) int {
	return sort.Search(g.pop-1, func(k int) bool { return g.cum[k] > u })
}

// Step runs one generation (expr. 11: selection, crossover, mutation) and
// returns its statistics. The best schedule so far is kept (section 4.1).
func (g *GA) Step() Generation {
	g.gen++
	n, w := g.pr.n, g.pr.w
	if n == 0 {
		return Generation{N: g.gen}
	}
	costs := g.fit // reuse: fit first holds the costs, then the fitness
	for k := range g.cur {
		costs[k] = g.cur[k].cost
	}
	Normalise(costs, g.fit)
	acc := 0.0
	for k, f := range g.fit {
		acc += f
		g.cum[k] = acc
	}
	// elitism: the e fittest members pass unchanged (choice)
	e := g.cfg.Elite
	for k := range g.idx {
		g.idx[k] = k
	}
	nw := n * w
	for k := 0; k < e; k++ {
		bi := k
		for i := k + 1; i < g.pop; i++ {
			if g.cur[g.idx[i]].cost < g.cur[g.idx[bi]].cost {
				bi = i
			}
		}
		g.idx[k], g.idx[bi] = g.idx[bi], g.idx[k]
		src := g.idx[k]
		copy(g.nord[k*n:(k+1)*n], g.ord[src*n:(src+1)*n])
		copy(g.nbm[k*nw:(k+1)*nw], g.bm[src*nw:(src+1)*nw])
		g.next[k] = g.cur[src]
	}
	ord, nord, bm, nbm, r := g.ord, g.nord, g.bm, g.nbm, g.r
	xr, mr, mmr := g.cfg.CrossoverRate, g.cfg.MutationRate, g.cfg.MapMutationRate
	for k := e; k < g.pop; k++ {
		a, b := g.pick(), g.pick()
		co, cb := nord[k*n:(k+1)*n], nbm[k*nw:(k+1)*nw]
		ao, ab := ord[a*n:(a+1)*n], bm[a*nw:(a+1)*nw]
		changed := false
		if n > 1 && r.Float64() < xr {
			bo, bb := ord[b*n:(b+1)*n], bm[b*nw:(b+1)*nw]
			g.crossOrder(ao, bo, co, 1+r.IntN(n-1))
			g.crossMap(ab, bb, cb)
			changed = true
		} else {
			copy(co, ao)
			copy(cb, ab)
		}
		if n > 1 && r.Float64() < mr {
			i := r.IntN(n)
			j := r.IntN(n - 1)
			if j >= i {
				j++
			}
			swap(co, i, j) // expr. 13
			changed = true
		}
		if r.Float64() < mmr {
			changed = g.toggle(cb) || changed
		}
		if changed {
			g.pend = append(g.pend, k)
		} else {
			g.next[k] = g.cur[a]
		}
	}
	g.evalPending(g.nord, g.nbm, g.next)
	g.ord, g.nord = g.nord, g.ord
	g.bm, g.nbm = g.nbm, g.bm
	g.cur, g.next = g.next, g.cur
	bi, sum := 0, 0.0
	for k := range g.cur {
		sum += g.cur[k].cost
		if g.cur[k].cost < g.cur[bi].cost {
			bi = k
		}
	}
	improved := false
	if !g.haveBest || g.cur[bi].cost < g.best.cost {
		g.setBest(bi)
		improved = true
	}
	return Generation{N: g.gen, Best: g.best.cost, Mean: sum / float64(g.pop), Improved: improved}
}

// crossOrder is the task-order crossover of expr. 12: the child takes A
// before the cut and B from the cut on; a task that appears twice is
// resolved by setting its first occurrence (in A's part) to the first
// value of B not yet in the child. The tasks in the child are marked
// with stamps.
func (g *GA) crossOrder(A, B, C []int32, cut int) {
	g.stampN++
	if g.stampN == 0 { // wrapped: reset the marks
		clear(g.stamp)
		g.stampN = 1
	}
	used, s := g.stamp, g.stampN
	n := len(C)
	for i := cut; i < n; i++ {
		C[i] = B[i]
		used[B[i]] = s
	}
	nd := 0
	for i := 0; i < cut; i++ {
		if used[A[i]] == s {
			g.dup[nd] = i
			nd++
		} else {
			C[i] = A[i]
			used[A[i]] = s
		}
	}
	bi := 0
	for k := 0; k < nd; k++ {
		for used[B[bi]] == s {
			bi++
		}
		C[g.dup[k]] = B[bi]
		used[B[bi]] = s
	}
}

// crossMap is the host-map crossover ("a simpler binary copy", section
// 3.3.2): one-point crossover of the maps read as one bit string, task by
// task and host by host. The one row cut in two is reset to A's row when
// the mix breaks the task's host bounds, so no task gets zero hosts.
func (g *GA) crossMap(A, B, C []uint64) {
	n, m := g.pr.n, g.pr.m
	if n*m < 2 {
		copy(C, A)
		return
	}
	g.crossMapAt(A, B, C, 1+g.r.IntN(n*m-1))
}

// crossMapAt is crossMap with the cut before bit c of the map read as
// one string: C takes A's bits 0..c-1 (task c/m below host c%m) and B's
// from c on.
func (g *GA) crossMapAt(A, B, C []uint64, c int) {
	m, w := g.pr.m, g.pr.w
	ct, ch := c/m, c%m
	copy(C[:ct*w], A[:ct*w])
	copy(C[ct*w:], B[ct*w:])
	if ch == 0 {
		return
	}
	row, cnt := C[ct*w:(ct+1)*w], 0
	for wi := range row {
		lo := ch - wi*64
		a, b := A[ct*w+wi], B[ct*w+wi]
		switch {
		case lo >= 64:
			row[wi] = a
		case lo > 0:
			mask := uint64(1)<<uint(lo) - 1
			row[wi] = a&mask | b&^mask
		}
		cnt += bits.OnesCount64(row[wi])
	}
	if cnt < g.pr.minH[ct] || cnt > g.pr.maxH[ct] {
		copy(row, A[ct*w:(ct+1)*w])
	}
}

// toggle flips one random bit of the host map (expr. 14). When that alone
// would take the task outside its host bounds (zero hosts, fewer than a
// rigid job needs, or more than it may use) it also flips one random online
// bit of the opposite value in the same row, so the task moves to another
// host instead: without this a rigid task (MinHosts = MaxHosts) could never
// change hosts. It reports whether the map changed.
func (g *GA) toggle(b []uint64) bool {
	w := g.pr.w
	t := g.r.IntN(g.pr.n)
	h := g.pr.onIdx[g.r.IntN(len(g.pr.onIdx))]
	row := b[t*w : (t+1)*w]
	c := 0
	for _, x := range row {
		c += bits.OnesCount64(x)
	}
	bit := uint64(1) << uint(h%64)
	set := row[h/64]&bit != 0
	if (set && c-1 >= g.pr.minH[t]) || (!set && c+1 <= g.pr.maxH[t]) {
		row[h/64] ^= bit
		return true
	}
	// Move: pick, uniformly among the online hosts whose bit differs
	// from h's, one to flip with h, keeping the count.
	k := 0
	for _, o := range g.pr.onIdx {
		if (row[o/64]&(1<<uint(o%64)) != 0) != set {
			k++
		}
	}
	if k == 0 {
		return false
	}
	pick := g.r.IntN(k)
	for _, o := range g.pr.onIdx {
		if (row[o/64]&(1<<uint(o%64)) != 0) != set {
			if pick == 0 {
				row[o/64] ^= 1 << uint(o%64)
				row[h/64] ^= bit
				return true
			}
			pick--
		}
	}
	return false
}

// Settled reports whether no schedule of the problem costs less than the
// best so far, so that no later Step can replace it (Step keeps a new
// best only when it is strictly cheaper) and Best stays what it is now.
// It can tell only for a problem of one task (floor); for the others it
// reports false.
func (g *GA) Settled() bool {
	if !g.haveBest {
		return false
	}
	if !g.floorSet {
		g.floorCost, g.floorOK = g.floor()
		g.floorSet = true
	}
	return g.floorOK && g.best.cost <= g.floorCost
}

// floor is a cost below which no schedule of a one-task problem falls,
// with ok false when there is more than one task or the bound cannot be
// given. On k hosts the task starts no earlier than the k-th earliest
// release among the online hosts (eq. 4, from Now on) and ends p_ext(k)
// later (eq. 3); ω (eq. 7) and θ (eq. 9) grow with its end, Γ (eq. 8) is
// never negative, and eq. 10 weighs them with weights >= 0. The bound for
// k is the cost of that start with no idle pocket (Γ = 0), and floor is
// the least over the task's host counts. It is computed with evaluate's
// and terms' own operations, so a schedule that reaches it has the same
// cost bits; each of those operations rounds monotonically, so no
// schedule's cost rounds below it.
//
// Γ = 2·s1 - s2/ω (idle) is at least 2·s1·p/ω for a run time p, so its
// rounded value cannot fall below 0 unless p/ω is near the rounding
// error; with W^i > 0, floor gives no bound when some p_ext(k) is at most
// 1e-9 of the latest end a schedule can have.
func (g *GA) floor() (float64, bool) {
	pr := &g.pr
	if pr.n != 1 {
		return 0, false
	}
	rel := make([]float64, 0, len(pr.onIdx))
	for _, h := range pr.onIdx {
		rel = append(rel, pr.rel0[h])
	}
	sort.Float64s(rel)
	now, dl := pr.p.Now, pr.dl[0]
	lowest, ok := 0.0, false
	for k := pr.minH[0]; k <= pr.maxH[0]; k++ {
		run := pr.tbl[k]
		if g.cfg.Weights.Idle > 0 && !(run > 1e-9*(rel[len(rel)-1]-now+run)) {
			return 0, false
		}
		st := now // evaluate's eq. 4 on the k earliest released hosts
		if f := rel[k-1]; f > st {
			st = f
		}
		en := st + run // eq. 3
		last, th := now, 0.0
		if en > last {
			last = en // eq. 7
		}
		if en > dl {
			th += en - dl // eq. 9
		}
		if c := g.terms(last, 0, 0, th).cost; !ok || c < lowest {
			lowest, ok = c, true
		}
	}
	return lowest, ok
}

// Best returns a copy of the best schedule found so far, its timing and
// its eq. 10 cost.
func (g *GA) Best() (Schedule, Timing, float64) {
	pr := &g.pr
	s := Schedule{Order: make([]int, pr.n), Hosts: pr.m, Bits: append([]uint64(nil), g.bestBm...)}
	for i, t := range g.bestOrd {
		s.Order[i] = int(t)
	}
	tm := Timing{Start: make([]float64, pr.n), End: make([]float64, pr.n)}
	t := g.eval(g.bestOrd, g.bestBm, tm.Start, tm.End)
	tm.Makespan, tm.Idle, tm.Deadline = t.om, t.ga, t.th
	return s, tm, t.cost
}

// SetWeights changes the eq. 10 weights on the fly ("it is possible to
// change the behaviour of the scheduler on-the-fly", section 3.3.1). The
// costs of the population and of the best so far are recomputed; the best
// so far is replaced when a member is now cheaper.
func (g *GA) SetWeights(w Weights) error {
	if err := w.Validate(); err != nil {
		return err
	}
	g.cfg.Weights = w
	g.floorSet = false
	wasOn := g.idleOn
	g.idleOn = w.Idle > 0
	bi := 0
	for k := range g.cur {
		if g.idleOn && !wasOn && g.pr.n > 0 { // Γ was skipped while W^i = 0
			o, b := g.member(k)
			g.cur[k] = g.eval(o, b, nil, nil)
		}
		t := &g.cur[k]
		t.cost = cost(w, t.om, t.ga, t.th)
		if t.cost < g.cur[bi].cost {
			bi = k
		}
	}
	if g.idleOn && !wasOn && g.haveBest {
		g.best = g.eval(g.bestOrd, g.bestBm, nil, nil)
	}
	g.best.cost = cost(w, g.best.om, g.best.ga, g.best.th)
	if g.pop > 0 && g.cur[bi].cost < g.best.cost {
		g.setBest(bi)
	}
	return nil
}

// Update replaces the problem (tasks submitted or started, hosts released,
// gone offline or back) without restarting: every member keeps its order
// and host rows for the tasks that remain (matched by Task.ID), new tasks
// are inserted at random positions with random rows, and rows are repaired
// to the new hosts. The best so far is then "stale" and is replaced by the
// fittest member of the current generation (section 4.1). On error the GA
// is unchanged.
func (g *GA) Update(p Problem) error {
	pr, err := prepare(p, true)
	if err != nil {
		return err
	}
	old := g.pr
	oldOrd, oldBm := g.ord, g.bm
	on, ow := old.n, old.w
	// old task index -> new index, -1 when gone
	toNew := make([]int32, on)
	isOld := make([]bool, pr.n)
	for i, t := range old.p.Tasks {
		toNew[i] = -1
		if j, ok := pr.ids[t.ID]; ok {
			toNew[i] = int32(j)
			isOld[j] = true
		}
	}
	g.ord, g.nord = g.nord, nil
	g.bm, g.nbm = g.nbm, nil
	g.install(pr)
	n, w := pr.n, pr.w
	cw := min(ow, w)
	lastMask := ^uint64(0)
	if r := pr.m % 64; r != 0 {
		lastMask = 1<<uint(r) - 1
	}
	for k := 0; k < g.pop; k++ {
		o := g.ord[k*n : k*n : (k+1)*n]
		for _, t := range oldOrd[k*on : (k+1)*on] {
			if j := toNew[t]; j >= 0 {
				o = append(o, j)
			}
		}
		for j := 0; j < n; j++ {
			if !isOld[j] {
				pos := g.r.IntN(len(o) + 1)
				o = append(o, 0)
				copy(o[pos+1:], o[pos:])
				o[pos] = int32(j)
			}
		}
		b := g.bm[k*n*w : (k+1)*n*w]
		clear(b)
		for i := 0; i < on; i++ {
			if j := int(toNew[i]); j >= 0 {
				copy(b[j*w:j*w+cw], oldBm[(k*on+i)*ow:(k*on+i)*ow+cw])
				b[j*w+w-1] &= lastMask
			}
		}
		for j := 0; j < n; j++ {
			row := b[j*w : (j+1)*w]
			if isOld[j] {
				g.repairRow(j, row)
			} else {
				g.randomRow(j, row)
			}
		}
	}
	g.nord, g.nbm = grow(oldOrd, g.pop*n), grow(oldBm, g.pop*n*w)
	g.bestOrd, g.bestBm = g.bestOrd[:0], g.bestBm[:0]
	if n > 0 {
		g.evalAll()
	} else {
		g.haveBest = false
		g.best = terms{}
	}
	return nil
}

// steps takes n steps and emits a "generation" frame at every improvement,
// every every steps and at the last, with the best schedule when it
// improved and at the first step.
func (g *GA) steps(ctx context.Context, n, every int, rec sched.Recorder) error {
	for i := 0; i < n; i++ {
		if i%16 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		gen := g.Step()
		if rec == nil || !(gen.Improved || i%every == 0 || i == n-1) {
			continue
		}
		if gen.Improved || i == 0 {
			gen.Sched = g.FrameSchedule()
		}
		if err := sched.Emit(rec, sched.Frame{Kind: "generation", T: g.pr.p.Now, Data: gen}); err != nil {
			return err
		}
	}
	return nil
}

// FrameSchedule is the best schedule so far in the compact frame form.
func (g *GA) FrameSchedule() *FrameSchedule {
	s, tm, _ := g.Best()
	for j := range tm.Start { // milliseconds are plenty for drawing
		tm.Start[j] = math.Round(tm.Start[j]*1000) / 1000
		tm.End[j] = math.Round(tm.End[j]*1000) / 1000
	}
	fs := &FrameSchedule{Order: s.Order, Hosts: make([]string, g.pr.n), Start: tm.Start, End: tm.End}
	w := g.pr.w
	digits := (g.pr.m + 3) / 4
	buf := make([]byte, 0, 16*w)
	for t := 0; t < g.pr.n; t++ {
		buf = buf[:0]
		for wi := w - 1; wi >= 0; wi-- {
			buf = fmt.Appendf(buf, "%016x", s.Bits[t*w+wi])
		}
		fs.Hosts[t] = string(buf[len(buf)-digits:])
	}
	return fs
}

// swap exchanges two tasks of an order: the mutation of expr. 13.
func swap(o []int32, i, j int) { o[i], o[j] = o[j], o[i] }
