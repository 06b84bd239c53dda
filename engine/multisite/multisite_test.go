package multisite

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"gridplay/engine/backfill"
	"gridplay/engine/kernel"
	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

func TestEquations(t *testing.T) {
	// Sites h = 1.4, 1.0, 0.6; p = 1.5; 0.1 Mbit/s and 2 s latency
	// between sites; a job of 100 reference seconds with 1 MB of data,
	// submitted at site 0. T_0 = 100*1.4 = 140; a transfer is
	// 1*8/0.1 + 2 = 82 s.
	s := &model.Scenario{Version: 1, Platform: model.Platform{
		Clusters: []model.Cluster{{ID: "a", Nodes: 4, H: 1.4}, {ID: "b", Nodes: 4, H: 1.0}, {ID: "c", Nodes: 4, H: 0.6}},
		Network:  &model.Network{Bandwidth: 0.1, Latency: 2, MultisiteFactor: 1.5},
	}}
	sys, err := newSystem(s)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		c    []int
		want float64
	}{
		{[]int{0}, 140},              // eq. 1, local: no transfer
		{[]int{1}, 140*1.0/1.4 + 82}, // eq. 1: 100 + 82 = 182
		{[]int{2}, 140*0.6/1.4 + 82}, // eq. 1: 60 + 82 = 142
		{[]int{0, 2}, 210 + 82},      // eq. 2: 140*1.5*1.4/1.4 + max(0, 82) = 292
		{[]int{1, 2}, 150 + 82},      // eq. 2: 140*1.5*1.0/1.4 + 82 = 232
		{[]int{0, 1, 2}, 210 + 82},   // eq. 2: worst site is a (1.4)
	}
	for _, c := range cases {
		if got := sys.duration(0, c.c, 100, 1); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("T_0->%v = %g, want %g", c.c, got, c.want)
		}
	}
}

// newSelector is a selector that records both reasons, for a run of
// either mode.
func newSelector(sys *system, jobs []job, strat Strategy) *selector {
	s := newSelectorFor(sys, jobs, strat, backfill.EASY)
	s.kept = make([]reason, len(jobs))
	return s
}

// strats are the three policies, in Strategy order.
var strats = []string{"multisite-optimal", "multisite-greedy", "multisite-nonadaptive"}

func runPolicy(t *testing.T, s *model.Scenario) *sched.Result {
	t.Helper()
	p, ok := sched.Lookup(s.Policy.Name)
	if !ok {
		t.Fatalf("no policy %s", s.Policy.Name)
	}
	res, err := p.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func show(res *sched.Result) string {
	out := ""
	for _, p := range res.Schedule {
		out += fmt.Sprintf("%s@%g-%g", p.Job, p.Start, p.End)
		for _, a := range p.Alloc {
			out += fmt.Sprintf("%s%v", a.Cluster, a.Nodes)
		}
		out += " "
	}
	for _, d := range res.Dropped {
		out += "drop:" + d.Job + " "
	}
	return out
}

// threeSites is the second hand case of TestSelectionHand.
func threeSites(policy string) *model.Scenario {
	return &model.Scenario{Version: 1, Platform: model.Platform{
		Clusters: []model.Cluster{{ID: "a", Nodes: 4, H: 1}, {ID: "b", Nodes: 2, H: 0.5}, {ID: "c", Nodes: 4, H: 0.8}},
		Network:  &model.Network{MultisiteFactor: 1.5},
	}, Policy: model.Policy{Name: policy}, Jobs: []model.Job{{ID: "J", Size: 4, Runtime: 10, Origin: "a"}}}
}

// twoSites is the first hand case of TestSelectionHand.
func twoSites(policy string, params map[string]float64) *model.Scenario {
	return &model.Scenario{Version: 1, Platform: model.Platform{
		Clusters: []model.Cluster{{ID: "a", Nodes: 4}, {ID: "b", Nodes: 4}},
		Network:  &model.Network{MultisiteFactor: 2},
	}, Policy: model.Policy{Name: policy, Params: params}, Jobs: []model.Job{
		{ID: "J0", Submit: 0, Size: 3, Runtime: 100, Origin: "b"},
		{ID: "J1", Submit: 0, Size: 3, Runtime: 10, Origin: "a"},
		{ID: "J2", Submit: 1, Size: 2, Runtime: 10, Origin: "a"},
	}}
}

func TestSelectionHand(t *testing.T) {
	// Two sites of 4 nodes, h = 1, p = 2, no data. J1 holds 3 nodes of a
	// for [0,10), J0 holds 3 nodes of b for [0,100). J2 (2 nodes, 10 s,
	// from a) arrives at 1: one node is idle on each site.
	//  - instant on a+b: 10*2 = 20 s, finish 21 (eq. 2);
	//  - reservation on a at 10: finish 20 (eq. 1).
	// Optimal and greedy reserve a (finish 20 < 21); non-adaptive takes
	// the instant multisite start.
	two := func(policy string) *model.Scenario { return twoSites(policy, nil) }
	// Three idle sites, 4 nodes each... b has 2: a h=1.0 (origin),
	// b h=0.5, c h=0.8; p = 1.5; a 4-node job of 10 s:
	//  - optimal: c alone, 10*0.8 = 8 (a: 10; b+c: 1.5*0.8*10 = 12);
	//  - greedy: fastest first, b (2 idle) then c: b+c, 12 s; split one
	//    node each, then the rest to the faster b up to its 2 nodes;
	//  - non-adaptive: the local site a, 10 s.
	cases := []struct {
		s    *model.Scenario
		want string
	}{
		{two("multisite-optimal"), "J0@0-100b[0 1 2] J1@0-10a[0 1 2] J2@10-20a[0 1] "},
		{two("multisite-greedy"), "J0@0-100b[0 1 2] J1@0-10a[0 1 2] J2@10-20a[0 1] "},
		{two("multisite-nonadaptive"), "J0@0-100b[0 1 2] J1@0-10a[0 1 2] J2@1-21a[3]b[3] "},
		{threeSites("multisite-optimal"), "J@0-8c[0 1 2 3] "},
		{threeSites("multisite-greedy"), "J@0-12b[0 1]c[0 1] "},
		{threeSites("multisite-nonadaptive"), "J@0-10a[0 1 2 3] "},
	}
	for _, c := range cases {
		for _, cons := range []float64{0, 1} {
			c.s.Policy.Params = map[string]float64{"conservative": cons}
			if got := show(runPolicy(t, c.s)); got != c.want {
				t.Errorf("%s conservative=%g:\n got %s\nwant %s", c.s.Policy.Name, cons, got, c.want)
			}
		}
	}
}

// randomPlatform is a scenario of one to four sites of 1..maxNodes nodes
// each, random speeds and network, and no jobs; tot is its node count.
func randomPlatform(r *rng.Rand, maxNodes int) (s *model.Scenario, tot int) {
	ns := 1 + r.IntN(4)
	s = &model.Scenario{Version: 1, Platform: model.Platform{Network: &model.Network{Bandwidth: 0.5 + r.Float64(), Latency: float64(r.IntN(3)), MultisiteFactor: 1 + r.Float64()}}}
	for i := 0; i < ns; i++ {
		n := 1 + r.IntN(maxNodes)
		tot += n
		s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: fmt.Sprintf("s%d", i), Nodes: n, H: 0.5 + r.Float64()})
	}
	return s, tot
}

func randomJobs(r *rng.Rand, s *model.Scenario, n, maxSize int) {
	tm := 0.0
	for i := 0; i < n; i++ {
		tm += float64(r.IntN(4))
		rt := float64(r.IntN(50))
		rq := rt + float64(r.IntN(60))
		if r.IntN(8) == 0 {
			rq = float64(1 + r.IntN(20))
		}
		o := ""
		if len(s.Platform.Clusters) > 1 {
			o = s.Platform.Clusters[r.IntN(len(s.Platform.Clusters))].ID
		}
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", i), Submit: tm, Size: 1 + r.IntN(maxSize), Runtime: rt, Requested: rq, Origin: o, Data: float64(r.IntN(3))})
	}
}

// TestSingleSiteIsPlain: on one site with h = 1 the multisite policies
// are exactly plain EASY and conservative backfilling.
func TestSingleSiteIsPlain(t *testing.T) {
	r := rng.NewPCG(3, 3)
	for trial := 0; trial < 60; trial++ {
		nodes := 1 + r.IntN(10)
		base := &model.Scenario{Version: 1, Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: nodes, H: 1}}}}
		randomJobs(r, base, 10+r.IntN(60), nodes+1)
		for _, cons := range []float64{0, 1} {
			plain := *base
			plain.Policy = model.Policy{Name: map[float64]string{0: "easy", 1: "conservative"}[cons]}
			want := show(runPolicy(t, &plain))
			for _, name := range []string{"multisite-optimal", "multisite-greedy", "multisite-nonadaptive"} {
				ms := *base
				ms.Policy = model.Policy{Name: name, Params: map[string]float64{"conservative": cons}}
				if got := show(runPolicy(t, &ms)); got != want {
					t.Fatalf("trial %d %s conservative=%g differs from plain:\n got %s\nwant %s", trial, name, cons, got, want)
				}
			}
		}
	}
}

// TestProperties: random heterogeneous platforms; every job runs once or
// is dropped, for its model duration, and no node is double-booked; no
// job ends on a choice worse than its first reservation.
func TestProperties(t *testing.T) {
	r := rng.NewPCG(5, 5)
	for trial := 0; trial < 40; trial++ {
		s, tot := randomPlatform(r, 6)
		randomJobs(r, s, 10+r.IntN(50), tot+1)
		for _, strat := range []Strategy{Optimal, Greedy, NonAdaptive} {
			for _, mode := range []backfill.Mode{backfill.EASY, backfill.Conservative} {
				sys, err := newSystem(s)
				if err != nil {
					t.Fatal(err)
				}
				jobs, d, err := readJobs(s, sys)
				if err != nil {
					t.Fatal(err)
				}
				cj := make([]backfill.Job, len(jobs))
				for i := range jobs {
					cj[i] = backfill.Job{ID: s.Jobs[i].ID, Submit: s.Jobs[i].Submit, Size: jobs[i].size}
					if jobs[i].size > sys.total {
						cj[i].Drop = "too big"
					}
				}
				var sites []backfill.SiteSpec
				for i := range sys.ids {
					sites = append(sites, backfill.SiteSpec{ID: sys.ids[i], Nodes: sys.nodes[i]})
				}
				sel := newSelector(sys, jobs, strat)
				sel.strict = strat == NonAdaptive && trial%2 == 1
				res, st, err := backfill.Run(context.Background(), backfill.Config{Mode: mode, Sites: sites, Jobs: cj, Sel: sel}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if st.Late != 0 {
					t.Errorf("trial %d %s %s: %d jobs later than their reservation", trial, strat, mode, st.Late)
				}
				check(t, s, sys, jobs, d, res)
				checkWhy(t, s, sel, mode, res)
			}
		}
	}
}

func check(t *testing.T, s *model.Scenario, sys *system, jobs []job, d *backfill.Dur, res *sched.Result) {
	t.Helper()
	idx := map[string]int{}
	for i, j := range s.Jobs {
		idx[j.ID] = i
	}
	seen := map[string]int{}
	type iv struct{ a, b float64 }
	busy := map[string][]iv{}
	for _, p := range res.Schedule {
		i := idx[p.Job]
		seen[p.Job]++
		if p.Start < s.Jobs[i].Submit {
			t.Errorf("%s starts before submit", p.Job)
		}
		var c []int
		n := 0
		for _, a := range p.Alloc {
			k := s.Platform.ClusterIndex(a.Cluster)
			c = append(c, k)
			if len(a.Nodes) < 1 {
				t.Errorf("%s: empty share on %s", p.Job, a.Cluster)
			}
			for _, x := range a.Nodes {
				if x < 0 || x >= sys.nodes[k] {
					t.Fatalf("%s: node %d of %s", p.Job, x, a.Cluster)
				}
				key := fmt.Sprintf("%s/%d", a.Cluster, x)
				busy[key] = append(busy[key], iv{p.Start, p.End})
			}
			n += len(a.Nodes)
		}
		if n != jobs[i].size {
			t.Errorf("%s: %d nodes, want %d", p.Job, n, jobs[i].size)
		}
		est := sys.duration(jobs[i].origin, c, d.Est[i], jobs[i].data)
		run := math.Min(est, sys.duration(jobs[i].origin, c, d.Run[i], jobs[i].data))
		if math.Abs(p.End-p.Start-run) > 1e-6 {
			t.Errorf("%s runs %g, model says %g", p.Job, p.End-p.Start, run)
		}
	}
	for _, dr := range res.Dropped {
		seen[dr.Job]++
	}
	for _, j := range s.Jobs {
		if seen[j.ID] != 1 {
			t.Errorf("%s seen %d times", j.ID, seen[j.ID])
		}
	}
	for k, ivs := range busy {
		sort.Slice(ivs, func(a, b int) bool { return ivs[a].a < ivs[b].a })
		for i := 1; i < len(ivs); i++ {
			if ivs[i].a < ivs[i-1].b-1e-9 {
				t.Fatalf("node %s double-booked: %v %v", k, ivs[i-1], ivs[i])
			}
		}
	}
}

// checkWhy: every placement carries the reason recorded for the choice
// it started on (see why.go), naming the sites it ran on.
func checkWhy(t *testing.T, s *model.Scenario, sel *selector, mode backfill.Mode, res *sched.Result) {
	t.Helper()
	index := map[string]int{}
	for i, j := range s.Jobs {
		index[j.ID] = i
	}
	sel.explain(res, mode, index)
	for _, p := range res.Schedule {
		if p.Why == "" {
			t.Fatalf("%s %s: %s on %s at %g has no reason", sel.strat, mode, p.Job, p.Cluster, p.Start)
		}
		if !strings.Contains(p.Why, p.Cluster) {
			t.Fatalf("%s %s: %s on %s: reason %q names other sites", sel.strat, mode, p.Job, p.Cluster, p.Why)
		}
	}
}

func TestErrors(t *testing.T) {
	base := func() *model.Scenario {
		return &model.Scenario{Version: 1, Platform: model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 2}, {ID: "b", Nodes: 2}}},
			Policy: model.Policy{Name: "multisite-optimal"}, Jobs: []model.Job{{ID: "x", Size: 1, Runtime: 1, Origin: "a"}}}
	}
	cases := []struct {
		mod   func(s *model.Scenario)
		field string
	}{
		{func(s *model.Scenario) { s.Jobs[0].Origin = "zz" }, "jobs[0].origin"},
		{func(s *model.Scenario) { s.Jobs[0].Data = 5 }, "platform.network.bandwidth"},
		{func(s *model.Scenario) { s.Platform.Network = &model.Network{MultisiteFactor: 0.5} }, "platform.network.multisite_factor"},
		{func(s *model.Scenario) { s.Policy.Params = map[string]float64{"conservative": 2} }, "policy.params.conservative"},
		{func(s *model.Scenario) {
			s.Policy = model.Policy{Name: "multisite-nonadaptive", Params: map[string]float64{"strict": 0.5}}
		}, "policy.params.strict"},
		{func(s *model.Scenario) { s.Platform.Clusters[1].H = -1 }, "platform.clusters[1].h"},
		{func(s *model.Scenario) {
			s.Platform.Clusters = nil
			for i := 0; i <= MaxOptimalSites; i++ {
				s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: fmt.Sprint(i), Nodes: 1})
			}
			s.Jobs[0].Origin = ""
		}, "platform.clusters"},
	}
	for _, c := range cases {
		s := base()
		c.mod(s)
		p, _ := sched.Lookup(s.Policy.Name)
		_, err := p.Run(context.Background(), s, nil)
		var fe *model.FieldError
		switch e := err.(type) {
		case *model.FieldError:
			fe = e
		case model.Errors:
			fe = e[0]
		}
		if fe == nil || fe.Field != c.field {
			t.Errorf("want an error on %s, got %v", c.field, err)
		}
	}
	// Too big for all sites together: a drop, not an error.
	s := base()
	s.Jobs[0].Size = 5
	if res := runPolicy(t, s); len(res.Dropped) != 1 || len(res.Schedule) != 0 {
		t.Errorf("want one drop, got %s", show(res))
	}
}

// TestFrames: under EASY (conservative=0) a multisite job that backfills
// past the head emits a "backfill" frame with the head's reservation.
// Two sites of 2 nodes, p = 1. J1 holds both nodes of a for [0,10); J2
// (4 nodes) is the head: it needs both sites, shadow 10, and at 10 the
// free nodes are exactly its 4, so extra = 0. J3 (1 node, 5 s) fits b now
// and ends at 6 <= 10: backfilled.
func TestFrames(t *testing.T) {
	s := &model.Scenario{Version: 1, Platform: model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 2}, {ID: "b", Nodes: 2}}},
		Policy: model.Policy{Name: "multisite-optimal", Params: map[string]float64{"conservative": 0}},
		Jobs: []model.Job{
			{ID: "J1", Submit: 0, Size: 2, Runtime: 10, Origin: "a"},
			{ID: "J2", Submit: 1, Size: 4, Runtime: 10, Origin: "a"},
			{ID: "J3", Submit: 1, Size: 1, Runtime: 5, Origin: "b"},
		}}
	var frames []sched.Frame
	p, _ := sched.Lookup(s.Policy.Name)
	res, err := p.Run(context.Background(), s, sched.RecorderFunc(func(f sched.Frame) error { frames = append(frames, f); return nil }))
	if err != nil {
		t.Fatal(err)
	}
	want := backfill.FrameData{Job: "J3", Nodes: 1, Start: 1, EstEnd: 6, Head: "J2", Shadow: 10, Extra: 0, Mode: "easy"}
	if len(frames) != 1 || frames[0].Data.(backfill.FrameData) != want {
		t.Fatalf("frames %+v, want one %+v", frames, want)
	}
	if got := show(res); got != "J1@0-10a[0 1] J3@1-6b[0] J2@10-20a[0 1]b[0 1] " {
		t.Errorf("schedule %s", got)
	}
}

func TestIdleNodesForTheWholeRun(t *testing.T) {
	// Conservative backfilling, three sites of 4 nodes, h = 1, p = 2, no
	// data. At 0: J0 takes 3 nodes of a until 100, J1 2 nodes of b until
	// 5, J2 3 nodes of c until 100, J5 the last node of c until 1. J4 (4
	// nodes of b, 50 s) finds 3 processors free and is reserved on b at
	// [5,55) by every strategy (optimal and greedy: b alone finishes at
	// 55; every combination finishes later). At 1, J5 ends at its
	// estimate (no compression) and J3 (2 nodes, 10 s, from a) arrives:
	//   - no single site holds it now: a and c have one node, b has 2
	//     free now but J4 takes them at 5, inside [1,11);
	//   - b's two processors are free now but not idle for a run: a+b
	//     cannot start now (eq. 2: 10*2 = 20 s, [1,21) crosses 5);
	//   - a+c can: one idle node each for [1,21), finish 21, where the
	//     best reservation (b at 55, or a at 100) finishes at 65.
	// Every strategy starts J3 at once on a+c. Taking b because it has
	// processors free at this instant would leave greedy and
	// non-adaptive with no instant start and a reservation on a at 100.
	want := "J0@0-100a[0 1 2] J1@0-5b[0 1] J2@0-100c[0 1 2] J5@0-1c[3] J3@1-21a[3]c[3] J4@5-55b[0 1 2 3] "
	for _, pol := range strats {
		s := &model.Scenario{Version: 1, Platform: model.Platform{
			Clusters: []model.Cluster{{ID: "a", Nodes: 4}, {ID: "b", Nodes: 4}, {ID: "c", Nodes: 4}},
			Network:  &model.Network{MultisiteFactor: 2},
		}, Policy: model.Policy{Name: pol, Params: map[string]float64{"conservative": 1}}, Jobs: []model.Job{
			{ID: "J0", Size: 3, Runtime: 100, Origin: "a"},
			{ID: "J1", Size: 2, Runtime: 5, Origin: "b"},
			{ID: "J2", Size: 3, Runtime: 100, Origin: "c"},
			{ID: "J5", Size: 1, Runtime: 1, Origin: "c"},
			{ID: "J4", Size: 4, Runtime: 50, Origin: "b"},
			{ID: "J3", Submit: 1, Size: 2, Runtime: 10, Origin: "a"},
		}}
		if got := show(runPolicy(t, s)); got != want {
			t.Errorf("%s:\n got %s\nwant %s", pol, got, want)
		}
	}
}

// TestOptimalBruteForce checks Alg. 2 against a direct enumeration on
// random availability profiles: for every combination, every candidate
// start (now and every step boundary) is tried with the profile's own
// MinFree, and the earliest feasible start gives that combination's
// predicted finish. The selector must reach the least finish found, with
// a placement that fits.
func TestOptimalBruteForce(t *testing.T) {
	r := rng.NewPCG(11, 13)
	for trial := 0; trial < 300; trial++ {
		ns := 1 + r.IntN(4)
		s := &model.Scenario{Version: 1, Platform: model.Platform{Network: &model.Network{Bandwidth: 0.1 + r.Float64(), Latency: float64(r.IntN(3)), MultisiteFactor: 1 + r.Float64()}}}
		tot := 0
		for i := 0; i < ns; i++ {
			n := 1 + r.IntN(8)
			tot += n
			s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: fmt.Sprintf("s%d", i), Nodes: n, H: 0.5 + r.Float64()})
		}
		sys, err := newSystem(s)
		if err != nil {
			t.Fatal(err)
		}
		now := float64(r.IntN(20))
		m := &backfill.Machine{}
		for i := 0; i < ns; i++ {
			p := kernel.NewProfile(sys.nodes[i], 0)
			for k := r.IntN(6); k > 0; k-- {
				a := float64(r.IntN(60))
				b := a + 1 + float64(r.IntN(40))
				if f := p.MinFree(a, b); f > 0 {
					p.Reserve(a, b, 1+r.IntN(f))
				}
			}
			p.Advance(now)
			m.Sites = append(m.Sites, &backfill.Site{ID: sys.ids[i], Nodes: sys.nodes[i], Profile: p})
		}
		jb := job{origin: r.IntN(ns), size: 1 + r.IntN(tot), est: float64(1 + r.IntN(30)), data: float64(r.IntN(3))}
		jb.run = jb.est
		sel := newSelector(sys, []job{jb}, Optimal)
		got, ok := sel.optimal(&jb, now, m, &reason{})
		// Brute force.
		best := math.Inf(1)
		for mask := 1; mask < 1<<ns; mask++ {
			var c []int
			nodes := 0
			for i := 0; i < ns; i++ {
				if mask&(1<<i) != 0 {
					c = append(c, i)
					nodes += sys.nodes[i]
				}
			}
			if nodes < jb.size || len(c) > jb.size {
				continue
			}
			est := sys.duration(jb.origin, c, jb.est, jb.data)
			cands := []float64{now}
			for _, i := range c {
				for k := 0; k < m.Sites[i].Profile.Len(); k++ {
					if x, _ := m.Sites[i].Profile.At(k); x > now {
						cands = append(cands, x)
					}
				}
			}
			sort.Float64s(cands)
			for _, t0 := range cands {
				sum, okc := 0, true
				for _, i := range c {
					f := m.Sites[i].Profile.MinFree(t0, t0+est)
					if f < 1 {
						okc = false
					}
					sum += f
				}
				if okc && sum >= jb.size {
					best = math.Min(best, t0+est)
					break
				}
			}
		}
		if !ok {
			if !math.IsInf(best, 1) {
				t.Fatalf("trial %d: optimal found nothing, brute force finishes at %g", trial, best)
			}
			continue
		}
		if math.Abs(got.finish()-best) > 1e-9 {
			t.Fatalf("trial %d: optimal finishes at %g, brute force at %g (%+v)", trial, got.finish(), best, got)
		}
		// The placement fits: each share is free for the whole run.
		sum := 0
		for i, site := range got.sites {
			if f := m.Sites[site].Profile.MinFree(got.start, got.start+got.est); f < got.nodes[i] || got.nodes[i] < 1 {
				t.Fatalf("trial %d: %d nodes on site %d, %d free", trial, got.nodes[i], site, f)
			}
			sum += got.nodes[i]
		}
		if sum != jb.size {
			t.Fatalf("trial %d: %d nodes placed, want %d", trial, sum, jb.size)
		}
	}
}

// TestWhy: each placement says why it went where it did, from the
// numbers of the decision, on the hand cases of TestSelectionHand.
func TestWhy(t *testing.T) {
	two := func(policy string, params map[string]float64) *model.Scenario {
		s := twoSites(policy, params)
		s.Jobs = append(s.Jobs, model.Job{ID: "J3", Submit: 2, Size: 6, Runtime: 10, Origin: "a"})
		return s
	}
	// want[0] is under EASY, want[1] under conservative backfilling
	// ("" means the same as EASY). Under EASY the head's reservation is
	// made again at every pass, so a job that waited starts on a
	// selection made at its start: "at once".
	cases := []struct {
		s    *model.Scenario
		job  string
		want [2]string
	}{
		// J2: a alone at 10 finishes at 20, a+b at once at 21 (eq. 2).
		{two("multisite-optimal", nil), "J2", [2]string{
			"Optimal (Alg. 2): at once on its own site a, predicted to finish at t = 20 s (eq. 1), the earliest of every site and combination.",
			"Optimal (Alg. 2): reserved from t = 10 s on its own site a, predicted to finish at t = 20 s (eq. 1), the earliest of every site and combination."}},
		// J3 (6 nodes) needs both sites: a+b from 100 (J0 holds b).
		{two("multisite-optimal", nil), "J3", [2]string{
			"Optimal (Alg. 2): at once on a+b (4+2 nodes), predicted to finish at t = 120 s (eq. 2); no single site has 6 nodes.",
			"Optimal (Alg. 2): reserved from t = 100 s on a+b (4+2 nodes), predicted to finish at t = 120 s (eq. 2); no single site has 6 nodes."}},
		{two("multisite-greedy", nil), "J2", [2]string{
			"Greedy: at once on a, the fastest sites with idle nodes, predicted to finish at t = 20 s (eq. 1); reserving the fastest sites that hold 2 nodes (a) would finish at t = 20 s.",
			"Greedy: reserved from t = 10 s on a, the fastest sites that hold 2 nodes, predicted to finish at t = 20 s (eq. 1); starting at once on the fastest idle nodes (a+b (1+1 nodes)) would finish at t = 21 s."}},
		{two("multisite-nonadaptive", nil), "J2", [2]string{
			"Non-adaptive (section 6): no single site had 2 nodes idle for the run, so at once on a+b (1+1 nodes), its own site first."}},
		{two("multisite-nonadaptive", map[string]float64{"strict": 1}), "J2", [2]string{
			"Non-adaptive (section 6): at once on its own site a.",
			"Non-adaptive (section 6): reserved from t = 10 s on its own site a."}},
		{two("multisite-nonadaptive", map[string]float64{"strict": 1}), "J3", [2]string{
			"Non-adaptive (section 6): no single site has 6 nodes, so at once on a+b (4+2 nodes), its own site first.",
			"Non-adaptive (section 6): no single site has 6 nodes, so reserved from t = 100 s on a+b (4+2 nodes), its own site first."}},
		// c alone: 10*0.8 = 8 s; a (its own site): 10 s.
		{threeSites("multisite-optimal"), "J", [2]string{"Optimal (Alg. 2): at once on c, predicted to finish at t = 8 s (eq. 1); its own site a would finish at t = 10 s."}},
		{threeSites("multisite-greedy"), "J", [2]string{"Greedy: at once on b+c (2+2 nodes), the fastest sites with idle nodes, predicted to finish at t = 12 s (eq. 2); reserving the fastest sites that hold 4 nodes (b+c) would finish at t = 12 s."}},
		{threeSites("multisite-nonadaptive"), "J", [2]string{"Non-adaptive (section 6): at once on its own site a."}},
	}
	for _, c := range cases {
		for _, cons := range []float64{0, 1} {
			params := map[string]float64{"conservative": cons}
			for k, v := range c.s.Policy.Params {
				if k != "conservative" {
					params[k] = v
				}
			}
			c.s.Policy.Params = params
			want := c.want[int(cons)]
			if want == "" {
				want = c.want[0]
			}
			res := runPolicy(t, c.s)
			p, ok := placementOf(res, c.job)
			if !ok || p.Why != want {
				t.Errorf("%s %v %s:\n got %q\nwant %q", c.s.Policy.Name, params, c.job, p.Why, want)
			}
		}
	}
}

func placementOf(res *sched.Result, id string) (sched.Placement, bool) {
	for _, p := range res.Schedule {
		if p.Job == id {
			return p, true
		}
	}
	return sched.Placement{}, false
}

// TestStrictNonAdaptive: under the strict reading the non-adaptive
// baseline waits for its own site when the site can hold the job,
// instead of starting at once on several sites.
func TestStrictNonAdaptive(t *testing.T) {
	s := twoSites("multisite-nonadaptive", nil)
	for _, c := range []struct {
		strict float64
		want   string
	}{
		{0, "J0@0-100b[0 1 2] J1@0-10a[0 1 2] J2@1-21a[3]b[3] "},
		{1, "J0@0-100b[0 1 2] J1@0-10a[0 1 2] J2@10-20a[0 1] "},
	} {
		for _, cons := range []float64{0, 1} {
			s.Policy.Params = map[string]float64{"conservative": cons, "strict": c.strict}
			if got := show(runPolicy(t, s)); got != c.want {
				t.Errorf("strict=%g conservative=%g:\n got %s\nwant %s", c.strict, cons, got, c.want)
			}
		}
	}
}

// duration is durations' estimate for a job of time base on reference
// nodes, submitted at site origin, run on the sites in c.
func (sys *system) duration(origin int, c []int, base, data float64) float64 {
	d, _ := sys.durations(&job{origin: origin, est: base, run: base, data: data}, c)
	return d
}
