package gamf

import (
	"cmp"
	"context"
	"slices"
	"sort"

	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// Config holds the GA's parameters. Zero values mean Table 2's settings.
type Config struct {
	// Generations is the number of iterations after the initial
	// population (Table 2: 120).
	Generations int
	// Population is the population size (Table 2: 80).
	Population int
	// Mutation is the mutation frequency of Table 2 (50), read as a
	// percentage: each new individual is mutated with probability
	// gamma = Mutation/100 (section 4.4).
	Mutation float64
	// Alpha weighs makespan against flowtime in F (section 4.3; Table 2:
	// 0.6). GA-MA is the same GA with Alpha = 1.
	Alpha float64
	// Random builds the initial population at random instead of the
	// guided, bandwidth-aware way (section 4.2).
	Random bool
	// Pressure is the linear ranking selective pressure s in [1,2]; 0
	// means 2.
	Pressure float64
	// Normalise is the "norm" reading of F (doc.go): makespan and
	// flowtime divided by their means over the initial population.
	Normalise bool
	// MutateOne is the "mutate-one" reading of the node allocation
	// mutation (doc.go): one task of the job moves, not all of them.
	MutateOne bool
	// Elite is the "elite" reading (doc.go): the generation's best is
	// copied into the next generation. False, the default, follows
	// section 4.4, "the parents are not preserved": the best is only
	// recorded (section 4.3), and its slot gets a new individual.
	Elite bool
	// Ties is the "ties" reading (doc.go): of two schedules with the same
	// F, the one with the lower flowtime ranks first. GA-MA (alpha = 1)
	// ranks by makespan alone and many schedules tie on it; by default a
	// tie keeps index order.
	Ties bool
}

// Table 2 defaults.
const (
	DefaultGenerations = 120
	DefaultPopulation  = 80
	DefaultMutation    = 50
	DefaultAlpha       = 0.6
	DefaultPressure    = 2
)

func (c Config) withDefaults() Config {
	c.Generations = cmp.Or(c.Generations, DefaultGenerations)
	c.Population = cmp.Or(c.Population, DefaultPopulation)
	c.Pressure = cmp.Or(c.Pressure, DefaultPressure)
	return c
}

// GenFrame is the payload of a "generation" frame: one GA generation (or
// one HILL step of Population evaluations). Frame.T is the generation
// number.
type GenFrame struct {
	Gen  int     `json:"g"`
	Best float64 `json:"best"` // F of the generation's best individual
	Mean float64 `json:"mean"` // mean F of the generation
	// Makespan and Flowtime of the generation's best individual, s.
	Makespan float64 `json:"mk"`
	Flowtime float64 `json:"ft"`
	// Sat is true when the best individual saturates a link; NSat counts
	// the saturated individuals of the generation.
	Sat  bool `json:"sat,omitempty"`
	NSat int  `json:"nsat"`
	// Link is, per cluster (platform order), the peak of
	// sum_j B_j^k / B^k over the best schedule: above 1 means L_k was
	// saturated (SD^k < 1) at some time.
	Link []float64 `json:"link"`
	// Jobs is the best schedule: one entry per job, in chromosome order.
	Jobs []FrameJob `json:"jobs"`
}

// FrameJob is one job of a frame's schedule.
type FrameJob struct {
	J int     `json:"j"` // index in the scenario's job list
	S float64 `json:"s"` // start, s
	E float64 `json:"e"` // end, s
	// C is the number of tasks in each cluster (t_j^k), platform order.
	C []int `json:"c"`
}

// ga is one GA-MF run (section 4): state between generations, so a caller
// can drive it step by step.
type ga struct {
	p   *problem
	cfg Config
	r   *rng.Rand
	ev  *evaluator
	ops *operators

	pop, next []*indiv
	rank      []int // population indices, best F first
	pool      []int // the ranks allowed to reproduce
	cum       []float64
	best      *indiv // best of all recorded generation bests
	gen       int
}

func newGA(p *problem, cfg Config, r *rng.Rand) *ga {
	cfg = cfg.withDefaults()
	g := &ga{p: p, cfg: cfg, r: r, ev: newEvaluator(p, cfg.Alpha), ops: newOperators(p)}
	g.ops.oneTask = cfg.MutateOne
	g.pop = make([]*indiv, cfg.Population)
	g.next = make([]*indiv, cfg.Population)
	for i := range g.pop {
		g.pop[i], g.next[i] = newIndiv(p), newIndiv(p)
		g.newIndiv(g.pop[i])
	}
	if cfg.Normalise {
		g.ev.normalise(g.pop)
	}
	g.best = newIndiv(p)
	g.rank = make([]int, cfg.Population)
	g.cum = make([]float64, cfg.Population)
	g.sortPop()
	g.best.copyFrom(g.pop[g.rank[0]])
	return g
}

// newIndiv makes and scores a new individual with the strategy of the
// initial population (section 4.2): guided, or random when cfg.Random.
func (g *ga) newIndiv(a *indiv) {
	if g.cfg.Random {
		g.ops.randomIndiv(a, g.r)
	} else {
		g.ops.guidedIndiv(a, g.r)
	}
	g.ev.score(a)
}

// sortPop ranks the population by F, best first; ties keep index order.
func (g *ga) sortPop() {
	for i := range g.rank {
		g.rank[i] = i
	}
	slices.SortFunc(g.rank, func(a, b int) int {
		x, y := g.pop[a], g.pop[b]
		if g.better(x, y) {
			return -1
		}
		if g.better(y, x) {
			return 1
		}
		return a - b
	})
}

// step makes the next generation (section 4.4; doc.go, choices 10-13):
// a new individual (the best individual with Config.Elite), then n/2
// children of pairs chosen by linear ranking, then new individuals made
// as the initial population is.
func (g *ga) step() {
	n := len(g.pop)
	// Saturated individuals are penalised by not reproducing while at
	// least two unsaturated ones can (section 4.3: "avoiding their
	// reproduction"); the pool keeps the F ranking.
	g.pool = g.pool[:0]
	for _, i := range g.rank {
		if !g.pop[i].sat {
			g.pool = append(g.pool, i)
		}
	}
	if len(g.pool) < 2 {
		g.pool = append(g.pool[:0], g.rank...)
	}
	m := len(g.pool)
	linearRanking(g.cum[:m], g.cfg.Pressure)
	if g.cfg.Elite {
		g.next[0].copyFrom(g.pop[g.rank[0]])
	} else {
		g.newIndiv(g.next[0])
	}
	gamma := g.cfg.Mutation / 100
	half := n / 2
	for i := 1; i < n; i++ {
		if i > half {
			// Replacement (section 4.4): "the parents are not preserved
			// ... to keep the number of chromosomes stable, the GA creates
			// new individuals", made as the initial population is.
			g.newIndiv(g.next[i])
			continue
		}
		c := g.next[i]
		a := g.pop[g.pool[pick(g.cum[:m], g.r)]]
		b := g.pop[g.pool[pick(g.cum[:m], g.r)]]
		same := true // c is a copy of a, already scored
		// Identical parents (copies of one individual) give a copy.
		if b != a && !equalGenes(a, b) {
			g.ops.crossover(c, a, b, g.r)
			same = false
		}
		if same {
			c.copyFrom(a)
		}
		if g.r.Float64() < gamma {
			g.ops.mutate(c, g.r)
			same = false
		}
		if !same {
			g.ev.score(c)
		}
	}
	g.pop, g.next = g.next, g.pop
	g.gen++
	g.sortPop()
	if g.better(g.pop[g.rank[0]], g.best) {
		g.best.copyFrom(g.pop[g.rank[0]])
	}
}

// better is the GA's ranking: lower F, and with Config.Ties lower
// flowtime among equal F.
func (g *ga) better(a, b *indiv) bool {
	if g.cfg.Ties && a.fit == b.fit {
		return a.flowtime < b.flowtime
	}
	return better(a, b)
}

// equalGenes reports whether a and b are the same chromosome.
func equalGenes(a, b *indiv) bool {
	return slices.Equal(a.order, b.order) && slices.Equal(a.alloc, b.alloc)
}

// linearRanking fills cum with the cumulative selection probabilities of
// ranks 0 (best) .. m-1 under standard linear ranking with pressure s:
// p_i = (s - (2s-2) i/(m-1)) / m.
func linearRanking(cum []float64, s float64) {
	m := len(cum)
	acc := 0.0
	for i := range cum {
		w := 1.0
		if m > 1 {
			w = s - (2*s-2)*float64(i)/float64(m-1)
		}
		acc += w / float64(m)
		cum[i] = acc
	}
}

// pick draws a rank from the cumulative probabilities.
func pick(cum []float64, r *rng.Rand) int {
	x := r.Float64() * cum[len(cum)-1]
	return min(sort.SearchFloat64s(cum, x), len(cum)-1)
}

// frame describes the current generation.
func (g *ga) frame() GenFrame {
	sum, nsat := 0.0, 0
	for _, a := range g.pop {
		sum += a.fit
		if a.sat {
			nsat++
		}
	}
	b := g.pop[g.rank[0]]
	f := scheduleFrame(g.p, g.ev, b)
	f.Gen, f.Mean, f.NSat = g.gen, sum/float64(len(g.pop)), nsat
	return f
}

// scheduleFrame decodes a and describes its schedule.
func scheduleFrame(p *problem, ev *evaluator, a *indiv) GenFrame {
	ev.simulate(a, a.order)
	f := GenFrame{Best: a.fit, Makespan: a.makespan, Flowtime: a.flowtime, Sat: a.sat}
	f.Link = append([]float64(nil), ev.peak...)
	f.Jobs = make([]FrameJob, 0, len(a.order))
	for _, j := range a.order {
		c := make([]int, p.nclu)
		for _, r := range a.alloc[p.off[j]:p.off[j+1]] {
			c[p.cluOf[r]]++
		}
		f.Jobs = append(f.Jobs, FrameJob{J: p.src[j], S: ev.start[j], E: ev.end[j], C: c})
	}
	return f
}

// runGA runs the GA to the end, emitting one "generation" frame per
// generation (the initial population is generation 0). onGen, when set,
// sees the best F so far after each generation. The result is the best of
// all generation bests (section 4.3).
func runGA(ctx context.Context, p *problem, cfg Config, r *rng.Rand, rec sched.Recorder, onGen func(gen int, best *indiv)) (*indiv, error) {
	g := newGA(p, cfg, r)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if rec != nil {
			if err := sched.Emit(rec, sched.Frame{Kind: "generation", T: float64(g.gen), Data: g.frame()}); err != nil {
				return nil, err
			}
		}
		if onGen != nil {
			onGen(g.gen, g.best)
		}
		if g.gen >= g.cfg.Generations {
			break
		}
		g.step()
	}
	return g.best, nil
}
