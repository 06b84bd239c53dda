package repro

import (
	"context"
	"fmt"
	"strconv"

	"gridplay/engine/model"
	"gridplay/engine/muscle"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
)

// Fig4Levels are the workload levels of Fig. 4: mean jobs in the queue.
var Fig4Levels = []int{20, 40, 60, 80, 100}

// fig4QuickLevels are the levels of quick mode: the two at which the
// paper states its gains (section 5.1), one below 60 and one above for
// the PB statement.
var fig4QuickLevels = []int{40, 100}

// The readings of Fig. 4 (the package doc):
// rows measured under one of them name it in their policy, "dll@seeded".
const (
	// readingSeeded: DLL's and WRAND's TITAN also start from a list
	// schedule (policy parameter seeded 1).
	readingSeeded = "seeded"
	// readingBarrier: a round waits until every cluster has drained
	// (policy parameter barrier 1).
	readingBarrier = "barrier"
	// readingOwnRate: each policy at the rate that gives its own mean
	// queue x, instead of MUSCLE's rate for all three.
	readingOwnRate = "own-rate"
)

// fig4Reading names the rows that make up one reading's comparison:
// MUSCLE's and the baselines' policy names in the rows.
type fig4Reading struct {
	Name               string // "" is the default reading
	Muscle, DLL, WRAND string
}

var fig4Readings = []fig4Reading{
	{Name: "", Muscle: "muscle", DLL: "dll", WRAND: "wrand"},
	{Name: readingSeeded, Muscle: "muscle", DLL: "dll@seeded", WRAND: "wrand@seeded"},
	{Name: readingBarrier, Muscle: "muscle@barrier", DLL: "dll@barrier", WRAND: "wrand@barrier"},
	{Name: readingOwnRate, Muscle: "muscle", DLL: "dll@own-rate", WRAND: "wrand@own-rate"},
}

// gainName is the policy name of a reading's gain rows: "muscle" for the
// default reading, else "muscle@reading".
func (r fig4Reading) gainName() string {
	if r.Name == "" {
		return "muscle"
	}
	return "muscle@" + r.Name
}

// fig4Run is one policy run of a point: Name is its policy in the rows.
type fig4Run struct {
	Name   string
	Policy string
	Params map[string]float64
}

// fig4Group is the part of a level that one point runs: the run whose
// measured mean queue is calibrated to the level x, and the runs made at
// the rate found (the same arrivals). Points are a group at a level.
type fig4Group struct {
	Label string
	Calib fig4Run
	Same  []fig4Run
}

var fig4Groups = []fig4Group{
	{Label: "MUSCLE's rate; muscle, dll, wrand, dll@seeded, wrand@seeded",
		Calib: fig4Run{"muscle", "muscle", nil},
		Same: []fig4Run{{"dll", "dll", nil}, {"wrand", "wrand", nil},
			{"dll@seeded", "dll", map[string]float64{"seeded": 1}}, {"wrand@seeded", "wrand", map[string]float64{"seeded": 1}}}},
	{Label: "barrier: muscle@barrier's rate; muscle, dll, wrand @barrier",
		Calib: fig4Run{"muscle@barrier", "muscle", map[string]float64{"barrier": 1}},
		Same: []fig4Run{{"dll@barrier", "dll", map[string]float64{"barrier": 1}},
			{"wrand@barrier", "wrand", map[string]float64{"barrier": 1}}}},
	{Label: "own rate: dll@own-rate", Calib: fig4Run{"dll@own-rate", "dll", nil}},
	{Label: "own rate: wrand@own-rate", Calib: fig4Run{"wrand@own-rate", "wrand", nil}},
}

// fig4GroupOf is the index of the group that runs the named row policy,
// or -1.
func fig4GroupOf(name string) int {
	for gi, g := range fig4Groups {
		if g.Calib.Name == name {
			return gi
		}
		for _, r := range g.Same {
			if r.Name == name {
				return gi
			}
		}
	}
	return -1
}

// inOnePoint reports whether a reading's three runs are made by one
// group, so its gains are rows of that point; otherwise they are summary
// rows of the merge.
func (r fig4Reading) inOnePoint() (int, bool) {
	g := fig4GroupOf(r.Muscle)
	return g, g >= 0 && fig4GroupOf(r.DLL) == g && fig4GroupOf(r.WRAND) == g
}

// fig4Settings are the sizes of one mode (full or quick).
type fig4Settings struct {
	seed   uint64
	n      int                // jobs per full run
	pilot  int                // jobs per pilot run; 0: fig4Pilot(x, n)
	ps     map[string]float64 // policy parameters on top of Fig4Scenario's
	levels []int
}

func fig4For(opt sched.ExperimentOptions) fig4Settings {
	st := fig4Settings{seed: opt.Seed, n: 20000, levels: Fig4Levels}
	if st.seed == 0 {
		st.seed = 1
	}
	if opt.Quick {
		st.n, st.pilot, st.levels = 2400, 2400, fig4QuickLevels
		st.ps = map[string]float64{"generations": 60, "stall": 10, "population": 20}
	}
	return st
}

// fig4Metrics are the row metrics of every run, in row order; "queue" is
// the measured mean number of jobs collected per round and "rate" the
// arrival rate of the run.
var fig4Metrics = []string{"mcp", "pb", "queue", "rate", "utilisation", "rounds"}

type fig4Exp struct{}

var _ sched.Experiment = fig4Exp{}

func (fig4Exp) Info() sched.ExperimentInfo {
	return sched.ExperimentInfo{
		Name:    "muscle-fig4",
		Paper:   "000",
		Summary: "MUSCLE Fig. 4: MCP (eq. 7) and PB (eq. 8) of MUSCLE, DLL and WRAND against the mean number of jobs in the queue (section 5.1), under every reading of the paper",
		Setup:   fig4Setup,
	}
}

const fig4Setup = "Clusters of Table 3 (20, 16, 12, 10 nodes; service rates 1.0, 1.2, 1.4, 1.6); " +
	"(Wo, Wm, Wi) = (4, 3, 1); execution times on C1 bounded Pareto on [5, 100] s with alpha = 1 (eq. 4; the paper gives no alpha); " +
	"sizes U[1, 10]; dr U[0, 5] (eq. 5); 20000 jobs with Poisson arrivals (quick mode: 2400 jobs, levels 40 and 100, " +
	"TITAN population 20 and at most 60 generations). Rounds follow Alg. 4 step 1 with threshold 0: a round starts when jobs wait " +
	"and a cluster has no work left (\"while the expected makespans ... in all clusters are greater than a predefined threshold\"); " +
	"the jobs that arrived meanwhile are the round's queue. Workload level x = the mean number of jobs in that queue (section 5.1). " +
	"Default reading: the three policies get the same jobs at the same arrival rate, the rate at which MUSCLE's measured mean queue " +
	"is x (only MUSCLE collects jobs into a queue in the paper: DLL and WRAND place each job \"when a parallel job is submitted\"). " +
	"The rate is searched with pilot runs on the first max(2000, 60x) jobs (first third of rounds left out), then with full runs " +
	"while the full run's mean queue is more than 10% from x, at most four (quick mode: full runs only, at most six); the full run " +
	"closest to x is kept, and a level still more than 10% off is named in the notes. " +
	"Every policy's measured mean queue (metric queue) and the rate (metric rate) are rows. " +
	"Other readings, each a series of its own: dll@seeded and wrand@seeded, whose TITAN also starts from a list schedule of the jobs " +
	"in arrival order (the paper seeds only MUSCLE's TITAN and is silent on the baselines); muscle@barrier, dll@barrier and wrand@barrier, " +
	"whose rounds wait until every cluster has drained, at the rate that gives muscle@barrier the mean queue x; dll@own-rate and " +
	"wrand@own-rate, each at the rate that gives its own mean queue x (MUSCLE's own rate is the default's). " +
	"Gains (mcp_gain_vs_dll etc., 100*(base-ours)/base) of MUSCLE over the baselines of each reading are rows named muscle@reading, " +
	"and in the summary for own-rate. Each round, TITAN (population 40) improves every cluster's schedule until its best CP has not " +
	"improved by 0.1% for 50 generations (at most 500); CP_i is recorded then (eq. 1), MCP (eq. 7) and PB (eq. 8) per round, and each " +
	"point is the mean over rounds. MUSCLE seeds TITAN with its packing; DLL and WRAND start TITAN from random schedules only."

// Plan lists one point per group and level, group by group: it runs
// nothing.
func (fig4Exp) Plan(opt sched.ExperimentOptions) ([]sched.PointInfo, error) {
	st := fig4For(opt)
	var out []sched.PointInfo
	for _, g := range fig4Groups {
		for _, x := range st.levels {
			out = append(out, sched.PointInfo{Index: len(out), Label: fmt.Sprintf("queue %d: %s", x, g.Label)})
		}
	}
	return out, nil
}

func (fig4Exp) DecodePoint(opt sched.ExperimentOptions, k int, b []byte) (sched.Report, error) {
	st := fig4For(opt)
	if n := len(fig4Groups) * len(st.levels); k < 0 || k >= n {
		return nil, sched.PointRangeError(k, n)
	}
	return sched.DecodeTable(b)
}

// Point runs group k/len(levels) at level k%len(levels): it calibrates the
// group's rate, runs the group's policies at it, and reports their rows
// and the gains of every reading whose three runs it made.
func (fig4Exp) Point(ctx context.Context, opt sched.ExperimentOptions, k int, _ sched.Recorder) (sched.Report, error) {
	st := fig4For(opt)
	if n := len(fig4Groups) * len(st.levels); k < 0 || k >= n {
		return nil, sched.PointRangeError(k, n)
	}
	gi, x := k/len(st.levels), st.levels[k%len(st.levels)]
	g := fig4Groups[gi]
	xs := strconv.Itoa(x)
	tab := &sched.Table{Experiment: "muscle-fig4", Rows: []sched.Row{}}
	add := func(name string, rate float64, res *sched.Result) {
		for _, m := range fig4Metrics {
			v := res.Metrics[m]
			switch m {
			case "queue":
				v = res.Metrics["mean_queue"]
			case "rate":
				v = rate
			}
			tab.Add(xs, name, m, v)
		}
	}
	rate, res, err := fig4Calibrate(ctx, g.Calib, float64(x), st)
	if err != nil {
		return nil, err
	}
	add(g.Calib.Name, rate, res)
	for _, r := range g.Same {
		res, err := runner.Run(ctx, fig4Scenario(r, rate, st.n, st), nil)
		if err != nil {
			return nil, err
		}
		add(r.Name, rate, res)
	}
	for _, rd := range fig4Readings {
		if og, ok := rd.inOnePoint(); ok && og == gi {
			tab.Rows = append(tab.Rows, fig4GainRows(tab.Rows, xs, rd)...)
		}
	}
	return tab, nil
}

// fig4GainRows are a reading's gains at level x, from the MCP and PB rows
// found in rows: MUSCLE's relative improvement over DLL and over WRAND in
// percent. Missing runs give no row.
func fig4GainRows(rows []sched.Row, x string, rd fig4Reading) []sched.Row {
	get := func(name, metric string) (float64, bool) { return findRow(rows, x, name, metric) }
	var out []sched.Row
	for _, m := range []string{"mcp", "pb"} {
		ours, ok := get(rd.Muscle, m)
		if !ok {
			continue
		}
		for _, b := range []struct{ short, name string }{{"dll", rd.DLL}, {"wrand", rd.WRAND}} {
			if base, ok := get(b.name, m); ok {
				out = append(out, sched.Row{Experiment: "muscle-fig4", X: x, Policy: rd.gainName(),
					Metric: m + "_gain_vs_" + b.short, Value: gain(base, ours)})
			}
		}
	}
	return out
}

func findRow(rows []sched.Row, x, policy, metric string) (float64, bool) {
	for _, r := range rows {
		if r.X == x && r.Policy == policy && r.Metric == metric {
			return r.Value, true
		}
	}
	return 0, false
}

// Merge concatenates the points' rows, adds the gains of readings whose
// runs span points (own-rate) as summary rows, and computes the claims
// and notes from the rows: it runs nothing.
func (fig4Exp) Merge(opt sched.ExperimentOptions, parts []sched.Report) (sched.Report, error) {
	st := fig4For(opt)
	if n := len(fig4Groups) * len(st.levels); len(parts) != n {
		return nil, &sched.PointError{Msg: fmt.Sprintf("muscle-fig4: merge of %d points, the plan has %d", len(parts), n)}
	}
	tab, err := sched.ConcatTables("muscle-fig4", parts)
	if err != nil {
		return nil, err
	}
	tab.Paper = fig4Paper
	for _, rd := range fig4Readings {
		if _, ok := rd.inOnePoint(); ok {
			continue
		}
		for _, x := range st.levels {
			tab.Summary = append(tab.Summary, fig4GainRows(tab.Rows, strconv.Itoa(x), rd)...)
		}
	}
	tab.Claims = fig4Claims(tab, st.levels)
	tab.Notes = fig4Notes(tab, opt.Quick, st.levels)
	return tab, nil
}

// fig4Scenario is run's scenario at rate with n jobs, without frames
// (the report is the output, not the animation).
func fig4Scenario(run fig4Run, rate float64, n int, st fig4Settings) *model.Scenario {
	ps := map[string]float64{"frame_rounds": 0}
	for k, v := range st.ps {
		ps[k] = v
	}
	for k, v := range run.Params {
		ps[k] = v
	}
	return muscle.Fig4Scenario(run.Policy, rate, n, st.seed, ps)
}

// gain is the relative improvement of ours over base in percent:
// (base - ours) / base * 100.
func gain(base, ours float64) float64 {
	if base == 0 {
		return 0
	}
	return (base - ours) / base * 100
}
