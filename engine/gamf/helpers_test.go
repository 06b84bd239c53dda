package gamf

import (
	"context"
	"fmt"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// synthetic is a fig7-like scenario (four clusters of 60 nodes at
// {1000,1500,2000,1500} MIPS, Gigabit links) with n random jobs; it does
// not need the trace.
func synthetic(seed uint64, n int, policy string) *model.Scenario {
	r := rng.New(seed, "gamf-test", "synthetic")
	s := &model.Scenario{Version: model.Version, Seed: seed, Platform: Fig7Platform(), Policy: model.Policy{Name: policy}}
	for i := 0; i < n; i++ {
		sg := 0.6 + 0.3*r.Float64()
		s.Jobs = append(s.Jobs, model.Job{
			ID:        fmt.Sprint(i + 1),
			Size:      1 + r.IntN(180),
			Runtime:   float64(600 + r.IntN(30000)),
			Bandwidth: 5 + 45*r.Float64(),
			Sigma:     &sg,
		})
	}
	return s
}

// checkSchedule asserts the section 4.4 constraints on a result: every job
// placed once or dropped, distinct nodes per job, no node used by two jobs
// at once, tasks held for the whole job.
func checkSchedule(t *testing.T, s *model.Scenario, res *sched.Result) {
	t.Helper()
	seen := map[string]bool{}
	type iv struct{ s, e float64 }
	busy := map[string][]iv{}
	for _, pl := range res.Schedule {
		if seen[pl.Job] {
			t.Fatalf("job %s placed twice", pl.Job)
		}
		seen[pl.Job] = true
		if !(pl.End > pl.Start) {
			t.Fatalf("job %s runs [%v,%v]", pl.Job, pl.Start, pl.End)
		}
		n := 0
		for _, al := range pl.Alloc {
			used := map[int]bool{}
			for _, node := range al.Nodes {
				if used[node] {
					t.Fatalf("job %s has two tasks on %s node %d", pl.Job, al.Cluster, node)
				}
				used[node] = true
				key := fmt.Sprintf("%s/%d", al.Cluster, node)
				for _, b := range busy[key] {
					if pl.Start < b.e-1e-6 && b.s < pl.End-1e-6 {
						t.Fatalf("node %s double-booked: [%v,%v] and [%v,%v]", key, b.s, b.e, pl.Start, pl.End)
					}
				}
				busy[key] = append(busy[key], iv{pl.Start, pl.End})
				n++
			}
		}
		if n != pl.Nodes {
			t.Fatalf("job %s: Nodes %d but %d in Alloc", pl.Job, pl.Nodes, n)
		}
	}
	for _, d := range res.Dropped {
		if seen[d.Job] {
			t.Fatalf("job %s both placed and dropped", d.Job)
		}
		seen[d.Job] = true
		if d.Reason == "" {
			t.Fatalf("job %s dropped without a reason", d.Job)
		}
	}
	for i, j := range s.Jobs {
		if !seen[j.ID] {
			t.Fatalf("jobs[%d] (%s) neither placed nor dropped", i, j.ID)
		}
	}
	for i, pl := range res.Schedule {
		var job *model.Job
		for k := range s.Jobs {
			if s.Jobs[k].ID == pl.Job {
				job = &s.Jobs[k]
			}
		}
		if pl.Nodes != job.Size {
			t.Fatalf("schedule[%d]: %d nodes for a job of %d tasks", i, pl.Nodes, job.Size)
		}
		if pl.Start < job.Submit {
			t.Fatalf("schedule[%d] starts before its submit time", i)
		}
	}
}

func runPolicy(t testing.TB, s *model.Scenario, rec sched.Recorder) *sched.Result {
	pol, ok := sched.Lookup(s.Policy.Name)
	if !ok {
		t.Fatalf("policy %q not registered", s.Policy.Name)
	}
	res, err := pol.Run(context.Background(), s, rec)
	if err != nil {
		t.Fatal(err)
	}
	return res
}
