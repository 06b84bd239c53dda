package titan

import (
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// workScenario is two jobs on 16 nodes: sizes 4 and 8 (k = 6, so
// c = 1 + ceil(16/64) + 6 = 8), run times 10 and 20, submitted at 0 and 5.
func workScenario(policy string, params map[string]float64) *model.Scenario {
	return &model.Scenario{Version: model.Version, Seed: 1,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 16}}},
		Jobs:     []model.Job{{ID: "a", Submit: 0, Size: 4, Runtime: 10}, {ID: "b", Submit: 5, Size: 8, Runtime: 20}},
		Policy:   model.Policy{Name: policy, Params: params}}
}

func TestEstimateFormulas(t *testing.T) {
	cases := []struct {
		name   string
		p      sched.Estimator
		params map[string]float64
		steps  float64
		field  string
	}{
		// P c (G min(window, n0) + Gr (2n + e) min(window, n)) with
		// P 40, c 8, G 1000, n0 1, Gr 100, n 2, e 0:
		// 40 * 8 * (1000 + 100*4*2) = 576,000; G's part is the larger.
		{"titan defaults", gaPolicy{}, nil, 576000, "policy.params.generations"},
		// window 1: 40 * 8 * (1000 + 100*4*1) = 448,000.
		{"titan window 1", gaPolicy{}, map[string]float64{"window": 1}, 448000, "policy.params.generations"},
		// P 10, G 0, Gr 1000: 10 * 8 * (0 + 1000*4*2) = 640,000.
		{"titan rounds", gaPolicy{}, map[string]float64{"population": 10, "generations": 0, "round_generations": 1000}, 640000, "policy.params.round_generations"},
		// Baselines: work 4*10/16 = 2.5 ends before b arrives, so
		// Q = (0, 0) and 2 tasks are planned; plan + c per task.
		// ds: 16 (1 + ceil(log2 16)) = 80, so 2 * (80 + 8) = 176.
		{"titan-ds", basePolicy{name: "titan-ds"}, nil, 176, "jobs"},
		// dsnl: 16 (1 + 6) = 112, so 2 * (112 + 8) = 240.
		{"titan-dsnl", basePolicy{name: "titan-dsnl"}, nil, 240, "jobs"},
	}
	for _, c := range cases {
		w, err := c.p.Estimate(workScenario("titan", c.params))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if w.Steps != c.steps || w.Field != c.field {
			t.Errorf("%s: %g steps on %s, want %g on %s", c.name, w.Steps, w.Field, c.steps, c.field)
		}
	}
	// A queue: b arrives at 1, before a's 2.5 s of the machine end.
	s := workScenario("titan-ds", nil)
	s.Jobs[1].Submit = 1
	w, _ := basePolicy{name: "titan-ds"}.Estimate(s)
	if w.Steps != 3*88 {
		t.Errorf("titan-ds with a queue: %g steps, want %d (tasks 1 + 2)", w.Steps, 3*88)
	}
}

// TestEstimateParamErrors: a parameter out of range is Run's error.
func TestEstimateParamErrors(t *testing.T) {
	s := workScenario("titan", map[string]float64{"population": 5000})
	_, err := gaPolicy{}.Estimate(s)
	_, runErr := gaPolicy{}.Run(t.Context(), s, nil)
	if err == nil || runErr == nil || err.Error() != runErr.Error() {
		t.Errorf("Estimate says %v, Run %v", err, runErr)
	}
	if _, err := (basePolicy{name: "titan-ds"}).Estimate(workScenario("titan-ds", map[string]float64{"x": 1})); err == nil {
		t.Error("titan-ds took an unknown parameter")
	}
}
