package muscle

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
)

// table1Scenario is the case study of MUSCLE Table 1: clusters C1 (4
// resources) and C2 (6), service rate 1, and the six jobs.
func table1Scenario(policy string) *model.Scenario {
	return &model.Scenario{
		Version: model.Version, Name: "MUSCLE Table 1", Seed: 1,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "C1", Nodes: 4, Speed: 1}, {ID: "C2", Nodes: 6, Speed: 1}}},
		Jobs:     Table1Jobs(),
		Policy:   model.Policy{Name: policy},
	}
}

func TestMCPPB(t *testing.T) {
	// eq. 7: (10*1 + 20*3) / 4 = 17.5; eq. 8 over n = 2 clusters:
	// sqrt(((10-17.5)^2 + (20-17.5)^2) / 1) = sqrt(62.5).
	cp, p := []float64{10, 20}, []int{1, 3}
	if got := MCP(cp, p); got != 17.5 {
		t.Fatalf("MCP = %v, want 17.5", got)
	}
	if got := PB(cp, p); math.Abs(got-math.Sqrt(62.5)) > 1e-12 {
		t.Fatalf("PB = %v, want sqrt(62.5)", got)
	}
	if MCP([]float64{5}, []int{0}) != 0 || PB([]float64{5}, []int{2}) != 0 {
		t.Fatal("empty round or single cluster must give 0")
	}
}

// TestCaseStudyRun runs the Table 1 case study through the muscle policy
// with TITAN switched off (0 generations): the schedule is then the seed
// of Alg. 4 as evaluated by TITAN eqs. 3-6, which cannot start any job
// later than the seed (the derivation is in TestPackCaseStudy). Both
// clusters end at 6 with no idle gap on any resource, and every job ends
// by its deadline (arrival 0 + execution + slack: J1 8, J2 12, J3 18,
// J4 18, J5 6, J6 12; J5 ends exactly at 6), so with (W^o, W^m, W^i) =
// (4, 3, 1) CP = (1*0 + 3*6 + 4*0)/8 = 2.25 in both clusters (eq. 1),
// MCP = 2.25 (eq. 7) and PB = 0 (eq. 8).
func TestCaseStudyRun(t *testing.T) {
	s := table1Scenario("muscle")
	s.Policy.Params = map[string]float64{"generations": 0}
	res, err := runner.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Schedule) != 6 || len(res.Dropped) != 0 {
		t.Fatalf("schedule %d jobs, dropped %v", len(res.Schedule), res.Dropped)
	}
	want := map[string]struct {
		c          string
		start, end float64
		nodes      []int
	}{
		"J1": {"C2", 0, 2, []int{4, 5}},
		"J2": {"C1", 0, 4, []int{3}},
		"J3": {"C2", 0, 4, []int{0, 1, 2, 3}},
		"J4": {"C1", 0, 6, []int{0, 1, 2}},
		"J5": {"C1", 4, 6, []int{3}},
		"J6": {"C2", 2, 6, []int{4, 5}},
	}
	for _, p := range res.Schedule {
		w := want[p.Job]
		if p.Cluster != w.c || p.Start != w.start || p.End != w.end || len(p.Alloc) != 1 || !equalInts(p.Alloc[0].Nodes, w.nodes) {
			t.Errorf("%s: got %s [%v,%v] %v, want %+v", p.Job, p.Cluster, p.Start, p.End, p.Alloc, w)
		}
	}
	if res.Metrics["mcp"] != 2.25 || res.Metrics["pb"] != 0 {
		t.Fatalf("mcp %v pb %v, want 2.25 and 0", res.Metrics["mcp"], res.Metrics["pb"])
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// smallScenario is a random generated workload small enough for tests.
func smallScenario(pol string, seed uint64) *model.Scenario {
	return Fig4Scenario(pol, 0.3, 150, seed, map[string]float64{"generations": 30, "stall": 10, "population": 12})
}

// TestPoliciesProperties: for each policy, every job is scheduled once or
// dropped with a reason, no node runs two jobs at once, jobs start after
// their arrival, the allocation matches the size, and a rerun gives the
// same bytes.
func TestPoliciesProperties(t *testing.T) {
	for _, pol := range []string{"muscle", "dll", "wrand"} {
		s := smallScenario(pol, 7)
		res, err := runner.Run(context.Background(), s, nil)
		if err != nil {
			t.Fatal(pol, err)
		}
		if len(res.Schedule)+len(res.Dropped) != 150 {
			t.Fatalf("%s: %d scheduled + %d dropped of 150", pol, len(res.Schedule), len(res.Dropped))
		}
		seen := map[string]bool{}
		type iv struct{ a, b float64 }
		busy := map[string][]iv{}
		for _, p := range res.Schedule {
			if seen[p.Job] {
				t.Fatalf("%s: %s twice", pol, p.Job)
			}
			seen[p.Job] = true
			if p.End < p.Start || len(p.Alloc) != 1 || len(p.Alloc[0].Nodes) != p.Nodes {
				t.Fatalf("%s: bad placement %+v", pol, p)
			}
			for _, h := range p.Alloc[0].Nodes {
				key := fmt.Sprintf("%s/%d", p.Cluster, h)
				for _, x := range busy[key] {
					if p.Start < x.b-1e-9 && x.a < p.End-1e-9 {
						t.Fatalf("%s: node %s double-booked", pol, key)
					}
				}
				busy[key] = append(busy[key], iv{p.Start, p.End})
			}
		}
		if res.Metrics["rounds"] < 2 || !(res.Metrics["mcp"] > 0) {
			t.Fatalf("%s: metrics %v", pol, res.Metrics)
		}
		if len(res.Series["cp"]) != int(res.Metrics["rounds"]) {
			t.Fatalf("%s: %d cp points for %v rounds", pol, len(res.Series["cp"]), res.Metrics["rounds"])
		}
		a, _ := json.Marshal(res)
		res2, err := runner.Run(context.Background(), smallScenario(pol, 7), nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res2)
		if !bytes.Equal(a, b) {
			t.Fatalf("%s: two runs differ", pol)
		}
	}
}

// TestJobSizes checks that each placement uses exactly the job's size
// (rigid jobs) and that jobs larger than every cluster are dropped.
func TestJobSizes(t *testing.T) {
	s := table1Scenario("dll")
	s.Jobs = append(s.Jobs, model.Job{ID: "big", Size: 7, Runtime: 1})
	res, err := runner.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	size := map[string]int{}
	for _, j := range s.Jobs {
		size[j.ID] = j.Size
	}
	for _, p := range res.Schedule {
		if p.Nodes != size[p.Job] {
			t.Errorf("%s on %d nodes, size %d", p.Job, p.Nodes, size[p.Job])
		}
	}
	if len(res.Dropped) != 1 || res.Dropped[0].Job != "big" || !strings.Contains(res.Dropped[0].Reason, "largest cluster") {
		t.Fatalf("dropped %v", res.Dropped)
	}
}

func TestBadInput(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(s *model.Scenario)
		field string
	}{
		{"no clusters", func(s *model.Scenario) { s.Platform.Clusters = nil }, "platform.clusters"},
		{"zero nodes", func(s *model.Scenario) { s.Platform.Clusters[1].Nodes = 0 }, "platform.clusters[1].nodes"},
		{"speed", func(s *model.Scenario) { s.Platform.Clusters[0].Speed = -1 }, "platform.clusters[0].speed"},
		{"weights", func(s *model.Scenario) { s.Platform.Clusters[0].Weights = &model.Weights{O: -1} }, "platform.clusters[0].weights.o"},
		{"runtime", func(s *model.Scenario) { s.Jobs[2].Runtime = 0 }, "jobs[2].runtime"},
		{"size", func(s *model.Scenario) { s.Jobs[3].Size = 0 }, "jobs[3].size"},
		{"param", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"population": 1} }, "policy.params.population"},
		{"unknown param", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"bogus": 1} }, "policy.params.bogus"},
		{"weights zero", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"wo": 0, "wm": 0, "wi": 0} }, "policy.params.wo"},
	}
	for _, c := range cases {
		s := table1Scenario("muscle")
		c.edit(s)
		_, err := Simulate(context.Background(), s, MUSCLE, nil)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !hasField(err, c.field) {
			t.Errorf("%s: error %v does not name %s", c.name, err, c.field)
		}
	}
}

func hasField(err error, field string) bool {
	var fe *model.FieldError
	if errors.As(err, &fe) {
		return fe.Field == field
	}
	var es model.Errors
	if errors.As(err, &es) {
		for _, e := range es {
			if e.Field == field {
				return true
			}
		}
	}
	return false
}

// TestFrames checks the packing frames of the case study: the table is
// built first (one "row" frame per composition of Table 2: 15), then
// spaces are offered and filled, and each round ends with "done".
func TestFrames(t *testing.T) {
	s := table1Scenario("muscle")
	s.Policy.Params = map[string]float64{"generations": 3}
	var ops []string
	gens := 0
	rec := sched.RecorderFunc(func(f sched.Frame) error {
		switch d := f.Data.(type) {
		case Packing:
			ops = append(ops, d.Op)
		case RoundFrame:
			ops = append(ops, d.Op)
		case GenFrame:
			gens++
		}
		return nil
	})
	if _, err := Simulate(context.Background(), s, MUSCLE, rec); err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, o := range ops {
		count[o]++
	}
	if ops[0] != "round" || ops[len(ops)-1] != "done" || count["row"] != 15 || count["space"] != 4 || count["pick"] != 4 || count["try"] < 4 {
		t.Fatalf("frames %v", count)
	}
	if gens != 2*3 { // two clusters, three generations each
		t.Fatalf("%d generation frames, want 6", gens)
	}
	// A recorder error stops the run.
	stop := errors.New("stop")
	_, err := Simulate(context.Background(), s, MUSCLE, sched.RecorderFunc(func(sched.Frame) error { return stop }))
	if !errors.Is(err, stop) {
		t.Fatalf("recorder error not returned: %v", err)
	}
	// Cancellation stops it too.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Simulate(ctx, s, MUSCLE, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: %v", err)
	}
}

// TestRoundTime: cluster 0 has work until 50, cluster 1 until 30. Alg. 4
// step 1 waits while every cluster's expected makespan is above the
// threshold, so with threshold 0 a round starts at 30, when cluster 1 has
// drained; with the barrier, at 50, when both have.
func TestRoundTime(t *testing.T) {
	cls := []cluster{{release: []float64{0, 50}}, {release: []float64{30}}}
	cases := []struct {
		a, last   float64
		period, θ float64
		barrier   bool
		want      float64
	}{
		{7, -1, 0, -1, false, 7},   // as soon as a job waits
		{7, -1, 10, -1, false, 10}, // next multiple of the period
		{20, 10, 10, -1, false, 20},
		{7, -1, 0, 0, false, 30},   // one cluster drained
		{7, -1, 0, 0, true, 50},    // every cluster drained
		{7, -1, 0, 45, true, 7},    // 50 - 45 = 5 < 7
		{7, -1, 0, 20, false, 10},  // 30 - 20
		{7, -1, 10, 30, true, 20},  // max(10, 50-30)
		{7, -1, 10, 30, false, 10}, // max(10, 30-30)
		{40, 45, 0, 0, false, math.Nextafter(45, 100)},
	}
	for _, c := range cases {
		got := roundTime(c.a, c.last, cls, Params{Period: c.period, Threshold: c.θ, Barrier: c.barrier})
		if got != c.want {
			t.Errorf("roundTime(%v, %v, period %v, threshold %v, barrier %v) = %v, want %v", c.a, c.last, c.period, c.θ, c.barrier, got, c.want)
		}
	}
}

// TestFrameJSON pins the compact JSON of the first frames of the case
// study: the round, then Alg. 1's first append (J1 alone in row 2).
func TestFrameJSON(t *testing.T) {
	s := table1Scenario("muscle")
	s.Policy.Params = map[string]float64{"generations": 0}
	var lines []string
	rec := sched.RecorderFunc(func(f sched.Frame) error {
		b, err := json.Marshal(f)
		if err != nil {
			return err
		}
		lines = append(lines, string(b))
		return nil
	})
	if _, err := Simulate(context.Background(), s, MUSCLE, rec); err != nil {
		t.Fatal(err)
	}
	want := []string{
		`{"kind":"packing","t":0,"data":{"op":"round","round":0,"jobs":["J1","J2","J3","J4","J5","J6"]}}`,
		`{"kind":"packing","t":0,"data":{"op":"row","row":2,"jobs":[0]}}`,
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("frame %d:\n got %s\nwant %s", i, lines[i], w)
		}
	}
	// The first space offered is C2's whole cluster (index 1), both
	// epsilons 0; Alg. 3 then picks J3,J1 from row 6.
	var space, pick string
	for _, l := range lines {
		if space == "" && strings.Contains(l, `"op":"space"`) {
			space = l
		}
		if pick == "" && strings.Contains(l, `"op":"pick"`) {
			pick = l
		}
	}
	if space != `{"kind":"packing","t":0,"data":{"op":"space","c":1,"r":6,"eps":[0,0]}}` {
		t.Errorf("space frame %s", space)
	}
	if pick != `{"kind":"packing","t":0,"data":{"op":"pick","c":1,"jobs":[2,0],"r":6}}` {
		t.Errorf("pick frame %s", pick)
	}
}

// TestClusterWeights: a cluster's own weights (Fig. 6) replace the
// policy's in its CP. In the case study C1 with (W^o, W^m, W^i) =
// (0, 1, 0) has CP = makespan = 6, while C2 keeps (4, 3, 1): 2.25 (see
// TestCaseStudyRun). MCP = (6*3 + 2.25*3)/6 = 4.125 (eq. 7; three jobs
// each) and PB = sqrt((6-4.125)^2 + (2.25-4.125)^2) = 1.875*sqrt(2).
func TestClusterWeights(t *testing.T) {
	s := table1Scenario("muscle")
	s.Policy.Params = map[string]float64{"generations": 0}
	s.Platform.Clusters[0].Weights = &model.Weights{O: 0, M: 1, I: 0}
	res, err := Simulate(context.Background(), s, MUSCLE, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c1, c2 := res.Series["cp:C1"][0].Y, res.Series["cp:C2"][0].Y; c1 != 6 || c2 != 2.25 {
		t.Fatalf("CP C1 %v C2 %v, want 6 and 2.25", c1, c2)
	}
	if res.Metrics["mcp"] != 4.125 || math.Abs(res.Metrics["pb"]-1.875*math.Sqrt2) > 1e-12 {
		t.Fatalf("mcp %v pb %v", res.Metrics["mcp"], res.Metrics["pb"])
	}
}

// batchScenario has 40 jobs all submitted at 0, so the first round of
// every policy holds all of them (sizes 1..10, run times 5..100 s,
// deadlines 1..6 times the run time after arrival).
func batchScenario(pol string, ps map[string]float64) *model.Scenario {
	s := table1Scenario(pol)
	s.Platform.Clusters = Fig4Clusters()
	s.Jobs = nil
	for i := 0; i < 40; i++ {
		rt := float64(5 + (i*37)%96)
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("b%d", i), Size: 1 + (i*7)%10, Runtime: rt, Deadline: rt * float64(1+i%6)})
	}
	s.Policy.Params = ps
	return s
}

// firstRoundCP is each cluster's CP_i in the first round of pol on
// batchScenario.
func firstRoundCP(t *testing.T, pol string, ps map[string]float64) []float64 {
	t.Helper()
	res, err := runner.Run(context.Background(), batchScenario(pol, ps), nil)
	if err != nil {
		t.Fatal(pol, err)
	}
	var out []float64
	for _, c := range Fig4Clusters() {
		out = append(out, res.Series["cp:"+c.ID][0].Y)
	}
	return out
}

// TestTitanImprovesSeed: with generations 0 the CP of each cluster is
// the best initial member (for MUSCLE its seed, for DLL and WRAND a
// random schedule); with the GA running, every cluster's CP is at most
// that (TITAN keeps its best) and, over the four clusters, strictly
// lower: TITAN improves MUSCLE's seed rather than using it as is, and
// the baselines' random members get the same GA.
func TestTitanImprovesSeed(t *testing.T) {
	for _, pol := range []string{"muscle", "dll", "wrand"} {
		cp := func(gens float64) []float64 {
			return firstRoundCP(t, pol, map[string]float64{"generations": gens, "stall": 1000})
		}
		seed, ga := cp(0), cp(150)
		sum0, sum1 := 0.0, 0.0
		for i := range seed {
			if ga[i] > seed[i]+1e-9 {
				t.Errorf("%s: cluster %d CP %v after the GA, %v before", pol, i, ga[i], seed[i])
			}
			sum0 += seed[i]
			sum1 += ga[i]
		}
		if !(sum1 < sum0) {
			t.Errorf("%s: the GA improved no cluster: %v -> %v", pol, seed, ga)
		}
	}
}

// A count parameter with a fraction is refused, not truncated (a
// population of 2.5 used to run as 2).
func TestWholeNumberParams(t *testing.T) {
	for _, name := range []string{"population", "generations", "stall", "frame_rounds"} {
		_, err := readParams(model.Policy{Name: "muscle", Params: map[string]float64{name: 2.5}}, MUSCLE)
		fe := model.FirstError(err)
		if fe == nil || fe.Field != "policy.params."+name || !strings.Contains(fe.Msg, "whole number") {
			t.Errorf("%s = 2.5: %v", name, err)
		}
	}
	if _, err := readParams(model.Policy{Name: "muscle", Params: map[string]float64{"population": 12}}, MUSCLE); err != nil {
		t.Errorf("population 12: %v", err)
	}
}

// TestUnknownParamNamedInOrder: of several unknown parameters, the error
// names the first in sorted order, every time, not whichever a map
// iteration met first.
func TestUnknownParamNamedInOrder(t *testing.T) {
	for i := 0; i < 40; i++ {
		_, err := readParams(model.Policy{Name: "muscle", Params: map[string]float64{"zz_c": 1, "zz_a": 1, "zz_d": 1, "zz_b": 1}}, MUSCLE)
		if fe := model.FirstError(err); fe == nil || fe.Field != "policy.params.zz_a" {
			t.Fatalf("run %d: error %v, want field policy.params.zz_a", i, err)
		}
	}
}

// Without frames runGA stops a cluster's GA once its best is settled
// (titan's Settled); with frames on every round it runs to the stall. The
// two runs give the same result, byte for byte, for every policy and for
// dispatch on arrival, where each round is one job and most stop early,
// and with re-planning.
func TestSettledStopKeepsResult(t *testing.T) {
	for _, pol := range []string{"muscle", "dll", "wrand", "muscle+replan", "dll+replan"} {
		pol, replan := strings.CutSuffix(pol, "+replan")
		s := Fig4Scenario(pol, 0.3, 150, 5, map[string]float64{"generations": 200, "stall": 40, "population": 12, "frame_rounds": 0})
		if replan {
			s.Policy.Params["replan"] = 1
		}
		quiet, err := runner.Run(context.Background(), s, nil)
		if err != nil {
			t.Fatal(pol, err)
		}
		s.Policy.Params["frame_rounds"] = 100000
		gens := 0
		loud, err := runner.Run(context.Background(), s, sched.RecorderFunc(func(f sched.Frame) error {
			if _, ok := f.Data.(GenFrame); ok {
				gens++
			}
			return nil
		}))
		if err != nil {
			t.Fatal(pol, err)
		}
		if gens < 40*int(loud.Metrics["rounds"]) {
			t.Fatalf("%s: %d generation frames in %v rounds: the framed run stopped early", pol, gens, loud.Metrics["rounds"])
		}
		a, _ := json.Marshal(quiet)
		b, _ := json.Marshal(loud)
		if !bytes.Equal(a, b) {
			t.Fatalf("%s: the run without frames differs from the run with frames", pol)
		}
	}
}
