package muscle

import (
	"context"
	"math"
	"slices"
	"sort"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/titan"
	"gridplay/engine/workload"
)

// TestDLLPick: on random multiclusters, DLL picks the cluster whose
// workload L_i = sum of e_j s_j / m_i over its jobs (eq. 6, computed here
// from the jobs, not from dllPick's input) is least among those at least
// as large as the job, the larger cluster on a tie. A random or a uniform
// (first eligible, round-robin) choice fails: on 300 draws of 3 to 6
// clusters it agrees with eq. 6 about a quarter of the time.
func TestDLLPick(t *testing.T) {
	r := rng.NewPCG(1, 2)
	for trial := 0; trial < 300; trial++ {
		n := 3 + r.IntN(4)
		cls := make([]cluster, n)
		load := make([]float64, n)
		want := -1
		size := 1 + r.IntN(8)
		for i := range cls {
			cls[i] = cluster{m: 1 + r.IntN(16)}
			for k := r.IntN(5); k > 0; k-- { // jobs in WQ_i
				e, s := 1+99*r.Float64(), 1+r.IntN(cls[i].m)
				load[i] += e * float64(s) / float64(cls[i].m) // eq. 6
			}
			if cls[i].m < size {
				continue
			}
			if want < 0 || load[i] < load[want] || (load[i] == load[want] && cls[i].m > cls[want].m) {
				want = i
			}
		}
		if got := dllPick(load, cls, size); got != want {
			t.Fatalf("trial %d: size %d, clusters %v, loads %v: DLL picked %d, eq. 6 gives %d", trial, size, cls, load, got, want)
		}
	}
	// Ties: equal loads go to the larger cluster.
	cls := []cluster{{m: 4}, {m: 9}, {m: 6}}
	if got := dllPick([]float64{2, 2, 2}, cls, 1); got != 1 {
		t.Errorf("tie: picked %d, want the 9-node cluster 1", got)
	}
	if got := dllPick([]float64{0, 0, 0}, cls, 10); got != -1 {
		t.Errorf("no cluster holds 10 nodes: picked %d", got)
	}
}

// TestDLLInSimulate replays a DLL run: at each round, jobs in arrival
// order each go to the eligible cluster of least L_i (eq. 6), where WQ_i
// is the jobs sent to C_i earlier that have not ended at the round time,
// plus those sent to it earlier in the round, each counted with its
// execution time on C_i. The replay computes L_i from the schedule
// alone.
func TestDLLInSimulate(t *testing.T) {
	s := Fig4Scenario("dll", 0.5, 400, 3, map[string]float64{"generations": 5, "population": 6, "frame_rounds": 0})
	res, err := runner.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	full, err := workload.Expand(s)
	if err != nil {
		t.Fatal(err)
	}
	speed := map[string]float64{}
	nodes := map[string]int{}
	for _, c := range full.Platform.Clusters {
		speed[c.ID], nodes[c.ID] = c.Speed, c.Nodes
	}
	place := map[string]int{}
	for i, p := range res.Schedule {
		place[p.Job] = i
	}
	jobs := append([]model.Job(nil), full.Jobs...)
	sort.SliceStable(jobs, func(a, b int) bool { return jobs[a].Submit < jobs[b].Submit })
	rounds := res.Series["queue"]
	var sent []model.Job // jobs placed in earlier rounds and this one
	next, checked := 0, 0
	for _, rd := range rounds {
		for ; next < len(jobs) && jobs[next].Submit <= rd.X; next++ {
			j := jobs[next]
			load := map[string]float64{}
			for _, o := range sent {
				p := res.Schedule[place[o.ID]]
				if p.End > rd.X || o.Submit > lastBefore(rounds, rd.X) {
					load[p.Cluster] += o.Runtime / speed[p.Cluster] * float64(o.Size) / float64(nodes[p.Cluster])
				}
			}
			want := ""
			for _, c := range full.Platform.Clusters {
				if c.Nodes < j.Size {
					continue
				}
				if want == "" || load[c.ID] < load[want] || (load[c.ID] == load[want] && c.Nodes > nodes[want]) {
					want = c.ID
				}
			}
			if got := res.Schedule[place[j.ID]].Cluster; got != want {
				t.Fatalf("round at %v, job %s: DLL sent it to %s, eq. 6 gives %s (loads %v)", rd.X, j.ID, got, want, load)
			}
			sent = append(sent, j)
			checked++
		}
	}
	if checked != len(jobs) || len(rounds) < 10 {
		t.Fatalf("checked %d of %d jobs in %d rounds", checked, len(jobs), len(rounds))
	}
}

// lastBefore is the last round time before t (-inf for the first).
func lastBefore(rounds []sched.XY, t float64) float64 {
	last := math.Inf(-1)
	for _, r := range rounds {
		if r.X < t {
			last = r.X
		}
	}
	return last
}

// TestWRANDPick: WRAND draws among the clusters at least as large as the
// job with probability proportional to m_i u_i. Clusters (4, 1), (8, 2),
// (16, 0.5) and (2, 10) give weights 4, 16, 8 and 20; a job of 3 nodes
// excludes the last, so the shares are 1/7, 4/7 and 2/7 over 20,000
// draws (standard error under 0.004; the bound is 0.015). A uniform
// choice (1/3 each) or one that ignores the size fails.
func TestWRANDPick(t *testing.T) {
	cls := []cluster{{m: 4, u: 1}, {m: 8, u: 2}, {m: 16, u: 0.5}, {m: 2, u: 10}}
	r := rng.New(5, "test", "wrand")
	const n = 20000
	count := make([]int, len(cls))
	for i := 0; i < n; i++ {
		count[wrandPick(cls, 3, r)]++
	}
	want := []float64{1.0 / 7, 4.0 / 7, 2.0 / 7, 0}
	for i, c := range count {
		if got := float64(c) / n; math.Abs(got-want[i]) > 0.015 {
			t.Errorf("cluster %d (m %d, u %v): share %.4f, want %.4f", i, cls[i].m, cls[i].u, got, want[i])
		}
	}
	// Every cluster eligible: 4/48, 16/48, 8/48, 20/48.
	clear(count)
	for i := 0; i < n; i++ {
		count[wrandPick(cls, 1, r)]++
	}
	for i, c := range count {
		w := float64(cls[i].m) * cls[i].u / 48
		if got := float64(c) / n; math.Abs(got-w) > 0.015 {
			t.Errorf("size 1, cluster %d: share %.4f, want %.4f", i, got, w)
		}
	}
}

// TestWRANDInSimulate: over a WRAND run of 3,000 one-node jobs on those
// clusters, each cluster receives its share m_i u_i / sum m_j u_j of the
// jobs (within 0.03; standard error under 0.01).
func TestWRANDInSimulate(t *testing.T) {
	s := &model.Scenario{Version: model.Version, Seed: 9,
		Platform:  model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 4, Speed: 1}, {ID: "b", Nodes: 8, Speed: 2}, {ID: "c", Nodes: 16, Speed: 0.5}, {ID: "d", Nodes: 2, Speed: 10}}},
		Generator: &model.Generator{Jobs: 3000, Rate: 0.2, ExecMin: 5, ExecMax: 100, DRMin: 0, DRMax: 5, Sizes: "uniform", SizeMin: 1, SizeMax: 1},
		Policy:    model.Policy{Name: "wrand", Params: map[string]float64{"generations": 0, "frame_rounds": 0}}}
	res, err := runner.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]float64{}
	for _, p := range res.Schedule {
		count[p.Cluster]++
	}
	for id, w := range map[string]float64{"a": 4, "b": 16, "c": 8, "d": 20} {
		if got := count[id] / float64(len(res.Schedule)); math.Abs(got-w/48) > 0.03 {
			t.Errorf("cluster %s: share %.3f, want %.3f", id, got, w/48)
		}
	}
}

// TestSwapMutationRate measures the task-order swap of TITAN's Step
// (expr. 13) as MUSCLE runs it (titan.DefaultConfig with MUSCLE's
// population): two one-node tasks on one node, deadlines 1 and 2, so the
// order (0, 1) meets both and the swap (1, 0) is late by 1. Every member
// starts as (0, 1); parents are always (0, 1) members (a swapped one has
// fitness 0 under eq. 2), crossover of two equal orders and the host map
// mutation of a one-node task change nothing, so each child that is not
// the elite costs more than (0, 1) exactly when it was swapped. The mean
// cost of a generation then counts the swaps: over 500 generations their
// share of the children is the mutation rate within 0.015 (standard error
// 0.003).
func TestSwapMutationRate(t *testing.T) {
	cfg := titan.DefaultConfig()
	cfg.Population = 40
	p := titan.Problem{Now: 0, Release: []float64{0}, Tasks: []titan.Task{
		{ID: "a", Deadline: 1, Pred: titan.Fixed(1), MinHosts: 1, MaxHosts: 1},
		{ID: "b", Deadline: 2, Pred: titan.Fixed(1), MinHosts: 1, MaxHosts: 1},
	}}
	cost := func(order []int) float64 {
		s := titan.NewSchedule(2, 1)
		s.Order = order
		s.Set(0, 0, true)
		s.Set(1, 0, true)
		var tm titan.Timing
		if err := titan.Evaluate(&p, &s, &tm); err != nil {
			t.Fatal(err)
		}
		return titan.Cost(cfg.Weights, &tm)
	}
	c0, c1 := cost([]int{0, 1}), cost([]int{1, 0})
	if !(c1 > c0) {
		t.Fatalf("costs %v and %v: the swap must cost more", c0, c1)
	}
	seeds := make([]titan.Schedule, cfg.Population)
	for k := range seeds {
		seeds[k] = titan.NewSchedule(2, 1)
		seeds[k].Set(0, 0, true)
		seeds[k].Set(1, 0, true)
	}
	ga, err := titan.New(cfg, p, seeds, rng.New(1, "test", "swap"))
	if err != nil {
		t.Fatal(err)
	}
	const gens = 500
	swaps := 0.0
	for g := 0; g < gens; g++ {
		gen := ga.Step()
		swaps += (gen.Mean - c0) * float64(cfg.Population) / (c1 - c0)
	}
	children := float64(gens * (cfg.Population - cfg.Elite))
	if got := swaps / children; math.Abs(got-cfg.MutationRate) > 0.015 {
		t.Fatalf("swaps in %.4f of the children, mutation rate %v", got, cfg.MutationRate)
	}
}

// TestListSchedule: the seeded reading's seed for DLL and WRAND, by hand.
// At now 1 with nodes free at 0, 5 and 2: task 0 (2 nodes, 4 s) takes the
// two free first, 0 and 2, from 2 to 6; task 1 (1 node, 2 s) node 1 from
// 5 to 7; task 2 (3 nodes, 1 s) all three from 7 to 8. TITAN's
// evaluation (eqs. 3-6) of the seed gives those times.
func TestListSchedule(t *testing.T) {
	p := titan.Problem{Now: 1, Release: []float64{0, 5, 2}, Tasks: []titan.Task{
		{ID: "0", Pred: titan.Fixed(4), MinHosts: 2, MaxHosts: 2},
		{ID: "1", Pred: titan.Fixed(2), MinHosts: 1, MaxHosts: 1},
		{ID: "2", Pred: titan.Fixed(1), MinHosts: 3, MaxHosts: 3},
	}}
	s, err := titan.InOrder(&p)
	if err != nil {
		t.Fatal(err)
	}
	hosts := [][]int{{0, 2}, {1}, {0, 1, 2}}
	for ti, want := range hosts {
		if got := s.HostsOf(ti); !equalInts(got, want) {
			t.Errorf("task %d on %v, want %v", ti, got, want)
		}
	}
	var tm titan.Timing
	if err := titan.Evaluate(&p, &s, &tm); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tm.Start, []float64{2, 5, 7}) || !slices.Equal(tm.End, []float64{6, 7, 8}) {
		t.Fatalf("starts %v ends %v", tm.Start, tm.End)
	}
}

// TestSeededBaselines: with seeded 1 and TITAN off (0 generations), each
// cluster's CP is the cheaper of the list schedule and the random
// members, so over the clusters of a round it is no higher than with the
// random members alone, and lower somewhere; MUSCLE refuses the
// parameter (it always seeds).
func TestSeededBaselines(t *testing.T) {
	for _, pol := range []string{"dll", "wrand"} {
		plain := firstRoundCP(t, pol, map[string]float64{"generations": 0, "seeded": 0})
		seeded := firstRoundCP(t, pol, map[string]float64{"generations": 0, "seeded": 1})
		lower := false
		for i := range plain {
			lower = lower || seeded[i] < plain[i]
		}
		if !lower {
			t.Errorf("%s: seeded CP %v, random only %v: the list schedule helped nowhere", pol, seeded, plain)
		}
	}
	_, err := readParams(model.Policy{Name: "muscle", Params: map[string]float64{"seeded": 1}}, MUSCLE)
	if fe := model.FirstError(err); fe == nil || fe.Field != "policy.params.seeded" {
		t.Errorf("muscle with seeded: %v", err)
	}
}
