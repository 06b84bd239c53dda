package script

import (
	"context"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/runner"
)

// fuzzScenario makes a small scenario from b: one or two clusters and
// up to 12 jobs, all sizes, times and run times from the bytes.
func fuzzScenario(src string, b []byte) *model.Scenario {
	next := func() int {
		if len(b) == 0 {
			return 0
		}
		x := int(b[0])
		b = b[1:]
		return x
	}
	s := &model.Scenario{Version: model.Version, Policy: model.Policy{Name: Name, Script: src,
		Params: map[string]float64{"steps_per_decision": 20000, "steps_total": 200000}}}
	nc := 1 + next()%2
	for k := range nc {
		s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: string(rune('a' + k)), Nodes: 1 + next()%8})
	}
	nj := next() % 13
	t := 0.0
	for i := range nj {
		t += float64(next() % 4)
		s.Jobs = append(s.Jobs, model.Job{ID: string(rune('A' + i)), Submit: t, Size: 1 + next()%9,
			Runtime: float64(next() % 6), Requested: float64(next() % 8)})
	}
	return s
}

// FuzzScript feeds random scripts and scenarios to the policy: a run
// ends with a result the checker finds valid, or with an error; it never
// panics, and a script error always names policy.script.
func FuzzScript(f *testing.F) {
	for _, t := range Templates() {
		f.Add(t.Source, []byte{1, 4, 5, 9, 0, 1, 2, 3, 7, 1, 1, 2, 2, 3, 3, 4, 8, 0, 0, 5})
	}
	f.Add("def schedule(ctx):\n    for j in ctx.queue:\n        ctx.start(j, why=str(ctx.running))\n", []byte{0, 3, 4})
	f.Add("def priority(job, now):\n    return -job.wait\n", []byte{0, 8, 6, 1, 2, 3, 4})
	f.Add("def schedule(ctx):\n    while True:\n        pass\n", []byte{0, 1, 1})
	f.Fuzz(func(t *testing.T, src string, b []byte) {
		if len(src) > 4096 {
			return
		}
		s := fuzzScenario(src, b)
		res, err := runner.Run(context.Background(), s, nil)
		if err != nil {
			if fe := model.FirstError(err); fe == nil {
				t.Fatalf("error without a field: %v", err)
			}
			return
		}
		if res.Valid == nil || !*res.Valid {
			t.Fatalf("invalid schedule: %v", res.Violations)
		}
	})
}
