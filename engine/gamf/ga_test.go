package gamf

import (
	"context"
	"slices"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
)

// example2Parents are two chromosomes over Example 1's jobs and nodes
// (GA-MF Example 2, Fig. 3): J3 is in position 2 in both; J1 is on N1 N2
// N3 in both (plus N4 in P1, N5 in P2); J2 is on N1 in both (plus N2 in
// P1, N3 in P2); J3 is on N5 in both; J4 is on N5 in P1 and N3 in P2.
// Nodes N1..N5 are 0..4, jobs J1..J4 are 0..3.
func example2Parents(p *problem) (*indiv, *indiv) {
	mk := func(order []int32, nodes [][]int32) *indiv {
		a := newIndiv(p)
		copy(a.order, order)
		for j, ns := range nodes {
			copy(a.alloc[p.off[j]:p.off[j+1]], ns)
		}
		return a
	}
	p1 := mk([]int32{0, 2, 1, 3}, [][]int32{{0, 1, 2, 3}, {0, 1}, {4}, {4}})
	p2 := mk([]int32{1, 2, 3, 0}, [][]int32{{0, 1, 2, 4}, {0, 2}, {4}, {2}})
	return p1, p2
}

func jobNodes(p *problem, a *indiv, j int) []int32 {
	g := slices.Clone(a.alloc[p.off[j]:p.off[j+1]])
	slices.Sort(g)
	return g
}

// TestCrossoverExample2 checks Example 2's logic on many draws:
//   - J3 (same position 2 in both parents) stays at position 2;
//   - J1 keeps N1 N2 N3 and gets its fourth node from the rest (N4 or N5);
//   - J2 keeps N1 and gets N2 or N3; J3 keeps N5; J4 gets N5 or N3;
//   - the child's order is a permutation of the jobs;
//
// and that the draws reach every outcome, including the child of Fig. 3
// (order J1 J3 J2 J4, J1 on N1-N4, J2 on N1 N2, J4 on N3).
func TestCrossoverExample2(t *testing.T) {
	p := mustCompile(t, example1())
	p1, p2 := example2Parents(p)
	ops := newOperators(p)
	r := rng.New(7, "gamf-test", "example2")
	c := newIndiv(p)
	seen := map[string]bool{}
	paperChild := false
	for i := 0; i < 400; i++ {
		ops.crossover(c, p1, p2, r)
		if c.order[1] != 2 {
			t.Fatalf("J3 left position 2: order %v", c.order)
		}
		if !isPerm(c.order) {
			t.Fatalf("order %v is not a permutation", c.order)
		}
		j1, j2, j3, j4 := jobNodes(p, c, 0), jobNodes(p, c, 1), jobNodes(p, c, 2), jobNodes(p, c, 3)
		if !slices.Equal(j1[:3], []int32{0, 1, 2}) || (j1[3] != 3 && j1[3] != 4) {
			t.Fatalf("J1 on %v", j1)
		}
		if j2[0] != 0 || (j2[1] != 1 && j2[1] != 2) {
			t.Fatalf("J2 on %v", j2)
		}
		if j3[0] != 4 || (j4[0] != 4 && j4[0] != 2) {
			t.Fatalf("J3 on %v, J4 on %v", j3, j4)
		}
		seen["j1-"+string(rune('1'+j1[3]))] = true
		seen["j2-"+string(rune('1'+j2[1]))] = true
		seen["j4-"+string(rune('1'+j4[0]))] = true
		// Stage 1 places the jobs that are not fixed at random positions
		// (Example 2), not only where a parent had them: J4 is at
		// position 4 in P1 and 3 in P2, and must reach position 1 too.
		if c.order[0] == 3 {
			seen["j4-pos1"] = true
		}
		if slices.Equal(c.order, []int32{0, 2, 1, 3}) && j1[3] == 3 && j2[1] == 1 && j4[0] == 2 {
			paperChild = true
		}
	}
	for _, k := range []string{"j1-4", "j1-5", "j2-2", "j2-3", "j4-3", "j4-5", "j4-pos1"} {
		if !seen[k] {
			t.Errorf("outcome %s never drawn", k)
		}
	}
	if !paperChild {
		t.Error("Fig. 3's child never drawn")
	}
}

func isPerm(o []int32) bool {
	seen := make([]bool, len(o))
	for _, j := range o {
		if j < 0 || int(j) >= len(o) || seen[j] {
			return false
		}
		seen[j] = true
	}
	return true
}

// validIndiv checks the encoding: the order is a permutation and each
// job's genes are distinct nodes of the platform.
func validIndiv(t *testing.T, p *problem, a *indiv) {
	t.Helper()
	if !isPerm(a.order) {
		t.Fatalf("order %v is not a permutation", a.order)
	}
	for j := 0; j < p.n; j++ {
		seen := map[int32]bool{}
		for _, r := range a.alloc[p.off[j]:p.off[j+1]] {
			if r < 0 || int(r) >= p.nodes || seen[r] {
				t.Fatalf("job %d has genes %v", j, a.alloc[p.off[j]:p.off[j+1]])
			}
			seen[r] = true
		}
	}
}

// TestOperatorsKeepConstraints applies every operator many times on a
// fig7-like problem and checks the encoding stays valid.
func TestOperatorsKeepConstraints(t *testing.T) {
	s := synthetic(3, 12, "gamf")
	s.Jobs[0].Size = 240 // the whole platform
	s.Jobs[1].Size = 1
	p := mustCompile(t, s)
	ops := newOperators(p)
	r := rng.New(3, "gamf-test", "ops")
	a, b, c := newIndiv(p), newIndiv(p), newIndiv(p)
	for i := 0; i < 50; i++ {
		ops.randomIndiv(a, r)
		validIndiv(t, p, a)
		ops.guidedIndiv(b, r)
		validIndiv(t, p, b)
		ops.crossover(c, a, b, r)
		validIndiv(t, p, c)
		ops.mutate(c, r)
		validIndiv(t, p, c)
		ops.mutate(a, r)
		validIndiv(t, p, a)
	}
	// Mutation moves one job in the order and re-allocates that job's
	// tasks only: all of them by default, one under mutate-one.
	ops.guidedIndiv(a, r)
	for _, one := range []bool{false, true} {
		ops.oneTask = one
		for i := 0; i < 50; i++ {
			b.copyFrom(a)
			ops.mutate(b, r)
			diff, jobs := 0, map[int]bool{}
			for j := 0; j < p.n; j++ {
				for k := p.off[j]; k < p.off[j+1]; k++ {
					if a.alloc[k] != b.alloc[k] {
						diff++
						jobs[j] = true
					}
				}
			}
			if len(jobs) > 1 || (one && diff > 1) {
				t.Fatalf("mutate-one %v: mutation changed %d genes of %d jobs", one, diff, len(jobs))
			}
			validIndiv(t, p, b)
		}
	}
}

// TestMutationReadings: by default the node allocation mutation draws
// new nodes for every task of the chosen job (GA-MF section 4.4: "The
// tasks for the previously selected job can be re-allocated"); under
// mutate-one it moves one task. A job of 60 tasks on 240 nodes keeps
// about a quarter of its nodes under the first, all but one under the
// second.
func TestMutationReadings(t *testing.T) {
	s := &model.Scenario{Platform: Fig7Platform(), Jobs: []model.Job{{ID: "a", Size: 60, Runtime: 100, Sigma: sigma(0.8)}}}
	p := mustCompile(t, s)
	ops := newOperators(p)
	r := rng.New(1, "gamf-test", "mutation")
	a, b := newIndiv(p), newIndiv(p)
	ops.guidedIndiv(a, r)
	for _, one := range []bool{false, true} {
		ops.oneTask = one
		kept := 0
		for i := 0; i < 200; i++ {
			b.copyFrom(a)
			ops.mutate(b, r)
			in := map[int32]bool{}
			for _, n := range a.alloc {
				in[n] = true
			}
			for _, n := range b.alloc {
				if in[n] {
					kept++
				}
			}
		}
		mean := float64(kept) / 200
		if one && mean != 59 {
			t.Errorf("mutate-one keeps %v of 60 nodes on average, want 59", mean)
		}
		if !one && (mean < 12 || mean > 18) { // 60 * 60/240 = 15 expected
			t.Errorf("all-task mutation keeps %v of 60 nodes on average, want about 15", mean)
		}
	}
}

// TestLinearRanking: with pressure s the best rank gets s/m and the worst
// (2-s)/m.
func TestLinearRanking(t *testing.T) {
	cum := make([]float64, 5)
	linearRanking(cum, 1.5)
	// p_0 = 1.5/5 = 0.3, p_4 = 0.5/5 = 0.1, sum 1
	if !near(cum[0], 0.3) || !near(cum[4]-cum[3], 0.1) || !near(cum[4], 1) {
		t.Fatalf("cum %v", cum)
	}
	linearRanking(cum, 2)
	if !near(cum[4]-cum[3], 0) || !near(cum[0], 0.4) {
		t.Fatalf("s=2: cum %v", cum)
	}
	r := rng.New(1, "gamf-test", "pick")
	counts := make([]int, 5)
	for i := 0; i < 10000; i++ {
		counts[pick(cum, r)]++
	}
	if counts[4] != 0 || counts[0] < counts[1] || counts[1] < counts[2] {
		t.Fatalf("draws %v", counts)
	}
}

// TestGAImprovesAndKeepsBest: the best F never gets worse from one
// generation to the next, the result is the best recorded, and the GA
// improves on its initial population.
func TestGAImprovesAndKeepsBest(t *testing.T) {
	p := mustCompile(t, synthetic(5, 15, "gamf"))
	var hist []float64
	var sats []bool
	best, err := runGA(context.Background(), p, Config{Mutation: DefaultMutation, Alpha: DefaultAlpha},
		rng.New(5, "gamf-test", "ga"), nil, func(g int, b *indiv) {
			hist = append(hist, b.fit)
			sats = append(sats, b.sat)
		})
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) != DefaultGenerations+1 {
		t.Fatalf("%d generations recorded, want 121", len(hist))
	}
	for g := 1; g < len(hist); g++ {
		if sats[g] == sats[g-1] && hist[g] > hist[g-1] {
			t.Fatalf("best got worse at generation %d: %v -> %v", g, hist[g-1], hist[g])
		}
	}
	if best.fit != hist[len(hist)-1] || !(best.fit < hist[0]) {
		t.Fatalf("best %v, history %v", best.fit, hist)
	}
	validIndiv(t, p, best)
}

// TestSaturatedDoNotReproduce: while two unsaturated individuals exist,
// only they are chosen as parents, whatever the F of saturated ones.
func TestSaturatedDoNotReproduce(t *testing.T) {
	p := mustCompile(t, synthetic(5, 6, "gamf"))
	g := newGA(p, Config{Generations: 1, Population: 6, Mutation: 0, Alpha: 0.6, Elite: true}, rng.New(1, "gamf-test", "sat"))
	for i, a := range g.pop {
		a.fit = float64(i)
		a.sat = i < 4 // the four best are saturated
	}
	g.sortPop()
	g.step()
	// Slot 0 is the best by F (index 0, saturated); every other slot is a
	// child or copy of individuals 4 and 5 only, so F >= their F... check
	// that no slot but 0 is an unchanged copy of a saturated one.
	if g.pop[0].fit != 0 {
		t.Fatalf("best not kept: %v", g.pop[0].fit)
	}
	for i := 1; i < len(g.pop); i++ {
		if f := g.pop[i].fit; f == 0 || f == 1 || f == 2 || f == 3 {
			t.Fatalf("slot %d copies saturated individual %v", i, f)
		}
	}
}

// TestReplacementCreatesNewIndividuals: the parents are not preserved
// and the population is refilled with new individuals (section 4.4). With
// every individual a copy of one chromosome and no mutation, crossover
// gives copies, so only the refill can bring other chromosomes: slot 0 is
// the kept best, slots 1..n/2 are copies, slots n/2+1.. are new (guided)
// individuals, all valid (reading elite; TestNoElitism has the default).
func TestReplacementCreatesNewIndividuals(t *testing.T) {
	p := mustCompile(t, synthetic(5, 8, "gamf"))
	g := newGA(p, Config{Generations: 1, Population: 10, Mutation: 0, Alpha: 0.6, Elite: true}, rng.New(2, "gamf-test", "repl"))
	for _, a := range g.pop[1:] {
		a.copyFrom(g.pop[0])
	}
	g.sortPop()
	proto := newIndiv(p)
	proto.copyFrom(g.pop[0])
	g.step()
	if len(g.pop) != 10 {
		t.Fatalf("population %d, want 10", len(g.pop))
	}
	same := func(a *indiv) bool { return slices.Equal(a.order, proto.order) && slices.Equal(a.alloc, proto.alloc) }
	fresh := 0
	for i, a := range g.pop {
		validIndiv(t, p, a)
		switch {
		case i <= 5 && !same(a):
			t.Fatalf("slot %d is not a copy of the only parent", i)
		case i > 5 && !same(a):
			fresh++
		}
	}
	if fresh < 3 {
		t.Fatalf("only %d of the 4 refill slots are new individuals", fresh)
	}
}

// TestGuidedUsesFreeNodes: on one cluster of 4 nodes with three 2-task
// jobs, the guided strategy puts the first two jobs of its order on the
// free nodes at 0 and the third on the nodes of the first job predicted to
// end, so the third starts when the shorter of the first two ends (a list
// schedule with no idle node).
func TestGuidedUsesFreeNodes(t *testing.T) {
	s := &model.Scenario{Platform: model.Platform{Clusters: []model.Cluster{{ID: "c", Nodes: 4}}},
		Jobs: []model.Job{{ID: "a", Size: 2, Runtime: 10}, {ID: "b", Size: 2, Runtime: 20}, {ID: "c", Size: 2, Runtime: 5}}}
	p := mustCompile(t, s)
	ops := newOperators(p)
	ev := newEvaluator(p, DefaultAlpha)
	r := rng.New(9, "gamf-test", "guided")
	a := newIndiv(p)
	orders := map[[3]int32]bool{}
	for i := 0; i < 40; i++ {
		ops.guidedIndiv(a, r)
		validIndiv(t, p, a)
		ev.simulate(a, a.order)
		o := a.order
		orders[[3]int32{o[0], o[1], o[2]}] = true
		first := min(ev.end[o[0]], ev.end[o[1]])
		if ev.start[o[0]] != 0 || ev.start[o[1]] != 0 || ev.start[o[2]] != first {
			t.Fatalf("order %v: starts %v", o, ev.start)
		}
	}
	if len(orders) < 4 {
		t.Fatalf("only %d job orders drawn", len(orders))
	}
}

// TestNoElitism: by default the best individual is recorded, not kept
// (section 4.4: "the parents are not preserved"). The best, A, is
// saturated, so it does not reproduce while the others can; the others
// are copies of one chromosome B and there is no mutation, so every child
// is a copy of B. Under the default no slot of the next generation is A
// (slot 0 gets a new individual), and the recorded best is still A; with
// Elite, slot 0 is A.
func TestNoElitism(t *testing.T) {
	p := mustCompile(t, synthetic(5, 8, "gamf"))
	for _, elite := range []bool{false, true} {
		g := newGA(p, Config{Generations: 1, Population: 10, Mutation: 0, Alpha: 0.6, Elite: elite}, rng.New(3, "gamf-test", "elite"))
		a := g.pop[0]
		for _, b := range g.pop[2:] {
			b.copyFrom(g.pop[1])
		}
		if equalGenes(a, g.pop[1]) {
			t.Fatal("A and B are the same chromosome")
		}
		a.fit, a.sat = -1, true // the best, saturated
		g.sortPop()
		g.best.copyFrom(a)
		g.step()
		kept := 0
		for _, x := range g.pop {
			if equalGenes(x, a) {
				kept++
			}
		}
		if want := map[bool]int{false: 0, true: 1}[elite]; kept != want {
			t.Errorf("elite=%v: %d copies of the best in the next generation, want %d", elite, kept, want)
		}
		if g.best.fit != -1 || !equalGenes(g.best, a) {
			t.Errorf("elite=%v: recorded best F %v, want A's -1", elite, g.best.fit)
		}
	}
}

// TestTiesByFlowtime: with Ties, of two individuals of equal F the one
// with the lower flowtime ranks first and becomes the recorded best;
// without, the population order decides.
func TestTiesByFlowtime(t *testing.T) {
	p := mustCompile(t, synthetic(5, 6, "gama"))
	for _, ties := range []bool{false, true} {
		g := newGA(p, Config{Generations: 1, Population: 4, Mutation: 0, Alpha: 1, Ties: ties}, rng.New(4, "gamf-test", "ties"))
		for i, a := range g.pop {
			a.fit, a.flowtime = 10, float64(100-i) // equal F, flowtime falling with the index
		}
		g.sortPop()
		want := 0
		if ties {
			want = 3
		}
		if g.rank[0] != want {
			t.Errorf("ties=%v: rank 0 is individual %d, want %d", ties, g.rank[0], want)
		}
	}
}
