package gamf

import (
	"math"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(b)) }

func sigma(v float64) *float64 { return &v }

// twoClusters is C1 with n1 nodes at 2000 MIPS and C2 with n2 nodes at
// 1000 MIPS; links B^1 = b1 and B^2 = b2 Mbit/s.
func twoClusters(n1, n2 int, b1, b2 float64) model.Platform {
	return model.Platform{Clusters: []model.Cluster{
		{ID: "c1", Nodes: n1, MIPS: 2000, Bandwidth: b1},
		{ID: "c2", Nodes: n2, MIPS: 1000, Bandwidth: b2},
	}}
}

func mustCompile(t *testing.T, s *model.Scenario) *problem {
	t.Helper()
	p, err := compile(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestEquations checks each formula of GA-MF section 3.1 on values worked
// out by hand.
func TestEquations(t *testing.T) {
	// B_j^k = (t B_j) (tau - t)/(tau - 1)
	if got := linkBandwidth(3, 4, 100); !near(got, 100) { // 300 * 1/3
		t.Errorf("B_j^1 for 3 of 4 tasks = %v, want 100", got)
	}
	if got := linkBandwidth(1, 4, 100); !near(got, 100) { // 100 * 3/3
		t.Errorf("B_j^2 for 1 of 4 tasks = %v, want 100", got)
	}
	if got := linkBandwidth(2, 4, 90); !near(got, 120) { // 180 * 2/3
		t.Errorf("B_j^k for 2 of 4 tasks = %v, want 120", got)
	}
	if got := linkBandwidth(4, 4, 100); got != 0 {
		t.Errorf("job inside one cluster uses %v, want 0", got)
	}
	if got := linkBandwidth(1, 1, 100); got != 0 {
		t.Errorf("one-task job uses %v, want 0", got)
	}
	// SD^k = B^k / sum B_j^k ; CS^k = 1/SD^k when SD^k < 1.
	if sd := saturationDegree(1000, 100); !near(sd, 10) || commSlowdown(sd) != 1 {
		t.Errorf("SD = %v, CS = %v; want 10, 1", sd, commSlowdown(sd))
	}
	if sd := saturationDegree(50, 100); !near(sd, 0.5) || !near(commSlowdown(sd), 2) {
		t.Errorf("SD = %v, CS = %v; want 0.5, 2", sd, commSlowdown(sd))
	}
	if sd := saturationDegree(100, 0); !math.IsInf(sd, 1) || commSlowdown(sd) != 1 {
		t.Errorf("idle link: SD = %v", sd)
	}
	// tc = sigma PS + (1-sigma) CS ; T^e = Tb tc.
	if tc := timeCost(0.8, 2, 1); !near(tc, 1.8) || !near(execTime(100, tc), 180) {
		t.Errorf("tc = %v", tc)
	}
	if ps := nodeSlowdown(2000, 1000); ps != 2 {
		t.Errorf("PS of a 1000 MIPS node against 2000 = %v, want 2", ps)
	}
}

// one job of 4 tasks, Tb = 100 s, B_j = 100 Mbit/s, sigma = 0.8.
func splitJob(id string, submit float64) model.Job {
	return model.Job{ID: id, Size: 4, Runtime: 100, Bandwidth: 100, Sigma: sigma(0.8), Submit: submit}
}

// decode runs the evaluator on the given order and per-job node lists.
func decode(p *problem, order []int32, nodes [][]int32) (*evaluator, *indiv) {
	a := newIndiv(p)
	copy(a.order, order)
	for j, ns := range nodes {
		copy(a.alloc[p.off[j]:p.off[j+1]], ns)
	}
	ev := newEvaluator(p, DefaultAlpha)
	ev.score(a)
	return ev, a
}

// TestSplitThreePlusOne: a 4-task job with 3 tasks in C1 (2000 MIPS) and
// 1 in C2 (1000 MIPS), Gigabit links.
//
//	B_j^1 = (3*100) * (4-3)/(4-1) = 100;  B_j^2 = (1*100) * 3/3 = 100
//	SD^1 = SD^2 = 1000/100 = 10 >= 1, so CS_j = 1
//	PS_j = max(2000/2000, 2000/1000) = 2
//	tc = 0.8*2 + 0.2*1 = 1.8;  T^e = 100 * 1.8 = 180 s
func TestSplitThreePlusOne(t *testing.T) {
	s := &model.Scenario{Platform: twoClusters(4, 4, 1000, 1000), Jobs: []model.Job{splitJob("a", 0)}}
	p := mustCompile(t, s)
	ev, a := decode(p, []int32{0}, [][]int32{{0, 1, 2, 4}})
	if !near(ev.end[0], 180) || ev.start[0] != 0 || a.sat {
		t.Fatalf("start %v end %v sat %v; want 0, 180, false", ev.start[0], ev.end[0], a.sat)
	}
	if !near(ev.peak[0], 0.1) || !near(ev.peak[1], 0.1) {
		t.Errorf("link peaks %v, want 0.1 0.1", ev.peak)
	}
	// All 4 tasks in C1: no link used, PS = 1, tc = 0.8 + 0.2 = 1.
	ev, _ = decode(p, []int32{0}, [][]int32{{0, 1, 2, 3}})
	if !near(ev.end[0], 100) {
		t.Errorf("job inside C1 ends at %v, want 100", ev.end[0])
	}
}

// TestSaturatedLink: the same 3+1 job with C2's link at 50 Mbit/s.
//
//	SD^2 = 50/100 = 0.5 < 1, so CS_j^2 = 2 and CS_j = max(1, 2) = 2
//	tc = 0.8*2 + 0.2*2 = 2.0;  T^e = 200 s
func TestSaturatedLink(t *testing.T) {
	s := &model.Scenario{Platform: twoClusters(4, 4, 1000, 50), Jobs: []model.Job{splitJob("a", 0)}}
	p := mustCompile(t, s)
	ev, a := decode(p, []int32{0}, [][]int32{{0, 1, 2, 4}})
	if !near(ev.end[0], 200) || !a.sat {
		t.Fatalf("end %v sat %v; want 200, true", ev.end[0], a.sat)
	}
	if !near(ev.peak[1], 2) || !near(ev.satTime, 200) {
		t.Errorf("peak %v satTime %v; want 2 and 200", ev.peak, ev.satTime)
	}
}

// TestSharedLinkOverTime: two 3+1 jobs share links of 150 Mbit/s; B starts
// at t = 90 (its submit time) while A runs.
//
//	A alone: load 100 per link, SD = 1.5, CS = 1, tc = 1.8: rate 1/180.
//	At 90, A has done 90/180 = 1/2. Both run: load 200, SD = 0.75,
//	CS = 4/3, tc = 0.8*2 + 0.2*4/3 = 28/15, T^e = 560/3 s.
//	A's other half takes 280/3 s: A ends at 90 + 280/3 = 550/3 (183.33).
//	B then has done 1/2 and runs alone at 1/180: ends 550/3 + 90 = 820/3.
func TestSharedLinkOverTime(t *testing.T) {
	s := &model.Scenario{Platform: twoClusters(6, 2, 150, 150), Jobs: []model.Job{splitJob("a", 0), splitJob("b", 90)}}
	p := mustCompile(t, s)
	ev, a := decode(p, []int32{0, 1}, [][]int32{{0, 1, 2, 6}, {3, 4, 5, 7}})
	if ev.start[1] != 90 || !near(ev.end[0], 550.0/3) || !near(ev.end[1], 820.0/3) {
		t.Fatalf("A [%v,%v] B [%v,%v]; want A ends 183.333, B [90, 273.333]", ev.start[0], ev.end[0], ev.start[1], ev.end[1])
	}
	if !a.sat || !near(ev.satTime, 550.0/3-90) {
		t.Errorf("sat %v for %v s; want true for 93.333 s", a.sat, ev.satTime)
	}
	// makespan = 820/3 - 0; flowtime = (550/3 - 0) + (820/3 - 90) = 1100/3.
	if !near(a.makespan, 820.0/3) || !near(a.flowtime, 1100.0/3) {
		t.Errorf("makespan %v flowtime %v", a.makespan, a.flowtime)
	}
	// F = 0.6*820/3 + 0.4*1100/3 = 164 + 146.667 = 310.667
	if !near(a.fit, 0.6*820.0/3+0.4*1100.0/3) {
		t.Errorf("F = %v", a.fit)
	}
}

// example1 is Example 1 (GA-MF section 4.1): one cluster of five nodes
// N1..N5 (global 0..4); J1 has 4 tasks, J2 2, J3 1 and J4 1 (the text
// lists a single task T41 and Fig. 1 puts J4 on N5 alone). The paper gives
// no run times; we use Tb = 4, 2, 3, 2 s.
func example1() *model.Scenario {
	return &model.Scenario{
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c", Nodes: 5}}},
		Jobs: []model.Job{
			{ID: "J1", Size: 4, Runtime: 4},
			{ID: "J2", Size: 2, Runtime: 2},
			{ID: "J3", Size: 1, Runtime: 3},
			{ID: "J4", Size: 1, Runtime: 2},
		},
	}
}

// TestExample1Gantt decodes Example 1's chromosome, order J1 J3 J2 J4 (J3
// is in position 2, Example 2), J1 on N1-N4, J2 on N1 N2, J3 and J4 on N5.
// By node precedence (Fig. 2):
//
//	J1 [0,4) on N1..N4; J3 [0,3) on N5;
//	J2 waits for N1, N2 held by J1: [4,6);
//	J4 waits for N5 held by J3: [3,5).
func TestExample1Gantt(t *testing.T) {
	p := mustCompile(t, example1())
	ev, a := decode(p, []int32{0, 2, 1, 3}, [][]int32{{0, 1, 2, 3}, {0, 1}, {4}, {4}})
	want := [][2]float64{{0, 4}, {4, 6}, {0, 3}, {3, 5}}
	for j, w := range want {
		if ev.start[j] != w[0] || ev.end[j] != w[1] {
			t.Errorf("J%d runs [%v,%v), want [%v,%v)", j+1, ev.start[j], ev.end[j], w[0], w[1])
		}
	}
	// makespan 6 - 0; flowtime 4 + 6 + 3 + 5 = 18.
	if a.makespan != 6 || a.flowtime != 18 {
		t.Errorf("makespan %v flowtime %v, want 6 and 18", a.makespan, a.flowtime)
	}
	// The order decides who waits: J4 before J3 makes J3 wait instead.
	ev, _ = decode(p, []int32{0, 3, 1, 2}, [][]int32{{0, 1, 2, 3}, {0, 1}, {4}, {4}})
	if ev.start[3] != 0 || ev.start[2] != 2 {
		t.Errorf("J4 first: J4 starts %v, J3 starts %v; want 0 and 2", ev.start[3], ev.start[2])
	}
}

// TestSigmaIsProcessingShare: tc_j = sigma_j PS_j + (1 - sigma_j) CS_j
// with sigma_j "the portion of the total execution time spent on
// processing" (GA-MF section 3.1). Each place that computes tc (the
// decoder, METL's prediction, the guided population's prediction) is
// checked where PS and CS differ, so swapping sigma and 1 - sigma fails.
func TestSigmaIsProcessingShare(t *testing.T) {
	// C1, C3 at 2000 MIPS with 25 Mbit/s links, C2 at 1000 MIPS.
	plat := model.Platform{Clusters: []model.Cluster{
		{ID: "c1", Nodes: 2, MIPS: 2000, Bandwidth: 25},
		{ID: "c2", Nodes: 2, MIPS: 1000, Bandwidth: 1000},
		{ID: "c3", Nodes: 2, MIPS: 2000, Bandwidth: 25},
	}}
	job := model.Job{ID: "a", Size: 2, Runtime: 100, Bandwidth: 100, Sigma: sigma(0.9)}
	p := mustCompile(t, &model.Scenario{Platform: plat, Jobs: []model.Job{job}})
	// On C2 alone: PS = 2000/1000 = 2, CS = 1: tc = 0.9*2 + 0.1*1 = 1.9
	// (swapped: 0.1*2 + 0.9*1 = 1.1).
	ev, _ := decode(p, []int32{0}, [][]int32{{2, 3}})
	if !near(ev.end[0], 190) {
		t.Errorf("decoder, PS 2, CS 1: T^e = %v, want 190", ev.end[0])
	}
	// One task on C1, one on C3: B_j^k = (1*100)*(1/1) = 100 on each
	// link of 25: SD = 0.25, CS = 4; PS = 1: tc = 0.9 + 0.1*4 = 1.3
	// (swapped: 0.1 + 0.9*4 = 3.7).
	ev, _ = decode(p, []int32{0}, [][]int32{{0, 4}})
	if !near(ev.end[0], 130) {
		t.Errorf("decoder, PS 1, CS 4: T^e = %v, want 130", ev.end[0])
	}
	cnt := make([]int, p.nclu)
	if te := predict(p, 0, []int32{0, 4}, make([]float64, p.nclu), cnt); !near(te, 130) {
		t.Errorf("METL's prediction, PS 1, CS 4: %v, want 130", te)
	}
	if te := predict(p, 0, []int32{2, 3}, make([]float64, p.nclu), cnt); !near(te, 190) {
		t.Errorf("METL's prediction, PS 2, CS 1: %v, want 190", te)
	}
	// The guided population puts the job in one cluster (each has 2
	// free nodes); on C2 its predicted end is 190.
	ops := newOperators(p)
	r := rng.New(1, "gamf-test", "sigma")
	a := newIndiv(p)
	onC2 := 0
	for i := 0; i < 30; i++ {
		ops.guidedIndiv(a, r)
		if p.cluOf[a.alloc[0]] == 1 {
			onC2++
			if !near(ops.pend[0], 190) {
				t.Errorf("guided prediction on C2: %v, want 190", ops.pend[0])
			}
		} else if !near(ops.pend[0], 100) {
			t.Errorf("guided prediction on a fast cluster: %v, want 100", ops.pend[0])
		}
	}
	if onC2 == 0 {
		t.Error("the guided population never chose C2")
	}
}

// csScenario: job A has 3 tasks in C1 and 1 in C2, whose link of 50
// Mbit/s it saturates; job B runs inside C2. Hand-computed, with
// B_j = 100 Mbit/s, sigma = 0.8, Tb = 100 s, PS = 2 for both:
//
//	B_A^1 = (3*100)*(1/3) = 100 < 1000: CS^1 = 1
//	B_A^2 = (1*100)*(3/3) = 100; B_B^2 = 0 (inside C2): SD^2 = 50/100
//	CS^2 = 2: CS_A = 2, tc_A = 0.8*2 + 0.2*2 = 2: A ends at 200.
//	B, default reading (every cluster holding a task of B): CS_B =
//	CS^2 = 2, tc_B = 2: B ends at 200. Reading cs-used (only links B's
//	traffic uses; it uses none): CS_B = 1, tc_B = 1.8: B ends at 180.
func csScenario() *model.Scenario {
	return &model.Scenario{Platform: twoClusters(4, 4, 1000, 50), Jobs: []model.Job{
		splitJob("A", 0),
		{ID: "B", Size: 2, Runtime: 100, Bandwidth: 100, Sigma: sigma(0.8)},
	}}
}

// TestCSReadings pins both readings of CS_j = max CS_j^k (GA-MF section
// 3.1), chosen by the policies' parameter "cs", in the decoder and in
// METL's prediction; it fails if the default reading changes.
func TestCSReadings(t *testing.T) {
	for _, tc := range []struct {
		params map[string]float64
		endB   float64
	}{{nil, 200}, {map[string]float64{"cs": 0}, 200}, {map[string]float64{"cs": 1}, 180}} {
		s := csScenario()
		s.Policy = model.Policy{Name: "gamf", Params: tc.params}
		p, err := compileFor(s)
		if err != nil {
			t.Fatal(err)
		}
		ev, _ := decode(p, []int32{0, 1}, [][]int32{{0, 1, 2, 4}, {5, 6}})
		if !near(ev.end[0], 200) || !near(ev.end[1], tc.endB) {
			t.Errorf("params %v: A ends %v, B ends %v; want 200 and %v", tc.params, ev.end[0], ev.end[1], tc.endB)
		}
		// METL's prediction for B next to A's load on L2.
		load := []float64{100, 100}
		if te := predict(p, 1, []int32{5, 6}, load, make([]int, 2)); !near(te, tc.endB) {
			t.Errorf("params %v: METL predicts %v for B, want %v", tc.params, te, tc.endB)
		}
	}
	s := csScenario()
	s.Policy = model.Policy{Name: "gamf", Params: map[string]float64{"cs": 0.5}}
	if _, err := compileFor(s); err == nil || model.FirstError(err) == nil || model.FirstError(err).Field != "policy.params.cs" {
		t.Errorf("cs = 0.5: error %v", err)
	}
}
