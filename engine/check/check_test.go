package check_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	_ "gridplay/engine/all"
	"gridplay/engine/check"
	"gridplay/engine/hybrid"
	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
)

func f64(x float64) *float64 { return &x }

// scenarios draws a random scenario for each system, with what its model
// reads: killed jobs and too-big jobs (classic), heterogeneity, overhead
// factor and transfers (multisite), speeds and application models
// (MUSCLE, TITAN), outages (TITAN), MIPS, links and sigma (GA-MF),
// servers, migrations and deadlines (hybrid).
func scenarios(r *rng.Rand) map[string]*model.Scenario {
	out := map[string]*model.Scenario{}
	jobs := func(n, maxSize int, app bool) []model.Job {
		var js []model.Job
		t := 0.0
		for i := 0; i < n; i++ {
			t += float64(r.IntN(20))
			j := model.Job{ID: fmt.Sprintf("j%d", i), Submit: t, Size: 1 + r.IntN(maxSize), Runtime: float64(r.IntN(100))}
			if r.IntN(3) == 0 {
				j.Requested = j.Runtime + float64(r.IntN(50))
			} else if r.IntN(4) == 0 {
				j.Requested = float64(1 + r.IntN(40)) // may be killed
			}
			if app && r.IntN(3) == 0 {
				j.Runtime = 0
				j.App = &model.App{Code: model.AppCodes[r.IntN(len(model.AppCodes))]}
			}
			if j.Runtime == 0 && j.App == nil {
				j.Runtime = 1
			}
			js = append(js, j)
		}
		return js
	}
	m := 2 + r.IntN(14)
	out[check.Classic] = &model.Scenario{Version: 1, Policy: model.Policy{Name: []string{"fcfs", "easy", "conservative"}[r.IntN(3)]},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: m}}}, Jobs: jobs(30, m+1, false)}

	ms := &model.Scenario{Version: 1, Policy: model.Policy{Name: []string{"multisite-optimal", "multisite-greedy", "multisite-nonadaptive"}[r.IntN(3)]},
		Platform: model.Platform{Network: &model.Network{Bandwidth: 100, Latency: 0.5, MultisiteFactor: 1 + r.Float64()}}}
	for i := 0; i < 3; i++ {
		ms.Platform.Clusters = append(ms.Platform.Clusters, model.Cluster{ID: fmt.Sprintf("s%d", i), Nodes: 2 + r.IntN(6), H: 0.5 + r.Float64()})
	}
	ms.Jobs = jobs(30, 12, false)
	for i := range ms.Jobs {
		ms.Jobs[i].Origin = fmt.Sprintf("s%d", r.IntN(3))
		ms.Jobs[i].Data = float64(r.IntN(5))
	}
	out[check.Multisite] = ms

	mu := &model.Scenario{Version: 1, Seed: r.Uint64(), Policy: model.Policy{Name: []string{"muscle", "dll", "wrand"}[r.IntN(3)]},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 4 + r.IntN(4), Speed: 1}, {ID: "b", Nodes: 4 + r.IntN(6), Speed: 1.5}}}}
	mu.Jobs = jobs(15, 6, true)
	for i := range mu.Jobs {
		mu.Jobs[i].Requested = 0
		if mu.Jobs[i].Runtime == 0 && mu.Jobs[i].App == nil {
			mu.Jobs[i].Runtime = 1
		}
	}
	out[check.MUSCLE] = mu

	ti := &model.Scenario{Version: 1, Seed: r.Uint64(), Policy: model.Policy{Name: []string{"titan", "titan-ds", "titan-dsnl", "titan-fcfs"}[r.IntN(4)], Params: map[string]float64{"population": 8, "generations": 20, "round_generations": 3}},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 3 + r.IntN(10), Speed: []float64{0, 1, 2, 0.5}[r.IntN(4)]}}}}
	if ti.Policy.Name != "titan" {
		ti.Policy.Params = nil
	}
	ti.Jobs = jobs(15, 6, true)
	for i := range ti.Jobs {
		ti.Jobs[i].Requested = 0
		if r.IntN(2) == 0 {
			ti.Jobs[i].Deadline = ti.Jobs[i].Submit + float64(30+r.IntN(300))
		}
	}
	for k := 0; k < 2; k++ {
		e := model.Event{At: float64(r.IntN(200)), Kind: []string{"offline", "online"}[r.IntN(2)], Cluster: "c0", Nodes: []int{r.IntN(3)}}
		ti.Events = append(ti.Events, e)
	}
	out[check.TITAN] = ti

	ga := &model.Scenario{Version: 1, Seed: r.Uint64(), Policy: model.Policy{Name: []string{"gamf", "gama", "hill", "jpr", "cbs", "metl"}[r.IntN(6)], Params: map[string]float64{}},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "g0", Nodes: 6, MIPS: 1000, Bandwidth: 50}, {ID: "g1", Nodes: 8, MIPS: 2000, Bandwidth: 80}, {ID: "g2", Nodes: 5}}}}
	if ga.Policy.Name == "gamf" || ga.Policy.Name == "gama" {
		ga.Policy.Params = map[string]float64{"generations": 10, "population": 12}
	}
	ga.Jobs = jobs(12, 12, false)
	for i := range ga.Jobs {
		ga.Jobs[i].Requested = 0
		ga.Jobs[i].Runtime += 10
		ga.Jobs[i].Bandwidth = 5 + 45*r.Float64()
		ga.Jobs[i].Sigma = f64(0.3 + 0.6*r.Float64())
	}
	out[check.GAMF] = ga

	st := hybrid.DefaultSetup
	st.Window = 600
	st.ExecMin, st.ExecMax = 10, 600
	hy := st.Scenario(r.Uint64(), 2+r.IntN(3), 60, 0, hybrid.Local)
	hy.Policy.Name = []string{"hybrid-local", "hybrid-hrs", "hybrid-phrs"}[r.IntN(3)]
	out[check.Hybrid] = hy
	return out
}

func run(t *testing.T, s *model.Scenario) *sched.Result {
	t.Helper()
	res, err := runner.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatalf("%s: %v", s.Policy.Name, err)
	}
	return res
}

// TestRandomSchedulesValid: every policy's schedules of random scenarios
// pass the checker (runner.Run marks them).
func TestRandomSchedulesValid(t *testing.T) {
	r := rng.NewPCG(11, 12)
	seen := map[string]bool{}
	for trial := 0; trial < 12; trial++ {
		for sys, s := range scenarios(r) {
			res := run(t, s)
			if res.Valid == nil || !*res.Valid {
				t.Fatalf("trial %d %s (%s): %v", trial, s.Policy.Name, sys, res.Violations)
			}
			seen[s.Policy.Name] = true
		}
	}
	t.Logf("policies checked: %d", len(seen))
}

func has(vs []sched.Violation, rule string) bool {
	for _, v := range vs {
		if v.Rule == rule {
			return true
		}
	}
	return false
}

// TestCatches breaks valid schedules one rule at a time: the checker
// names each rule.
func TestCatches(t *testing.T) {
	r := rng.NewPCG(5, 6)
	sc := scenarios(r)
	clone := func(res *sched.Result) *sched.Result {
		c := *res
		c.Schedule = append([]sched.Placement(nil), res.Schedule...)
		for k := range c.Schedule {
			c.Schedule[k].Alloc = append([]sched.Alloc(nil), c.Schedule[k].Alloc...)
			for a := range c.Schedule[k].Alloc {
				c.Schedule[k].Alloc[a].Nodes = append([]int(nil), c.Schedule[k].Alloc[a].Nodes...)
			}
		}
		c.Dropped = append([]sched.Drop(nil), res.Dropped...)
		return &c
	}
	for _, sys := range []string{check.Classic, check.Multisite, check.MUSCLE, check.TITAN, check.GAMF, check.Hybrid} {
		s := sc[sys]
		res := run(t, s)
		if !*res.Valid || len(res.Schedule) < 2 {
			t.Fatalf("%s: base schedule %v, %d placed", sys, res.Violations, len(res.Schedule))
		}
		// The longest placement, so that shifts and overlaps show.
		k := 0
		for i, p := range res.Schedule {
			if p.End-p.Start > res.Schedule[k].End-res.Schedule[k].Start {
				k = i
			}
		}
		mutations := []struct {
			rule string
			mod  func(c *sched.Result)
		}{
			{"run-time", func(c *sched.Result) { c.Schedule[k].End += 7 }},
			{"early-start", func(c *sched.Result) {
				var sub float64
				for _, j := range s.Jobs {
					if j.ID == c.Schedule[k].Job {
						sub = j.Submit
					}
				}
				d := c.Schedule[k].Start - sub + 5
				c.Schedule[k].Start -= d
				c.Schedule[k].End -= d
			}},
			{"missing", func(c *sched.Result) { c.Schedule = append(c.Schedule[:k], c.Schedule[k+1:]...) }},
			{"duplicate", func(c *sched.Result) { c.Dropped = append(c.Dropped, sched.Drop{Job: c.Schedule[k].Job, Reason: "x"}) }},
			{"unknown-job", func(c *sched.Result) { c.Dropped = append(c.Dropped, sched.Drop{Job: "nobody", Reason: "x"}) }},
			{"node-count", func(c *sched.Result) { c.Schedule[k].Nodes++ }},
			{"node", func(c *sched.Result) { c.Schedule[k].Alloc[0].Nodes[0] = 1 << 20 }},
			{"overlap", func(c *sched.Result) {
				// Another job onto the same first node for the same time.
				o := (k + 1) % len(c.Schedule)
				p := c.Schedule[k]
				q := &c.Schedule[o]
				shift := p.Start - q.Start + (p.End-p.Start)/4
				q.Start += shift
				q.End += shift
				q.Alloc = []sched.Alloc{{Cluster: p.Alloc[0].Cluster, Nodes: append([]int{p.Alloc[0].Nodes[0]}, q.Alloc[0].Nodes[1:]...)}}
				q.Cluster = p.Alloc[0].Cluster
			}},
		}
		for _, m := range mutations {
			c := clone(res)
			m.mod(c)
			vs := check.Schedule(s, c)
			if !has(vs, m.rule) {
				t.Errorf("%s (%s): mutation %s not caught: %v", sys, s.Policy.Name, m.rule, vs)
			}
		}
	}
}

// TestDropReason: a drop without a reason is a violation.
func TestDropReason(t *testing.T) {
	s := &model.Scenario{Version: 1, Policy: model.Policy{Name: "easy"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: 2}}},
		Jobs:     []model.Job{{ID: "a", Size: 3, Runtime: 5}}}
	res := run(t, s)
	if !*res.Valid || len(res.Dropped) != 1 {
		t.Fatalf("%+v", res)
	}
	res.Dropped[0].Reason = " "
	if vs := check.Schedule(s, res); !has(vs, "drop-reason") {
		t.Fatalf("got %v", vs)
	}
}

// TestHandComputed checks the classic rules on a schedule written by
// hand: a killed job runs its request, a zero-length job may sit at a
// boundary of another job's run on the same node but not inside it.
func TestHandComputed(t *testing.T) {
	s := &model.Scenario{Version: 1, Policy: model.Policy{Name: "easy"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: 2}}},
		Jobs: []model.Job{
			{ID: "long", Size: 1, Runtime: 100, Requested: 40},
			{ID: "zero", Submit: 0, Size: 1, Runtime: 0},
			{ID: "next", Submit: 0, Size: 2, Runtime: 10},
		}}
	at := func(id string, start, end float64, nodes ...int) sched.Placement {
		return sched.Placement{Job: id, Cluster: "m", Start: start, End: end, Nodes: len(nodes), Alloc: []sched.Alloc{{Cluster: "m", Nodes: nodes}}}
	}
	good := &sched.Result{Policy: "easy", Schedule: []sched.Placement{at("long", 0, 40, 0), at("zero", 40, 40, 0), at("next", 40, 50, 0, 1)}}
	if vs := check.Schedule(s, good); len(vs) > 0 {
		t.Fatal(vs)
	}
	bad := &sched.Result{Policy: "easy", Schedule: []sched.Placement{at("long", 0, 40, 0), at("zero", 20, 20, 0), at("next", 40, 50, 0, 1)}}
	if vs := check.Schedule(s, bad); !has(vs, "overlap") {
		t.Fatalf("zero-length job inside another's run: %v", vs)
	}
	bad = &sched.Result{Policy: "easy", Schedule: []sched.Placement{at("long", 0, 100, 0), at("zero", 100, 100, 0), at("next", 100, 110, 0, 1)}}
	if vs := check.Schedule(s, bad); !has(vs, "run-time") {
		t.Fatalf("killed job run to its runtime: %v", vs)
	}
	// Without Alloc, nodes are counted per cluster.
	counted := &sched.Result{Policy: "easy", Schedule: []sched.Placement{
		{Job: "long", Cluster: "m", Start: 0, End: 40, Nodes: 1}, {Job: "zero", Cluster: "m", Start: 0, End: 0, Nodes: 1},
		{Job: "next", Cluster: "m", Start: 30, End: 40, Nodes: 2}}}
	if vs := check.Schedule(s, counted); !has(vs, "capacity") {
		t.Fatalf("3 nodes busy on 2: %v", vs)
	}
	if vs := check.Schedule(s, &sched.Result{Policy: "no-such-policy", Dropped: []sched.Drop{{Job: "long", Reason: "x"}, {Job: "zero", Reason: "x"}, {Job: "next", Reason: "x"}}}); !has(vs, "model") || len(vs) != 1 {
		t.Fatalf("unknown policy: %v", vs)
	}
}

// TestCapped: a result with more than MaxViolations violations lists
// MaxViolations and counts the rest.
func TestCapped(t *testing.T) {
	s := &model.Scenario{Version: 1, Policy: model.Policy{Name: "easy"}, Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: 1}}}}
	for i := 0; i < 150; i++ {
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprint(i), Size: 1, Runtime: 1})
	}
	vs := check.Schedule(s, &sched.Result{Policy: "easy"})
	if len(vs) != check.MaxViolations+1 || vs[len(vs)-1].Rule != "more" || !strings.Contains(vs[len(vs)-1].Msg, "50 more") {
		t.Fatalf("%d violations, last %v", len(vs), vs[len(vs)-1])
	}
}

// TestCompatPyss: under compat pyss the classic model is pyss's job model
// (model.Job.Pyss). J1 ran for 0 s: pyss runs it 1 s from max(submit,
// 1); J2 asks 3 of the 2 nodes and gets 2; J3 ran 7.5 s: 7 s. The same
// placements break gridplay's own classic model, and gridplay's own
// schedule breaks pyss's.
func TestCompatPyss(t *testing.T) {
	s := &model.Scenario{Version: 1, Policy: model.Policy{Name: "easy"}, Compat: model.CompatPyss,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: 2}}},
		Jobs: []model.Job{{ID: "J1", Size: 1, Runtime: 0, Requested: 30}, {ID: "J2", Size: 3, Runtime: 5, Requested: 5},
			{ID: "J3", Submit: 20, Size: 1, Runtime: 7.5, Requested: 10}}}
	res := &sched.Result{Policy: "easy", Schedule: []sched.Placement{
		{Job: "J1", Cluster: "m", Start: 1, End: 2, Nodes: 1, Alloc: []sched.Alloc{{Cluster: "m", Nodes: []int{0}}}},
		{Job: "J2", Cluster: "m", Start: 2, End: 7, Nodes: 2, Alloc: []sched.Alloc{{Cluster: "m", Nodes: []int{0, 1}}}},
		{Job: "J3", Cluster: "m", Start: 20, End: 27, Nodes: 1, Alloc: []sched.Alloc{{Cluster: "m", Nodes: []int{0}}}},
	}}
	if vs := check.Schedule(s, res); len(vs) > 0 {
		t.Errorf("pyss's schedule under compat pyss: %v", vs)
	}
	own := *s
	own.Compat = ""
	if vs := check.Schedule(&own, res); !has(vs, "run-time") || !has(vs, "size") {
		t.Errorf("pyss's schedule under gridplay's model: %v", vs)
	}
	res.Schedule[0].Start, res.Schedule[0].End = 0, 1
	if vs := check.Schedule(s, res); !has(vs, "early-start") {
		t.Errorf("a start before max(submit, 1): %v", vs)
	}
}
