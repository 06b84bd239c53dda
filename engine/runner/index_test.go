package runner

import (
	"context"
	"reflect"
	"strconv"
	"testing"

	"gridplay/engine/check"
	"gridplay/engine/metrics"
	"gridplay/engine/model"
	"gridplay/engine/outputs"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
	"gridplay/engine/workload"
)

// testScrambled is testFCFS with its answer out of order: placements
// shuffled, one placed twice, one of a job the scenario does not have,
// and a drop of an unknown job; Run must then find every job as the
// metrics.Fill, check.Mark and outputs.Jobs do on their own.
type testScrambled struct{}

func (testScrambled) Check(*model.Scenario) error { return nil }

func (testScrambled) Info() sched.Info {
	return sched.Info{Name: "test-only-scrambled", System: "Classic", Summary: "test policy"}
}

func (testScrambled) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	res, err := testFCFS{}.Run(ctx, s, rec)
	if err != nil || len(res.Schedule) == 0 {
		return res, err
	}
	r := rng.NewPCG(uint64(len(res.Schedule)), 9)
	pl := res.Schedule
	// Runs in order (the index's shortcut) with jumps between them.
	for k := 0; k+4 < len(pl); k += 5 {
		if r.IntN(2) == 0 {
			j := r.IntN(len(pl))
			pl[k], pl[j] = pl[j], pl[k]
		}
	}
	pl = append(pl, pl[r.IntN(len(pl))])
	pl = append(pl, sched.Placement{Job: "not-a-job", Cluster: pl[0].Cluster, Start: 1, End: 2, Nodes: 1})
	res.Schedule = pl
	res.Dropped = append(res.Dropped, sched.Drop{Job: "gone", Reason: "never was"})
	return res, nil
}

func init() { sched.Register(testScrambled{}) }

// TestSharedIndex: Run gives the metrics, the verdict and the
// distributions that the functions give on their own, on the generated
// jobs too.
func TestSharedIndex(t *testing.T) {
	r := rng.NewPCG(5, 6)
	scrambled := 0
	for trial := range 80 {
		s := randomScenario(r)
		for _, policy := range []string{"test-only-fcfs", "test-only-scrambled"} {
			s.Policy.Name = policy
			got, err := Run(context.Background(), s, nil)
			if err != nil {
				t.Fatalf("trial %d %s: %v", trial, policy, err)
			}
			full, err := workload.Expand(s)
			if err != nil {
				t.Fatal(err)
			}
			p, _ := sched.Lookup(policy)
			want, err := p.Run(context.Background(), full, nil)
			if err != nil {
				t.Fatal(err)
			}
			want.Metrics, want.Policy = map[string]float64{}, policy
			metrics.Fill(full, want)
			check.Mark(full, want)
			want.Distributions = outputs.Distributions(outputs.Jobs(full, want))
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("trial %d %s:\n got %+v\nwant %+v", trial, policy, got, want)
			}
			if policy == "test-only-scrambled" && !*got.Valid {
				scrambled++
			}
		}
	}
	if scrambled == 0 {
		t.Fatal("no scrambled answer was marked invalid")
	}
}

// BenchmarkFinish is what Run adds to a policy's answer on a scenario of
// 100,000 jobs: the validation, the metrics, the check and the
// distributions.
func BenchmarkFinish(b *testing.B) {
	s := &model.Scenario{Version: 1, Policy: model.Policy{Name: "test-only-fcfs"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c", Nodes: 64}}}}
	for i := range 100_000 {
		s.Jobs = append(s.Jobs, model.Job{ID: strconv.Itoa(i + 1), Submit: float64(i), Size: 1 + i%7, Runtime: float64(1 + i%50)})
	}
	res := &sched.Result{Metrics: map[string]float64{}}
	for i := range s.Jobs {
		j := &s.Jobs[i]
		res.Schedule = append(res.Schedule, sched.Placement{Job: j.ID, Cluster: "c", Start: j.Submit, End: j.Submit + j.Runtime, Nodes: j.Size})
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := s.Validate(); err != nil {
			b.Fatal(err)
		}
		finish(s, res)
	}
}
