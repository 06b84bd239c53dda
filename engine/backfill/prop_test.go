package backfill

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"gridplay/engine/check"
	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// randomScenario has ties in submit times, estimates above and below the
// runtime, zero runtimes and jobs larger than the machine.
func randomScenario(r *rand.Rand, policy string, nodes, n int) *model.Scenario {
	s := &model.Scenario{Version: 1, Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: nodes}}}, Policy: model.Policy{Name: policy}}
	t := 0.0
	for i := 0; i < n; i++ {
		t += float64(r.IntN(4)) // ties
		rt := float64(r.IntN(50))
		rq := rt + float64(r.IntN(60))
		if r.IntN(8) == 0 {
			rq = float64(1 + r.IntN(20)) // may be below the runtime: killed
		}
		size := 1 + r.IntN(nodes)
		if r.IntN(30) == 0 {
			size = nodes + 1
		}
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", i), Submit: t, Size: size, Runtime: rt, Requested: rq})
	}
	return s
}

// checkSchedule verifies what any schedule of s must satisfy, with the
// engine's one checker (engine/check, Classic model): each job runs once
// or is dropped with a reason, never before its submit time, for
// min(runtime, estimate), on Size distinct valid nodes, and no node holds
// two jobs at once.
func checkSchedule(t *testing.T, s *model.Scenario, res *sched.Result) {
	t.Helper()
	if err := check.Err(s, res); err != nil {
		t.Fatal(err)
	}
}

// TestProperties runs random workloads under every mode and checks the
// schedule invariants and the promise of each mode: under EASY a head
// job never starts after the reservation (shadow time) it was given, and
// under conservative no job starts after the reservation it got at
// arrival. FCFS starts jobs in queue order.
func TestProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for trial := 0; trial < 150; trial++ {
		nodes := 1 + r.IntN(12)
		for _, mode := range []Mode{FCFS, EASY, Conservative} {
			s := randomScenario(r, mode.String(), nodes, 5+r.IntN(60))
			d, err := Durations(s)
			if err != nil {
				t.Fatal(err)
			}
			jobs := make([]Job, len(s.Jobs))
			for i, j := range s.Jobs {
				jobs[i] = Job{ID: j.ID, Submit: j.Submit, Size: j.Size}
				if j.Size > nodes {
					jobs[i].Drop = "too big"
				}
			}
			c, err := newCore(Config{Mode: mode, Sites: []SiteSpec{{"m", nodes}}, Jobs: jobs, Sel: selFor(trial, d)}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.loop(context.Background()); err != nil {
				t.Fatal(err)
			}
			checkSchedule(t, s, c.res2)
			if c.stats.Late != 0 {
				t.Fatalf("trial %d %s: %d jobs later than promised", trial, mode, c.stats.Late)
			}
			start := map[string]float64{}
			for _, p := range c.res2.Schedule {
				start[p.Job] = p.Start
			}
			promised := 0
			for j, pr := range c.prom {
				if !pr.set {
					continue
				}
				promised++
				if st := start[s.Jobs[j].ID]; st > pr.key {
					t.Fatalf("trial %d %s: %s promised %g, started %g", trial, mode, s.Jobs[j].ID, pr.key, st)
				}
			}
			if mode == Conservative && promised != len(c.res2.Schedule) {
				t.Fatalf("conservative: %d promises for %d jobs", promised, len(c.res2.Schedule))
			}
			if mode == FCFS {
				last := -1.0
				for _, j := range c.order {
					if st, ok := start[s.Jobs[j].ID]; ok {
						if st < last {
							t.Fatalf("fcfs: %s starts at %g before an earlier job (%g)", s.Jobs[j].ID, st, last)
						}
						last = st
					}
				}
			}
			for _, st := range c.m.Sites {
				if !st.Profile.Valid() {
					t.Fatalf("invalid profile %v", st.Profile.Steps())
				}
			}
		}
	}
}

// TestIdleStart: a job that fits an empty machine at submit starts at
// once under every mode.
func TestIdleStart(t *testing.T) {
	for _, p := range []string{"fcfs", "easy", "conservative"} {
		res := run(t, scen(p, 8, tj{5, 8, 10, 10}, tj{100, 1, 1, 1}), nil)
		if res.Schedule[0].Start != 5 || res.Schedule[1].Start != 100 {
			t.Errorf("%s: %s", p, schedString(res))
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, p := range []string{"fcfs", "easy", "conservative"} {
		a := schedString(run(t, randomScenario(rand.New(rand.NewPCG(1, 1)), p, 6, 200), nil))
		b := schedString(run(t, randomScenario(rand.New(rand.NewPCG(1, 1)), p, 6, 200), nil))
		if a != b {
			t.Errorf("%s: two runs differ", p)
		}
	}
}

// noBound hides the Bounder of single, so half the trials run full
// compression.
type noBound struct{ s *single }

func (n noBound) Select(j int, now float64, m *Machine, instantOnly bool) (Choice, bool) {
	return n.s.Select(j, now, m, instantOnly)
}

func selFor(trial int, d *Dur) Selector {
	s := &single{size: d.Size, est: d.Est, run: d.Run}
	if trial%2 == 0 {
		return noBound{s}
	}
	return s
}
