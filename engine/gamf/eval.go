package gamf

import (
	"math"

	"gridplay/engine/minmax"
)

// indiv is one chromosome (GA-MF section 4.1): a job order (a permutation
// of the package's jobs; the locus gives the order of jobs sharing a node)
// and a task -> node allocation, job j's tau_j genes at
// alloc[off[j]:off[j+1]], each a global node number. The three constraints
// of section 4.4 hold by construction: a job's genes are distinct nodes
// (every operator keeps them so), and the evaluator starts all of a job's
// tasks together and holds its nodes until the job ends.
type indiv struct {
	order []int32
	alloc []int32
	// Scores, set by evaluator.score.
	fit      float64 // F = alpha*makespan + (1-alpha)*flowtime (section 4.3)
	makespan float64
	flowtime float64
	sat      bool // some link had SD^k < 1 during the schedule
}

func newIndiv(p *problem) *indiv {
	return &indiv{order: make([]int32, p.n), alloc: make([]int32, p.off[p.n])}
}

func (a *indiv) copyFrom(b *indiv) {
	a.order = append(a.order[:0], b.order...)
	a.alloc = append(a.alloc[:0], b.alloc...)
	a.fit, a.makespan, a.flowtime, a.sat = b.fit, b.makespan, b.flowtime, b.sat
}

// better orders individuals by F, lower first: the ranking of section 4.4
// and the best of a generation (section 4.3: "we record the individual
// with the minimum F"). Saturation is already in F through CS_j; the
// penalty of saturated individuals is in selection (ga.step).
func better(a, b *indiv) bool { return a.fit < b.fit }

// evaluator decodes a chromosome into a schedule with the bandwidth-aware
// execution model (GA-MF section 3.1; doc.go, choices 4 and 5: link
// sharing over time, "jobs sharing the link are penalized", and Example
// 1's node reservation precedence) and scores it. It keeps its scratch
// space between calls, so one evaluator serves one goroutine.
type evaluator struct {
	p     *problem
	alpha float64
	// norm: F divides makespan by mk0 and flowtime by ft0 (normalise).
	norm     bool
	mk0, ft0 float64

	psj []float64 // PS_j
	bjk []float64 // B_j^k at [j*nclu+k]
	// csIn[j*nclu+k] says whether link k counts in CS_j (problem.inCS).
	csIn []bool
	cnt  []int32 // t_j^k scratch
	// lastJob[r] is the last job so far on node r, or n (none).
	lastJob []int32
	// mark[q] == j once q is recorded as a predecessor of job j; mark[n]
	// is a sentinel "no job" entry, so the gene loop has a single,
	// well-predicted branch.
	mark  []int32
	npred []int32
	succ  [][]int32

	start, end, rem, rate []float64
	running, ready        []int32

	csk []float64 // CS_j^k per link, now

	peak []float64 // highest load/B^k seen per link
	// track records csMax[j], the highest CS_j of each job during the
	// schedule (for Placement.Why; off in the search).
	track bool
	csMax []float64
	// maxLoad is the highest load seen per link; satNow is true while
	// some link has SD^k < 1.
	maxLoad []float64
	satNow  bool
	// satTime is the time during which some link was saturated.
	satTime float64
	sat     bool
}

func newEvaluator(p *problem, alpha float64) *evaluator {
	e := &evaluator{p: p, alpha: alpha}
	e.psj = make([]float64, p.n)
	e.bjk = make([]float64, p.n*p.nclu)
	e.csIn = make([]bool, p.n*p.nclu)
	e.cnt = make([]int32, p.nclu)
	e.lastJob = make([]int32, p.nodes)
	e.mark = make([]int32, p.n+1)
	e.npred = make([]int32, p.n)
	e.succ = make([][]int32, p.n)
	e.start = make([]float64, p.n)
	e.end = make([]float64, p.n)
	e.rem = make([]float64, p.n)
	e.rate = make([]float64, p.n)
	e.running = make([]int32, 0, p.n)
	e.ready = make([]int32, 0, p.n)
	e.csk = make([]float64, p.nclu)
	e.peak = make([]float64, p.nclu)
	e.maxLoad = make([]float64, p.nclu)
	return e
}

// score evaluates a complete individual and stores its scores.
func (e *evaluator) score(a *indiv) {
	e.simulate(a, a.order)
	a.makespan, a.flowtime = e.metrics(a.order)
	a.fit = e.fitness(a.makespan, a.flowtime)
	a.sat = e.sat
}

// fitness is F = alpha * makespan + (1 - alpha) * flowtime (GA-MF
// section 4.3), each term divided by its reference value under the
// "norm" reading (normalise).
func (e *evaluator) fitness(makespan, flowtime float64) float64 {
	if e.norm {
		makespan, flowtime = makespan/e.mk0, flowtime/e.ft0
	}
	return float64(e.alpha*makespan) + float64((1-e.alpha)*flowtime)
}

// normalise switches to the "norm" reading (doc.go): from now on F
// divides makespan by mk0 and flowtime by ft0, the mean makespan and
// flowtime of the individuals given (the initial population), whose F is
// recomputed.
func (e *evaluator) normalise(pop []*indiv) {
	mk, ft := 0.0, 0.0
	for _, a := range pop {
		mk += a.makespan
		ft += a.flowtime
	}
	n := float64(len(pop))
	e.norm, e.mk0, e.ft0 = true, mk/n, ft/n
	for _, a := range pop {
		a.fit = e.fitness(a.makespan, a.flowtime)
	}
}

// metrics returns the makespan max F_i - min S_j and the flowtime
// sum (F_j - Sb_j) of the jobs in order (GA-MF section 3.1).
func (e *evaluator) metrics(order []int32) (makespan, flowtime float64) {
	if len(order) == 0 {
		return 0, 0
	}
	minS, maxF := math.Inf(1), math.Inf(-1)
	for _, j := range order {
		minS = minmax.Min(minS, e.start[j])
		maxF = minmax.Max(maxF, e.end[j])
		flowtime += e.end[j] - e.p.release[j]
	}
	return maxF - minS, flowtime
}

// simulate decodes the jobs of a listed in order (all of them, or a
// prefix of a schedule being built) and fills start and end. Jobs not in
// order are ignored.
func (e *evaluator) simulate(a *indiv, order []int32) {
	p := e.p
	clear(e.maxLoad)
	e.sat, e.satTime = false, 0
	e.ready = e.ready[:0]
	// One pass over the jobs, in order: t_j^k, PS_j, B_j^k and the node
	// precedence (each node serves its jobs in chromosome order).
	e.precedence(order, a.alloc)
	if e.track {
		if e.csMax == nil {
			e.csMax = make([]float64, p.n)
		}
		for j := range e.csMax {
			e.csMax[j] = 1
		}
	}
	e.events()
	for k, l := range e.maxLoad {
		e.peak[k] = l / p.bw[k]
	}
}

// jobFigures sets PS_j and the B_j^k row of job j from its t_j^k in
// e.cnt, and clears e.cnt.
func (e *evaluator) jobFigures(j int32) {
	p := e.p
	nc := p.nclu
	row := e.bjk[int(j)*nc : int(j)*nc+nc]
	in := e.csIn[int(j)*nc : int(j)*nc+nc]
	ps := 0.0
	for k, c := range e.cnt[:nc] {
		row[k] = linkBandwidth(int(c), p.tau[j], p.bj[j])
		in[k] = p.inCS(int(c), row[k])
		if c > 0 { // PS_j = max over the job's nodes of PS_j^r
			ps = max(ps, p.cps[k])
		}
	}
	clear(e.cnt)
	e.psj[j] = ps
}

// precedence is the first pass, one gene at a time: each node
// remembers the last job placed on it.
func (e *evaluator) precedence(order []int32, alloc []int32) {
	p := e.p
	none := int32(p.n) // "no job": the sentinel entry of mark
	for i := range e.lastJob {
		e.lastJob[i] = none
	}
	// Local slice headers keep this loop free of reloads through e and p.
	cnt, cluOf, lastJob, mark := e.cnt, p.cluOf, e.lastJob, e.mark
	for _, j := range order {
		// j is never its own predecessor, and the sentinel is never one.
		mark[j], mark[none] = j, j
		e.npred[j] = 0
		e.succ[j] = e.succ[j][:0]
		e.start[j], e.end[j] = -1, -1
		for _, r := range alloc[p.off[j]:p.off[j+1]] {
			cnt[cluOf[r]]++ // t_j^k
			q := lastJob[r]
			lastJob[r] = j
			if mark[q] != j {
				mark[q] = j
				e.npred[j]++
				e.succ[q] = append(e.succ[q], j)
			}
		}
		e.jobFigures(j)
		if e.npred[j] == 0 {
			e.ready = append(e.ready, j)
		}
	}
}

// events runs the decoded jobs from their precedence: a job starts when
// its predecessors have ended and it has been submitted.
func (e *evaluator) events() {
	p := e.p
	e.running = e.running[:0]
	t := 0.0
	// ended: jobs ended at t and rates have not been recomputed since.
	// Jobs that start at the same t are added first, so the rates are
	// computed once for the new running set: the set between the ends
	// and the starts lasts no time, and its loads, a part of the loads
	// before the ends, add no peak and no slowdown.
	ended := false
	for {
		started := false
		w := 0
		for _, j := range e.ready {
			if p.release[j] <= t {
				e.start[j] = t
				e.rem[j] = 1
				e.running = append(e.running, j)
				started = true
			} else {
				e.ready[w] = j
				w++
			}
		}
		e.ready = e.ready[:w]
		if started || ended {
			e.rates(e.running)
			ended = false
		}
		nextRel := math.Inf(1)
		for _, j := range e.ready {
			nextRel = minmax.Min(nextRel, p.release[j])
		}
		if len(e.running) == 0 {
			if len(e.ready) == 0 {
				break
			}
			t = nextRel
			continue
		}
		dt, first := math.Inf(1), int32(-1)
		for _, j := range e.running {
			// The first job of the least d, without a branch on the
			// comparison: d > 0 and not NaN (rem > 1e-9, rate > 0), so
			// min gives the least d exactly.
			d := e.rem[j] / e.rate[j]
			if d < dt {
				first = j
			}
			dt = minmax.Min(dt, d)
		}
		if first < 0 { // rates of 0 cannot happen with validated input; never loop
			first = e.running[0]
		}
		if t+dt > nextRel {
			e.advance(e.running, nextRel-t)
			t = nextRel
			continue
		}
		e.advance(e.running, dt)
		t += dt
		w = 0
		for _, j := range e.running {
			if j == first || e.rem[j] <= 1e-9 {
				e.end[j] = t
				for _, s := range e.succ[j] {
					e.npred[s]--
					if e.npred[s] == 0 {
						e.ready = append(e.ready, s)
					}
				}
			} else {
				e.running[w] = j
				w++
			}
		}
		e.running = e.running[:w]
		ended = true
	}
}

// rates recomputes the link loads and every running job's progress rate.
func (e *evaluator) rates(running []int32) {
	p := e.p
	nc := p.nclu
	bjk, maxLoad, csk, bw := e.bjk, e.maxLoad[:nc], e.csk[:nc], p.bw[:nc]
	// The load of each link is summed over the running jobs in their
	// order; CS_j^k depends on the link only: compute it once per link.
	// The peak is the highest load over B^k: division by B^k is
	// monotone, so it is divided once, at the end (simulate). Loads are
	// sums of B_j^k >= 0, never NaN.
	satNow := false
	for k := range csk {
		l := 0.0
		for _, j := range running {
			l += bjk[int(j)*nc+k] // sum of B_j^k over the jobs using L_k
		}
		maxLoad[k] = minmax.Max(maxLoad[k], l) // no branch: loads are not NaN
		// No branch on saturation (data): SD^k = B^k/l (+Inf for
		// l = 0, as saturationDegree) is below 1 only when l > B^k,
		// and CS_j^k = commSlowdown(SD^k) is max(1, 1/SD^k): 1/SD^k is
		// at least 1 exactly when SD^k < 1.
		sd := bw[k] / l
		csk[k] = minmax.Max(1, 1/sd)
		satNow = satNow || sd < 1
	}
	e.satNow = satNow
	for _, j := range running {
		// GA-MF: CS_j = max_k CS_j^k over its clusters (inCS).
		cs := 1.0
		for k, in := range e.csIn[int(j)*nc : int(j)*nc+nc] {
			if in {
				cs = max(cs, csk[k])
			}
		}
		if e.track && cs > e.csMax[j] {
			e.csMax[j] = cs
		}
		e.rate[j] = 1 / execTime(p.tb[j], timeCost(p.sigma[j], e.psj[j], cs))
	}
}

// advance moves every running job forward by dt seconds.
func (e *evaluator) advance(running []int32, dt float64) {
	if dt <= 0 {
		return
	}
	rem, rate := e.rem, e.rate
	for _, j := range running {
		rem[j] -= float64(rate[j] * dt)
	}
	if e.satNow { // some link has SD^k < 1 (rates)
		e.sat = true
		e.satTime += dt
	}
}
