package repro

import (
	"context"
	"math"

	"gridplay/engine/muscle"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
)

// fig4Calibrate finds the arrival rate at which run's measured mean queue
// is x and returns it with the full run (st.n jobs) made at it. When the
// pilot size (fig4Pilot) is below st.n, pilot runs on the
// first jobs of the same workload search the rate first (fitRate, within
// pilotTol, at most pilotSteps runs), each measured without its first
// third of rounds (steadyQueue); then full runs, from the pilot's rate,
// go on with the search while the full run's mean queue is more than
// fullTol from x (near saturation a pilot's queue can be far from the
// long run's), at most fullSteps full runs. Without pilots the search is
// on full runs, at most pilotSteps. The full run closest to x is kept.
//
// No run is made above Fig4CapacityRate, where no policy keeps up and
// the mean queue grows with the number of jobs: a rate beyond it is run
// and returned as that rate, and a level out of reach below it shows in
// the calibrated run's queue (fig4Data.notes names it).
func fig4Calibrate(ctx context.Context, run fig4Run, x float64, st fig4Settings) (float64, *sched.Result, error) {
	pilot := fig4Pilot(x, st.n)
	capRate := muscle.Fig4CapacityRate()
	// runAt is a run of n jobs at lam, capped; runs at the cap are made once per size.
	atCap := map[int]*sched.Result{}
	runAt := func(lam float64, n int) (*sched.Result, error) {
		if lam >= capRate && atCap[n] != nil {
			return atCap[n], nil
		}
		res, err := runner.Run(ctx, fig4Scenario(run, math.Min(lam, capRate), n, st), nil)
		if err == nil && lam >= capRate {
			atCap[n] = res
		}
		return res, err
	}
	// First guess: a queue that grows as x/(x+10) of the capacity rate.
	lam, steps := capRate*x/(x+10), pilotSteps
	if pilot < st.n {
		p, pts, err := fitRate(x, lam, pilotTol, pilotSteps, func(lam float64) (float64, error) {
			res, err := runAt(lam, pilot)
			if err != nil {
				return 0, err
			}
			return steadyQueue(res.Series["queue"]), nil
		})
		if err != nil {
			return 0, nil, err
		}
		lam, steps = pts[p].lam, fullSteps
	}
	var fulls []*sched.Result
	f, fpts, err := fitRate(x, lam, fullTol, steps, func(lam float64) (float64, error) {
		res, err := runAt(lam, st.n)
		if err != nil {
			return 0, err
		}
		fulls = append(fulls, res)
		return res.Metrics["mean_queue"], nil
	})
	if err != nil {
		return 0, nil, err
	}
	return math.Min(fpts[f].lam, capRate), fulls[f], nil
}

// The rate search stops when a pilot's mean queue is within pilotTol of
// the level x (as |log(queue/x)|, about 5%) or after pilotSteps pilot
// runs; full runs go on while the full run's is more than fullTol (about
// 10%) away, at most fullSteps full runs in all.
const (
	pilotTol, pilotSteps = 0.05, 6
	fullTol, fullSteps   = 0.1, 4
)

// fig4Pilot is the pilot size for level x: about 60 rounds, at least
// 2000 jobs, at most n.
func fig4Pilot(x float64, n int) int {
	return min(n, max(2000, int(60*x)))
}

// ratePoint is one run of a rate search: its rate and mean queue.
type ratePoint struct{ lam, q float64 }

// fitRate searches the arrival rate lam at which the mean queue q(lam) of
// a round-based run is x. The queue grows with the rate, steeply near
// saturation, so the search follows y = ln(q/x) against lam. It measures q
// at lam0 and then, until a measured queue is within tol of x (|y| <=
// tol) or steps runs were made, at the next rate:
//
//   - once runs lie below and above x, the secant of y through the
//     closest run on each side, kept to the inner 80% of that bracket,
//     or its midpoint when the run above has a queue over 10x (past
//     saturation, where the queue says little);
//   - with one run, the power law q ~ lam^elasticity, to first order:
//     lam*(1 - y/elasticity);
//   - with runs on one side only, the secant of y through the two
//     closest (the power law when that secant does not rise).
//
// Without a bracket the next rate lies 2% to 50% beyond the rates
// measured, on the side of x. It returns the index of the run closest to
// x and all the runs, in the order made. Rates come from arithmetic and
// math.Log only: math.Exp differs in the last bit between amd64 and
// js/wasm, and a rate is a row of the report.
func fitRate(x, lam0 float64, tol float64, steps int, q func(float64) (float64, error)) (int, []ratePoint, error) {
	var pts []ratePoint
	best := 0
	for {
		lam := lam0
		if len(pts) > 0 {
			if pts[best].off(x) <= tol || len(pts) >= steps {
				return best, pts, nil
			}
			lam = nextRate(x, pts, best)
		}
		v, err := q(lam)
		if err != nil {
			return 0, nil, err
		}
		pts = append(pts, ratePoint{lam, v})
		if pts[len(pts)-1].off(x) < pts[best].off(x) {
			best = len(pts) - 1
		}
	}
}

// elasticity is the exponent of the power law q ~ lam^elasticity that
// fitRate assumes before it has two runs to measure the slope (a first
// guess: the search corrects it from the second run on).
const elasticity = 4

// off is how far the run's queue is from x, |ln(q/x)|.
func (p ratePoint) off(x float64) float64 { return math.Abs(p.y(x)) }

// y is ln(q/x); a queue of 0 (no round) counts as 1e-9.
func (p ratePoint) y(x float64) float64 { return math.Log(math.Max(p.q, 1e-9) / x) }

// nextRate is the next rate of fitRate's search (see there).
func nextRate(x float64, pts []ratePoint, best int) float64 {
	lo, hi := -1, -1 // the closest runs below and at or above x
	for i, p := range pts {
		if p.q < x && (lo < 0 || p.q > pts[lo].q || (p.q == pts[lo].q && p.lam > pts[lo].lam)) {
			lo = i
		}
		if p.q >= x && (hi < 0 || p.q < pts[hi].q || (p.q == pts[hi].q && p.lam < pts[hi].lam)) {
			hi = i
		}
	}
	// the secant of y through a and b; ok false when it does not rise
	secant := func(a, b ratePoint) (float64, bool) {
		ya, yb := a.y(x), b.y(x)
		if a.lam == b.lam || (yb-ya)/(b.lam-a.lam) <= 0 {
			return 0, false
		}
		return a.lam - ya*(b.lam-a.lam)/(yb-ya), true
	}
	if lo >= 0 && hi >= 0 {
		l, h := pts[lo], pts[hi]
		a, z := math.Min(l.lam, h.lam), math.Max(l.lam, h.lam)
		lam, ok := secant(l, h)
		if !ok || h.q > 10*x {
			return (a + z) / 2
		}
		return math.Min(math.Max(lam, a+0.1*(z-a)), z-0.1*(z-a))
	}
	b := pts[best]
	lam := b.lam * (1 - b.y(x)/elasticity)
	if len(pts) > 1 {
		o := -1 // the second closest
		for i, p := range pts {
			if i != best && (o < 0 || p.off(x) < pts[o].off(x)) {
				o = i
			}
		}
		if v, ok := secant(b, pts[o]); ok {
			lam = v
		}
	}
	lamMin, lamMax := math.Inf(1), 0.0
	for _, p := range pts {
		lamMin, lamMax = math.Min(lamMin, p.lam), math.Max(lamMax, p.lam)
	}
	if lo >= 0 { // every run below x: go past the fastest
		return math.Min(math.Max(lam, lamMax*1.02), lamMax*1.5)
	}
	// every run above x: go below the slowest
	return math.Max(math.Min(lam, lamMin/1.02), lamMin/1.5)
}

// steadyQueue is the mean queue of a pilot run without its warm-up: the
// run starts with idle clusters and the queue takes some rounds to grow
// to its steady level, so the first third of the rounds is left out.
func steadyQueue(queue []sched.XY) float64 {
	qs := queue[len(queue)/3:]
	if len(qs) == 0 {
		return 0
	}
	s := 0.0
	for _, p := range qs {
		s += p.Y
	}
	return s / float64(len(qs))
}
