package gamf

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// quickParams keep GA and HILL runs short in tests.
var quickParams = map[string]map[string]float64{
	"gamf": {"generations": 15, "population": 20},
	"gama": {"generations": 15, "population": 20},
	"hill": {"evaluations": 300, "patience": 20},
}

func TestRegistered(t *testing.T) {
	for _, name := range methods {
		p, ok := sched.Lookup(name)
		if !ok {
			t.Fatalf("policy %s not registered", name)
		}
		in := p.Info()
		if in.Paper != "003" || in.System != "GA-MF" || in.Summary == "" {
			t.Errorf("%s: info %+v", name, in)
		}
		for _, prm := range in.Params {
			if prm.Default < prm.Min || prm.Default > prm.Max || prm.Doc == "" {
				t.Errorf("%s: param %+v", name, prm)
			}
		}
	}
}

// TestPoliciesProperties: every policy places every job once (or drops
// it with a reason) with no node double-booked, on a workload mixing
// small, cluster-sized and co-allocated jobs, one too large to run and
// staggered submit times.
func TestPoliciesProperties(t *testing.T) {
	for _, name := range methods {
		t.Run(name, func(t *testing.T) {
			s := synthetic(11, 12, name)
			s.Jobs[2].Size = 241 // larger than the platform: a Drop
			s.Jobs[3].Size = 240
			s.Jobs[4].Submit = 5000
			s.Policy.Params = quickParams[name]
			res := runPolicy(t, s, nil)
			checkSchedule(t, s, res)
			if len(res.Dropped) != 1 || res.Dropped[0].Job != s.Jobs[2].ID {
				t.Fatalf("dropped %v", res.Dropped)
			}
			for _, pl := range res.Schedule {
				want := 0
				for _, al := range pl.Alloc {
					want++
					_ = al
				}
				if got := strings.Count(pl.Cluster, "+") + 1; got != want {
					t.Fatalf("cluster %q for %d clusters in Alloc", pl.Cluster, want)
				}
			}
			if res.Metrics["makespan"] <= 0 || res.Metrics["flowtime"] <= 0 {
				t.Fatalf("metrics %v", res.Metrics)
			}
		})
	}
}

// TestDeterministic: same scenario and seed, same bytes.
func TestDeterministic(t *testing.T) {
	for _, name := range []string{"gamf", "hill", "metl"} {
		s := synthetic(4, 10, name)
		s.Policy.Params = quickParams[name]
		a, _ := json.Marshal(runPolicy(t, s, nil))
		b, _ := json.Marshal(runPolicy(t, s, nil))
		if string(a) != string(b) {
			t.Fatalf("%s: two runs differ", name)
		}
	}
}

// TestMetricsMatchSchedule: makespan and flowtime follow section 3.1's
// definitions on the returned schedule.
func TestMetricsMatchSchedule(t *testing.T) {
	s := synthetic(8, 10, "cbs")
	s.Jobs[1].Submit = 100
	res := runPolicy(t, s, nil)
	minS, maxF, ft := res.Schedule[0].Start, 0.0, 0.0
	for i, pl := range res.Schedule {
		minS = min(minS, pl.Start)
		maxF = max(maxF, pl.End)
		ft += pl.End - s.Jobs[i].Submit
	}
	if !near(res.Metrics["makespan"], maxF-minS) || !near(res.Metrics["flowtime"], ft) {
		t.Fatalf("metrics %v, want makespan %v flowtime %v", res.Metrics, maxF-minS, ft)
	}
}

func TestValidation(t *testing.T) {
	cases := []struct {
		field string
		edit  func(s *model.Scenario)
	}{
		{"jobs[1].size", func(s *model.Scenario) { s.Jobs[1].Size = 0 }},
		{"jobs[0].runtime", func(s *model.Scenario) { s.Jobs[0].Runtime = 0 }},
		{"jobs[2].sigma", func(s *model.Scenario) { s.Jobs[2].Sigma = sigma(1.5) }},
		{"jobs[2].bandwidth", func(s *model.Scenario) { s.Jobs[2].Bandwidth = -1 }},
		{"platform.clusters[1].bandwidth", func(s *model.Scenario) { s.Platform.Clusters[1].Bandwidth = -5 }},
		{"platform.clusters[1].mips", func(s *model.Scenario) { s.Platform.Clusters[1].MIPS = 1e-300 }},
		{"platform.clusters[2].bandwidth", func(s *model.Scenario) { s.Platform.Clusters[2].Bandwidth = 1e-300 }},
		{"platform.clusters[0].nodes", func(s *model.Scenario) { s.Platform.Clusters[0].Nodes = 0 }},
		{"platform.clusters", func(s *model.Scenario) { s.Platform.Clusters = nil }},
		{"jobs", func(s *model.Scenario) { s.Jobs = nil }},
		{"policy.params.population", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"population": 1} }},
		{"policy.params.generations", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"generations": 2.5} }},
		{"policy.params.alpha", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"alpha": 2} }},
		{"policy.params.population", func(s *model.Scenario) {
			s.Jobs[0].Size = 240
			for i := 0; i < 300; i++ {
				s.Jobs = append(s.Jobs, s.Jobs[0])
				s.Jobs[len(s.Jobs)-1].ID = "x" + strconv.Itoa(i)
			}
			s.Policy.Params = map[string]float64{"population": 1000}
		}},
	}
	for _, c := range cases {
		s := synthetic(1, 4, "gamf")
		c.edit(s)
		p, _ := sched.Lookup("gamf")
		_, err := p.Run(context.Background(), s, nil)
		fe := model.FirstError(err)
		if fe == nil {
			t.Fatalf("%s: error %v", c.field, err)
		}
		if fe.Field != c.field {
			t.Errorf("error on %q (%v), want %q", fe.Field, err, c.field)
		}
	}
}

// TestFrames: one "generation" frame per generation with the documented
// payload, and a Recorder error or a cancelled context stops the run.
func TestFrames(t *testing.T) {
	s := synthetic(2, 8, "gamf")
	s.Policy.Params = map[string]float64{"generations": 5, "population": 10}
	var frames []sched.Frame
	runPolicy(t, s, sched.RecorderFunc(func(f sched.Frame) error { frames = append(frames, f); return nil }))
	if len(frames) != 6 {
		t.Fatalf("%d frames, want 6", len(frames))
	}
	for i, f := range frames {
		d, ok := f.Data.(GenFrame)
		if f.Kind != "generation" || !ok || d.Gen != i || len(d.Jobs) != 8 || len(d.Link) != 4 || d.Mean < d.Best {
			t.Fatalf("frame %d: %+v", i, f)
		}
	}
	p, _ := sched.Lookup("gamf")
	stop := errors.New("client left")
	_, err := p.Run(context.Background(), s, sched.RecorderFunc(func(sched.Frame) error { return stop }))
	if !errors.Is(err, stop) {
		t.Fatalf("recorder error gave %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Run(ctx, s, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run gave %v", err)
	}
}

// TestGAMAIsAlphaOne: GA-MA is GA-MF with alpha = 1.
func TestGAMAIsAlphaOne(t *testing.T) {
	s := synthetic(6, 8, "gama")
	s.Policy.Params = quickParams["gama"]
	a := runPolicy(t, s, nil)
	s.Policy.Name = "gamf"
	s.Policy.Params = map[string]float64{"generations": 15, "population": 20, "alpha": 1}
	b := runPolicy(t, s, nil)
	if a.Metrics["fitness"] != a.Metrics["makespan"] {
		t.Fatalf("GA-MA fitness %v is not its makespan %v", a.Metrics["fitness"], a.Metrics["makespan"])
	}
	_ = b // different rng streams (per policy name): only the fitness rule is comparable
	if b.Metrics["fitness"] != b.Metrics["makespan"] {
		t.Fatalf("alpha=1 fitness %v is not makespan %v", b.Metrics["fitness"], b.Metrics["makespan"])
	}
}

// TestJPRFastestFirst: JPR puts a 70-task job on the 60 nodes of the 2000
// MIPS cluster plus 10 of the first 1500 MIPS cluster.
func TestJPRFastestFirst(t *testing.T) {
	s := &model.Scenario{Version: model.Version, Platform: Fig7Platform(), Policy: model.Policy{Name: "jpr"},
		Jobs: []model.Job{{ID: "a", Size: 70, Runtime: 100, Bandwidth: 1}}}
	res := runPolicy(t, s, nil)
	pl := res.Schedule[0]
	if pl.Cluster != "c2+c3" || len(pl.Alloc[1].Nodes) != 60 || len(pl.Alloc[0].Nodes) != 10 {
		t.Fatalf("placement %+v", pl)
	}
	if want := "JPR, 1st in queue order: the 70 fastest nodes free at 0 s in the schedule so far (c2 x10 at 1500 MIPS + c3 x60 at 2000 MIPS); bandwidth is not considered."; pl.Why != want {
		t.Errorf("why %q\nwant %q", pl.Why, want)
	}
}

// TestCBSChunks: CBS keeps a job that fits in one cluster whole, and
// splits a 100-task job 75 + 25 on an empty platform of 80-node clusters.
func TestCBSChunks(t *testing.T) {
	plat := model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 80}, {ID: "b", Nodes: 80}, {ID: "c", Nodes: 80}}}
	s := &model.Scenario{Version: model.Version, Platform: plat, Policy: model.Policy{Name: "cbs"},
		Jobs: []model.Job{{ID: "big", Size: 100, Runtime: 100}}}
	pl := runPolicy(t, s, nil).Schedule[0]
	if len(pl.Alloc) != 2 || len(pl.Alloc[0].Nodes) != 75 || len(pl.Alloc[1].Nodes) != 25 {
		t.Fatalf("big job placed %+v", pl.Alloc)
	}
	if want := "CBS, 1st in queue order: at 0 s no cluster had 100 free nodes, so a chunk of 75 went to a, which had the most, and the rest in chunks (a x75 + b x25)."; pl.Why != want {
		t.Errorf("why %q\nwant %q", pl.Why, want)
	}
	s.Jobs[0].Size = 50
	pl = runPolicy(t, s, nil).Schedule[0]
	if pl.Cluster != "a" {
		t.Fatalf("50-task job placed on %s", pl.Cluster)
	}
	if want := "CBS, 1st in queue order: at 0 s its 50 tasks fit in the free nodes of a, the fastest cluster where they fit."; pl.Why != want {
		t.Errorf("why %q\nwant %q", pl.Why, want)
	}
}

// TestMETLLeastLoss: METL runs first the job that loses the least
// execution time, not the first in the queue. Clusters a and b have 40
// nodes each (1000 MIPS, so PS = 1) and 100 Mbit/s links. Job y (first in
// the queue: 60 tasks, Tb 100 s, sigma 0.5, B_j 100) must split 40 + 20:
//
//	B_y^a = (40*100) * 20/59 = 1355.93 = B_y^b;  SD = 100/1355.93 < 1
//	CS = 13.5593;  tc = 0.5*1 + 0.5*13.5593 = 7.27966;  T^e = 727.966 s
//
// so it loses 627.966 s, while job x (40 tasks, Tb 100 s, no bandwidth)
// loses 0 on one cluster. METL runs x on a at 0; y no longer fits in the
// 40 free nodes and starts at 100, when x ends, and ends at 827.966.
func TestMETLLeastLoss(t *testing.T) {
	plat := model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 40, Bandwidth: 100}, {ID: "b", Nodes: 40, Bandwidth: 100}}}
	s := &model.Scenario{Version: model.Version, Platform: plat, Policy: model.Policy{Name: "metl"},
		Jobs: []model.Job{{ID: "y", Size: 60, Runtime: 100, Bandwidth: 100, Sigma: sigma(0.5)}, {ID: "x", Size: 40, Runtime: 100}}}
	res := runPolicy(t, s, nil)
	y, x := res.Schedule[0], res.Schedule[1]
	if x.Start != 0 || x.End != 100 || x.Nodes != 40 || len(x.Alloc) != 1 {
		t.Fatalf("x placed %+v", x)
	}
	if y.Start != 100 || !near(y.End, 100+100*(0.5+0.5*(40*100*20.0/59)/100)) || y.Cluster != "a+b" {
		t.Fatalf("y placed %+v", y)
	}
	// At 0 both jobs fit; x's four candidates (a, b, and the fastest-
	// first and largest-first fills, both a) and y's two fills make 6
	// timed allocations. At 100 only y waits.
	for _, c := range []struct{ got, want string }{
		{x.Why, "METL at 0 s: of 2 waiting jobs that fit (6 allocations timed), it loses 0 s: T^e 100 s for a base time of 100 s on a x40."},
		{y.Why, "METL at 100 s: of 1 waiting jobs that fit (2 allocations timed), it loses 628 s: T^e 728 s for a base time of 100 s on a x40 + b x20."},
	} {
		if c.got != c.want {
			t.Errorf("why %q\nwant %q", c.got, c.want)
		}
	}
	// JPR serves the queue in order: y first, at 0, split.
	s.Policy.Name = "jpr"
	res = runPolicy(t, s, nil)
	if res.Schedule[0].Start != 0 || res.Schedule[1].Start == 0 {
		t.Fatalf("jpr: %+v", res.Schedule)
	}
}

// TestCancelled: every method stops on a cancelled context.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, name := range methods {
		p, _ := sched.Lookup(name)
		if _, err := p.Run(ctx, synthetic(1, 5, name), nil); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: cancelled run gave %v", name, err)
		}
	}
}

// TestZeroGenerations: generations = 0 returns the best of the initial
// population, with one frame.
func TestZeroGenerations(t *testing.T) {
	s := synthetic(2, 6, "gamf")
	s.Policy.Params = map[string]float64{"generations": 0, "population": 5}
	n := 0
	res := runPolicy(t, s, sched.RecorderFunc(func(sched.Frame) error { n++; return nil }))
	checkSchedule(t, s, res)
	if n != 1 {
		t.Fatalf("%d frames, want 1", n)
	}
}

// TestSearchWhy: the searches' reasons name the job's place in the
// order, its clusters as the schedule has them, the job whose end
// released it (one ending at its start), and its slowdown, measured.
func TestSearchWhy(t *testing.T) {
	for _, name := range []string{"gamf", "gama", "hill"} {
		s := synthetic(4, 10, name)
		s.Platform.Clusters[1].Bandwidth = 100
		s.Policy.Params = quickParams[name]
		res := runPolicy(t, s, nil)
		end := map[string]float64{}
		for _, pl := range res.Schedule {
			end[pl.Job] = pl.End
		}
		for _, pl := range res.Schedule {
			var parts []string
			for _, al := range pl.Alloc {
				parts = append(parts, fmt.Sprintf("%s x%d", al.Cluster, len(al.Nodes)))
			}
			if !strings.Contains(pl.Why, " of 10 in the job order, on "+strings.Join(parts, " + ")+"; started at ") {
				t.Fatalf("%s job %s: why %q, alloc %v", name, pl.Job, pl.Why, parts)
			}
			if _, after, ok := strings.Cut(pl.Why, " when job "); ok {
				q, _, _ := strings.Cut(after, " ")
				if end[q] != pl.Start {
					t.Errorf("%s job %s starts at %v but its reason names job %s, ending at %v", name, pl.Job, pl.Start, q, end[q])
				}
			}
			var tb float64
			for _, j := range s.Jobs {
				if j.ID == pl.Job {
					tb = j.Runtime
				}
			}
			if !strings.Contains(pl.Why, fmt.Sprintf("ran %.2fx its base time", (pl.End-pl.Start)/tb)) {
				t.Errorf("%s job %s: why %q", name, pl.Job, pl.Why)
			}
		}
	}
}
