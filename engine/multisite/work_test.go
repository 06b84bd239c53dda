package multisite

import (
	"testing"

	"gridplay/engine/backfill"
	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// TestEstimate: the core's estimate with sel = 2S (greedy, non-adaptive)
// or 2 (2^S - 1) (optimal) on all sites' nodes.
func TestEstimate(t *testing.T) {
	s := &model.Scenario{Version: model.Version, Seed: 1,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 2}, {ID: "b", Nodes: 2}, {ID: "c", Nodes: 2}}},
		Jobs:     []model.Job{{ID: "x", Size: 2, Runtime: 10, Requested: 20}, {ID: "y", Size: 4, Runtime: 10, Requested: 20}}}
	cases := []struct {
		policy string
		params map[string]float64
		mode   backfill.Mode
		sel    float64
	}{
		{"multisite-greedy", nil, backfill.Conservative, 6},
		{"multisite-nonadaptive", nil, backfill.Conservative, 6},
		{"multisite-optimal", nil, backfill.Conservative, 14},
		{"multisite-optimal", map[string]float64{"conservative": 0}, backfill.EASY, 14},
	}
	for _, c := range cases {
		s.Policy = model.Policy{Name: c.policy, Params: c.params}
		p, _ := sched.Lookup(c.policy)
		w, err := p.(sched.Estimator).Estimate(s)
		want := backfill.CoreWork(c.mode, s.Jobs, 6, c.sel)
		if err != nil || w.Steps != want || want == 0 {
			t.Errorf("%s %v: %+v, %v; want %g steps", c.policy, c.params, w, err, want)
		}
	}
	s.Policy = model.Policy{Name: "multisite-greedy", Params: map[string]float64{"conservative": 2}}
	p, _ := sched.Lookup("multisite-greedy")
	if _, err := p.(sched.Estimator).Estimate(s); err == nil {
		t.Error("conservative 2 estimated, want Run's error")
	}
}
