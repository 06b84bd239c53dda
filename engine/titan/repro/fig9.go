// Package repro reproduces TITAN's Figs. 7-10 (sections 4.2 and 5): the
// experiment titan-fig9, which runs the policies and the GA of
// engine/titan on its section 5 workload (titan.Fig9Scenario), as
// independent points (see points) whose rows Merge reads for the notes,
// the claims' verdicts and the robustness summary. The titan package
// doc, "Tuned and untuned", describes its readings.
package repro

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/sched/verdict"
	"gridplay/engine/titan"
)

func init() { sched.RegisterExperiment(verdict.Seeds(fig9{})) }

// reading is one way of setting up titan-fig9. The default reading uses
// the tuned Fig. 6 curves (Codes) and GA rates (DefaultConfig); the
// others replace the curves by TextbookCodes, the rates by
// LiteratureRates, or both.
type reading struct {
	name     string // "" for the default; rows under it are "policy@name"
	textbook bool   // TextbookCodes instead of Codes
	litRates bool   // LiteratureRates instead of the tuned rates
	// whole: every part of the experiment; otherwise only the Fig. 9
	// runs of the policies listed (an attribution of the difference).
	whole    bool
	policies []string
}

var fig9Policies = []string{"titan-fcfs", "titan-ds", "titan-dsnl", "titan"}

var readings = []reading{
	{name: "", whole: true, policies: fig9Policies},
	{name: "untuned", textbook: true, litRates: true, whole: true, policies: fig9Policies},
	{name: "untuned-curves", textbook: true, policies: fig9Policies},
	{name: "untuned-rates", litRates: true, policies: []string{"titan"}},
}

func (rd reading) sfx() string {
	if rd.name == "" {
		return ""
	}
	return "@" + rd.name
}

// scenario is the Fig. 9 workload under rd: with TextbookCodes the jobs
// carry their curve as points for 1..16 hosts (the same values the
// Textbook model gives), drawn with the same codes and priorities.
func (rd reading) scenario(seed uint64) *model.Scenario {
	s := titan.Fig9Scenario(seed)
	if rd.textbook {
		nodes := s.Platform.Clusters[0].Nodes
		for i := range s.Jobs {
			tb := titan.TextbookCodes[s.Jobs[i].App.Code]
			pts := make([]model.Point, nodes)
			for n := 1; n <= nodes; n++ {
				pts[n-1] = model.Point{N: n, T: tb.Time(n)}
			}
			s.Jobs[i].App = &model.App{Points: pts}
		}
		s.Name += " (textbook curves)"
	}
	return s
}

// config is the GA configuration of a test-mode run (Figs. 7-8) under rd.
func (rd reading) config(pop int, w titan.Weights, n, m int) titan.Config {
	c := titan.Config{}
	if rd.litRates {
		c = titan.LiteratureRates(n, m)
	}
	c.Population, c.Weights = pop, w
	return c
}

// problem is the workload under rd as a GA problem at time 0 ("test"
// mode of section 4.2: tasks are not moved into the executing state).
func (rd reading) problem(seed uint64) titan.Problem {
	s := rd.scenario(seed)
	p := titan.Problem{Release: make([]float64, s.Platform.Clusters[0].Nodes)}
	for _, j := range s.Jobs {
		t, _ := titan.TaskFromJob(j)
		p.Tasks = append(p.Tasks, t)
	}
	return p
}

// fig9Settings are the GA lengths of a run.
type fig9Settings struct {
	gens, round float64 // generations before the first start, per later round
	conv, every int     // Figs. 7-8: generations, sampled every
	runs        int     // Fig. 7 runs per population
	seeds       int     // robustness: more workloads
}

func settings(opt sched.ExperimentOptions) fig9Settings {
	if opt.Quick {
		return fig9Settings{gens: 200, round: 20, conv: 200, every: 20, runs: 1, seeds: 0}
	}
	return fig9Settings{gens: 1000, round: 100, conv: 2000, every: 50, runs: 5, seeds: 4}
}

// point is one independent run of the experiment.
type point struct {
	kind   string // "policy", "pop", "fig8", "offline", "seed"
	rd     reading
	policy string // policy and offline
	pop    int    // pop
	k      uint64 // seed: the workload is seed+k
}

// cost estimates the GA evaluations of the point (population x
// generations), for the order its points are fanned out in
// (sched.PointInfo.Cost). A policy run plans with gens generations, then
// round more at each re-planning, counted here as one per task; the
// list policies cost about a task each.
func (p point) cost(st fig9Settings) float64 {
	const tasks, pop = 32, 40
	ga := pop * (st.gens + tasks*st.round)
	switch {
	case p.kind == "pop":
		return float64(p.pop * st.conv * st.runs)
	case p.kind == "fig8":
		return float64(pop * st.conv)
	case p.kind == "seed":
		return ga + tasks
	case p.policy == "titan":
		return ga
	}
	return tasks
}

func (p point) label() string {
	switch p.kind {
	case "policy":
		return "Fig. 9 " + p.policy + p.rd.sfx()
	case "pop":
		return fmt.Sprintf("Fig. 7 population %d%s", p.pop, p.rd.sfx())
	case "fig8":
		return "Fig. 8" + p.rd.sfx()
	case "offline":
		return "Fig. 10 " + p.policy + p.rd.sfx()
	}
	return fmt.Sprintf("workload seed+%d%s", p.k, p.rd.sfx())
}

// points lists the plan: per reading, the Fig. 9 policy runs, then (for
// the readings run whole) Fig. 7's populations, Fig. 8, Fig. 10's two
// runs and the robustness workloads. The default reading comes first,
// in the order of the rows before the experiment was split into points.
func points(opt sched.ExperimentOptions) []point {
	st := settings(opt)
	var ps []point
	for _, rd := range readings {
		for _, pol := range rd.policies {
			ps = append(ps, point{kind: "policy", rd: rd, policy: pol})
		}
		if !rd.whole {
			continue
		}
		for _, pop := range []int{20, 40, 60} {
			ps = append(ps, point{kind: "pop", rd: rd, pop: pop})
		}
		ps = append(ps, point{kind: "fig8", rd: rd})
		for _, pol := range []string{"titan-dsnl", "titan"} {
			ps = append(ps, point{kind: "offline", rd: rd, policy: pol})
		}
		for k := 1; k <= st.seeds; k++ {
			ps = append(ps, point{kind: "seed", rd: rd, k: uint64(k)})
		}
	}
	return ps
}

type fig9 struct{}

var _ sched.Experiment = fig9{}

func (fig9) Info() sched.ExperimentInfo {
	return sched.ExperimentInfo{Name: "titan-fig9", Paper: "002",
		Distance: "The paper gives neither its PACE performance curves nor the GA's crossover and mutation rates for Fig. 9. " +
			"The tuned set's curves and rates were chosen on this workload toward the paper's outcome, so its agreement is " +
			"partly fitted; the untuned set (textbook Amdahl curves and the literature's rates, fixed before any run) is the " +
			"honest comparison, and its gap between the GA and DS-NL is smaller than the paper's about 20%. " +
			"The workload itself (32 tasks, deadlines, priorities) is ours: the paper describes it only in outline.",
		Summary: "TITAN Figs. 7-10: tasks completed over time, makespan and average advance time (eq. 16) for FC-FS, DS, DS-NL and the GA; GA convergence for populations 20, 40 and 60; weights changed on the fly (Fig. 8); 4 of 16 hosts going offline at 60 s. Under the tuned Fig. 6 curves and GA rates, and untuned (textbook curves, GA rates from the literature).",
		Setup: "32 tasks drawn uniformly from the five Fig. 6 codes, all submitted at 0 to 16 nodes; deadlines 5 + (j mod 7) minutes; priorities uniform 1-5. " +
			"TUNED: the default Fig. 6 curves (titan.Codes: optima at 16, 16, 7, 13 and 4 hosts, one-host times 1-5 minutes) and GA rates (crossover 0.8, swap 0.2, toggle 0.5 per child) were chosen by trying them on this workload, toward the paper's outcome (FC-FS and DS minutes late, the GA ahead of DS-NL); the paper gives neither. " +
			"Rows @untuned use TextbookCodes (Amdahl's law with a communication term: T1 = 300 s, serial fraction 0.05, 3 s per communication step of each code's textbook pattern; fixed before any run) and LiteratureRates (De Jong 1975: crossover 0.6, mutation 0.001 per gene, i.e. 0.032 swaps and 0.512 toggles per child here); @untuned-curves and @untuned-rates change one of the two (Fig. 9 runs only). " +
			"Policies run in execution mode: re-planning at every arrival, start and host change. " +
			"GA: population 40, 1000 generations before the first start, 100 per later round, eq. 10 weights W^m = 1, W^i = 0, W^c = 1 (the paper gives no values and neglects W^i), elitism 1. " +
			"Convergence (Fig. 7): test mode at time 0, weights makespan only, best makespan every 50 generations to 2000, mean of 5 runs per population. " +
			"Fig. 8: population 40, makespan only, deadline weight switched on at generation 1000; makespan, deadline penalty (eq. 9) and cost of the best. " +
			"Dynamic (Fig. 10): hosts 12-15 go offline at 60 s, DS-NL and GA, queue makespan per round. Robustness: GA/DS-NL makespan ratio on four more workloads (seeds seed+1..seed+4). " +
			"Quick: 200/20 generations, convergence to 200 sampled every 20, one run per population, no robustness runs. " +
			"Claims: every statement is evaluated under the reading sets tuned (the default) and untuned, a table per set, from the rows; \"about 20%\" holds within a quarter of 20% (15-25%), \"minimal\" within 5% (engine/sched/verdict), each by its 95% confidence interval over at least 5 seeds (-seeds 5: the seed draws the workload and drives the GA), except the advance-time bound, a level decided on one run."}
}

func (fig9) Plan(opt sched.ExperimentOptions) ([]sched.PointInfo, error) {
	ps := points(opt)
	out := make([]sched.PointInfo, len(ps))
	st := settings(opt)
	for k, p := range ps {
		out[k] = sched.PointInfo{Index: k, Label: p.label(), Cost: p.cost(st)}
	}
	return out, nil
}

func (fig9) DecodePoint(opt sched.ExperimentOptions, k int, b []byte) (sched.Report, error) {
	return sched.DecodeTablePoint(k, len(points(opt)), b)
}

func (fig9) Point(ctx context.Context, opt sched.ExperimentOptions, k int, _ sched.Recorder) (sched.Report, error) {
	ps := points(opt)
	if k < 0 || k >= len(ps) {
		return nil, sched.PointRangeError(k, len(ps))
	}
	p := ps[k]
	tab := &sched.Table{Experiment: "titan-fig9", Rows: []sched.Row{}}
	var err error
	switch p.kind {
	case "policy":
		err = policyPoint(ctx, opt, p, tab)
	case "pop":
		err = popPoint(ctx, opt, p, tab)
	case "fig8":
		err = fig8Point(ctx, opt, p, tab)
	case "offline":
		err = offlinePoint(ctx, opt, p, tab)
	case "seed":
		err = seedPoint(ctx, opt, p, tab)
	}
	if err != nil {
		return nil, err
	}
	return tab, nil
}

// run runs one policy on the workload of seed under rd.
func run(ctx context.Context, opt sched.ExperimentOptions, rd reading, seed uint64, policy string, events []model.Event) (*sched.Result, error) {
	st := settings(opt)
	s := rd.scenario(seed)
	s.Policy.Name = policy
	s.Events = events
	if policy == "titan" {
		s.Policy.Params = map[string]float64{"generations": st.gens, "round_generations": st.round}
		if rd.litRates {
			c := titan.LiteratureRates(len(s.Jobs), s.Platform.Clusters[0].Nodes)
			s.Policy.Params["crossover"] = c.CrossoverRate
			s.Policy.Params["mutation"] = c.MutationRate
			s.Policy.Params["map_mutation"] = c.MapMutationRate
		}
	}
	return runner.Run(ctx, s, nil)
}

// policyPoint: Fig. 9, one policy. The GA's point also runs DS-NL (it is
// deterministic and takes milliseconds) for the makespan ratio.
func policyPoint(ctx context.Context, opt sched.ExperimentOptions, p point, tab *sched.Table) error {
	seed := opt.FirstSeed()
	r, err := run(ctx, opt, p.rd, seed, p.policy, nil)
	if err != nil {
		return err
	}
	name := p.policy + p.rd.sfx()
	for _, xy := range r.Series["completed"] { // Fig. 9
		tab.Add(ftoa(xy.X), name, "completed", xy.Y)
	}
	for _, m := range []string{"makespan", "advance", "over_deadline", "late"} {
		tab.Add("all", name, m, r.Metrics[m])
	}
	if p.policy == "titan" {
		d, err := run(ctx, opt, p.rd, seed, "titan-dsnl", nil)
		if err != nil {
			return err
		}
		tab.Add("all", name, "makespan_vs_dsnl", r.Metrics["makespan"]/d.Metrics["makespan"])
	}
	return nil
}

// popPoint: Fig. 7, convergence of one population size in test mode
// (time 0, nothing executes) on makespan alone: the deadlines enter only
// in the paper's next experiment (Fig. 8). Mean of st.runs runs.
func popPoint(ctx context.Context, opt sched.ExperimentOptions, p point, tab *sched.Table) error {
	st, seed := settings(opt), opt.FirstSeed()
	prob := p.rd.problem(seed)
	sum := make([]float64, st.conv/st.every+1)
	for k := 0; k < st.runs; k++ {
		g, err := titan.New(p.rd.config(p.pop, titan.Weights{Makespan: 1}, len(prob.Tasks), len(prob.Release)), prob, nil,
			rng.New(seed, "titan", "fig7", strconv.Itoa(p.pop), strconv.Itoa(k)))
		if err != nil {
			return err
		}
		for i := 0; i <= st.conv; i++ {
			if i > 0 {
				g.Step()
			}
			if i%st.every == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
				_, tm, _ := g.Best()
				sum[i/st.every] += tm.Makespan
			}
		}
	}
	name := fmt.Sprintf("titan-pop%d%s", p.pop, p.rd.sfx())
	for i, v := range sum {
		tab.Add(strconv.Itoa(i*st.every), name, "makespan", v/float64(st.runs))
	}
	return nil
}

// fig8Point: weights changed on the fly. Makespan only, then at half time
// the deadline weight is switched on (the paper introduces synthetic
// deadlines at about generation 1000 of 2000); ω, θ and the eq. 10 cost
// of the best schedule so far.
func fig8Point(ctx context.Context, opt sched.ExperimentOptions, p point, tab *sched.Table) error {
	st, seed := settings(opt), opt.FirstSeed()
	prob := p.rd.problem(seed)
	g, err := titan.New(p.rd.config(40, titan.Weights{Makespan: 1}, len(prob.Tasks), len(prob.Release)), prob, nil, rng.New(seed, "titan", "fig8"))
	if err != nil {
		return err
	}
	name := "titan-fig8" + p.rd.sfx()
	for i := 0; i <= st.conv; i++ {
		if i == st.conv/2 {
			if err := g.SetWeights(titan.Weights{Makespan: 1, Deadline: 1}); err != nil {
				return err
			}
		}
		if i > 0 {
			g.Step()
		}
		if i%st.every == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			_, tm, c := g.Best()
			x := strconv.Itoa(i)
			tab.Add(x, name, "makespan", tm.Makespan)
			tab.Add(x, name, "deadline", tm.Deadline)
			tab.Add(x, name, "cost", c)
		}
	}
	return nil
}

// offlineEvent is Fig. 10's: 4 of the 16 hosts go offline after 60 s.
var offlineEvent = []model.Event{{At: 60, Kind: "offline", Cluster: "c0", Nodes: []int{12, 13, 14, 15}}}

func offlinePoint(ctx context.Context, opt sched.ExperimentOptions, p point, tab *sched.Table) error {
	r, err := run(ctx, opt, p.rd, opt.FirstSeed(), p.policy, offlineEvent)
	if err != nil {
		return err
	}
	name := p.policy + "-offline4" + p.rd.sfx()
	for _, xy := range r.Series["makespan"] {
		tab.Add(ftoa(xy.X), name, "queue_makespan", xy.Y)
	}
	tab.Add("all", name, "makespan", r.Metrics["makespan"])
	tab.Add("all", name, "advance", r.Metrics["advance"])
	return nil
}

// seedPoint: the GA/DS-NL makespan ratio on another workload.
func seedPoint(ctx context.Context, opt sched.ExperimentOptions, p point, tab *sched.Table) error {
	seed := opt.FirstSeed() + p.k
	var ms [2]float64
	for i, pol := range []string{"titan-dsnl", "titan"} {
		r, err := run(ctx, opt, p.rd, seed, pol, nil)
		if err != nil {
			return err
		}
		ms[i] = r.Metrics["makespan"]
	}
	tab.Add(fmt.Sprintf("seed %d", seed), "titan"+p.rd.sfx(), "makespan_vs_dsnl", ms[1]/ms[0])
	return nil
}

func (fig9) Merge(opt sched.ExperimentOptions, parts []sched.Report) (sched.Report, error) {
	tab, err := sched.ConcatTables("titan-fig9", len(points(opt)), parts)
	if err != nil {
		return nil, err
	}
	st, seed := settings(opt), opt.FirstSeed()
	tab.Paper = []sched.Row{
		{Experiment: "titan-fig9", X: "all", Policy: "titan", Metric: "makespan_vs_dsnl", Value: 0.8},
		{Experiment: "titan-fig9", X: "all", Policy: "titan-fcfs", Metric: "advance", Value: -120},
		{Experiment: "titan-fig9", X: "all", Policy: "titan-ds", Metric: "advance", Value: -120},
	}
	tab.Notes = append(tab.Notes,
		"Paper rows: GA makespan about 20% below DS-NL (ratio 0.8); FC-FS and DS miss their deadlines by over two minutes on average (advance below -120 s, a bound, not a value). The paper gives Fig. 9 and its advance-time table only as a figure and an unrendered table; its 100 generations/s at population 40 on an 800 MHz Pentium III is a speed, measured here by BenchmarkTITANGeneration, not by this experiment.",
		"Default rows use Fig. 6 curves and GA rates tuned toward the paper's outcome; rows @untuned use textbook curves and GA rates from the literature (see the setup).")
	m := merged{tab: tab}
	for _, rd := range readings {
		m.readingNotes(rd, st, seed)
	}
	verdict.Evaluate(tab, sets, m.tests(st))
	if opt.Quick {
		tab.Notes = append(tab.Notes, "Quick run: GA 200 generations before the first start and 20 per round; convergence to 200 generations, sampled every 20, one run per population; no robustness runs.")
	}
	return tab, nil
}

// merged computes the notes, claims and summary of a merged table from
// its rows alone.
type merged struct{ tab *sched.Table }

func (m merged) get(x, policy, metric string) float64 {
	v, ok := sched.Find(m.tab.Rows, x, policy, metric)
	if !ok {
		return math.NaN()
	}
	return v
}

// sets are the reading sets the claims are evaluated under: the readings
// run whole, the tuned default and untuned (issue 37 item 4). The two
// attributions, untuned-curves and untuned-rates, run Fig. 9 only and
// stay notes.
var sets = []string{"tuned", "untuned"}

// reading of set: "tuned" is the default reading "".
func readingOf(set string) string {
	if set == "tuned" {
		return ""
	}
	return set
}

// tests are the statements of sections 4.2 and 5, each measured on the
// rows under a reading set (engine/sched/verdict decides them).
func (m merged) tests(st fig9Settings) []verdict.Test {
	sfx := func(set string) string { return reading{name: readingOf(set)}.sfx() }
	mk := func(set, p string) float64 { return m.get("all", p+sfx(set), "makespan") }
	adv := func(set, p string) float64 { return m.get("all", p+sfx(set), "advance") }
	gain := func(set string) []float64 {
		return []float64{100 * (1 - m.get("all", "titan"+sfx(set), "makespan_vs_dsnl"))}
	}
	final := func(set string, pop int) float64 {
		return m.get(strconv.Itoa(st.conv), fmt.Sprintf("titan-pop%d%s", pop, sfx(set)), "makespan")
	}
	sw := strconv.Itoa(st.conv / 2)
	f8 := func(set, metric string) float64 { return m.get(sw, "titan-fig8"+sfx(set), metric) }
	hits := func(set string) (db, da, gb, ga float64) {
		db, da = m.jump("titan-dsnl-offline4"+sfx(set), 60)
		gb, ga = m.jump("titan-offline4"+sfx(set), 60)
		return
	}
	return []verdict.Test{
		{Claim: "FC-FS and DS give the worst makespan (section 5.1)", Paper: "worst (ours: the smallest excess of FC-FS or DS over DS-NL or the GA, %)",
			Rule: verdict.Above, Format: "%.1f%%",
			Measure: func(set string) []float64 {
				worst, best := math.Min(mk(set, "titan-fcfs"), mk(set, "titan-ds")), math.Max(mk(set, "titan-dsnl"), mk(set, "titan"))
				return []float64{100 * (worst - best) / best}
			}},
		{Claim: "Node limitation drops the makespan below DS and FC-FS (section 5.1)", Paper: "lower (ours: DS-NL below the better of DS and FC-FS, %)",
			Rule: verdict.Above, Format: "%.1f%%",
			Measure: func(set string) []float64 {
				worst := math.Min(mk(set, "titan-fcfs"), mk(set, "titan-ds"))
				return []float64{100 * (worst - mk(set, "titan-dsnl")) / worst}
			}},
		{Claim: "The GA's makespan is below DS-NL's (section 5.1)", Paper: "lower (ours: % below)", Rule: verdict.Above, Format: "%.1f%%", Measure: gain},
		{Claim: "The GA improves on DS-NL by about 20% (section 5.1)", Paper: "20%", Rule: verdict.About, Target: 20, Format: "%.1f%%", Measure: gain},
		{Claim: "FC-FS and DS miss their deadlines by over two minutes on average (section 5.1, eq. 16)", Paper: "advance < -120 s (ours: s beyond the two minutes)",
			Rule: verdict.Above, Level: true, Format: "%.0f", Parts: []string{"FC-FS", "DS"},
			Measure: func(set string) []float64 {
				return []float64{-120 - adv(set, "titan-fcfs"), -120 - adv(set, "titan-ds")}
			}},
		{Claim: "Populations 40 and 60 differ minimally (section 4.2, Fig. 7)", Paper: "minimal (ours: relative difference of the final makespans)",
			Rule: verdict.Similar, Format: "%+.3f",
			Measure: func(set string) []float64 { return []float64{(final(set, 40) - final(set, 60)) / final(set, 60)} }},
		{Claim: "A population of 20 converges to a worse makespan, for lack of diversity (section 4.2, Fig. 7)", Paper: "worse (ours: 20 above 40, %)",
			Rule: verdict.Above, Format: "%.1f%%",
			Measure: func(set string) []float64 { return []float64{100 * (final(set, 20) - final(set, 40)) / final(set, 40)} }},
		{Claim: "Once deadlines count, the scheduler is more influenced by deadline than by makespan (section 4.2, Fig. 8)", Paper: "deadline > makespan (ours: deadline penalty minus makespan at the switch, s)",
			Rule: verdict.Above, Format: "%.0f",
			Measure: func(set string) []float64 { return []float64{f8(set, "deadline") - f8(set, "makespan")} }},
		{Claim: "DS-NL takes an immediate hit when 4 hosts go offline (section 5.2, Fig. 10)", Paper: "makespan up (ours: s)",
			Rule: verdict.Above, Format: "%+.0f",
			Measure: func(set string) []float64 { db, da, _, _ := hits(set); return []float64{da - db} }},
		{Claim: "The GA has a lower makespan from the outset (section 5.2, Fig. 10)", Paper: "lower (ours: DS-NL minus GA before the event, s)",
			Rule: verdict.Above, Format: "%.0f",
			Measure: func(set string) []float64 { db, _, gb, _ := hits(set); return []float64{db - gb} }},
		{Claim: "The GA copes better with the gap (section 5.2, Fig. 10)", Paper: "smaller hit (ours: DS-NL's hit minus the GA's, s)",
			Rule: verdict.Above, Format: "%.0f",
			Measure: func(set string) []float64 { db, da, gb, ga := hits(set); return []float64{(da - db) - (ga - gb)} }},
	}
}

// series is a policy's rows of one metric with numeric x, in row order.
func (m merged) series(policy, metric string) (xs, ys []float64) {
	for _, r := range m.tab.Rows {
		if r.Policy == policy && r.Metric == metric {
			if x, err := strconv.ParseFloat(r.X, 64); err == nil {
				xs, ys = append(xs, x), append(ys, r.Value)
			}
		}
	}
	return xs, ys
}

// jump is the queue makespan of the last round before time at and of the
// first round at or after it.
func (m merged) jump(policy string, at float64) (before, after float64) {
	before, after = math.NaN(), math.NaN()
	xs, ys := m.series(policy, "queue_makespan")
	for i, x := range xs {
		if x < at {
			before = ys[i]
		} else if math.IsNaN(after) {
			after = ys[i]
		}
	}
	return before, after
}

func (m merged) readingNotes(rd reading, st fig9Settings, seed uint64) {
	s := rd.sfx()
	tag := ""
	if rd.name != "" {
		tag = " [" + rd.name + "]"
	}
	mk := func(p string) float64 { return m.get("all", p+s, "makespan") }
	adv := func(p string) float64 { return m.get("all", p+s, "advance") }
	ratio := m.get("all", "titan"+s, "makespan_vs_dsnl")
	imp := 1 - ratio
	if len(rd.policies) == 1 { // the GA alone: its rates
		m.tab.Notes = append(m.tab.Notes, fmt.Sprintf("Makespan%s: GA %.0f s; GA/DS-NL = %.2f (%s by %.0f%%).", tag, mk("titan"), ratio, lowerHigher(ratio), math.Abs(imp)*100))
		return
	}
	m.tab.Notes = append(m.tab.Notes,
		fmt.Sprintf("Makespan%s (s): FC-FS %.0f, DS %.0f, DS-NL %.0f, GA %.0f; GA/DS-NL = %.2f (%s by %.0f%%).",
			tag, mk("titan-fcfs"), mk("titan-ds"), mk("titan-dsnl"), mk("titan"), ratio, lowerHigher(ratio), math.Abs(imp)*100),
		fmt.Sprintf("Average advance time eq. 16%s (s): FC-FS %.0f, DS %.0f, DS-NL %.0f, GA %.0f.",
			tag, adv("titan-fcfs"), adv("titan-ds"), adv("titan-dsnl"), adv("titan")))
	if !rd.whole {
		return
	}
	// Fig. 7
	final := map[int]float64{}
	for _, pop := range []int{20, 40, 60} {
		final[pop] = m.get(strconv.Itoa(st.conv), fmt.Sprintf("titan-pop%d%s", pop, s), "makespan")
	}
	m.tab.Notes = append(m.tab.Notes, fmt.Sprintf("Fig. 7%s, best makespan after %d generations (mean of %d runs): population 20 %.0f s, 40 %.0f s, 60 %.0f s.",
		tag, st.conv, st.runs, final[20], final[40], final[60]))
	// Fig. 8: at the switch, and at the end
	sw, end := strconv.Itoa(st.conv/2), strconv.Itoa(st.conv)
	f8 := "titan-fig8" + s
	m.tab.Notes = append(m.tab.Notes, fmt.Sprintf("Fig. 8%s: deadline weight on at generation %s; makespan %.0f s and deadline penalty %.0f s there, %.0f s and %.0f s at generation %s.",
		tag, sw, m.get(sw, f8, "makespan"), m.get(sw, f8, "deadline"), m.get(end, f8, "makespan"), m.get(end, f8, "deadline"), end))
	// Fig. 10
	db, da := m.jump("titan-dsnl-offline4"+s, 60)
	gb, ga := m.jump("titan-offline4"+s, 60)
	m.tab.Notes = append(m.tab.Notes, fmt.Sprintf("Hosts 12-15 offline at 60 s%s: makespan DS-NL %.0f s, GA %.0f s; queue makespan just before -> at the event: DS-NL %.0f -> %.0f s, GA %.0f -> %.0f s. Tasks run exactly as predicted here, so a queue makespan never falls back after the event (the paper's recovery times are not modelled).",
		tag, m.get("all", "titan-dsnl-offline4"+s, "makespan"), m.get("all", "titan-offline4"+s, "makespan"), db, da, gb, ga))
	// robustness
	ratios := []float64{ratio}
	for k := 1; k <= st.seeds; k++ {
		ratios = append(ratios, m.get(fmt.Sprintf("seed %d", seed+uint64(k)), "titan"+s, "makespan_vs_dsnl"))
	}
	if len(ratios) > 1 {
		lo, hi, sum, below := ratios[0], ratios[0], 0.0, 0
		for _, x := range ratios {
			lo, hi, sum = math.Min(lo, x), math.Max(hi, x), sum+x
			if x < 1 {
				below++
			}
		}
		x := fmt.Sprintf("seeds %d-%d", seed, seed+uint64(len(ratios))-1)
		mean := sum / float64(len(ratios))
		for _, v := range []struct {
			metric string
			v      float64
		}{{"makespan_vs_dsnl_mean", mean}, {"makespan_vs_dsnl_min", lo}, {"makespan_vs_dsnl_max", hi}} {
			m.tab.Summary = append(m.tab.Summary, sched.Row{Experiment: "titan-fig9", X: x, Policy: "titan" + s, Metric: v.metric, Value: v.v})
		}
		m.tab.Notes = append(m.tab.Notes, fmt.Sprintf("GA/DS-NL makespan%s over %d workloads (%s): mean %.2f, range %.2f-%.2f; GA below DS-NL on %d of %d.",
			tag, len(ratios), x, mean, lo, hi, below, len(ratios)))
	}
}

func lowerHigher(ratio float64) string {
	if ratio < 1 {
		return "GA lower"
	}
	return "GA higher"
}

// ftoa prints a time compactly and stably.
func ftoa(x float64) string {
	return strconv.FormatFloat(math.Round(x*1000)/1000, 'f', -1, 64)
}
