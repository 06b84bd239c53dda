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

// filled is Fill's metrics of r's schedule on s.
func filled(s *model.Scenario, r *sched.Result) map[string]float64 {
	out := &sched.Result{Schedule: r.Schedule, Dropped: r.Dropped}
	Fill(s, out)
	return out.Metrics
}

func TestHandSchedule(t *testing.T) {
	s, r := handScenario()
	m := filled(s, r)
	want := map[string]float64{
		// max end 30 - first submit 0.
		"makespan": 30,
		// (10-0) + (15-0) + (30-0).
		"flowtime": 55,
		// (0 + 8 + 6) / 3.
		"wait": 14.0 / 3,
		// A: max(1, 10/max(10,10)) = 1; B: 13/max(5,10) = 1.3;
		// C: 26/max(20,10) = 1.3; mean 1.2.
		"bsld": 1.2,
		// busy 2*10 + 1*5 + 1*20 = 45 over 2 nodes * 30 s.
		"utilisation": 0.75,
		// A ends 10 <= 12, B ends 15 > 14, C has no deadline.
		"completed": 2,
		// only B is late, by 1.
		"over_deadline": 1,
		// TITAN eq. 16: ((12-10) + (14-15)) / 2.
		"advance": 0.5,
		// costs 20, 5, 20; responses 10, 13, 26: (200+65+520)/45.
		"awrt": 785.0 / 45,
		// waits 0, 8, 6: (0+40+120)/45.
		"awwt":    160.0 / 45,
		"dropped": 1,
	}
	for _, k := range Keys {
		if !near(m[k], want[k]) {
			t.Errorf("%s = %v, want %v", k, m[k], want[k])
		}
	}
}

func TestFlowtimeBatchStart(t *testing.T) {
	// A batch submitted at 100: flowtime counts from 100, not from 0.
	s := &model.Scenario{Jobs: []model.Job{{ID: "a", Submit: 100, Size: 1}, {ID: "b", Submit: 100, Size: 1}}}
	r := &sched.Result{Schedule: []sched.Placement{{Job: "a", Start: 100, End: 110}, {Job: "b", Start: 110, End: 130}}}
	if m := filled(s, r); m["flowtime"] != 40 || m["makespan"] != 30 {
		t.Fatal(m)
	}
}

func TestEmpty(t *testing.T) {
	s, _ := handScenario()
	for k, v := range filled(s, &sched.Result{}) {
		if v != 0 {
			t.Errorf("%s of nothing = %v", k, v)
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
func TestPlacedNodes(t *testing.T) {
	s := &model.Scenario{
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c", Nodes: 16}}},
		Jobs:     []model.Job{{ID: "a", Size: 16, Runtime: 10}},
	}
	r := &sched.Result{Schedule: []sched.Placement{{Job: "a", Cluster: "c", Start: 0, End: 10, Nodes: 4}}}
	Fill(s, r)
	if got := r.Metrics["utilisation"]; math.Abs(got-0.25) > 1e-12 {
		t.Fatalf("utilisation = %v, want 0.25", got)
	}
}
