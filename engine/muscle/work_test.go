package muscle

import (
	"testing"

	"gridplay/engine/model"
)

// TestEstimateFormula: two jobs of sizes 2 and 4, run 10 s, on clusters
// of 4 and 6 nodes: m = 6, k = 3, c = 1 + 1 + 3 = 5, C = 2.
func TestEstimateFormula(t *testing.T) {
	s := &model.Scenario{Version: model.Version, Seed: 1,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "C1", Nodes: 4}, {ID: "C2", Nodes: 6}}},
		Jobs:     []model.Job{{ID: "a", Size: 2, Runtime: 10}, {ID: "b", Size: 4, Runtime: 10}}}
	// P (G + 1) n c + n C m = 40*501*2*5 + 2*2*6.
	const base = 40*501*2*5 + 2*2*6
	for _, k := range []Kind{DLL, WRAND} {
		w, err := policy{kind: k}.Estimate(s)
		if err != nil || w.Steps != base || w.Field != "policy.params.generations" {
			t.Errorf("%v: %+v, %v; want %d steps on generations", k, w, err, base)
		}
	}
	// MUSCLE adds 2 m sum (1 + Q_i): both jobs at 0, in submit order
	// Q = (0, 1), so 2*6*3 = 36.
	w, err := policy{kind: MUSCLE}.Estimate(s)
	if err != nil || w.Steps != base+36 {
		t.Errorf("muscle: %+v, %v; want %d steps", w, err, base+36)
	}
	s.Policy.Params = map[string]float64{"generations": 9, "population": 2}
	if w, _ := (policy{kind: DLL}).Estimate(s); w.Steps != 2*10*2*5+24 {
		t.Errorf("dll, 9 generations of 2: %g steps, want %d", w.Steps, 2*10*2*5+24)
	}
	// replan 1: sum (1 + Q_i) = 3 planned tasks instead of n = 2.
	s.Policy.Params = map[string]float64{"generations": 9, "population": 2, "replan": 1}
	if w, _ := (policy{kind: DLL}).Estimate(s); w.Steps != 2*10*3*5+24 {
		t.Errorf("dll, replan: %g steps, want %d", w.Steps, 2*10*3*5+24)
	}
	s.Policy.Params = map[string]float64{"population": 1}
	if _, err := (policy{kind: DLL}).Estimate(s); err == nil {
		t.Error("population 1 estimated, want Run's range error")
	}
}
