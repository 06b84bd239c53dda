package titan

import (
	"cmp"
	"fmt"
	"math"
	"sort"

	"gridplay/engine/model"
)

// The baselines of sections 3.1, 3.2 and 5.1. Each returns a schedule in
// TITAN's coding (eqs. 1-2), evaluated like any other with eqs. 3-6. They
// ignore hosts marked offline and respect each task's host bounds. p must
// satisfy the same rules as for New (see prepare); for a p that does not,
// they return an error.

// FCFS is first-come-first-served with no adjustment "other than sorting
// by priority" (section 5.1): higher Priority first, then earlier Arrival,
// then task index; every task on all (online) hosts, like DS.
func FCFS(p *Problem) (Schedule, error) {
	return listSchedule(p, func(a, b *Task) int {
		if a.Priority != b.Priority {
			return b.Priority - a.Priority
		}
		return cmp.Compare(a.Arrival, b.Arrival)
	}, false)
}

// DS is deadline sort (section 3.1): tasks by deadline (none last), then
// priority and arrival, each mapped to all (online) hosts, "which results
// in a lower run-time for the task and prevents other tasks from using
// the cluster".
func DS(p *Problem) (Schedule, error) { return listSchedule(p, byDeadline, false) }

// DSNL is deadline sort with node limitation (section 3.2): DS's order,
// each task limited to the host count with the fastest predicted run
// (fewest hosts on a tie), placed on the contiguous block of online hosts
// whose start node gives the earliest start (lowest start node on a tie),
// so tasks narrower than the cluster run side by side.
func DSNL(p *Problem) (Schedule, error) { return listSchedule(p, byDeadline, true) }

// InOrder is a list schedule in the tasks' own order, each task on as
// many hosts as it may use (all online hosts, or MaxHosts), those
// released first, like FCFS and DS: a feasible schedule that knows
// nothing of packing (MUSCLE's seeded DLL and WRAND start from it).
func InOrder(p *Problem) (Schedule, error) { return listSchedule(p, nil, false) }

func byDeadline(a, b *Task) int {
	if c := cmp.Compare(deadline(*a), deadline(*b)); c != 0 {
		return c
	}
	if a.Priority != b.Priority {
		return b.Priority - a.Priority
	}
	return cmp.Compare(a.Arrival, b.Arrival)
}

func listSchedule(p *Problem, less func(a, b *Task) int, limit bool) (Schedule, error) {
	pr, err := prepare(*p, false)
	if err != nil {
		return Schedule{}, err
	}
	n, m, w := pr.n, pr.m, pr.w
	s := NewSchedule(n, m)
	if less != nil {
		sort.SliceStable(s.Order, func(i, j int) bool {
			return less(&p.Tasks[s.Order[i]], &p.Tasks[s.Order[j]]) < 0
		})
	}
	free := append([]float64(nil), pr.rel0...)
	on := pr.onIdx
	for _, j := range s.Order {
		row := s.Bits[j*w : (j+1)*w]
		lo, hi := pr.minH[j], pr.maxH[j]
		pred := p.Tasks[j].Pred
		k := hi // all hosts the task may use
		if limit {
			best := math.Inf(1)
			for c := lo; c <= hi; c++ {
				if v := pred.Time(c); v < best {
					best, k = v, c
				}
			}
		}
		run := pred.Time(k)
		if math.IsNaN(run) || math.IsInf(run, 0) || run < 0 {
			return Schedule{}, model.Errf(fmt.Sprintf("tasks[%d].pred", j), fmt.Sprintf("time on %d hosts is %v, want a finite time >= 0", k, run))
		}
		var hosts []int
		if limit {
			// the block of k consecutive online hosts starting earliest
			bs, bt := 0, math.Inf(1)
			for st := 0; st+k <= len(on); st++ {
				t := 0.0
				for _, h := range on[st : st+k] {
					t = math.Max(t, free[h])
				}
				if t < bt {
					bs, bt = st, t
				}
			}
			hosts = on[bs : bs+k]
		} else {
			// the k online hosts released first (all of them when k is
			// the online count)
			hosts = append([]int(nil), on...)
			sort.SliceStable(hosts, func(a, b int) bool { return free[hosts[a]] < free[hosts[b]] })
			hosts = hosts[:k]
			sort.Ints(hosts)
		}
		ts := 0.0
		for _, h := range hosts {
			row[h/64] |= 1 << uint(h%64)
			ts = math.Max(ts, free[h])
		}
		te := ts + run
		for _, h := range hosts {
			free[h] = te
		}
	}
	return s, nil
}
