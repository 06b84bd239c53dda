// Package repro reproduces GA-MF's Figs. 7 and 8 (section 5): the
// experiment gamf-fig7, which runs the six methods of engine/gamf on
// workloads cut from the HPC2N trace (gamf.Workloads).
package repro

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gridplay/engine/gamf"
	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/sched/verdict"
)

// Fig7Policies are the six methods of Figs. 7 and 8, in the paper's
// legend order.
var Fig7Policies = []string{"jpr", "cbs", "metl", "hill", "gama", "gamf"}

// Reading is a reading of the paper other than the default (engine/gamf
// doc, "Readings"): the policy parameters that select it and the methods
// it changes. gamf-fig7 runs every method under the default and under each
// reading that changes it, one reading at a time, and names those rows
// "method@reading".
type Reading struct {
	Name    string
	Params  map[string]float64
	Methods []string
	// Wide runs the methods on the widened workloads (gamf.Widen)
	// instead of the trace's.
	Wide bool
	// Doc is the reading in a few words, for the setup.
	Doc string
}

// Fig7Readings are the readings gamf-fig7 reports besides the default.
var Fig7Readings = []Reading{
	{Name: "cs-used", Params: map[string]float64{"cs": 1}, Methods: Fig7Policies,
		Doc: "CS_j over the links the job's traffic uses (B_j^k > 0) instead of every cluster holding a task of it"},
	{Name: "mutate-one", Params: map[string]float64{"mutate_one": 1}, Methods: []string{"hill", "gama", "gamf"},
		Doc: "the node allocation mutation moves one task of the chosen job instead of all its tasks"},
	{Name: "norm", Params: map[string]float64{"normalise": 1}, Methods: []string{"hill", "gamf"},
		Doc: "F with makespan and flowtime each divided by its mean over the initial population"},
	{Name: "rel-loss", Params: map[string]float64{"relative_loss": 1}, Methods: []string{"metl"},
		Doc: "METL's loss is T^e/Tb_j instead of T^e - Tb_j"},
	{Name: "elite", Params: map[string]float64{"elite": 1}, Methods: []string{"gama", "gamf"},
		Doc: "the best individual is copied into the next generation (elitism) instead of only recorded"},
	{Name: "ties", Params: map[string]float64{"ties": 1}, Methods: []string{"gama"},
		Doc: "GA-MA ranks schedules of equal makespan by flowtime instead of population order"},
	{Name: "wide", Wide: true, Methods: Fig7Policies,
		Doc: "every job's tasks scaled so the workloads average the paper's 90 tasks per job (capped at 240), base times kept"},
}

// readingsOf lists the readings that change method m.
func readingsOf(m string) []Reading {
	var out []Reading
	for _, r := range Fig7Readings {
		for _, x := range r.Methods {
			if x == m {
				out = append(out, r)
			}
		}
	}
	return out
}

// seriesUnder is the series of method m in the comparison under reading
// r: m@r when r changes m, else m itself.
func seriesUnder(m, r string) string {
	for _, x := range readingsOf(m) {
		if x.Name == r {
			return sched.WithReading(m, r)
		}
	}
	return m
}

type fig7 struct{}

func init() { sched.RegisterExperiment(verdict.Seeds(fig7{})) }

// fig7Size is the number of workloads and the GA and HILL settings of a
// run: the paper's (30 workloads, Table 2) or quick ones.
func fig7Size(opt sched.ExperimentOptions) (int, map[string]map[string]float64) {
	if !opt.Quick {
		return 30, map[string]map[string]float64{}
	}
	small := map[string]float64{"generations": 30, "population": 30}
	return 3, map[string]map[string]float64{"gamf": small, "gama": small, "hill": {"evaluations": 900, "patience": 30}}
}

func (fig7) Info() sched.ExperimentInfo {
	var rd []string
	for _, r := range Fig7Readings {
		rd = append(rd, fmt.Sprintf("%s (%s; %s)", r.Name, r.Doc, strings.Join(r.Methods, ", ")))
	}
	return sched.ExperimentInfo{
		Name:  "gamf-fig7",
		Paper: "003",
		Distance: "Our HPC2N jobs are narrower and shorter than the paper's (90 tasks and 15,520 s on average): no HPC2N " +
			"filter gives 600 such jobs. The reading set wide scales every job to 90 tasks; its tables show how the " +
			"ranking moves with the width of the jobs. The fitness " +
			"F = 0.6 makespan + 0.4 flowtime in seconds lets flowtime dominate (the notes compute the weight), so " +
			"GA-MF trades makespan for flowtime; the paper does not say whether its terms were normalised (reading norm). " +
			"Quick mode runs 3 workloads and a smaller GA than Table 2's; the full run uses 30 workloads and Table 2.",
		Summary: "GA-MF Figs. 7-8: makespan and flowtime of JPR, CBS, METL, HILL, GA-MA and GA-MF on " +
			"workloads of 20 HPC2N jobs, 4 clusters x 60 nodes at {1000,1500,2000,1500} MIPS, Gigabit links",
		Setup: fmt.Sprintf("Workloads: consecutive runs of %d jobs of %s with %d..%d processors "+
			"(the paper's jobs average 90 tasks; smaller jobs are skipped); tau_j = allocated processors, "+
			"Tb_j = run time capped at the requested time, B_j uniform in [%g,%g] Mbit/s and sigma_j uniform in [%g,%g] "+
			"drawn from the job number; every job submitted at 0 (one package). 30 workloads as in the paper "+
			"(quick: 3 workloads, GA 30 generations x 30 individuals, HILL 900 evaluations). GA settings of Table 2. "+
			"One point per workload and method. x is the workload number. Each method runs under the default readings "+
			"(doc.go: CS_j over every cluster holding a task of the job, all tasks of the mutated job re-allocated, F in seconds, "+
			"METL's loss T^e - Tb_j) and, one at a time, under each reading that changes it, in rows named method@reading: %s. "+
			"The summary (JSON) holds x=mean of every series over the workloads and x=rank of the six methods by that mean "+
			"under the default readings (1 = best). Every claim is evaluated under the defaults and under each reading, a table per reading set; "+
			"under a reading, a method it does not change keeps its default rows. A ranking holds when the smallest lead of the methods named over the others is above 0, "+
			"a comparison when the difference is, \"as good as\" and \"similar\" when the relative difference is within %g, each by its 95%% confidence interval over at least %d seeds "+
			"(the seed drives the GAs and HILL; engine/sched/verdict).",
			gamf.Fig7Jobs, gamf.TraceName, gamf.MinTasks, gamf.MaxTasks, gamf.BwMin, gamf.BwMax, gamf.SigmaMin, gamf.SigmaMax, strings.Join(rd, "; "), verdict.SimilarTolerance, verdict.MinSeeds),
	}
}

func (fig7) Plan(opt sched.ExperimentOptions) ([]sched.PointInfo, error) {
	count, params := fig7Size(opt)
	var out []sched.PointInfo
	for w := 1; w <= count; w++ {
		for _, m := range Fig7Policies {
			out = append(out, sched.PointInfo{Index: len(out), Label: fmt.Sprintf("workload %d, %s", w, m), Cost: fig7Cost(m, params[m])})
		}
	}
	return out, nil
}

// fig7Cost estimates the schedules that method m evaluates in a point,
// under the default and every reading that changes it, for the order
// the points are fanned out in (sched.PointInfo.Cost): population x
// generations for the GAs, a schedule per job for the list heuristics,
// and for HILL its patience, or its budget of evaluations if smaller
// (on Fig. 7's workloads HILL stops long before its budget). A setting
// the run leaves out has the policy's default (its sched.Info.Params).
func fig7Cost(m string, ps map[string]float64) float64 {
	get := func(name string) float64 {
		if v, ok := ps[name]; ok {
			return v
		}
		p, _ := sched.Lookup(m)
		for _, q := range p.Info().Params {
			if q.Name == name {
				return q.Default
			}
		}
		return 0
	}
	evals := float64(gamf.Fig7Jobs)
	switch m {
	case "gama", "gamf":
		evals = get("population") * (get("generations") + 1)
	case "hill":
		evals = min(get("evaluations"), get("patience"))
	}
	return evals * float64(1+len(readingsOf(m)))
}

func (fig7) DecodePoint(_ sched.ExperimentOptions, _ int, b []byte) (sched.Report, error) {
	return sched.DecodeTable(b)
}

// Point k runs method k mod 6 on workload k/6 + 1 under the default and
// every reading that changes it.
func (fig7) Point(ctx context.Context, opt sched.ExperimentOptions, k int, rec sched.Recorder) (sched.Report, error) {
	count, params := fig7Size(opt)
	if k < 0 || k >= count*len(Fig7Policies) {
		return nil, sched.PointRangeError(k, count*len(Fig7Policies))
	}
	wls, err := gamf.Workloads(gamf.TraceName, count, gamf.Fig7Jobs)
	if err != nil {
		return nil, err
	}
	w := k / len(Fig7Policies)
	return fig7Point(ctx, wls[w], gamf.Widen(wls)[w], w+1, Fig7Policies[k%len(Fig7Policies)], opt.FirstSeed(), params)
}

// fig7Point runs method on one workload (number w; wide, the same
// workload under the reading wide) under the default and every reading
// that changes it. Its Summary describes the workload (tasks and base time
// per job) for Merge.
func fig7Point(ctx context.Context, jobs, wide []model.Job, w int, method string, seed uint64, params map[string]map[string]float64) (*sched.Table, error) {
	x := strconv.Itoa(w)
	t := &sched.Table{Experiment: "gamf-fig7", Rows: []sched.Row{}}
	readings := append([]Reading{{}}, readingsOf(method)...)
	for _, rd := range readings {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ps := map[string]float64{}
		for k, v := range params[method] {
			ps[k] = v
		}
		for k, v := range rd.Params {
			ps[k] = v
		}
		js := jobs
		if rd.Wide {
			js = wide
		}
		s := &model.Scenario{Version: model.Version, Name: "gamf-fig7 workload " + x, Seed: seed,
			Platform: gamf.Fig7Platform(), Jobs: js, Policy: model.Policy{Name: method, Params: ps}}
		res, err := runner.Run(ctx, s, nil)
		if err != nil {
			return nil, fmt.Errorf("workload %s, %s: %w", x, sched.WithReading(method, rd.Name), err)
		}
		t.Add(x, sched.WithReading(method, rd.Name), "makespan", res.Metrics["makespan"])
		t.Add(x, sched.WithReading(method, rd.Name), "flowtime", res.Metrics["flowtime"])
	}
	tasks, tb, wt := 0.0, 0.0, 0.0
	for k, j := range jobs {
		tasks += float64(j.Size)
		tb += j.Runtime
		wt += float64(wide[k].Size)
	}
	n := float64(len(jobs))
	t.Summary = []sched.Row{
		{Experiment: t.Experiment, X: x, Policy: "workload", Metric: "tasks_per_job", Value: tasks / n},
		{Experiment: t.Experiment, X: x, Policy: "workload", Metric: "base_time_per_job", Value: tb / n},
		{Experiment: t.Experiment, X: x, Policy: "workload@wide", Metric: "tasks_per_job", Value: wt / n},
	}
	return t, nil
}

// fig7Paper is the paper's finding as ranks (1 = best): Fig. 7 has GA-MA
// and GA-MF best on makespan with METL close, HILL on average like CBS and
// JPR, which are the worst; Fig. 8 has GA-MF best on flowtime, then HILL
// and GA-MA, the greedy methods behind.
var fig7Paper = []sched.Row{
	{X: "rank", Policy: "gamf", Metric: "makespan", Value: 1},
	{X: "rank", Policy: "gama", Metric: "makespan", Value: 1},
	{X: "rank", Policy: "metl", Metric: "makespan", Value: 3},
	{X: "rank", Policy: "hill", Metric: "makespan", Value: 4},
	{X: "rank", Policy: "jpr", Metric: "makespan", Value: 4},
	{X: "rank", Policy: "cbs", Metric: "makespan", Value: 4},
	{X: "rank", Policy: "gamf", Metric: "flowtime", Value: 1},
	{X: "rank", Policy: "gama", Metric: "flowtime", Value: 2},
	{X: "rank", Policy: "hill", Metric: "flowtime", Value: 2},
	{X: "rank", Policy: "metl", Metric: "flowtime", Value: 4},
	{X: "rank", Policy: "jpr", Metric: "flowtime", Value: 4},
	{X: "rank", Policy: "cbs", Metric: "flowtime", Value: 4},
}

var fig7Metrics = []string{"makespan", "flowtime"}

// fig7Data is what Merge reads from the points: per series and metric,
// the value per workload.
type fig7Data struct {
	n      int                             // workloads
	vals   map[string]map[string][]float64 // series -> metric -> per workload
	order  []string                        // series in order of first row
	tasks  float64                         // mean tasks per job over the workloads
	wide   float64                         // the same under the reading wide
	tbMean float64                         // mean base time per job
}

func (d *fig7Data) mean(s, m string) float64 {
	v := d.vals[s][m]
	sum := 0.0
	for _, x := range v {
		sum += x
	}
	return sum / float64(len(v))
}

// Merge combines the points: their rows in order, then the summary, the
// paper's ranks, the claims and the notes, all computed from the rows.
func (e fig7) Merge(opt sched.ExperimentOptions, parts []sched.Report) (sched.Report, error) {
	count, _ := fig7Size(opt)
	t, err := sched.ConcatTables("gamf-fig7", count*len(Fig7Policies), parts)
	if err != nil {
		return nil, err
	}
	d := &fig7Data{n: count, vals: map[string]map[string][]float64{}}
	for k, p := range parts {
		pt := p.(*sched.Table)
		w, m := k/len(Fig7Policies)+1, Fig7Policies[k%len(Fig7Policies)]
		x := strconv.Itoa(w)
		for _, rd := range append([]Reading{{}}, readingsOf(m)...) {
			s := sched.WithReading(m, rd.Name)
			if d.vals[s] == nil {
				d.vals[s] = map[string][]float64{}
				d.order = append(d.order, s)
			}
			for _, metric := range fig7Metrics {
				v, ok := sched.Find(pt.Rows, x, s, metric)
				if !ok || (math.IsNaN(v) || math.IsInf(v, 0)) {
					return nil, &sched.PointError{Msg: fmt.Sprintf("gamf-fig7: point %d has no %s of %s on workload %s", k, metric, s, x)}
				}
				d.vals[s][metric] = append(d.vals[s][metric], v)
			}
		}
		if m == Fig7Policies[0] {
			for _, r := range pt.Summary {
				switch {
				case r.X == x && r.Policy == "workload" && r.Metric == "tasks_per_job":
					d.tasks += r.Value / float64(count)
				case r.X == x && r.Policy == "workload" && r.Metric == "base_time_per_job":
					d.tbMean += r.Value / float64(count)
				case r.X == x && r.Policy == "workload@wide" && r.Metric == "tasks_per_job":
					d.wide += r.Value / float64(count)
				}
			}
		}
	}
	for _, r := range fig7Paper {
		r.Experiment = t.Experiment
		t.Paper = append(t.Paper, r)
	}
	for _, s := range d.order {
		for _, metric := range fig7Metrics {
			t.Summary = append(t.Summary, sched.Row{Experiment: t.Experiment, X: "mean", Policy: s, Metric: metric, Value: d.mean(s, metric)})
		}
	}
	for _, metric := range fig7Metrics {
		order := d.byMean("", metric)
		for _, m := range Fig7Policies {
			t.Summary = append(t.Summary, sched.Row{Experiment: t.Experiment, X: "rank", Policy: m, Metric: metric, Value: float64(slices.Index(order, m) + 1)})
		}
	}
	verdict.Evaluate(t, sets(), d.claims())
	t.Notes = d.notes(opt)
	return t, nil
}

// byMean lists the six methods by mean metric under reading r, best
// first (ties keep the legend order): a method's rank is its place in
// it, from 1.
func (d *fig7Data) byMean(r, metric string) []string {
	ms := append([]string(nil), Fig7Policies...)
	sort.SliceStable(ms, func(a, b int) bool {
		return d.mean(seriesUnder(ms[a], r), metric) < d.mean(seriesUnder(ms[b], r), metric)
	})
	return ms
}

var methodNames = map[string]string{"jpr": "JPR", "cbs": "CBS", "metl": "METL", "hill": "HILL", "gama": "GA-MA", "gamf": "GA-MF"}

func pct(a, b float64) string { return fmt.Sprintf("%+.1f%%", 100*(a-b)/b) }

// margin is how far the methods tops lead the methods others on metric
// under reading r: the smallest excess, in percent, of another's mean
// over a top method's (lower is better). Above 0 when every top method
// beats every other.
func (d *fig7Data) margin(r, metric string, tops, others []string) float64 {
	m := math.Inf(1)
	for _, a := range tops {
		for _, b := range others {
			ta, tb := d.mean(seriesUnder(a, r), metric), d.mean(seriesUnder(b, r), metric)
			m = math.Min(m, 100*(tb-ta)/ta)
		}
	}
	return m
}

// except is Fig7Policies without ms.
func except(ms ...string) []string {
	var out []string
	for _, m := range Fig7Policies {
		if !slices.Contains(ms, m) {
			out = append(out, m)
		}
	}
	return out
}

// lead is a claim that the methods tops have the lowest means of metric:
// its number is their margin over the others.
func (d *fig7Data) lead(claim, paper, metric string, tops ...string) verdict.Test {
	others := except(tops...)
	return verdict.Test{Claim: claim, Paper: paper + " (ours: the smallest lead, %)", Rule: verdict.Above, Format: "%.1f%%",
		Measure: func(r string) []float64 { return []float64{d.margin(r, metric, tops, others)} }}
}

// claims are the statements of section 5 measured on the means over the
// workloads under a reading set (engine/sched/verdict decides them): a
// ranking is the smallest lead of the methods named over the others, a
// comparison the relative difference, "as good as" and "similar" a
// relative difference within verdict.SimilarTolerance.
func (d *fig7Data) claims() []verdict.Test {
	rel := func(r, metric, a, b string) float64 {
		ma, mb := d.mean(seriesUnder(a, r), metric), d.mean(seriesUnder(b, r), metric)
		return (ma - mb) / mb
	}
	return []verdict.Test{
		d.lead("Fig. 7: JPR and CBS give the worst makespans", "the two highest means", "makespan", except("jpr", "cbs")...),
		d.lead("Fig. 7: METL, GA-MA and GA-MF give the best makespans", "the three lowest means", "makespan", "metl", "gama", "gamf"),
		{Claim: "Fig. 7: GA-MA and GA-MF have better makespans than METL, \"not so significant\"", Paper: "GA-MA and GA-MF below METL (ours: % below)",
			Rule: verdict.Above, Format: "%.1f%%", Parts: []string{"GA-MA", "GA-MF"},
			Measure: func(r string) []float64 {
				return []float64{-100 * rel(r, "makespan", "gama", "metl"), -100 * rel(r, "makespan", "gamf", "metl")}
			}},
		{Claim: "Fig. 7: HILL obtains on average as good results as CBS and JPR", Paper: "HILL with JPR and CBS (ours: HILL's makespan against each, relative)",
			Rule: verdict.Similar, Format: "%+.3f", Parts: []string{"JPR", "CBS"},
			Measure: func(r string) []float64 {
				return []float64{rel(r, "makespan", "hill", "jpr"), rel(r, "makespan", "hill", "cbs")}
			}},
		d.lead("Fig. 8: HILL, GA-MA and GA-MF give the best flowtimes", "the three lowest means", "flowtime", "hill", "gama", "gamf"),
		d.lead("Fig. 8: GA-MF gives the best flowtime", "the lowest mean", "flowtime", "gamf"),
		{Claim: "Fig. 8: GA-MF reduces the flowtime of GA-MA \"dramatically\"", Paper: "GA-MF's flowtime below GA-MA's (ours: % below)",
			Rule: verdict.Above, Format: "%.1f%%",
			Measure: func(r string) []float64 { return []float64{-100 * rel(r, "flowtime", "gamf", "gama")} }},
		{Claim: "Fig. 8: ... at a similar makespan (GA-MF against GA-MA)", Paper: "similar makespans (ours: relative difference)",
			Rule: verdict.Similar, Format: "%+.3f",
			Measure: func(r string) []float64 { return []float64{rel(r, "makespan", "gamf", "gama")} }},
	}
}

// sets are the reading sets the claims are evaluated under: the
// defaults and each reading.
func sets() []string {
	out := []string{""}
	for _, r := range Fig7Readings {
		out = append(out, r.Name)
	}
	return out
}

// secs prints seconds without decimals.
func secs(t float64) string { return strconv.FormatFloat(t, 'f', 0, 64) }

// notes are sentences computed from the run's numbers.
func (d *fig7Data) notes(opt sched.ExperimentOptions) []string {
	var notes []string
	notes = append(notes, fmt.Sprintf("%d workloads of %d jobs: %.1f tasks and %.0f s base time per job on average (paper: %d tasks, %d s); %.1f tasks under the reading wide.",
		d.n, gamf.Fig7Jobs, d.tasks, d.tbMean, gamf.PaperTasks, gamf.PaperBaseTime, d.wide))
	if opt.Quick {
		notes = append(notes, "Quick run: 3 workloads, GA 30 generations x 30 individuals, HILL 900 evaluations, not Table 2's settings.")
	}
	for _, metric := range fig7Metrics {
		var parts []string
		for _, r := range append([]Reading{{Name: ""}}, Fig7Readings...) {
			ms := d.byMean(r.Name, metric)
			best := d.mean(seriesUnder(ms[0], r.Name), metric)
			var items []string
			for i, m := range ms {
				s := methodNames[m]
				if i == 0 {
					s += " " + secs(best) + " s"
				} else {
					s += " " + pct(d.mean(seriesUnder(m, r.Name), metric), best)
				}
				items = append(items, s)
			}
			label := "default readings"
			if r.Name != "" {
				label = r.Name
			}
			parts = append(parts, label+": "+strings.Join(items, ", "))
		}
		notes = append(notes, fmt.Sprintf("Mean %s, best first: %s.", metric, strings.Join(parts, "; ")))
	}
	// Workload by workload, default readings.
	wins := func(m string) (int, int) {
		a, b := 0, 0
		for w := 0; w < d.n; w++ {
			if d.vals["gamf"]["makespan"][w] < d.vals[m]["makespan"][w] {
				a++
			}
			if d.vals["gamf"]["flowtime"][w] < d.vals[m]["flowtime"][w] {
				b++
			}
		}
		return a, b
	}
	var ws []string
	for _, m := range []string{"gama", "metl", "hill", "jpr", "cbs"} {
		a, b := wins(m)
		ws = append(ws, fmt.Sprintf("%s %d / %d", methodNames[m], a, b))
	}
	notes = append(notes, fmt.Sprintf("GA-MF (default readings) has the lower makespan / flowtime on this many of the %d workloads: against %s.", d.n, strings.Join(ws, ", ")))
	// The weight of the two terms of F (section 4.3) in GA-MF's schedules.
	mk, ft := d.mean("gamf", "makespan"), d.mean("gamf", "flowtime")
	notes = append(notes, fmt.Sprintf("In GA-MF's schedules the mean flowtime is %.1f times the mean makespan, so in F = %g makespan + %g flowtime (seconds) the flowtime term weighs %.1f times the makespan term; the norm reading divides each term by its initial-population mean.",
		ft/mk, gamf.DefaultAlpha, 1-gamf.DefaultAlpha, (1-gamf.DefaultAlpha)*ft/(gamf.DefaultAlpha*mk)))
	return notes
}
