package muscle

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"

	"gridplay/engine/rng"
	"gridplay/engine/sched"
	"gridplay/engine/titan"
)

// pjob is a job planned in a cluster under replan 1 and not yet started
// at the last round: its planned start and end, the start it was first
// planned at, and its nodes.
type pjob struct {
	j                 int
	start, end, first float64
	hosts             []int
}

// commitStarted moves c's planned jobs that start before t out of the
// plan: their nodes' release times become committed.
func (c *cluster) commitStarted(t float64) {
	if c.commit == nil {
		c.commit = make([]float64, c.m)
	}
	kept := c.pend[:0]
	for _, p := range c.pend {
		if p.start < t {
			for _, h := range p.hosts {
				c.commit[h] = math.Max(c.commit[h], p.end)
			}
			continue
		}
		kept = append(kept, p)
	}
	c.pend = kept
}

// replanCluster is TITAN's re-planning under replan 1 (paper 002, section
// 4.1): the cluster's planned jobs not yet started and the round's new
// ones (newPos, positions in batch) form one problem from the committed
// release times. Its seed keeps the old plan of the pending jobs (order
// and nodes) and adds the new ones: MUSCLE's packing (placed), a list
// schedule of them after the plan (seeded baselines), or random nodes at
// the end of the order (random baselines). The seed never starts a
// pending job later than its old plan. The GA's best plan is taken unless
// it starts a pending job later than the start it was first planned at;
// then the seed is taken: no job is ever postponed beyond its first plan.
// It returns the CP of the plan taken (over all its jobs) and whether the
// GA's plan was taken.
func replanCluster(ctx context.Context, c *cluster, ci int, k Kind, ps Params, cfg titan.Config, t float64,
	newPos []int, placed []Placed, jobs []job, batch []int, gaRand *rng.Rand, frame func(titan.Generation) error,
	placements []*sched.Placement) (float64, bool, error) {
	sort.SliceStable(c.pend, func(a, b int) bool { return c.pend[a].start < c.pend[b].start })
	np := len(c.pend)
	pr := titan.Problem{Now: t, Release: append([]float64(nil), c.commit...)}
	jix := make([]int, 0, np+len(newPos))
	for _, p := range c.pend {
		jix = append(jix, p.j)
	}
	for _, pos := range newPos {
		jix = append(jix, batch[pos])
	}
	for _, ji := range jix {
		task := jobs[ji].base
		task.Pred = titan.Fixed(jobs[ji].exec[ci])
		pr.Tasks = append(pr.Tasks, task)
	}
	n := len(pr.Tasks)
	seed := titan.NewSchedule(n, c.m)
	type slot struct {
		task  int
		start float64
		first int
	}
	ord := make([]slot, 0, n)
	for i, p := range c.pend {
		for _, h := range p.hosts {
			seed.Set(i, h, true)
		}
		ord = append(ord, slot{i, p.start, p.hosts[0]})
	}
	switch {
	case k == MUSCLE:
		// The packing used c.release, which holds the plan: a new job
		// starts after every pending one on its nodes.
		for i, p := range placed {
			for h := p.First; h < p.First+jobs[jix[np+i]].size; h++ {
				seed.Set(np+i, h, true)
			}
			ord = append(ord, slot{np + i, p.Start, p.First})
		}
	case ps.Seeded:
		rel := make([]float64, c.m)
		for h := range rel {
			rel[h] = math.Max(c.release[h], t)
		}
		sub := titan.Problem{Now: t, Release: rel, Tasks: pr.Tasks[np:]}
		ls, err := titan.InOrder(&sub)
		if err != nil {
			return 0, false, err
		}
		var tm titan.Timing
		if err := titan.Evaluate(&sub, &ls, &tm); err != nil {
			return 0, false, err
		}
		for i := 0; i < n-np; i++ {
			hs := ls.HostsOf(i)
			for _, h := range hs {
				seed.Set(np+i, h, true)
			}
			ord = append(ord, slot{np + i, tm.Start[i], hs[0]})
		}
	default:
		r := rng.Child(gaRand)
		for i := np; i < n; i++ {
			perm := make([]int, c.m)
			for h := range perm {
				perm[h] = h
			}
			r.Shuffle(c.m, func(a, b int) { perm[a], perm[b] = perm[b], perm[a] })
			for _, h := range perm[:pr.Tasks[i].MinHosts] {
				seed.Set(i, h, true)
			}
			ord = append(ord, slot{i, math.Inf(1), 0})
		}
	}
	sort.SliceStable(ord, func(a, b int) bool {
		if ord[a].start != ord[b].start {
			return ord[a].start < ord[b].start
		}
		return ord[a].first < ord[b].first
	})
	for i, o := range ord {
		seed.Order[i] = o.task
	}
	ga, err := titan.New(cfg, pr, []titan.Schedule{seed}, rng.Child(gaRand))
	if err != nil {
		return 0, false, fmt.Errorf("muscle: cluster %s: %w", c.id, err)
	}
	if err := runGA(ctx, ga, ps, frame); err != nil {
		return 0, false, err
	}
	best, tm, cost := ga.Best()
	taken := true
	for i, p := range c.pend {
		if postponed(tm.Start[i], p.first) {
			taken = false
			break
		}
	}
	if !taken {
		best, tm = seed, titan.Timing{}
		if err := titan.Evaluate(&pr, &best, &tm); err != nil {
			return 0, false, err
		}
		cost = titan.Cost(cfg.Weights, &tm)
	}
	first := make([]float64, n)
	for i := range first {
		first[i] = tm.Start[i]
		if i < np {
			first[i] = c.pend[i].first
		}
	}
	// The plan replaces the pending jobs' entries in c.out.
	inPlan := map[int]bool{}
	for _, ji := range jix {
		inPlan[ji] = true
	}
	c.out = slices.DeleteFunc(c.out, func(x sent) bool { return inPlan[x.j] })
	c.pend = c.pend[:0]
	copy(c.release, c.commit)
	for ti, ji := range jix {
		hosts := best.HostsOf(ti)
		c.place(ji, &jobs[ji], hosts, tm.Start[ti], tm.End[ti], placements)
		c.pend = append(c.pend, pjob{j: ji, start: tm.Start[ti], end: tm.End[ti], first: first[ti], hosts: hosts})
	}
	return cost, taken, nil
}

// postponed reports whether a planned start lies after the first planned
// start beyond rounding.
func postponed(start, first float64) bool {
	return start > first+1e-9*math.Max(1, math.Abs(first))
}
