package gamf

import (
	"testing"

	"gridplay/engine/model"
)

// The tests of this file pin choices of doc.go that the other tests left
// open: each fails when the choice it names is changed (issue 37, item 7:
// hand mutation testing).

// pinScenario is one job of tau tasks (1000 s, 10 Mbit/s per task,
// sigma 0.8) on clusters of the given nodes and MIPS, ids A, B, C...
func pinScenario(policy string, tau int, nodes []int, mips []float64) *model.Scenario {
	sg := 0.8
	s := &model.Scenario{Version: model.Version, Seed: 1, Policy: model.Policy{Name: policy},
		Jobs: []model.Job{{ID: "J1", Size: tau, Runtime: 1000, Bandwidth: 10, Sigma: &sg}}}
	for i, n := range nodes {
		s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: string(rune('A' + i)), Nodes: n, MIPS: mips[i]})
	}
	return s
}

// tasksPer counts the tasks of the only job per cluster id.
func tasksPer(t *testing.T, s *model.Scenario) map[string]int {
	t.Helper()
	res := runPolicy(t, s, nil)
	checkSchedule(t, s, res)
	if len(res.Schedule) != 1 {
		t.Fatalf("%d placements, want 1", len(res.Schedule))
	}
	out := map[string]int{}
	for _, a := range res.Schedule[0].Alloc {
		out[a.Cluster] += len(a.Nodes)
	}
	return out
}

// TestPinCBSChunk pins doc.go choice 16: when a job fits no cluster's
// free nodes, CBS puts "ceil(0.75 tau_j) tasks (or all the free nodes
// there) ... [on] the cluster with most free nodes and the rest in
// chunks on the others". A has 4 nodes, B 2 (both 1000 MIPS); a job of
// 5 tasks fits neither: ceil(3.75) = 4 tasks on A, 1 on B (floor would
// give 3 and 2).
func TestPinCBSChunk(t *testing.T) {
	got := tasksPer(t, pinScenario("cbs", 5, []int{4, 2}, []float64{1000, 1000}))
	if got["A"] != 4 || got["B"] != 1 {
		t.Errorf("tasks per cluster %v, want A 4, B 1", got)
	}
}
