package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// testFCFS is a tiny in-test policy: jobs in submit order, one at a time
// on each cluster, each on the cluster where it can start earliest
// (lowest index on ties), on nodes 0 to size-1; a job larger than every
// cluster is dropped.
type testFCFS struct{}

func (testFCFS) Check(*model.Scenario) error { return nil }

func (testFCFS) Info() sched.Info {
	return sched.Info{Name: "test-only-fcfs", System: "Classic", Summary: "test policy"}
}

func (testFCFS) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	cl := s.Platform.Clusters
	freeAt := make([]float64, len(cl))
	order := make([]int, len(s.Jobs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return s.Jobs[order[a]].Submit < s.Jobs[order[b]].Submit })
	res := &sched.Result{}
	for _, ji := range order {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		j := &s.Jobs[ji]
		best, bestT := -1, 0.0
		for ci, c := range cl {
			if t := max(j.Submit, freeAt[ci]); j.Size <= c.Nodes && (best < 0 || t < bestT) {
				best, bestT = ci, t
			}
		}
		if best < 0 {
			res.Dropped = append(res.Dropped, sched.Drop{Job: j.ID, Reason: fmt.Sprintf("needs %d nodes; no cluster has that many", j.Size)})
			continue
		}
		freeAt[best] = bestT + j.Runtime
		bestNodes := make([]int, j.Size)
		for n := range bestNodes {
			bestNodes[n] = n
		}
		res.Schedule = append(res.Schedule, sched.Placement{Job: j.ID, Cluster: cl[best].ID, Start: bestT,
			End: bestT + j.Runtime, Nodes: j.Size, Alloc: []sched.Alloc{{Cluster: cl[best].ID, Nodes: bestNodes}}})
		if err := sched.Emit(rec, sched.Frame{Kind: "event", T: bestT, Data: j.ID}); err != nil {
			return nil, err
		}
	}
	return res, nil
}

func init() { sched.Register(testFCFS{}) }

func randomScenario(r *rng.Rand) *model.Scenario {
	s := &model.Scenario{Version: 1, Seed: r.Uint64(), Policy: model.Policy{Name: "test-only-fcfs"}}
	nc := 1 + r.IntN(3)
	for i := range nc {
		s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: fmt.Sprintf("c%d", i), Nodes: 1 + r.IntN(8)})
	}
	if r.IntN(2) == 0 {
		s.Generator = &model.Generator{Jobs: 1 + r.IntN(60), Rate: 0.2, ExecMin: 1, ExecMax: 50, DRMax: 2,
			Sizes: []string{"uniform", "normal", "log"}[r.IntN(3)], SizeMin: 1, SizeMax: 10}
		return s
	}
	for i := range 1 + r.IntN(60) {
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", i), Submit: float64(r.IntN(100)),
			Size: 1 + r.IntN(10), Runtime: float64(1 + r.IntN(30))})
	}
	return s
}

// TestEveryJobOnceNoDoubleBooking runs random scenarios through Run: every
// result is checked (engine/check: every job scheduled exactly once or
// dropped with a reason, no node held by two jobs at once, run times) and
// marked valid, and the metrics are filled.
func TestEveryJobOnceNoDoubleBooking(t *testing.T) {
	r := rng.NewPCG(3, 4)
	for trial := range 100 {
		s := randomScenario(r)
		res, err := Run(context.Background(), s, nil)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if res.Valid == nil || !*res.Valid {
			t.Fatalf("trial %d: %v", trial, res.Violations)
		}
		if len(res.Distributions) != 3 && len(res.Schedule) > 0 {
			t.Fatalf("trial %d: distributions %v", trial, res.Distributions)
		}
		if res.Metrics["dropped"] != float64(len(res.Dropped)) || res.Policy != "test-only-fcfs" {
			t.Fatalf("trial %d: metrics not filled: %v", trial, res.Metrics)
		}
	}
}

// TestMarksInvalid: a policy that double-books a node gives a result
// marked invalid, with the violation, not an error.
func TestMarksInvalid(t *testing.T) {
	s := &model.Scenario{Version: 1, Policy: model.Policy{Name: "test-only-overlap"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 1}}},
		Jobs:     []model.Job{{ID: "1", Size: 1, Runtime: 5}, {ID: "2", Size: 1, Runtime: 5}}}
	res, err := Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Valid == nil || *res.Valid || len(res.Violations) == 0 || res.Violations[0].Rule != "overlap" {
		t.Fatalf("valid %v, violations %v", res.Valid, res.Violations)
	}
}

// testOverlap puts every job on node 0 at time 0.
type testOverlap struct{}

func (testOverlap) Check(*model.Scenario) error { return nil }

func (testOverlap) Info() sched.Info {
	return sched.Info{Name: "test-only-overlap", System: "Classic", Summary: "test policy"}
}

func (testOverlap) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	res := &sched.Result{}
	for _, j := range s.Jobs {
		id := s.Platform.Clusters[0].ID
		res.Schedule = append(res.Schedule, sched.Placement{Job: j.ID, Cluster: id, Start: 0, End: j.Runtime, Nodes: 1,
			Alloc: []sched.Alloc{{Cluster: id, Nodes: []int{0}}}})
	}
	return res, nil
}

func init() { sched.Register(testOverlap{}) }

func TestDeterministic(t *testing.T) {
	r := rng.NewPCG(5, 6)
	for range 10 {
		s := randomScenario(r)
		a, err := Run(context.Background(), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Run(context.Background(), s, nil)
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Fatal("same scenario, different result bytes")
		}
	}
}

func TestRunErrors(t *testing.T) {
	s := randomScenario(rng.NewPCG(1, 1))
	s.Policy.Name = "no-such-policy"
	_, err := Run(context.Background(), s, nil)
	var fe *model.FieldError
	if !errors.As(err, &fe) || fe.Field != "policy.name" {
		t.Fatalf("got %v", err)
	}
	s.Policy.Name = "test-only-fcfs"
	s.Platform.Clusters[0].Nodes = 0
	_, err = Run(context.Background(), s, nil)
	if err == nil || !strings.Contains(err.Error(), "platform.clusters[0].nodes") {
		t.Fatalf("got %v", err)
	}
}

func TestRecorderStops(t *testing.T) {
	s := &model.Scenario{Version: 1, Policy: model.Policy{Name: "test-only-fcfs"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 2}}},
		Jobs:     []model.Job{{ID: "1", Size: 1, Runtime: 1}, {ID: "2", Size: 1, Runtime: 1}}}
	stop := errors.New("client went away")
	n := 0
	_, err := Run(context.Background(), s, sched.RecorderFunc(func(sched.Frame) error { n++; return stop }))
	if !errors.Is(err, stop) || n != 1 {
		t.Fatalf("err %v after %d frames", err, n)
	}
}
