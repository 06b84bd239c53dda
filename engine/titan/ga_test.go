package titan

import (
	"context"
	"fmt"
	"math"
	"testing"

	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

func newTestGA(t testing.TB, n, m int) *GA {
	t.Helper()
	p := Problem{Release: make([]float64, m)}
	for i := 0; i < n; i++ {
		p.Tasks = append(p.Tasks, Task{ID: fmt.Sprint(i), Pred: Fixed(1)})
	}
	g, err := New(Config{Population: 4}, p, nil, rng.New(1, "test"))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// randomProblem draws n tasks from the Fig. 6 codes on m hosts, some
// rigid, some capped, some with deadlines, and random host releases.
func randomProblem(r *rng.Rand, n, m int) Problem {
	p := Problem{Now: float64(r.IntN(50)), Release: make([]float64, m)}
	for h := range p.Release {
		p.Release[h] = float64(r.IntN(100))
	}
	for i := 0; i < n; i++ {
		code := CodeNames[r.IntN(len(CodeNames))]
		pr, _ := Code(code)
		t := Task{ID: fmt.Sprintf("t%d", i), Pred: pr, Priority: 1 + r.IntN(5)}
		switch r.IntN(4) {
		case 0:
			k := 1 + r.IntN(m)
			t.MinHosts, t.MaxHosts, t.Pred = k, k, Fixed(float64(10+r.IntN(100)))
		case 1:
			t.MaxHosts = 1 + r.IntN(m)
		}
		if r.IntN(2) == 0 {
			t.Deadline = float64(100 + r.IntN(600))
		}
		p.Tasks = append(p.Tasks, t)
	}
	return p
}

// checkMembers verifies every population member: orders are permutations,
// rows within bounds on online hosts only.
func checkMembers(t *testing.T, g *GA) {
	t.Helper()
	n, w := g.pr.n, g.pr.w
	for k := 0; k < g.pop; k++ {
		o, b := g.member(k)
		seen := make([]bool, n)
		for _, x := range o {
			if x < 0 || int(x) >= n || seen[x] {
				t.Fatalf("member %d order %v is not a permutation", k, o)
			}
			seen[x] = true
		}
		for j := 0; j < n; j++ {
			c := 0
			for wi, x := range b[j*w : (j+1)*w] {
				if x&^g.pr.online[wi] != 0 {
					t.Fatalf("member %d task %d maps an offline or missing host", k, j)
				}
				for ; x != 0; x &= x - 1 {
					c++
				}
			}
			if c < g.pr.minH[j] || c > g.pr.maxH[j] || c == 0 {
				t.Fatalf("member %d task %d has %d hosts, bounds [%d,%d]", k, j, c, g.pr.minH[j], g.pr.maxH[j])
			}
		}
	}
}

// checkTiming: no host runs two tasks at once, none starts before its
// hosts are released or before Now.
func checkTiming(t *testing.T, p *Problem, s *Schedule, tm *Timing) {
	t.Helper()
	type iv struct{ a, b float64 }
	busy := make([][]iv, len(p.Release))
	for j := range p.Tasks {
		if tm.Start[j] < p.Now-1e-9 {
			t.Fatalf("task %d starts at %v before now %v", j, tm.Start[j], p.Now)
		}
		for _, h := range s.HostsOf(j) {
			if tm.Start[j] < p.Release[h]-1e-9 {
				t.Fatalf("task %d starts at %v before host %d is released at %v", j, tm.Start[j], h, p.Release[h])
			}
			for _, o := range busy[h] {
				if tm.Start[j] < o.b-1e-9 && o.a < tm.End[j]-1e-9 {
					t.Fatalf("host %d double-booked: [%v,%v) and [%v,%v)", h, o.a, o.b, tm.Start[j], tm.End[j])
				}
			}
			busy[h] = append(busy[h], iv{tm.Start[j], tm.End[j]})
		}
	}
}

func TestGAProperties(t *testing.T) {
	r := rng.New(7, "test", "props")
	for _, c := range []struct{ n, m int }{{1, 1}, {2, 3}, {12, 8}, {20, 16}, {9, 70}, {5, 130}} {
		t.Run(fmt.Sprintf("n%d_m%d", c.n, c.m), func(t *testing.T) {
			p := randomProblem(r, c.n, c.m)
			g, err := New(Config{Population: 12}, p, nil, rng.Child(r))
			if err != nil {
				t.Fatal(err)
			}
			prev := g.best.cost
			for i := 0; i < 60; i++ {
				gen := g.Step()
				if gen.Best > prev {
					t.Fatalf("best so far got worse: %v -> %v", prev, gen.Best)
				}
				prev = gen.Best
			}
			checkMembers(t, g)
			s, tm, c := g.Best()
			checkTiming(t, &p, &s, &tm)
			var ref Timing
			if err := Evaluate(&p, &s, &ref); err != nil {
				t.Fatal(err)
			}
			if got := Cost(DefaultConfig().Weights, &ref); got != c {
				t.Errorf("Evaluate cost %v, GA cost %v", got, c)
			}
			for j := range ref.Start {
				if ref.Start[j] != tm.Start[j] || ref.End[j] != tm.End[j] {
					t.Fatalf("task %d: Evaluate %v..%v, GA %v..%v", j, ref.Start[j], ref.End[j], tm.Start[j], tm.End[j])
				}
			}
		})
	}
}

// TestGAImproves: on the 32-task, 16-host workload the GA finds a much
// shorter schedule than its random start.
func TestGAImproves(t *testing.T) {
	p := fig9Problem(1)
	g, err := New(Config{}, p, nil, rng.New(1, "test"))
	if err != nil {
		t.Fatal(err)
	}
	_, t0, _ := g.Best()
	for i := 0; i < 300; i++ {
		g.Step()
	}
	_, t1, _ := g.Best()
	if !(t1.Makespan < 0.8*t0.Makespan) {
		t.Errorf("makespan %v after 300 generations, %v at the start", t1.Makespan, t0.Makespan)
	}
}

func TestGADeterministic(t *testing.T) {
	run := func() []float64 {
		p := fig9Problem(3)
		g, _ := New(Config{Population: 10}, p, nil, rng.New(5, "test"))
		var out []float64
		for i := 0; i < 50; i++ {
			gen := g.Step()
			out = append(out, gen.Best, gen.Mean)
		}
		return out
	}
	a, b := run(), run()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("step %d differs: %v vs %v", i/2, a[i], b[i])
		}
	}
}

func TestSeedsAndRepair(t *testing.T) {
	p := fig4Problem()
	p.Tasks[2].MaxHosts = 1
	p.Offline = []bool{false, false, true, false, false}
	s := expr14() // T2 maps H3 only: fine; T0, T5, T7 use H2 (offline): repaired
	g, err := New(Config{Population: 3}, p, []Schedule{s}, rng.New(2, "test"))
	if err != nil {
		t.Fatal(err)
	}
	checkMembers(t, g)
	o, b := g.member(0)
	for i, x := range o {
		if int(x) != s.Order[i] {
			t.Fatalf("seed order changed: %v", o)
		}
	}
	// T5 had only H2: it gets the earliest released online host, H0.
	if b[5] != 1 {
		t.Errorf("T5 row %b, want H0 only", b[5])
	}
	// Bad seeds are rejected with a field.
	bad := expr14()
	bad.Order[0] = bad.Order[1]
	if _, err := New(Config{Population: 3}, p, []Schedule{bad}, rng.New(2, "test")); err == nil || !contains(err.Error(), "seeds[0].order[1]") {
		t.Errorf("duplicate in order: %v", err)
	}
	bad = expr14()
	bad.Hosts = 4
	if _, err := New(Config{Population: 3}, p, []Schedule{bad}, rng.New(2, "test")); err == nil {
		t.Error("wrong host count accepted")
	}
	if _, err := New(Config{Population: 3}, p, []Schedule{s, s, s, s}, rng.New(2, "test")); err == nil {
		t.Error("more seeds than population accepted")
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func TestProblemErrors(t *testing.T) {
	good := func() Problem { return fig4Problem() }
	cases := []struct {
		name  string
		edit  func(p *Problem)
		field string
	}{
		{"no hosts", func(p *Problem) { p.Release = nil }, "release"},
		{"nil pred", func(p *Problem) { p.Tasks[3].Pred = nil }, "tasks[3].pred"},
		{"dup id", func(p *Problem) { p.Tasks[4].ID = p.Tasks[1].ID }, "tasks[4].id"},
		{"too many hosts", func(p *Problem) { p.Tasks[2].MinHosts = 6 }, "tasks[2].min_hosts"},
		{"all offline", func(p *Problem) { p.Offline = []bool{true, true, true, true, true} }, "offline"},
		{"offline length", func(p *Problem) { p.Offline = []bool{true} }, "offline"},
		{"negative time", func(p *Problem) { p.Tasks[0].Pred = Fixed(-1) }, "tasks[0].pred"},
	}
	for _, c := range cases {
		p := good()
		c.edit(&p)
		_, err := New(Config{}, p, nil, rng.New(1, "t"))
		if err == nil || !contains(err.Error(), c.field+":") {
			t.Errorf("%s: error %v, want field %s", c.name, err, c.field)
		}
	}
	if _, err := New(Config{Population: 1}, good(), nil, rng.New(1, "t")); err == nil || !contains(err.Error(), "population") {
		t.Errorf("population 1: %v", err)
	}
	if _, err := New(Config{MutationRate: 2}, good(), nil, rng.New(1, "t")); err == nil || !contains(err.Error(), "mutation") {
		t.Errorf("mutation 2: %v", err)
	}
	if _, err := New(Config{}, good(), nil, nil); err == nil {
		t.Error("nil rng accepted")
	}
}

// TestUpdate: tasks leave and arrive and hosts go offline; the population
// stays valid, keeps the surviving tasks' relative order, and the stale
// best is replaced by a member of the new generation (section 4.1).
func TestUpdate(t *testing.T) {
	r := rng.New(3, "test", "update")
	p := randomProblem(r, 20, 16)
	g, err := New(Config{Population: 10}, p, nil, rng.Child(r))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 30; i++ {
		g.Step()
	}
	before, _ := g.member(0)
	beforeIDs := []string{}
	for _, x := range before {
		beforeIDs = append(beforeIDs, p.Tasks[x].ID)
	}
	q := Problem{Now: p.Now + 30, Release: append([]float64(nil), p.Release...), Offline: make([]bool, 16)}
	q.Offline[3], q.Offline[7], q.Offline[8], q.Offline[15] = true, true, true, true
	for i, tk := range p.Tasks {
		if i%3 != 0 {
			if tk.MinHosts > 12 {
				tk.MinHosts, tk.MaxHosts = 12, 12
			}
			q.Tasks = append(q.Tasks, tk)
		}
	}
	a, _ := Code("fft")
	q.Tasks = append(q.Tasks, Task{ID: "new1", Pred: a}, Task{ID: "new2", Pred: Fixed(5), MinHosts: 2, MaxHosts: 2})
	if err := g.Update(q); err != nil {
		t.Fatal(err)
	}
	checkMembers(t, g)
	after, _ := g.member(0)
	var got []string
	for _, x := range after {
		if id := q.Tasks[x].ID; id != "new1" && id != "new2" {
			got = append(got, id)
		}
	}
	var want []string
	keep := map[string]bool{}
	for _, tk := range q.Tasks {
		keep[tk.ID] = true
	}
	for _, id := range beforeIDs {
		if keep[id] {
			want = append(want, id)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("surviving order %v, want %v", got, want)
	}
	s, tm, c := g.Best()
	checkTiming(t, &q, &s, &tm)
	for j := range q.Tasks {
		for _, h := range s.HostsOf(j) {
			if q.Offline[h] {
				t.Fatalf("best maps task %d to offline host %d", j, h)
			}
		}
	}
	minCost := g.cur[0].cost
	for _, x := range g.cur {
		minCost = min(minCost, x.cost)
	}
	if c != minCost {
		t.Errorf("best after update %v, fittest member %v", c, minCost)
	}
	for i := 0; i < 20; i++ {
		g.Step()
	}
	checkMembers(t, g)
	// A failed update leaves the GA as it was.
	bad := q
	bad.Release = nil
	if err := g.Update(bad); err == nil {
		t.Fatal("bad update accepted")
	}
	checkMembers(t, g)
	// Down to no tasks and back.
	if err := g.Update(Problem{Now: 100, Release: make([]float64, 16)}); err != nil {
		t.Fatal(err)
	}
	g.Step()
	if err := g.Update(q); err != nil {
		t.Fatal(err)
	}
	g.Step()
	checkMembers(t, g)
}

func TestSetWeights(t *testing.T) {
	p := fig9Problem(1)
	g, _ := New(Config{}, p, nil, rng.New(1, "test"))
	for i := 0; i < 50; i++ {
		g.Step()
	}
	if err := g.SetWeights(Weights{Deadline: 1}); err != nil {
		t.Fatal(err)
	}
	_, tm, c := g.Best()
	if c != tm.Deadline {
		t.Errorf("deadline-only cost %v, θ %v", c, tm.Deadline)
	}
	if err := g.SetWeights(Weights{Makespan: -1}); err == nil {
		t.Error("negative weight accepted")
	}
	// Turning the idle weight on recomputes Γ, skipped while W^i = 0.
	w := Weights{Makespan: 1, Idle: 2, Deadline: 1}
	if err := g.SetWeights(w); err != nil {
		t.Fatal(err)
	}
	for k := range g.cur {
		o, b := g.member(k)
		s := Schedule{Order: make([]int, len(o)), Hosts: 16, Bits: b}
		for i, x := range o {
			s.Order[i] = int(x)
		}
		var tm Timing
		if err := Evaluate(&p, &s, &tm); err != nil {
			t.Fatal(err)
		}
		if tm.Idle == 0 || math.Abs(g.cur[k].cost-Cost(w, &tm)) > 1e-9 {
			t.Fatalf("member %d: cost %v, Evaluate gives %v (Γ %v)", k, g.cur[k].cost, Cost(w, &tm), tm.Idle)
		}
	}
	s, tm, c := g.Best()
	var ref Timing
	Evaluate(&p, &s, &ref)
	if c != Cost(w, &ref) || tm.Idle != ref.Idle {
		t.Errorf("best cost %v, want %v", c, Cost(w, &ref))
	}
	g.Step()
}

func TestRunFrames(t *testing.T) {
	p := fig9Problem(1)
	g, _ := New(Config{Population: 10}, p, nil, rng.New(1, "test"))
	var frames []sched.Frame
	rec := sched.RecorderFunc(func(f sched.Frame) error { frames = append(frames, f); return nil })
	if err := g.steps(context.Background(), 40, 1, rec); err != nil {
		t.Fatal(err)
	}
	if len(frames) != 40 {
		t.Fatalf("%d frames", len(frames))
	}
	first := frames[0].Data.(Generation)
	if frames[0].Kind != "generation" || first.Sched == nil || len(first.Sched.Hosts) != 32 || len(first.Sched.Hosts[0]) != 4 {
		t.Errorf("first frame %+v", frames[0])
	}
	stop := fmt.Errorf("stop")
	n := 0
	err := g.steps(context.Background(), 40, 1, sched.RecorderFunc(func(sched.Frame) error { n++; return stop }))
	if err != stop || n != 1 {
		t.Errorf("recorder error: %v after %d frames", err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := g.steps(ctx, 40, 1, nil); err == nil {
		t.Error("cancelled context ignored")
	}
}

// BenchmarkTITANGeneration: population 40, 32 tasks, 16 hosts (issue 4
// target >= 20,000 generations/s natively; the paper: 100/s on an 800 MHz
// Pentium III).
func BenchmarkTITANGeneration(b *testing.B) {
	p := fig9Problem(1)
	g, err := New(Config{Population: 40}, p, nil, rng.New(1, "bench"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.Step()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "gens/s")
}

func TestEmptyProblem(t *testing.T) {
	g, err := New(Config{}, Problem{Now: 5, Release: []float64{0, 9}}, nil, rng.New(1, "t"))
	if err != nil {
		t.Fatal(err)
	}
	if gen := g.Step(); gen.N != 1 || gen.Best != 0 {
		t.Errorf("step %+v", gen)
	}
	s, tm, c := g.Best()
	if len(s.Order) != 0 || len(tm.Start) != 0 || c != 0 || tm.Makespan != 0 {
		t.Errorf("best %+v %+v %v", s, tm, c)
	}
	if err := g.steps(context.Background(), 3, 1, sched.RecorderFunc(func(sched.Frame) error { return nil })); err != nil {
		t.Fatal(err)
	}
}

// fig9Problem is the Fig. 9 workload as a GA problem at time 0 (the
// "test" mode of section 4.2).
func fig9Problem(seed uint64) Problem {
	s := Fig9Scenario(seed)
	p := Problem{Release: make([]float64, s.Platform.Clusters[0].Nodes)}
	for _, j := range s.Jobs {
		t, _ := TaskFromJob(j)
		p.Tasks = append(p.Tasks, t)
	}
	return p
}
