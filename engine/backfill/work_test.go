package backfill

import (
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// TestCoreWork checks CoreWork's formulas on three jobs of size 2
// submitted together on 4 nodes, each running 10 s of a requested 20:
// R = min(3, 4/2) = 2 and, each needing 2*10/4 = 5 s of the machine,
// Q = (0, 1, 2).
func TestCoreWork(t *testing.T) {
	jobs := []model.Job{
		{ID: "a", Size: 2, Runtime: 10, Requested: 20},
		{ID: "b", Size: 2, Runtime: 10, Requested: 20},
		{ID: "c", Size: 2, Runtime: 10, Requested: 20},
	}
	cases := []struct {
		mode Mode
		sel  float64
		want float64
	}{
		{FCFS, 1, 3 * 3 * (1 + 2)},                   // 27
		{EASY, 1, 2*(1+0+2) + 2*(1+1+2) + 2*(1+2+2)}, // 24
		// conservative: 2 (1 + Q) + 2 sel (R + Q) + 2 sel Q (R + Q)
		// (every job ends early): 6 + 16 + 30.
		{Conservative, 1, 52},
		// sel 3: 2 + 12 + 0, 4 + 18 + 18, 6 + 24 + 48.
		{Conservative, 3, 132},
	}
	for _, c := range cases {
		if got := CoreWork(c.mode, jobs, 4, c.sel); got != c.want {
			t.Errorf("%v, sel %g: %g steps, want %g", c.mode, c.sel, got, c.want)
		}
	}
	// Jobs that run as long as they asked are not compressed.
	for i := range jobs {
		jobs[i].Requested = 0
	}
	if got := CoreWork(Conservative, jobs, 4, 1); got != 6+4+6+6+8 {
		t.Errorf("conservative, no early end: %g steps, want 30", got)
	}
	if got := CoreWork(Conservative, nil, 4, 1); got != 0 {
		t.Errorf("no jobs: %g steps", got)
	}
	p, _ := sched.Lookup("conservative")
	w, err := p.(sched.Estimator).Estimate(&model.Scenario{Platform: model.Platform{Clusters: []model.Cluster{{ID: "c", Nodes: 4}}}, Jobs: jobs})
	if err != nil || w.Steps != 30 || w.Field != "jobs" {
		t.Errorf("conservative's Estimate: %+v, %v", w, err)
	}
}
