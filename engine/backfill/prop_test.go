package backfill

import (
	"context"
	"fmt"
	"math"
	"testing"

	"gridplay/engine/check"
	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// randomScenario has ties in submit times, estimates above and below the
// runtime, zero runtimes and jobs larger than the machine.
func randomScenario(r *rng.Rand, policy string, nodes, n int) *model.Scenario {
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
	if vs := check.Schedule(s, res); len(vs) > 0 {
		t.Fatal(vs)
	}
}

// runChecked runs the core on the one-site scenario s (jobs larger than
// the site are dropped) and checks the schedule invariants and that no
// job started later than promised.
func runChecked(t *testing.T, s *model.Scenario, mode Mode, nodes int, sel Selector, order Order) *core {
	t.Helper()
	jobs := make([]Job, len(s.Jobs))
	for i, j := range s.Jobs {
		jobs[i] = Job{ID: j.ID, Submit: j.Submit, Size: j.Size}
		if j.Size > nodes {
			jobs[i].Drop = "too big"
		}
	}
	c, err := newCore(Config{Mode: mode, Sites: []SiteSpec{{"m", nodes}}, Jobs: jobs, Sel: sel, Order: order}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.loop(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.Policy.Name = mode.String() // the checker's model is the policy's
	checkSchedule(t, s, c.res2)
	if c.stats.Late != 0 {
		t.Fatalf("%s: %d jobs later than promised", mode, c.stats.Late)
	}
	return c
}

// TestProperties runs random workloads under every mode and checks the
// schedule invariants and the promise of each mode: under EASY a head
// job never starts after the reservation (shadow time) it was given, and
// under conservative no job starts after the reservation it got at
// arrival. FCFS starts jobs in queue order.
func TestProperties(t *testing.T) {
	r := rng.NewPCG(7, 7)
	for trial := 0; trial < 150; trial++ {
		nodes := 1 + r.IntN(12)
		for _, mode := range []Mode{FCFS, EASY, Conservative} {
			s := randomScenario(r, mode.String(), nodes, 5+r.IntN(60))
			d, err := Durations(s)
			if err != nil {
				t.Fatal(err)
			}
			c := runChecked(t, s, mode, nodes, selFor(trial, d), PerInstant)
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
			// Every job gets a reservation, except zero-length ones
			// (package doc, "Zero-length jobs").
			instants := 0
			for _, j := range s.Jobs {
				if j.Estimate() == 0 && j.Size <= nodes {
					instants++
				}
			}
			if mode == Conservative && promised != len(c.res2.Schedule)-instants {
				t.Fatalf("conservative: %d promises for %d jobs (%d of zero length)", promised, len(c.res2.Schedule), instants)
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
					ts, fs := st.Profile.View()
					t.Fatalf("invalid profile: times %v, free %v", ts, fs)
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
		a := schedString(run(t, randomScenario(rng.NewPCG(1, 1), p, 6, 200), nil))
		b := schedString(run(t, randomScenario(rng.NewPCG(1, 1), p, 6, 200), nil))
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

// fuzzScenario decodes a machine and a workload from b: the first byte
// gives the node count (1 to 16), then every 4 bytes a job (submit step
// 0-2, size 1 to nodes+1, runtime and requested 0-7 s). Zero runtimes and
// zero estimates are common, and so are jobs that need the whole machine.
func fuzzScenario(b []byte) (*model.Scenario, int) {
	if len(b) == 0 {
		return nil, 0
	}
	nodes := 1 + int(b[0]%16)
	s := &model.Scenario{Version: 1, Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: nodes}}}}
	t := 0.0
	for i := 1; i+4 <= len(b) && len(s.Jobs) < 200; i += 4 {
		t += float64(b[i] % 3)
		size := 1 + int(b[i+1])%(nodes+1)
		if b[i+1]&0x80 != 0 {
			size = nodes // the whole machine: any node lost shows
		}
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", len(s.Jobs)), Submit: t, Size: size,
			Runtime: float64(b[i+2] % 8), Requested: float64(b[i+3] % 8)})
	}
	return s, nodes
}

// FuzzNodeCounts runs fuzzed machines and workloads under every mode and
// checks the schedule invariants: in particular every job gets exactly the
// nodes it asked for, which failed when a zero-estimate job held no
// processors in the profile.
func FuzzNodeCounts(f *testing.F) {
	f.Add([]byte{3, 0, 0x83, 0, 0, 0, 0x83, 5, 5, 0, 0, 3, 3})          // zero-length job then a whole-machine job
	f.Add([]byte{7, 0, 2, 0, 0, 1, 5, 3, 0, 0, 0x80, 4, 4, 2, 1, 7, 7}) // mixed
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0})                            // one node, two zero-length jobs
	r := rng.NewPCG(11, 11)
	for range 20 {
		b := make([]byte, 1+4*(1+r.IntN(40)))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, nodes := fuzzScenario(b)
		if s == nil || len(s.Jobs) == 0 {
			return
		}
		d, err := Durations(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []Mode{FCFS, EASY, Conservative} {
			c := runChecked(t, s, mode, nodes, &single{size: d.Size, est: d.Est, run: d.Run}, PerInstant)
			// Every event of an integer workload falls on an integer
			// time.
			for _, p := range c.res2.Schedule {
				if p.Start != math.Trunc(p.Start) {
					t.Fatalf("%s: %s starts at %g, between the instants of an integer workload", mode, p.Job, p.Start)
				}
			}
		}
	})
}

// TestPropertiesPerEvent: the schedule invariants and promises hold under
// pyss's order too. The jobs already follow pyss's job model (whole
// seconds, at least 1 s, requested >= run, no larger than the machine), so
// its rules leave them as they are and checkSchedule applies.
func TestPropertiesPerEvent(t *testing.T) {
	r := rng.NewPCG(9, 9)
	for trial := 0; trial < 100; trial++ {
		nodes := 1 + r.IntN(12)
		for _, mode := range []Mode{FCFS, EASY, Conservative} {
			s := &model.Scenario{Version: 1, Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: nodes}}},
				Policy: model.Policy{Name: mode.String()}, Compat: model.CompatPyss}
			tm := 1.0
			for i := 0; i < 5+r.IntN(60); i++ {
				tm += float64(r.IntN(4))
				rt := float64(1 + r.IntN(40))
				s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", i), Submit: tm, Size: 1 + r.IntN(nodes),
					Runtime: rt, Requested: rt + float64(r.IntN(3)*r.IntN(30))})
			}
			d, err := Durations(s)
			if err != nil {
				t.Fatal(err)
			}
			submit := make([]float64, len(s.Jobs))
			for i, j := range s.Jobs {
				submit[i] = j.Submit
			}
			pyssJobs(s, d, submit, nodes)
			for i, j := range s.Jobs {
				if d.Est[i] != j.Estimate() || d.Run[i] != j.Runtime || d.Size[i] != j.Size || submit[i] != j.Submit {
					t.Fatalf("pyss's model changed job %d", i)
				}
			}
			c := runChecked(t, s, mode, nodes, selFor(trial, d), PerEvent)
			if len(c.res2.Schedule) != len(s.Jobs) {
				t.Fatalf("trial %d %s: %d of %d jobs ran", trial, mode, len(c.res2.Schedule), len(s.Jobs))
			}
		}
	}
}
