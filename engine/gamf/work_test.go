package gamf

import (
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// TestEstimateFormulas: two jobs of 2 and 3 tasks on the Fig. 7 platform
// (4 clusters of 60 nodes): n = 2, T = 5, N = 240, K = 4, so one
// evaluation is n + T + 2n min(n, N) = 2 + 5 + 8 = 15 steps.
func TestEstimateFormulas(t *testing.T) {
	s := &model.Scenario{Version: model.Version, Seed: 1, Platform: Fig7Platform(),
		Jobs: []model.Job{{ID: "a", Size: 2, Runtime: 60, Bandwidth: 10}, {ID: "b", Submit: 5, Size: 3, Runtime: 90, Bandwidth: 20}}}
	cases := []struct {
		policy string
		params map[string]float64
		steps  float64
		field  string
	}{
		{"gamf", nil, 80 * 121 * 15, "policy.params.generations"}, // P (G + 1) eval
		{"gama", map[string]float64{"generations": 0, "population": 10}, 10 * 1 * 15, "policy.params.generations"},
		{"hill", nil, 9601 * 15, "policy.params.evaluations"}, // (evaluations + 1) eval
		{"jpr", nil, 2*240*(3+8) + 15, "jobs"},                // n N (3 + ceil(log2 N)) + eval
		{"cbs", nil, 2*240*(3+8) + 15, "jobs"},
		{"metl", nil, 3*2*(2*240+2*4+2*6*2.5) + 15, "jobs"}, // 3n (2N + nK + n (K+2) tau) + eval
	}
	for _, c := range cases {
		s.Policy = model.Policy{Name: c.policy, Params: c.params}
		p, _ := sched.Lookup(c.policy)
		w, err := p.(sched.Estimator).Estimate(s)
		if err != nil {
			t.Fatalf("%s: %v", c.policy, err)
		}
		if d := w.Steps - c.steps; d > 1e-6 || d < -1e-6 || w.Field != c.field {
			t.Errorf("%s: %g steps on %s, want %g on %s", c.policy, w.Steps, w.Field, c.steps, c.field)
		}
	}
	s.Policy = model.Policy{Name: "gamf", Params: map[string]float64{"population": 1}}
	p, _ := sched.Lookup("gamf")
	if _, err := p.(sched.Estimator).Estimate(s); err == nil {
		t.Error("population 1 estimated, want Run's range error")
	}
}
