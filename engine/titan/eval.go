package titan

import (
	"math"
	"math/bits"
)

// Evaluate computes the start and end of every task of s on p (eqs. 3-6)
// and the fitness terms ω (eq. 7), Γ (eq. 8) and θ (eq. 9) into t, reusing
// t's slices. Tasks are taken in the order of s; each starts when the last
// of its hosts is released (eq. 4-6) and ends p_ext(|β|) later (eq. 3), so
// a later task may start earlier than one before it in the order when its
// hosts are free (Fig. 4). It returns an error when s does not fit p.
func Evaluate(p *Problem, s *Schedule, t *Timing) error {
	if err := s.check(p, "schedule"); err != nil {
		return err
	}
	n, m, w := len(p.Tasks), len(p.Release), words(len(p.Release))
	t.Start = resize(t.Start, n)
	t.End = resize(t.End, n)
	free := make([]float64, m)
	for h, r := range p.Release {
		free[h] = math.Max(r, p.Now) // hr_i, eq. 6; an idle host is free at t (eq. 4)
	}
	now := p.Now
	last := now
	var s1, s2, theta float64
	for _, j := range s.Order {
		row := s.Bits[j*w : (j+1)*w]
		ts, k := now, 0
		for wi, x := range row { // eq. 4: latest release of the mapped hosts
			k += bits.OnesCount64(x)
			for ; x != 0; x &= x - 1 {
				if f := free[wi*64+bits.TrailingZeros64(x)]; f > ts {
					ts = f
				}
			}
		}
		te := ts + p.Tasks[j].Pred.Time(k) // eq. 3
		for wi, x := range row {
			for ; x != 0; x &= x - 1 {
				h := wi*64 + bits.TrailingZeros64(x)
				if gap := ts - free[h]; gap > 0 { // idle pocket before this task
					T := free[h] - now
					s1 += gap
					s2 += gap * (2*T + gap)
				}
				free[h] = te // eqs. 5-6: te_r for r < j
			}
		}
		t.Start[j], t.End[j] = ts, te
		if te > last {
			last = te
		}
		if d := p.Tasks[j].Deadline; d > 0 && te > d {
			theta += te - d // eq. 9
		}
	}
	t.Makespan = last - now // eq. 7, from the current time
	t.Idle = idle(t.Makespan, s1, s2)
	t.Deadline = theta
	return nil
}

// idle is eq. 8 from the sums s1 = Σ ΔT and s2 = Σ ΔT(2T+ΔT):
//
//	Γ = ω Σ ΔT/ω² (2ω - 2T - ΔT) = 2·s1 - s2/ω.
func idle(omega, s1, s2 float64) float64 {
	if omega <= 0 {
		return 0
	}
	return 2*s1 - s2/omega
}

// Cost is eq. 10: the weighted mean of Γ, ω and θ (lower is better).
// All-zero weights give ω alone.
func Cost(w Weights, t *Timing) float64 {
	return cost(w, t.Makespan, t.Idle, t.Deadline)
}

func cost(w Weights, omega, gamma, theta float64) float64 {
	sum := w.Idle + w.Makespan + w.Deadline
	if sum <= 0 {
		return omega
	}
	return (w.Idle*gamma + w.Makespan*omega + w.Deadline*theta) / sum
}

// Normalise turns costs into fitness values in [0, 1] by dynamic scaling,
// MUSCLE eq. 2: f_k = (CP^max - CP^k) / (CP^max - CP^min). The cheapest
// schedule gets 1 and the dearest 0. When all costs are equal every
// fitness is 1 (the equation is 0/0 there). fit must be as long as costs.
func Normalise(costs, fit []float64) {
	if len(costs) == 0 {
		return
	}
	lo, hi := costs[0], costs[0]
	for _, c := range costs[1:] {
		lo = min(lo, c) // as math.Min and math.Max: NaN wins, -0 < +0
		hi = max(hi, c)
	}
	span := hi - lo
	for k, c := range costs {
		if span > 0 {
			fit[k] = (hi - c) / span
		} else {
			fit[k] = 1
		}
	}
}

func resize(s []float64, n int) []float64 {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]float64, n)
}
