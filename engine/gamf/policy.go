package gamf

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// method names a scheduling method of the paper's comparison (section 5).
type method int

const (
	mGAMF method = iota
	mGAMA
	mHill
	mJPR
	mCBS
	mMETL
)

type policy struct {
	m    method
	info sched.Info
}

func (p *policy) Info() sched.Info { return p.info }

var (
	pGenerations = sched.Param{Name: "generations", Default: DefaultGenerations, Min: 0, Max: model.MaxGenerations, Doc: "GA iterations after the initial population (GA-MF Table 2: 120)"}
	pPopulation  = sched.Param{Name: "population", Default: DefaultPopulation, Min: 2, Max: 1000, Doc: "population size (GA-MF Table 2: 80)"}
	pMutation    = sched.Param{Name: "mutation", Default: DefaultMutation, Min: 0, Max: 100, Doc: "mutation frequency, percent of new individuals mutated (GA-MF Table 2: 50, section 4.4 gamma)"}
	pAlpha       = sched.Param{Name: "alpha", Default: DefaultAlpha, Min: 0, Max: 1, Doc: "weight of makespan in F = alpha*makespan + (1-alpha)*flowtime (GA-MF section 4.3; Table 2: 0.6)"}
	pGuided      = sched.Param{Name: "guided", Default: 1, Min: 0, Max: 1, Doc: "1: guided bandwidth-aware initial population, 0: random (GA-MF section 4.2)"}
	pPressure    = sched.Param{Name: "pressure", Default: DefaultPressure, Min: 1, Max: 2, Doc: "linear ranking selective pressure s (GA-MF section 4.4; the paper gives none)"}
	pEvals       = sched.Param{Name: "evaluations", Default: DefaultGenerations * DefaultPopulation, Min: 1, Max: 1e7, Doc: "most neighbours HILL tries (default: the GA's 120 x 80 evaluations)"}
	pPatience    = sched.Param{Name: "patience", Default: 1000, Min: 1, Max: 1e6, Doc: "HILL stops after this many neighbours in a row that are no better (GA-MF section 5)"}

	// Readings of the paper (doc.go, "Readings"): 0 is the default.
	pCS        = sched.Param{Name: "cs", Default: 0, Min: 0, Max: 1, Integer: true, Doc: "CS_j = max CS_j^k over 0: every cluster that holds a task of the job (GA-MF section 3.1, the equation's index set), 1: only the links its traffic uses, B_j^k > 0 (reading cs-used)"}
	pMutateOne = sched.Param{Name: "mutate_one", Default: 0, Min: 0, Max: 1, Integer: true, Doc: "node allocation mutation moves 0: every task of the chosen job (GA-MF section 4.4: \"The tasks for the previously selected job can be re-allocated\"), 1: one task (reading mutate-one)"}
	pNormalise = sched.Param{Name: "normalise", Default: 0, Min: 0, Max: 1, Integer: true, Doc: "F = alpha makespan + (1-alpha) flowtime in 0: seconds, as section 4.3 writes it, 1: each term divided by its mean over the initial population (reading norm)"}
	pElite     = sched.Param{Name: "elite", Default: 0, Min: 0, Max: 1, Integer: true, Doc: "0: the best individual is only recorded and every slot of the next generation is a child or a new individual (GA-MF section 4.4: \"the parents are not preserved\"), 1: the best is copied into the next generation (elitism, reading elite)"}
	pTies      = sched.Param{Name: "ties", Default: 0, Min: 0, Max: 1, Integer: true, Doc: "GA-MA ranks schedules of equal makespan 0: in population order (the paper ranks by makespan alone), 1: by flowtime (reading ties)"}
	pRelLoss   = sched.Param{Name: "relative_loss", Default: 0, Min: 0, Max: 1, Integer: true, Doc: "METL's loss is 0: the delay T^e - Tb_j (GA-MF section 5: \"minimizes the delay in the execution time\"), 1: the relative slowdown T^e/Tb_j (reading rel-loss)"}
)

func init() {
	gaParams := []sched.Param{pGenerations, pPopulation, pMutation, pGuided, pPressure, pCS, pMutateOne, pElite}
	sched.Register(&policy{m: mGAMF, info: sched.Info{Name: "gamf", Paper: "003", System: "GA-MF",
		Summary: "GA-MF: multi-criteria GA on job order and task-node allocation, F = alpha makespan + (1-alpha) flowtime, bandwidth-aware (GA-MF sections 3-4)",
		Params:  append([]sched.Param{pAlpha}, append(gaParams, pNormalise)...)}})
	sched.Register(&policy{m: mGAMA, info: sched.Info{Name: "gama", Paper: "003", System: "GA-MF",
		Summary: "GA-MA: the same GA minimising makespan only (alpha = 1; Gabaldon et al. 2013, GA-MF section 5)",
		Params:  append(gaParams[:len(gaParams):len(gaParams)], pTies)}})
	sched.Register(&policy{m: mHill, info: sched.Info{Name: "hill", Paper: "003", System: "GA-MF",
		Summary: "HILL: hill climbing from a random solution with the GA's mutation as the neighbourhood (GA-MF section 5)",
		Params:  []sched.Param{pAlpha, pEvals, pPatience, pGuided, pCS, pMutateOne, pNormalise}}})
	sched.Register(&policy{m: mJPR, info: sched.Info{Name: "jpr", Paper: "003", System: "GA-MF",
		Summary: "JPR: jobs in queue order on the most powerful free nodes (Naik et al. 2005, GA-MF section 5)",
		Params:  []sched.Param{pCS}}})
	sched.Register(&policy{m: mCBS, info: sched.Info{Name: "cbs", Paper: "003", System: "GA-MF",
		Summary: "CBS: jobs in queue order, a 75% chunk on one cluster, the rest in small chunks (Jones et al. 2005, GA-MF section 5)",
		Params:  []sched.Param{pCS}}})
	sched.Register(&policy{m: mMETL, info: sched.Info{Name: "metl", Paper: "003", System: "GA-MF",
		Summary: "METL: at each step the job losing the least execution time, saturation-aware (Blanco et al. 2012, GA-MF section 5)",
		Params:  []sched.Param{pCS, pRelLoss}}})
}

// gaConfig reads the GA parameters of s.
func gaConfig(s *model.Scenario, alpha bool) (Config, error) {
	var c Config
	var err error
	get := func(def sched.Param, integral bool) float64 {
		if err != nil {
			return 0
		}
		var v float64
		v, err = sched.ParamValue(s.Policy, def, integral)
		return v
	}
	c.Generations = int(get(pGenerations, true))
	c.Population = int(get(pPopulation, true))
	c.Mutation = get(pMutation, false)
	c.Random = get(pGuided, true) == 0
	c.Pressure = get(pPressure, false)
	c.MutateOne = get(pMutateOne, true) == 1
	c.Elite = get(pElite, true) == 1
	c.Alpha = 1
	if alpha {
		c.Normalise = get(pNormalise, true) == 1
		c.Alpha = get(pAlpha, false)
	} else {
		c.Ties = get(pTies, true) == 1
	}
	if c.Generations == 0 { // 0 means only the initial population
		c.Generations = -1
	}
	return c, err
}

// compileFor compiles s under the model reading its parameters choose
// (param "cs").
func compileFor(s *model.Scenario) (*problem, error) {
	p, err := compile(s)
	if err != nil {
		return nil, err
	}
	cs, err := sched.ParamValue(s.Policy, pCS, true)
	if err != nil {
		return nil, err
	}
	p.csUsed = cs == 1
	return p, nil
}

// setup is a scenario compiled for one method, with the method's
// parameters read.
type setup struct {
	p     *problem
	alpha float64
	ga    Config     // gamf, gama
	hill  HillConfig // hill
	rel   bool       // metl: the relative loss
}

// prepare compiles s and reads the method's parameters, or returns what
// the policy refuses in them: Check and Run both start here. A package
// with no job to schedule (every one dropped) needs no parameters.
func (pl *policy) prepare(s *model.Scenario) (*setup, error) {
	p, err := compileFor(s)
	if err != nil {
		return nil, err
	}
	st := &setup{p: p, alpha: DefaultAlpha}
	if p.n == 0 {
		return st, nil
	}
	switch pl.m {
	case mGAMF, mGAMA:
		cfg, err := gaConfig(s, pl.m == mGAMF)
		if err != nil {
			return nil, err
		}
		if genes := 2 * cfg.Population * (p.off[p.n] + p.n); genes > MaxGenes {
			return nil, model.Errf("policy.params.population", fmt.Sprintf("two populations of %d individuals of %d genes exceed %d genes; use a smaller population or package", cfg.Population, p.off[p.n]+p.n, MaxGenes))
		}
		st.ga, st.alpha = cfg, cfg.Alpha
	case mHill:
		var hc HillConfig
		var vs [6]float64
		for i, d := range []sched.Param{pAlpha, pEvals, pPatience, pGuided, pMutateOne, pNormalise} {
			if vs[i], err = sched.ParamValue(s.Policy, d, i > 0); err != nil {
				return nil, err
			}
		}
		hc.Alpha, hc.Evaluations, hc.Patience, hc.Random = vs[0], int(vs[1]), int(vs[2]), vs[3] == 0
		hc.MutateOne, hc.Normalise = vs[4] == 1, vs[5] == 1
		st.hill, st.alpha = hc, hc.Alpha
	case mMETL:
		rel, err := sched.ParamValue(s.Policy, pRelLoss, true)
		if err != nil {
			return nil, err
		}
		st.rel = rel == 1
	}
	return st, nil
}

// Check is what Run refuses before it schedules (sched.Policy).
func (pl *policy) Check(s *model.Scenario) error {
	_, err := pl.prepare(s)
	return err
}

// Run schedules the scenario's jobs as one package.
func (pl *policy) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	st, err := pl.prepare(s)
	if err != nil {
		return nil, err
	}
	p, alpha := st.p, st.alpha
	res := &sched.Result{Policy: pl.info.Name, Metrics: map[string]float64{}, Dropped: p.dropped}
	if p.n == 0 {
		res.Schedule = []sched.Placement{}
		return res, nil
	}
	r := rng.New(s.Seed, "gamf", pl.info.Name)
	var best *indiv
	var why []string // the greedy methods' reasons
	switch pl.m {
	case mGAMF, mGAMA:
		best, err = runGA(ctx, p, st.ga, r, rec, nil)
		if err != nil {
			return nil, err
		}
		res.Metrics["fitness"] = best.fit
	case mHill:
		best, err = runHill(ctx, p, st.hill, r, rec)
		if err != nil {
			return nil, err
		}
		res.Metrics["fitness"] = best.fit
	case mJPR:
		best, why, err = runJPR(ctx, p, newEvaluator(p, alpha))
	case mCBS:
		best, why, err = runCBS(ctx, p, newEvaluator(p, alpha))
	case mMETL:
		best, why, err = runMETL(ctx, p, newEvaluator(p, alpha), st.rel)
	}
	if err != nil {
		return nil, err
	}
	ev := newEvaluator(p, alpha)
	ev.track = true
	ev.score(best)
	if why == nil {
		why = searchWhy(p, ev, best, pl.searchName(s))
	}
	res.Schedule = placements(p, ev, best, why)
	res.Metrics["makespan"] = best.makespan
	res.Metrics["flowtime"] = best.flowtime
	peak := 0.0
	for _, v := range ev.peak {
		peak = math.Max(peak, v)
	}
	res.Metrics["link_peak"] = peak
	res.Metrics["saturated_time"] = ev.satTime
	return res, nil
}

// searchName names a search's result for Placement.Why.
func (pl *policy) searchName(s *model.Scenario) string {
	switch pl.m {
	case mGAMF:
		return "GA-MF's best schedule"
	case mGAMA:
		return "GA-MA's best schedule (makespan only)"
	}
	return "HILL's final schedule"
}

// placements turns a decoded individual into the schedule, in the
// scenario's job order, with each job's reason. Node numbers in Alloc
// are per cluster, from 0.
func placements(p *problem, ev *evaluator, a *indiv, why []string) []sched.Placement {
	out := make([]sched.Placement, 0, p.n)
	for j := 0; j < p.n; j++ {
		g := append([]int32(nil), a.alloc[p.off[j]:p.off[j+1]]...)
		sort.Slice(g, func(x, y int) bool { return g[x] < g[y] })
		var al []sched.Alloc
		var ids []string
		for _, r := range g {
			k := int(p.cluOf[r])
			if len(al) == 0 || al[len(al)-1].Cluster != p.cluIDs[k] {
				al = append(al, sched.Alloc{Cluster: p.cluIDs[k]})
				ids = append(ids, p.cluIDs[k])
			}
			al[len(al)-1].Nodes = append(al[len(al)-1].Nodes, int(r)-p.first[k])
		}
		out = append(out, sched.Placement{Job: p.ids[j], Cluster: strings.Join(ids, "+"),
			Start: ev.start[j], End: ev.end[j], Nodes: len(g), Alloc: al, Why: why[j]})
	}
	return out
}
