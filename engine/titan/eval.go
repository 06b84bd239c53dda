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
	n, m := len(p.Tasks), len(p.Release)
	t.Start = grow(t.Start, n)
	t.End = grow(t.End, n)
	order := make([]int32, n)
	run, dl := make([]float64, n), make([]float64, n)
	for i, j := range s.Order {
		order[i] = int32(j)
		run[j] = p.Tasks[j].Pred.Time(s.Count(j))
		dl[j] = deadline(p.Tasks[j])
	}
	free := make([]float64, m)
	for h, r := range p.Release {
		free[h] = math.Max(r, p.Now) // hr_i, eq. 6; an idle host is free at t (eq. 4)
	}
	last, s1, s2, theta := evaluate(order, s.Bits, words(m), run, dl, free, p.Now, t.Start, t.End)
	t.Makespan = last - p.Now // eq. 7, from the current time
	t.Idle = idle(t.Makespan, s1, s2)
	t.Deadline = theta
	return nil
}

// evaluate is TITAN's eqs. 3-9 on one schedule: the reference that
// Evaluate and the GA's eval use, and that the GA's one fast path,
// evalGroups, is tested against (TestEvalGroupsMatchesReference). Tasks
// are taken in the order o; task j runs on the hosts of its row of the
// host map b (w words a row) for run[j] = p_ext(|β_j|) seconds, and has
// the deadline dl[j] (+Inf for none). free holds each host's release time
// (hr_i, or now if later) and is overwritten. It returns the last end
// and θ, and the sums s1 = Σ ΔT and s2 = Σ ΔT(2T+ΔT) of eq. 8 (see
// idle); ts and te, when not nil, receive each task's start and end.
func evaluate(o []int32, b []uint64, w int, run, dl, free []float64, now float64, ts, te []float64) (last, s1, s2, th float64) {
	last = now
	for _, j32 := range o {
		j := int(j32)
		row := b[j*w : (j+1)*w]
		st := now
		for wi, x := range row { // TITAN eq. 4: the last release of the task's hosts
			for ; x != 0; x &= x - 1 {
				if f := free[wi*64+bits.TrailingZeros64(x)]; f > st {
					st = f
				}
			}
		}
		en := st + run[j] // TITAN eq. 3
		for wi, x := range row {
			for ; x != 0; x &= x - 1 {
				h := wi*64 + bits.TrailingZeros64(x)
				if gap := st - free[h]; gap > 0 { // TITAN eq. 8: a pocket ΔT = gap at T = free[h] - now
					s1 += gap
					s2 += gap * (2*(free[h]-now) + gap)
				}
				free[h] = en // TITAN eqs. 5-6: te_r for r < j
			}
		}
		if en > last {
			last = en // TITAN eq. 7
		}
		if en > dl[j] {
			th += en - dl[j] // TITAN eq. 9
		}
		if ts != nil {
			ts[j], te[j] = st, en
		}
	}
	return last, s1, s2, th
}

// chain is one schedule under evaluation by evalGroups: its ng groups
// of hosts (group q has the hosts of mask m[q], released at the time
// whose bits are t[q]), the bits of its last end and θ so far. The
// arrays are longer than the 65 groups there can be so that a uint8
// index needs no bounds check.
type chain struct {
	ng    int
	lastk uint64
	th    float64
	m, t  [256]uint64
}

// evalGroups is evaluate's fast path, for host maps of one word a row
// (m <= 64), no idle term (W^i = 0), no start or end times wanted and
// times from +0 on (Now is not negative or -0), whose float bits order
// them as unsigned integers. It evaluates three schedules (o[c], b[c])
// into the chains cs[c], task by task: the three are independent, so
// the processor overlaps them, where one alone waits on each task's end.
// Each chain's last end and θ are evaluate's, bit for bit.
//
// The hosts a task runs on are all released at its end (eqs. 5-6), so
// the release times form groups, each a host mask and a time, and eq. 4
// looks at each group once rather than at each host. A task starts at
// the latest time of the groups its mask meets; its hosts then leave
// their groups (an emptied group is dropped) and form a new group
// released at its end. The groups start as g0 and always partition the
// hosts, so the start is the maximum over the same floats as evaluate's.
// tbl is the prediction cache (tbl[j*m1+k] = p_ext(k) of task j); dl has
// +Inf for no deadline.
func evalGroups(cs *[3]chain, o *[3][]int32, b *[3][]uint64, g0 []group, tbl, dl []float64, m1 int, now float64) {
	nowk := math.Float64bits(now)
	for c := range cs {
		ch := &cs[c]
		for i, g := range g0 {
			ch.m[uint8(i)], ch.t[uint8(i)] = g.m, g.t
		}
		ch.ng, ch.lastk, ch.th = len(g0), nowk, 0
	}
	o0, o1, o2 := o[0], o[1][:len(o[0])], o[2][:len(o[0])]
	for i, j0 := range o0 {
		j1, j2 := o1[i], o2[i]
		x0, x1, x2 := b[0][j0], b[1][j1], b[2][j2]
		p0, p1, p2 := tbl[int(j0)*m1+bits.OnesCount64(x0)], tbl[int(j1)*m1+bits.OnesCount64(x1)], tbl[int(j2)*m1+bits.OnesCount64(x2)]
		cs[0].place(x0, p0, dl[j0], nowk)
		cs[1].place(x1, p1, dl[j1], nowk)
		cs[2].place(x2, p2, dl[j2], nowk)
	}
}

// place places the chain's next task, on the hosts of mask x for p
// seconds with deadline d (+Inf for none), at Now or later (nowk, the
// bits of Now).
func (ch *chain) place(x uint64, p, d float64, nowk uint64) {
	stk, k := nowk, 0
	for q, m := range ch.m[:uint8(ch.ng)] {
		t := ch.t[q]
		rest := m &^ x
		ch.m[uint8(k)], ch.t[uint8(k)] = rest, t
		if m&x == 0 { // the group does not meet the task's hosts
			t = stk
		}
		stk = max(stk, t) // TITAN eq. 4
		if rest != 0 {
			k++
		}
	}
	en := math.Float64frombits(stk) + p // TITAN eq. 3
	enk := math.Float64bits(en)
	ch.m[uint8(k)], ch.t[uint8(k)] = x, enk // TITAN eqs. 5-6
	ch.ng = k + 1
	ch.lastk = max(ch.lastk, enk) // TITAN eq. 7
	// TITAN eq. 9: en - d when positive, else +0, which leaves θ as it is
	late := math.Float64bits(en - d)
	ch.th += math.Float64frombits(late &^ uint64(int64(late)>>63))
}

// deadline is t's deadline for eq. 9: +Inf for none (0).
func deadline(t Task) float64 {
	if t.Deadline <= 0 {
		return math.Inf(1)
	}
	return t.Deadline
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
