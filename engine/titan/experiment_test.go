package titan

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"gridplay/engine/sched"
)

func TestFig9Quick(t *testing.T) {
	e, ok := sched.LookupExperiment("titan-fig9")
	if !ok {
		t.Fatal("titan-fig9 not registered")
	}
	run := func() *sched.Table {
		rep, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{Quick: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return rep.(*sched.Table)
	}
	tab := run()
	count := map[string]int{}
	for _, r := range tab.Rows {
		if r.Experiment != "titan-fig9" || r.Metric != strings.ToLower(r.Metric) || r.X == "" {
			t.Fatalf("bad row %+v", r)
		}
		count[r.Policy+"/"+r.Metric]++
	}
	for _, pol := range []string{"titan-fcfs", "titan-ds", "titan-dsnl", "titan"} {
		if c := count[pol+"/completed"]; c < 2 || c > 32 {
			t.Errorf("%s: %d completed rows, want 2-32 (one per distinct end time)", pol, c)
		}
		for _, m := range []string{"makespan", "advance", "over_deadline"} {
			if count[pol+"/"+m] != 1 {
				t.Errorf("%s: %d %s rows", pol, count[pol+"/"+m], m)
			}
		}
	}
	for _, pol := range []string{"titan-pop20", "titan-pop40", "titan-pop60"} {
		if count[pol+"/makespan"] != 11 { // generations 0, 20, ..., 200
			t.Errorf("%s: %d convergence rows", pol, count[pol+"/makespan"])
		}
	}
	if count["titan-offline4/queue_makespan"] == 0 || count["titan-dsnl-offline4/queue_makespan"] == 0 {
		t.Error("no Fig. 10 rows")
	}
	last := map[string]float64{}
	for _, r := range tab.Rows {
		if r.Metric == "completed" {
			last[r.Policy] = r.Value
		}
	}
	for _, pol := range []string{"titan-fcfs", "titan-ds", "titan-dsnl", "titan"} {
		if last[pol] != 32 {
			t.Errorf("%s: %v tasks completed at the end, want 32", pol, last[pol])
		}
	}
	if len(tab.Paper) == 0 || len(tab.Notes) < 4 {
		t.Errorf("paper rows %d, notes %d", len(tab.Paper), len(tab.Notes))
	}
	a, _ := json.Marshal(tab)
	b, _ := json.Marshal(run())
	if string(a) != string(b) {
		t.Error("two quick runs differ")
	}
}
