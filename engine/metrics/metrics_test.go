package metrics

import (
	"math"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// A hand-made schedule on one cluster of 2 nodes:
//
//	job  submit size start end deadline
//	A    0      2    0     10  12
//	B    2      1    10    15  14
//	C    4      1    10    30  -
//
// and a job D that was dropped.
func handScenario() (*model.Scenario, *sched.Result) {
	s := &model.Scenario{
		Version:  1,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c", Nodes: 2}}},
		Jobs: []model.Job{
			{ID: "A", Submit: 0, Size: 2, Runtime: 10, Deadline: 12},
			{ID: "B", Submit: 2, Size: 1, Runtime: 5, Deadline: 14},
			{ID: "C", Submit: 4, Size: 1, Runtime: 20},
			{ID: "D", Submit: 5, Size: 3, Runtime: 1},
		},
		Policy: model.Policy{Name: "x"},
	}
	r := &sched.Result{
		Schedule: []sched.Placement{
			{Job: "A", Cluster: "c", Start: 0, End: 10, Nodes: 2},
			{Job: "B", Cluster: "c", Start: 10, End: 15, Nodes: 1},
			{Job: "C", Cluster: "c", Start: 10, End: 30, Nodes: 1},
			{Job: "ghost", Cluster: "c", Start: 0, End: 1000, Nodes: 1},
		},
		Dropped: []sched.Drop{{Job: "D", Reason: "needs 3 nodes, the largest cluster has 2"}},
	}
	return s, r
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func TestHandSchedule(t *testing.T) {
	s, r := handScenario()
	ds := Join(s, r)
	if len(ds) != 3 {
		t.Fatalf("join: %d jobs", len(ds))
	}
	tests := []struct {
		name string
		got  float64
		want float64
	}{
		// max end 30 - first submit 0.
		{"makespan", Makespan(ds), 30},
		// (10-0) + (15-0) + (30-0).
		{"flowtime", Flowtime(ds), 55},
		// (0 + 8 + 6) / 3.
		{"wait", Wait(ds), 14.0 / 3},
		// A: max(1, 10/max(10,10)) = 1; B: 13/max(5,10) = 1.3;
		// C: 26/max(20,10) = 1.3; mean 1.2.
		{"bsld", BoundedSlowdown(ds, Tau), 1.2},
		// busy 2*10 + 1*5 + 1*20 = 45 over 2 nodes * 30 s.
		{"utilisation", Utilisation(ds, 2), 0.75},
		{"idle", Idle(ds, 2), 15},
		// A ends 10 <= 12, B ends 15 > 14, C has no deadline.
		{"completed", float64(Completed(ds)), 2},
		// only B is late, by 1.
		{"over_deadline", OverDeadline(ds), 1},
		// TITAN eq. 16: ((12-10) + (14-15)) / 2.
		{"advance", Advance(ds), 0.5},
		// costs 20, 5, 20; responses 10, 13, 26: (200+65+520)/45.
		{"awrt", AWRT(ds), 785.0 / 45},
		// waits 0, 8, 6: (0+40+120)/45.
		{"awwt", AWWT(ds), 160.0 / 45},
	}
	for _, tc := range tests {
		if !near(tc.got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

func TestFlowtimeBatchStart(t *testing.T) {
	// A batch submitted at 100: flowtime counts from 100, not from 0.
	ds := []Done{{Submit: 100, Start: 100, End: 110, Size: 1}, {Submit: 100, Start: 110, End: 130, Size: 1}}
	if f := Flowtime(ds); f != 40 {
		t.Fatal(f)
	}
	if m := Makespan(ds); m != 30 {
		t.Fatal(m)
	}
}

func TestEmpty(t *testing.T) {
	for name, v := range map[string]float64{
		"makespan": Makespan(nil), "flowtime": Flowtime(nil), "wait": Wait(nil), "bsld": BoundedSlowdown(nil, Tau),
		"util": Utilisation(nil, 4), "idle": Idle(nil, 4), "over": OverDeadline(nil), "adv": Advance(nil),
		"awrt": AWRT(nil), "awwt": AWWT(nil),
	} {
		if v != 0 {
			t.Errorf("%s of nothing = %v", name, v)
		}
	}
}

func TestFill(t *testing.T) {
	s, r := handScenario()
	r.Metrics = map[string]float64{"makespan": 99, "mcp": 3}
	Fill(s, r)
	if r.Metrics["makespan"] != 99 || r.Metrics["mcp"] != 3 {
		t.Fatal("Fill overwrote a policy's metric")
	}
	if r.Metrics["dropped"] != 1 || r.Metrics["completed"] != 2 || r.Metrics["utilisation"] != 0.75 {
		t.Fatalf("%v", r.Metrics)
	}
	for _, k := range Keys {
		if _, ok := r.Metrics[k]; !ok {
			t.Errorf("missing %s", k)
		}
	}
	r2 := &sched.Result{}
	Fill(s, r2)
	if r2.Metrics == nil || r2.Metrics["makespan"] != 0 {
		t.Fatal("empty result")
	}
	Fill(nil, nil)
}

// A moldable job (TITAN) may run on fewer nodes than its Size cap: the
// metrics weigh it by the nodes it held. One job, cap 16, ran on 4 nodes
// for 10 s on a 16-node cluster: utilisation = 4*10 / (16*10) = 0.25.
func TestJoinPrefersPlacedNodes(t *testing.T) {
	s := &model.Scenario{
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c", Nodes: 16}}},
		Jobs:     []model.Job{{ID: "a", Size: 16, Runtime: 10}},
	}
	r := &sched.Result{Schedule: []sched.Placement{{Job: "a", Cluster: "c", Start: 0, End: 10, Nodes: 4}}}
	ds := Join(s, r)
	if len(ds) != 1 || ds[0].Size != 4 {
		t.Fatalf("Join = %+v, want one job of size 4", ds)
	}
	r.Metrics = map[string]float64{}
	Fill(s, r)
	if got := r.Metrics["utilisation"]; math.Abs(got-0.25) > 1e-12 {
		t.Fatalf("utilisation = %v, want 0.25", got)
	}
}
