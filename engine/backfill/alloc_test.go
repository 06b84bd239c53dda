package backfill

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// loadedScenario is a workload at about 80% load, so the queue stays
// short (randomScenario's grows without bound): zero runtimes, killed
// jobs and jobs larger than the machine included.
func loadedScenario(r *rng.Rand, policy string, nodes, n int) *model.Scenario {
	s := &model.Scenario{Version: 1, Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: nodes}}}, Policy: model.Policy{Name: policy}}
	t := 0.0
	for i := range n {
		t += float64(r.IntN(16))
		rt := float64(r.IntN(50))
		rq := rt + float64(r.IntN(60))
		if r.IntN(8) == 0 {
			rq = float64(1 + r.IntN(20)) // may be below the runtime: killed
		}
		size := 1 + r.IntN(max(1, nodes/2))
		if r.IntN(100) == 0 {
			size = nodes + 1
		}
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", i), Submit: t, Size: size, Runtime: rt, Requested: rq})
	}
	return s
}

// The arena's slices share backing arrays: filling or appending to one
// never changes another, across chunk boundaries too.
func TestArenaNoAlias(t *testing.T) {
	a := arena[int]{chunk: 4}
	var got [][]int
	for k := range 7 {
		s := a.take(k % 3)
		if s == nil || len(s) != k%3 || cap(s) != len(s) {
			t.Fatalf("take(%d): len %d cap %d nil %v", k%3, len(s), cap(s), s == nil)
		}
		for i := range s {
			s[i] = 10*k + i
		}
		got = append(got, s)
	}
	want := make([][]int, len(got))
	for i, s := range got {
		want[i] = slices.Clone(s)
	}
	for i := range got {
		got[i] = append(got[i], -1, -2) // must copy, not write into the next
	}
	for i := range got {
		if !slices.Equal(got[i][:len(want[i])], want[i]) {
			t.Errorf("slice %d is %v, want %v", i, got[i], want[i])
		}
	}
}

// watch is a selector that checks, at every call, that the placements
// made so far are unchanged: a job's Alloc and node indices, cut from the
// core's arenas, must not move when later jobs start.
type watch struct {
	Selector
	t    *testing.T
	c    *core
	seen []sched.Placement // deep copies, in start order
}

func (w *watch) Select(j int, now float64, m *Machine, instantOnly bool) (Choice, bool) {
	w.check()
	return w.Selector.Select(j, now, m, instantOnly)
}

func (w *watch) check() {
	w.t.Helper()
	s := w.c.res2.Schedule
	for i := range s {
		if i < len(w.seen) {
			if !samePlacement(s[i], w.seen[i]) {
				w.t.Fatalf("placement %d changed after later jobs started: %+v, was %+v", i, s[i], w.seen[i])
			}
			continue
		}
		p := s[i]
		p.Alloc = slices.Clone(p.Alloc)
		for k := range p.Alloc {
			p.Alloc[k].Nodes = slices.Clone(p.Alloc[k].Nodes)
		}
		w.seen = append(w.seen, p)
	}
}

// TestScheduleNodesStable runs random workloads with tiny arena chunks
// (many chunk boundaries) and checks that no placement changes once made,
// that the result equals a run with the default chunks, and that every
// node list has its capacity cut to its length.
func TestScheduleNodesStable(t *testing.T) {
	r := rng.NewPCG(3, 3)
	for trial := range 8 {
		nodes := 4 + r.IntN(12)
		s := loadedScenario(r, "easy", nodes, 200)
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
		for _, mode := range []Mode{FCFS, EASY, Conservative} {
			cfg := Config{Mode: mode, Sites: []SiteSpec{{"m", nodes}}, Jobs: jobs, Order: Order(trial % 2)}
			cfg.Sel = &single{size: d.Size, est: d.Est, run: d.Run}
			want, _, err := Run(context.Background(), cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			w := &watch{Selector: &single{size: d.Size, est: d.Est, run: d.Run}, t: t}
			cfg.Sel = w
			c, err := newCore(cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			w.c = c
			c.allocs.chunk, c.nodes.chunk = 3, 5
			if err := c.loop(context.Background()); err != nil {
				t.Fatal(err)
			}
			w.check()
			if !reflect.DeepEqual(c.res2, want) {
				t.Fatalf("trial %d %s: small chunks change the result", trial, mode)
			}
			for _, p := range c.res2.Schedule {
				if cap(p.Alloc) != len(p.Alloc) || cap(p.Alloc[0].Nodes) != len(p.Alloc[0].Nodes) {
					t.Fatalf("trial %d %s: %s: a slice's capacity exceeds its length", trial, mode, p.Job)
				}
			}
		}
	}
}

// TestAllocsPerJob is an allocation regression check: starting a job
// allocates nothing of its own (its Choice's part, Alloc and node indices
// come from per-run arrays), so a run allocates a small fraction of an
// object per job, where it once took about four.
func TestAllocsPerJob(t *testing.T) {
	s := loadedScenario(rng.NewPCG(5, 5), "easy", 64, 5000)
	for _, name := range []string{"easy", "conservative"} {
		s.Policy.Name = name
		p, _ := sched.Lookup(name)
		allocs := testing.AllocsPerRun(3, func() {
			if _, err := p.Run(context.Background(), s, nil); err != nil {
				t.Fatal(err)
			}
		})
		perJob := allocs / float64(len(s.Jobs))
		t.Logf("%s: %.0f allocations per run, %.3f per job", name, allocs, perJob)
		if perJob > 0.1 {
			t.Errorf("%s: %.3f allocations per job (%.0f per run of %d jobs), want at most 0.1", name, perJob, allocs, len(s.Jobs))
		}
	}
}

// samePlacement is reflect.DeepEqual for a placement, without reflection:
// watch compares every placement made so far at every selection, which
// under js/wasm took reflection seconds.
func samePlacement(a, b sched.Placement) bool {
	return a.Job == b.Job && a.Cluster == b.Cluster && a.Start == b.Start && a.End == b.End &&
		a.Nodes == b.Nodes && a.Why == b.Why &&
		slices.EqualFunc(a.Alloc, b.Alloc, func(x, y sched.Alloc) bool {
			return x.Cluster == y.Cluster && slices.Equal(x.Nodes, y.Nodes)
		})
}
