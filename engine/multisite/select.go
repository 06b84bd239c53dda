package multisite

import (
	"math"
	"math/bits"
	"slices"
	"sort"

	"gridplay/engine/backfill"
	"gridplay/engine/kernel"
)

// Strategy is a resource selection of section 4.1.1.
type Strategy int

const (
	// Optimal is Algorithm 2: every single site and every combination, by
	// instant start and by reservation; the earliest predicted finish.
	Optimal Strategy = iota
	// Greedy takes the fastest nodes first (lowest h), for an instant
	// start and for a reservation; the earlier predicted finish.
	Greedy
	// NonAdaptive prefers the local site, then remote single sites, then
	// multisite (section 6), and starts a job as soon as it can.
	NonAdaptive
)

func (s Strategy) String() string {
	switch s {
	case Optimal:
		return "optimal"
	case Greedy:
		return "greedy"
	}
	return "nonadaptive"
}

// selector implements backfill.Selector with the multisite performance
// model (eq. 1-2) and one resource selection strategy.
type selector struct {
	sys   *system
	jobs  []job
	strat Strategy
	wins  []win
	cset  []int // scratch: a combination (room for every site)
	// prefs[o] is the strategy's site preference order for a job from
	// site o (greedy: fastest first; non-adaptive: local first), made on
	// first use; all lists every site, for the relaxation.
	prefs [][]int
	all   []int
	// combos are the sites of every combination, fewest sites first
	// (the order of the enumeration), cut from one array, and
	// comboNodes their total node counts.
	combos     [][]int
	comboNodes []int
	minH       float64
	// Scratch reused by every call: buf[:used] backs the sites and node
	// counts of one selection's candidates (emptied at each Select; a
	// candidate lives no longer than the call), caps the per-site free
	// counts of a placement, idx the order of split, parts the returned
	// choice's parts (the core copies those it keeps, see
	// backfill.Choice), altSites and altNodes the alternative a reason
	// names (setAlt). Each has room for every site and keeps its length,
	// so a call writes no slice into the selector (under js/wasm every
	// pointer written while the collector marks goes through its write
	// barrier).
	buf                []int
	used               int
	caps               []int
	idx                []int
	parts              []backfill.Part
	altSites, altNodes []int
	// strict is the strict reading of the non-adaptive baseline (policy
	// parameter strict=1, see doc.go): a job goes to the first class that
	// can ever hold it and waits there.
	strict bool
	// last and kept record why each job got the choice it got (see
	// why.go): last is the latest choice returned for the job, kept the
	// latest one with the least key. A run records only the one its mode
	// reads (newSelectorFor); nil is not recorded.
	last, kept []reason
}

// cand is one candidate placement: the sites of a combination, their
// node counts, the start, and the estimated and actual durations.
type cand struct {
	start, est, run float64
	sites, nodes    []int
}

func (c *cand) finish() float64 { return c.start + c.est }

// Improvable implements backfill.Bounder with a relaxation of every
// placement at once: all sites together, no minimum share per site, and
// the shortest duration any placement can have. Non-adaptive keys are
// start times (any duration, so zero); adaptive keys are predicted
// finishes, and every placement takes at least est*min(h) (eq. 1-2 with
// p >= 1 and transfers >= 0). If even the relaxation cannot start before
// the latest useful start, no placement improves the key.
//
// The reservation itself answers most calls without the search: its
// processors are free again during [S, S+Est), so when the relaxation's
// window fits in it (d <= Est), the relaxation holds at S (and so at the
// candidate start at or before S that the search would find first);
// when S is before the latest useful start, the answer is yes.
func (s *selector) Improvable(j int, now float64, res *backfill.Choice, m *backfill.Machine) bool {
	jb := &s.jobs[j]
	d := 0.0
	if s.strat != NonAdaptive {
		d = jb.est * s.minH
	}
	latest := res.Key - d
	if !(latest > now) {
		return false
	}
	if st := res.Start; st >= now && st < latest && d <= res.Est && st+res.Est > st {
		n := 0
		for _, p := range res.Parts {
			n += p.Nodes
		}
		if n >= jb.size {
			return true
		}
	}
	t, _ := s.coStart(s.all, jb.size, d, now, latest, 0, m)
	return t < latest
}

// newSelectorFor is a selector for a run in mode: it records the reasons
// explain reads in that mode, the last choices under EASY, the kept ones
// otherwise.
func newSelectorFor(sys *system, jobs []job, strat Strategy, mode backfill.Mode) *selector {
	n := sys.n
	s := &selector{sys: sys, jobs: jobs, strat: strat, wins: make([]win, n), minH: math.Inf(1),
		prefs: make([][]int, n), all: make([]int, n), caps: make([]int, n), idx: make([]int, n),
		cset: make([]int, 0, n), parts: make([]backfill.Part, n), altSites: make([]int, n), altNodes: make([]int, n)}
	if mode == backfill.EASY {
		s.last = make([]reason, len(jobs))
	} else {
		s.kept = make([]reason, len(jobs))
	}
	for _, h := range sys.h {
		s.minH = math.Min(s.minH, h)
	}
	for i := range s.all {
		s.all[i] = i
	}
	if strat == Optimal && n <= MaxOptimalSites {
		var masks []int
		for mask := 1; mask < 1<<n; mask++ {
			masks = append(masks, mask)
		}
		sort.SliceStable(masks, func(a, b int) bool {
			return bits.OnesCount(uint(masks[a])) < bits.OnesCount(uint(masks[b]))
		})
		sites := make([]int, 0, n<<(n-1)) // each site is in half the masks
		for _, mask := range masks {
			k, nodes := len(sites), 0
			for i := 0; i < n; i++ {
				if mask&(1<<i) != 0 {
					sites = append(sites, i)
					nodes += sys.nodes[i]
				}
			}
			s.combos = append(s.combos, sites[k:len(sites):len(sites)])
			s.comboNodes = append(s.comboNodes, nodes)
		}
	}
	return s
}

// take cuts k ints from the selection's scratch (their values are left
// as they were: the caller sets every one).
func (s *selector) take(k int) []int {
	n := s.used
	if n+k > len(s.buf) {
		// Candidates made earlier in this call keep the old array.
		s.buf = make([]int, max(2*len(s.buf), k, 64))
		n = 0
	}
	s.used = n + k
	return s.buf[n : n+k : n+k]
}

// clone copies c into the selection's scratch.
func (s *selector) clone(c []int) []int {
	out := s.take(len(c))
	copy(out, c)
	return out
}

func (s *selector) Select(j int, now float64, m *backfill.Machine, instantOnly bool) (backfill.Choice, bool) {
	jb := &s.jobs[j]
	s.used = 0
	if instantOnly {
		// No placement can start now unless enough processors are free
		// now (Alg. 2 step 1: otherwise the job is reserved).
		if freeNow(now, m) < jb.size {
			return backfill.Choice{}, false
		}
	}
	var best cand
	var ok bool
	var r reason
	switch s.strat {
	case Optimal:
		best, ok = s.optimal(jb, now, m, &r)
	case Greedy:
		best, ok = s.greedy(jb, now, m, &r)
	default:
		best, ok = s.nonAdaptive(jb, now, m, &r)
	}
	if !ok || (instantOnly && best.start > now) {
		return backfill.Choice{}, false
	}
	ch := backfill.Choice{Start: best.start, Est: best.est, Run: best.run, Key: best.finish()}
	if s.strat == NonAdaptive {
		ch.Key = best.start
	}
	parts := s.parts[:len(best.sites)]
	for i, site := range best.sites {
		parts[i] = backfill.Part{Site: site, Nodes: best.nodes[i]}
	}
	ch.Parts = parts
	s.record(j, now, &best, ch.Key, &r)
	return ch, true
}

// place returns the earliest placement of jb on exactly the sites of c
// (each gets at least one node), or ok=false when c can never hold it or
// cannot finish by bound.
func (s *selector) place(jb *job, c []int, now float64, m *backfill.Machine, bound float64) (cand, bool) {
	est, run := s.sys.durations(jb, c)
	return s.placeFor(jb, c, est, run, now, m, bound)
}

// placeFor is place with the durations of jb on c given.
func (s *selector) placeFor(jb *job, c []int, est, run, now float64, m *backfill.Machine, bound float64) (cand, bool) {
	if len(c) == 1 {
		p := m.Sites[c[0]].Profile
		t := p.EarliestStart(now, jb.size, est)
		if math.IsInf(t, 1) {
			return cand{}, false
		}
		sn := s.take(2)
		sn[0], sn[1] = c[0], jb.size
		return cand{start: t, est: est, run: run, sites: sn[0:1:1], nodes: sn[1:2:2]}, true
	}
	t, caps := s.coStart(c, jb.size, est, now, bound-est, 1, m)
	if math.IsInf(t, 1) {
		return cand{}, false
	}
	return cand{start: t, est: est, run: run, sites: s.clone(c), nodes: s.split(jb, c, caps)}, true
}

// placeAt is place restricted to a start at now (an instant start).
func (s *selector) placeAt(jb *job, c []int, now float64, m *backfill.Machine) (cand, bool) {
	est, run := s.sys.durations(jb, c)
	caps := s.caps[:len(c)]
	sum := 0
	for i, site := range c {
		caps[i] = m.Sites[site].Profile.MinFree(now, now+est)
		if caps[i] < 1 {
			return cand{}, false
		}
		sum += caps[i]
	}
	if sum < jb.size || len(c) > jb.size {
		return cand{}, false
	}
	var nodes []int
	if len(c) > 1 {
		nodes = s.split(jb, c, caps)
	} else {
		nodes = s.take(1)
		nodes[0] = jb.size
	}
	return cand{start: now, est: est, run: run, sites: s.clone(c), nodes: nodes}, true
}

// split divides a request over the sites of a combination, given how
// many processors each can give (caps): every site gets one node, then the
// rest go to the fastest sites first (lowest h, the origin first on ties,
// then site order), each up to its cap. The predicted time depends only on
// which sites take part (eq. 2), not on the shares.
func (s *selector) split(jb *job, c, caps []int) []int {
	nodes := s.take(len(c))
	idx := s.idx[:len(c)]
	left := jb.size
	for i := range c {
		nodes[i], idx[i] = 1, i
		left--
	}
	// Insertion sort by less, a strict total order on sites, so the
	// order is the one any sort gives.
	for a := 1; a < len(idx); a++ {
		for b := a; b > 0 && s.less(jb, c[idx[b]], c[idx[b-1]]); b-- {
			idx[b], idx[b-1] = idx[b-1], idx[b]
		}
	}
	for _, i := range idx {
		k := min(caps[i]-1, left)
		nodes[i] += k
		left -= k
	}
	return nodes
}

// less orders sites for "fastest nodes first": lower h, then the job's
// origin (no transfer), then site order.
func (s *selector) less(jb *job, a, b int) bool {
	if s.sys.h[a] != s.sys.h[b] {
		return s.sys.h[a] < s.sys.h[b]
	}
	if (a == jb.origin) != (b == jb.origin) {
		return a == jb.origin
	}
	return a < b
}

// better ranks candidates of the adaptive strategies: earlier predicted
// finish, then earlier start (instant before reservation), then fewer
// sites, then one that uses the origin site (the local site needs no
// transfer). Earlier candidates (lower site indices) win remaining ties.
func better(a, b *cand, origin int) bool {
	if a.finish() != b.finish() {
		return a.finish() < b.finish()
	}
	if a.start != b.start {
		return a.start < b.start
	}
	if len(a.sites) != len(b.sites) {
		return len(a.sites) < len(b.sites)
	}
	return slices.Contains(a.sites, origin) && !slices.Contains(b.sites, origin)
}

// optimal is Algorithm 2 (doc.go, "Resource selection"): steps 2 and 3
// are one enumeration of the earliest start on every combination.
func (s *selector) optimal(jb *job, now float64, m *backfill.Machine, r *reason) (cand, bool) {
	var best, single, own cand
	found, haveSingle, haveOwn := false, false, false
	for k, c := range s.combos {
		// Steps 3(b)-(c): only combinations whose total nodes cover the
		// request; each site must give at least one node.
		if s.comboNodes[k] < jb.size || len(c) > jb.size {
			continue
		}
		// A combination that cannot finish by the best so far, even
		// starting now, is not searched (same result, less work).
		bound := math.Inf(1)
		est, run := s.sys.durations(jb, c)
		if found {
			bound = best.finish()
			if now+est > bound {
				continue
			}
		}
		x, ok := s.placeFor(jb, c, est, run, now, m, bound)
		if ok && len(c) == 1 {
			// Singles come first and are cut only when they finish after
			// the best single so far, so single is the best single site.
			if !haveSingle || better(&x, &single, jb.origin) {
				single, haveSingle = x, true
			}
			if c[0] == jb.origin {
				own, haveOwn = x, true
			}
		}
		if ok && (!found || better(&x, &best, jb.origin)) {
			best, found = x, true
		}
	}
	if !found {
		return best, false
	}
	// The alternatives the placement's reason names (why.go).
	switch {
	case len(best.sites) > 1:
		s.setAlt(r, altSingle, &single, haveSingle)
	case best.sites[0] != jb.origin:
		if !haveOwn && s.sys.nodes[jb.origin] >= jb.size {
			// Its own site was cut by the bound: place it for the reason.
			own, haveOwn = s.place(jb, []int{jb.origin}, now, m, math.Inf(1))
		}
		s.setAlt(r, altOwn, &own, haveOwn)
	}
	return best, true
}

// greedy takes the fastest nodes first, for an instant start (idleSet)
// and for a reservation (cover); the earlier predicted finish wins, the
// instant start on ties (doc.go, "Resource selection").
func (s *selector) greedy(jb *job, now float64, m *backfill.Machine, r *reason) (cand, bool) {
	pref := s.prefOrder(jb)
	var inst cand
	haveInst := false
	// Idle processors are free now: without enough of them the search
	// finds none (the same answer, at once).
	if freeNow(now, m) >= jb.size {
		if c := s.idleSet(jb, pref, now, m); c != nil {
			inst, haveInst = s.placeAt(jb, c, now, m)
		}
	}
	res, haveRes := s.place(jb, s.cover(jb, pref), now, m, math.Inf(1))
	if haveInst && (!haveRes || !better(&res, &inst, jb.origin)) {
		r.kind = kindInstant
		s.setAlt(r, altReserve, &res, haveRes)
		return inst, true
	}
	r.kind = kindReserve
	s.setAlt(r, altInstant, &inst, haveInst)
	return res, haveRes
}

// nonAdaptive follows the strict priorities of section 6 (doc.go,
// "Resource selection"): local, remote single site, several sites, at
// once if it can, else reserved in the first class that can ever hold
// the job. Under the strict reading (s.strict) there is no instant phase.
func (s *selector) nonAdaptive(jb *job, now float64, m *backfill.Machine, r *reason) (cand, bool) {
	pref := s.prefOrder(jb)
	one := []int{0}
	// Every instant start takes processors free now: without enough of
	// them none is found (the same answer, at once).
	if !s.strict && freeNow(now, m) >= jb.size {
		for _, site := range pref {
			one[0] = site
			if x, ok := s.placeAt(jb, one, now, m); ok {
				r.kind = kindLocalNow
				if site != jb.origin {
					r.kind = kindRemoteNow
				}
				return x, true
			}
		}
		if c := s.idleSet(jb, pref, now, m); len(c) > 1 {
			if x, ok := s.placeAt(jb, c, now, m); ok {
				r.kind = kindMultiNow
				return x, true
			}
		}
	}
	// Reservation, by class.
	if s.sys.nodes[jb.origin] >= jb.size {
		one[0] = jb.origin
		r.kind = kindLocal
		return s.place(jb, one, now, m, math.Inf(1))
	}
	var best cand
	found := false
	for _, site := range pref[1:] {
		if s.sys.nodes[site] < jb.size {
			continue
		}
		one[0] = site
		if x, ok := s.place(jb, one, now, m, math.Inf(1)); ok && (!found || x.start < best.start) {
			best, found = x, true
		}
	}
	if found {
		r.kind = kindRemote
		return best, true
	}
	r.kind = kindMulti
	return s.place(jb, s.cover(jb, pref), now, m, math.Inf(1))
}

// cover takes sites in the order pref until their nodes cover jb's
// request.
func (s *selector) cover(jb *job, pref []int) []int {
	c := s.cset[:0]
	got := 0
	for _, site := range pref {
		if got >= jb.size {
			break
		}
		c = append(c, site)
		got += s.sys.nodes[site]
	}
	return c
}

// freeNow is the number of processors free at now on all sites
// together: an upper bound of what any start at now can take (a site's
// idle processors, free for a whole run from now, are free now).
func freeNow(now float64, m *backfill.Machine) int {
	free := 0
	for _, st := range m.Sites {
		free += st.Profile.Free(now)
	}
	return free
}

// idleSet takes sites in the order pref while their idle processors (free
// for the whole predicted run on the set taken so far: doc.go, "Idle
// nodes") do not cover the request, and returns them, or nil if all sites
// together fall short. A site whose idle processors vanish as the run
// grows with the set is let go again.
func (s *selector) idleSet(jb *job, pref []int, now float64, m *backfill.Machine) []int {
	c := s.cset[:0]
	for _, site := range pref {
		c = append(c, site)
		est, _ := s.sys.durations(jb, c)
		got, k := 0, 0
		for _, x := range c {
			if f := m.Sites[x].Profile.MinFree(now, now+est); f > 0 {
				c[k] = x
				k++
				got += f
			}
		}
		c = c[:k]
		if got >= jb.size {
			return c
		}
	}
	return nil
}

// prefOrder is the strategy's site preference order for jb: for greedy
// the fastest first (less), for non-adaptive the origin first, then site
// order. It depends on the job's origin only, so it is made once per
// origin.
func (s *selector) prefOrder(jb *job) []int {
	if p := s.prefs[jb.origin]; p != nil {
		return p
	}
	p := make([]int, s.sys.n)
	for i := range p {
		p[i] = i
	}
	if s.strat == NonAdaptive {
		sort.SliceStable(p, func(a, b int) bool {
			if (p[a] == jb.origin) != (p[b] == jb.origin) {
				return p[a] == jb.origin
			}
			return p[a] < p[b]
		})
	} else {
		sort.SliceStable(p, func(a, b int) bool { return s.less(jb, p[a], p[b]) })
	}
	s.prefs[jb.origin] = p
	return p
}

// coStart is the earliest t >= now at which the sites of c together hold
// size processors during [t, t+d), each site at least one, and how many
// each can give then (the minimum free count over the window). Feasibility
// only improves when t passes a step boundary of some site, so the
// candidates are now and those boundaries; each site keeps a sliding
// window minimum, so one call costs O(steps). A candidate that falls
// short skips the boundaries before which it provably still falls short
// (below). It gives up (+Inf) once the start would pass limit. minEach is
// the least share of each site (1 for a placement; 0 for a relaxation).
func (s *selector) coStart(c []int, size int, d, now, limit float64, minEach int, m *backfill.Machine) (float64, []int) {
	total := 0
	for _, site := range c {
		s.wins[site].reset(m.Sites[site].Profile)
		total += s.sys.nodes[site]
	}
	if total < size || len(c)*minEach > size {
		return math.Inf(1), nil
	}
	caps := s.caps[:len(c)]
	t := now
	for {
		sum, ok := 0, true
		next := math.Inf(1)
		// A site's minimum comes from one step k of its window, which
		// stays in the window (whose end only moves later) until the
		// start passes T[k+1]: until then the site gives no more than
		// now. So while the start is before least, the earliest such
		// bound, the sum cannot grow; while it is before short, the
		// latest bound of a site below minEach, that site stays below.
		least, short := math.Inf(1), math.Inf(-1)
		for i, site := range c {
			// Site's window moves to [t, t+d) (t never decreases) and
			// gives the fewest free processors in it (the steps of win,
			// written out here: a call per site and candidate costs
			// more than the step under js/wasm).
			w := &s.wins[site]
			ts, fs := w.p.View()
			dq := w.dq
			n := len(ts)
			l := w.l
			for l+1 < n && ts[l+1] <= t {
				l++
			}
			r := max(w.r, l)
			head, tail := w.head, w.tail
			for r < n {
				if r > l && !(ts[r] < t+d) {
					break
				}
				fk := fs[r]
				for tail > head && fs[dq[tail-1]] >= fk {
					tail--
				}
				dq[tail] = r
				tail++
				r++
			}
			for head < tail && dq[head] < l {
				head++
			}
			w.l, w.r, w.head, w.tail = l, r, head, tail
			k := dq[head]
			f := fs[k]
			caps[i] = f
			bound := math.Inf(1)
			if k+1 < n {
				bound = ts[k+1]
			}
			if bound < least {
				least = bound
			}
			if f < minEach {
				ok = false
				if bound > short {
					short = bound
				}
			}
			sum += f
			// The first step boundary after the window's start.
			if l+1 < n {
				if x := ts[l+1]; x < next {
					next = x
				}
			}
		}
		if ok && sum >= size {
			return t, caps
		}
		// Every boundary before the bounds is a candidate that falls
		// short: the next one that may not is the first after them.
		if sum < size && least > next {
			next = least
		}
		if short > next {
			next = short
		}
		if math.IsInf(next, 1) || next > limit {
			return math.Inf(1), nil
		}
		t = next
	}
}

// win is a sliding-window minimum over the steps of one site's profile,
// moved by coStart. Each site has its own, so p is written once a run.
type win struct {
	p    *kernel.Profile
	l, r int // steps l..r-1 are in the window
	// dq[head:tail] are step indices with increasing free counts; dq
	// keeps its length, so the window moves without writing a slice.
	dq         []int
	head, tail int
}

func (w *win) reset(p *kernel.Profile) {
	if w.p != p {
		w.p = p
	}
	w.l, w.r, w.head, w.tail = 0, 0, 0, 0
	if n := p.Len(); len(w.dq) < n {
		w.dq = make([]int, max(n, 2*len(w.dq)))
	}
}
