package titan

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"gridplay/engine/check"
	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

func runPolicy(t *testing.T, name string, s *model.Scenario) *sched.Result {
	t.Helper()
	p, ok := sched.Lookup(name)
	if !ok {
		t.Fatalf("policy %s not registered", name)
	}
	s.Policy.Name = name
	res, err := p.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// smallScenario: A (points, best on 3 of 4 hosts, deadline 10), B (points,
// best on 2, deadline 20), C (rigid, 1 host, 2 s, deadline 30); priorities
// A 1, B 2, C 3 (higher first).
func smallScenario() *model.Scenario {
	return &model.Scenario{Version: 1, Seed: 1,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c", Nodes: 4}}},
		Jobs: []model.Job{
			{ID: "A", App: &model.App{Points: []model.Point{{N: 1, T: 10}, {N: 2, T: 6}, {N: 3, T: 5}, {N: 4, T: 7}}}, Deadline: 10, Priority: 1},
			{ID: "B", App: &model.App{Points: []model.Point{{N: 1, T: 4}, {N: 2, T: 3}, {N: 3, T: 3.5}, {N: 4, T: 4}}}, Deadline: 20, Priority: 2},
			{ID: "C", Size: 1, Runtime: 2, Deadline: 30, Priority: 3},
		}}
}

type placed struct {
	start, end float64
	nodes      []int
}

func byJob(res *sched.Result) map[string]placed {
	out := map[string]placed{}
	for _, p := range res.Schedule {
		out[p.Job] = placed{p.Start, p.End, p.Alloc[0].Nodes}
	}
	return out
}

// TestBaselinesByHand works the three baselines on smallScenario:
//
//	DS-NL (order A, B, C): A on 3 hosts (5 s), block 0-2 at 0 -> 0..5;
//	  B on 2 hosts (3 s): blocks {0,1},{1,2},{2,3} all start at 5 -> {0,1}
//	  5..8; C rigid on 1: host 3 is free at 0 -> {3} 0..2.
//	DS: A on all 4 (7 s) 0..7; B on all 4 (4 s) 7..11; C on the first
//	  released host, all at 11 -> {0} 11..13.
//	FC-FS (priority C, B, A): C {0} 0..2; B all 4 from 2 -> 2..6; A all 4
//	  6..13.
func TestBaselinesByHand(t *testing.T) {
	want := map[string]map[string]placed{
		"titan-dsnl": {"A": {0, 5, []int{0, 1, 2}}, "B": {5, 8, []int{0, 1}}, "C": {0, 2, []int{3}}},
		"titan-ds":   {"A": {0, 7, []int{0, 1, 2, 3}}, "B": {7, 11, []int{0, 1, 2, 3}}, "C": {11, 13, []int{0}}},
		"titan-fcfs": {"C": {0, 2, []int{0}}, "B": {2, 6, []int{0, 1, 2, 3}}, "A": {6, 13, []int{0, 1, 2, 3}}},
	}
	for name, w := range want {
		got := byJob(runPolicy(t, name, smallScenario()))
		if !reflect.DeepEqual(got, w) {
			t.Errorf("%s: got %+v, want %+v", name, got, w)
		}
	}
	// eq. 16 for DS: ((10-7) + (20-11) + (30-13))/3 = 29/3; late: none.
	res := runPolicy(t, "titan-ds", smallScenario())
	// utilisation: (4*7 + 4*4 + 1*2) / (4*13) = 46/52.
	if math.Abs(res.Metrics["advance"]-29.0/3) > 1e-12 || res.Metrics["makespan"] != 13 || res.Metrics["late"] != 0 ||
		math.Abs(res.Metrics["utilisation"]-46.0/52) > 1e-12 {
		t.Errorf("DS metrics %v", res.Metrics)
	}
	// FC-FS: A ends 13 > 10: late 1, over_deadline 3, advance (28+14-3)/3 = 13.
	res = runPolicy(t, "titan-fcfs", smallScenario())
	if res.Metrics["advance"] != 13 || res.Metrics["over_deadline"] != 3 || res.Metrics["late"] != 1 {
		t.Errorf("FC-FS metrics %v", res.Metrics)
	}
}

// randomScenario mixes codes, curves and rigid jobs with staggered
// arrivals, deadlines and host events.
func randomScenario(seed uint64) *model.Scenario {
	r := rng.New(seed, "test", "scenario")
	m := 2 + r.IntN(20)
	s := &model.Scenario{Version: 1, Seed: seed,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: m, Speed: []float64{0, 1, 2, 0.5}[r.IntN(4)]}}}}
	n := 1 + r.IntN(25)
	for i := 0; i < n; i++ {
		j := model.Job{ID: fmt.Sprintf("j%d", i), Submit: float64(r.IntN(200)), Priority: r.IntN(5)}
		switch r.IntN(3) {
		case 0:
			j.App = &model.App{Code: CodeNames[r.IntN(5)]}
			j.Size = r.IntN(m + 1)
		case 1:
			j.App = &model.App{Points: []model.Point{{N: 1, T: float64(10 + r.IntN(50))}, {N: 1 + r.IntN(m), T: float64(5 + r.IntN(30))}}}
			if j.App.Points[1].N == 1 {
				j.App.Points = j.App.Points[:1]
			}
		default:
			j.Size, j.Runtime = 1+r.IntN(m+2), float64(1+r.IntN(60)) // may exceed m: dropped
		}
		if r.IntN(2) == 0 {
			j.Deadline = j.Submit + float64(30+r.IntN(300))
		}
		s.Jobs = append(s.Jobs, j)
	}
	for k := 0; k < r.IntN(4); k++ {
		e := model.Event{At: float64(r.IntN(300)), Kind: "offline", Cluster: "c0"}
		if r.IntN(3) == 0 {
			e.Kind = "online"
		}
		for h := 0; h < m; h++ {
			if r.IntN(4) == 0 {
				e.Nodes = append(e.Nodes, h)
			}
		}
		s.Events = append(s.Events, e)
	}
	return s
}

// The checker gets TITAN's p_ext for jobs with an application model (in a
// binary, engine/all registers it; titan's tests cannot import engine/all).
func init() {
	check.RegisterAppTime(func(j *model.Job, n int) (float64, error) {
		task, err := TaskFromJob(*j)
		if err != nil {
			return 0, err
		}
		return task.Pred.Time(n), nil
	})
}

func TestPolicyProperties(t *testing.T) {
	for seed := uint64(1); seed <= 25; seed++ {
		s := randomScenario(seed)
		for _, name := range []string{"titan", "titan-fcfs", "titan-ds", "titan-dsnl"} {
			sc := *s
			if name == "titan" {
				sc.Policy.Params = map[string]float64{"population": 8, "generations": 40, "round_generations": 5}
			}
			res := runPolicy(t, name, &sc)
			// The engine's one checker (engine/check, TITAN model): every
			// job once or dropped with a reason, no start before submit
			// or on an offline node, p_ext(n)/speed on n nodes within the
			// task's bounds, no node double-booked.
			sc.Policy.Name = name
			if vs := check.Schedule(&sc, res); len(vs) > 0 {
				t.Fatalf("seed %d %s: %v", seed, name, vs)
			}
		}
	}
}

func TestPolicyDeterministic(t *testing.T) {
	enc := func() string {
		s := Fig9Scenario(4)
		s.Events = []model.Event{{At: 60, Kind: "offline", Cluster: "c0", Nodes: []int{12, 13, 14, 15}}}
		s.Policy.Params = map[string]float64{"generations": 100, "round_generations": 10}
		var frames []sched.Frame
		p, _ := sched.Lookup("titan")
		res, err := p.Run(context.Background(), s, sched.RecorderFunc(func(f sched.Frame) error { frames = append(frames, f); return nil }))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal([]any{res, frames})
		return string(b)
	}
	if a, b := enc(), enc(); a != b {
		t.Error("same scenario and seed gave different results")
	}
}

// TestFig10Offline: after hosts 12-15 leave at 60 s no task starts on
// them, and the GA still finishes every task.
func TestFig10Offline(t *testing.T) {
	for _, name := range []string{"titan", "titan-dsnl"} {
		s := Fig9Scenario(1)
		s.Events = []model.Event{{At: 60, Kind: "offline", Cluster: "c0", Nodes: []int{12, 13, 14, 15}}}
		s.Policy.Params = nil
		if name == "titan" {
			s.Policy.Params = map[string]float64{"generations": 200, "round_generations": 20}
		}
		res := runPolicy(t, name, s)
		if len(res.Schedule) != 32 {
			t.Fatalf("%s: %d tasks placed", name, len(res.Schedule))
		}
		for _, p := range res.Schedule {
			for _, h := range p.Alloc[0].Nodes {
				if p.Start >= 60 && h >= 12 {
					t.Errorf("%s: %s starts at %v on offline node %d", name, p.Job, p.Start, h)
				}
			}
		}
		done := res.Series["completed"]
		if len(res.Series["makespan"]) == 0 || len(done) == 0 || done[len(done)-1].Y != 32 {
			t.Errorf("%s: series %v", name, res.Series)
		}
	}
}

func TestPolicyErrors(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(s *model.Scenario)
		field string
	}{
		{"population", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"population": 1} }, "policy.params.population"},
		{"fraction", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"generations": 1.5} }, "policy.params.generations"},
		{"unknown", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"temperature": 1} }, "policy.params.temperature"},
		{"nan", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"mutation": math.NaN()} }, "policy.params.mutation"},
		{"weights", func(s *model.Scenario) {
			s.Policy.Params = map[string]float64{"w_makespan": 0, "w_idle": 0, "w_deadline": 0}
		}, "policy.params.w_makespan"},
		{"elite", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"population": 4, "elite": 4} }, "policy.params.elite"},
		{"code", func(s *model.Scenario) { s.Jobs[1].App = &model.App{Code: "linpack"} }, "jobs[1].app.code"},
		{"points", func(s *model.Scenario) { s.Jobs[0].App = &model.App{Points: []model.Point{{N: 0, T: 1}}} }, "jobs[0].app.points[0].n"},
		{"both", func(s *model.Scenario) { s.Jobs[0].App.Code = "cpi" }, "jobs[0].app"},
		{"runtime", func(s *model.Scenario) { s.Jobs[2].Runtime = 0 }, "jobs[2].runtime"},
		{"rigid size", func(s *model.Scenario) { s.Jobs[2].Size = 0 }, "jobs[2].size"},
		{"deadline", func(s *model.Scenario) { s.Jobs[2].Deadline = math.Inf(1) }, "jobs[2].deadline"},
		{"submit", func(s *model.Scenario) { s.Jobs[2].Submit = -1 }, "jobs[2].submit"},
		{"no cluster", func(s *model.Scenario) { s.Platform.Clusters = nil }, "platform.clusters"},
		{"nodes", func(s *model.Scenario) { s.Platform.Clusters[0].Nodes = 0 }, "platform.clusters[0].nodes"},
		{"speed", func(s *model.Scenario) { s.Platform.Clusters[0].Speed = -2 }, "platform.clusters[0].speed"},
		{"event node", func(s *model.Scenario) {
			s.Events = []model.Event{{At: 1, Kind: "offline", Cluster: "c", Nodes: []int{4}}}
		}, "events[0].nodes[0]"},
		{"event kind", func(s *model.Scenario) { s.Events = []model.Event{{At: 1, Kind: "reboot", Cluster: "c"}} }, "events[0].kind"},
		{"overflow", func(s *model.Scenario) { s.Jobs[2].Runtime = 1e308; s.Platform.Clusters[0].Speed = 1e-10 }, "jobs[2]"},
		{"event cluster", func(s *model.Scenario) { s.Events = []model.Event{{At: 1, Kind: "offline", Cluster: "zz"}} }, "events[0].cluster"},
	}
	for _, c := range cases {
		s := smallScenario()
		s.Policy.Name = "titan"
		c.edit(s)
		p, _ := sched.Lookup("titan")
		_, err := p.Run(context.Background(), s, nil)
		fe, ok := err.(*model.FieldError)
		if !ok || fe.Field != c.field {
			t.Errorf("%s: error %v, want field %s", c.name, err, c.field)
		}
	}
	s := smallScenario()
	s.Policy.Params = map[string]float64{"population": 10}
	p, _ := sched.Lookup("titan-ds")
	if _, err := p.Run(context.Background(), s, nil); err == nil {
		t.Error("titan-ds accepted a parameter")
	}
}

func TestPolicyNotesAndDrops(t *testing.T) {
	s := smallScenario()
	s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: "other", Nodes: 8})
	s.Jobs = append(s.Jobs, model.Job{ID: "big", Size: 6, Runtime: 5})
	// all hosts go offline at 1 and never return: the late tasks are dropped
	s.Jobs = append(s.Jobs, model.Job{ID: "late", Submit: 50, Size: 1, Runtime: 5})
	s.Events = []model.Event{{At: 1, Kind: "offline", Cluster: "c", Nodes: []int{0, 1, 2, 3}}}
	res := runPolicy(t, "titan-dsnl", s)
	if len(res.Notes) == 0 || !strings.Contains(res.Notes[0], "clusters[0]") {
		t.Errorf("notes %v", res.Notes)
	}
	reasons := map[string]string{}
	for _, d := range res.Dropped {
		reasons[d.Job] = d.Reason
	}
	if !strings.Contains(reasons["big"], "needs 6 nodes") || !strings.Contains(reasons["late"], "online") {
		t.Errorf("drops %v", res.Dropped)
	}
}

// TestGAMeetsPaperDirection: on the Fig. 9 workload the GA's makespan
// is below DS-NL's, and FC-FS and DS miss deadlines by over two minutes
// on average (section 5.1). Short GA run (quick settings). It checks the
// TUNED default curves and rates, which were chosen toward this outcome
// (doc.go): a regression test of that setting, not evidence for the
// paper; titan-fig9's verdicts give the untuned reading too.
func TestGAMeetsPaperDirection(t *testing.T) {
	get := func(name string) map[string]float64 {
		s := Fig9Scenario(1)
		if name == "titan" {
			s.Policy.Params = map[string]float64{"generations": 300, "round_generations": 30}
		}
		return runPolicy(t, name, s).Metrics
	}
	ga, dsnl, fcfs, ds := get("titan"), get("titan-dsnl"), get("titan-fcfs"), get("titan-ds")
	if !(ga["makespan"] < dsnl["makespan"]) {
		t.Errorf("GA makespan %v, DS-NL %v", ga["makespan"], dsnl["makespan"])
	}
	if !(fcfs["advance"] < -120 && ds["advance"] < -120) {
		t.Errorf("advance FC-FS %v DS %v", fcfs["advance"], ds["advance"])
	}
	if !(dsnl["makespan"] < ds["makespan"]) {
		t.Errorf("DS-NL %v not below DS %v", dsnl["makespan"], ds["makespan"])
	}
}

// TestUnknownParamNamedInOrder: of several unknown parameters, the error
// names the first in sorted order, every time. It named whichever a map
// iteration met first, so the same scenario gave different errors from
// run to run (and natively against the browser).
func TestUnknownParamNamedInOrder(t *testing.T) {
	for _, pol := range []string{"titan", "titan-ds"} {
		p, _ := sched.Lookup(pol)
		for i := 0; i < 40; i++ {
			s := smallScenario()
			s.Policy.Name = pol
			s.Policy.Params = map[string]float64{"zz_c": 1, "zz_a": 1, "zz_d": 1, "zz_b": 1}
			_, err := p.Run(context.Background(), s, nil)
			if fe, ok := err.(*model.FieldError); !ok || fe.Field != "policy.params.zz_a" {
				t.Fatalf("%s, run %d: error %v, want field policy.params.zz_a", pol, i, err)
			}
		}
	}
}
