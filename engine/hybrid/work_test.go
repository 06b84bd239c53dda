package hybrid

import (
	"testing"

	"gridplay/engine/model"
)

// TestEstimateFormula: three jobs on two clusters of one 2-node server
// each (S = 2, N = 4, M = 2), sizes 1, 1, 2 (mean 4/3, so R = min(3, 3)
// = 3), run 8 s, submitted at 0, 0 and 100. Each needs size*8/4 of the
// machine: the first two share it (Q = 0, 1), the third comes after
// they end (Q = 0). sum_i (S + 3 (R + Q_i) + 2M) = 15 + 18 + 15.
func TestEstimateFormula(t *testing.T) {
	s := &model.Scenario{Version: model.Version, Seed: 1,
		Platform: model.Platform{Clusters: []model.Cluster{
			{ID: "c1", Nodes: 2, Servers: []model.Server{{ID: "s1", Nodes: 2, PEs: 1, Speed: 1000}}},
			{ID: "c2", Nodes: 2, Servers: []model.Server{{ID: "s2", Nodes: 2, PEs: 1, Speed: 1000}}}}},
		Jobs: []model.Job{{ID: "a", Size: 1, Runtime: 8}, {ID: "b", Size: 1, Runtime: 8}, {ID: "c", Submit: 100, Size: 2, Runtime: 8}}}
	for _, ap := range []Approach{Local, HRS, PHRS} {
		w, err := policy{ap}.Estimate(s)
		if err != nil || w.Steps != 48 || w.Field != "jobs" {
			t.Errorf("%v: %+v, %v; want 48 steps on jobs", ap, w, err)
		}
	}
	s.Policy.Params = map[string]float64{"live": 2}
	if _, err := (policy{HRS}).Estimate(s); err == nil {
		t.Error("live 2 estimated, want Run's error")
	}
}
