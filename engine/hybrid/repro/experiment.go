// Package repro reproduces the Hybrid paper's Tables I-IV (section IV):
// the experiments hybrid-table1 and hybrid-table3, which run the policies
// of engine/hybrid (its package doc, "Experiments" and "Readings").
package repro

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"gridplay/engine/hybrid"
	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/engine/sched/verdict"
)

// experiment is hybrid-table1 (vary the jobs, 40 clusters: Tables I-II) or
// hybrid-table3 (vary the clusters, 1000 jobs: Tables III-IV). Each point
// is one x of the sweep and one group of readings (groups): that group's
// series on the x's Reps workloads, and the improvements of P-HRS under
// its readings.
type experiment struct {
	name    string
	byJobs  bool  // x is the job count (else the cluster count)
	xs      []int // the paper's sweep
	quickXs []int
	fixed   int // clusters (byJobs) or jobs
	paper   []sched.Row
	summary string
}

// Reps is the number of seeded workloads averaged at each x (Quick: 1).
const Reps = 3

// The readings the experiments run (engine/hybrid doc, "Readings"); rows
// under a reading name it as "policy@reading".
const (
	// readEvery: P-HRS weighs eq. 1 for every job that fits at home
	// (always=1), and HRS and P-HRS hand a job that is late at home to the
	// grid whatever its PB (rescue=1): the default before issue 37.
	readEvery = "every-job"
	// readRescue: HRS and P-HRS hand a job that is late at home to the
	// grid whatever its PB (rescue=1); P-HRS weighs eq. 1 only for such
	// jobs (always=0), so it is HRS.
	readRescue = "rescue"
	// readLoose: deadlines drawn against the run time on the 1000-MIPS
	// reference node, the deadline tightness before issue 37.
	readLoose = "loose"
	// readOverlap: the eq. 2 overhead overlaps the remote wait
	// (overlap=1).
	readOverlap = "overlap"
	// readSubmitted: TTR over every submitted job, a discarded one at its
	// deadline (metric ttr_submitted).
	readSubmitted = "submitted"
	// readUsers: users submit to the first userClusters clusters only
	// (hybrid-table3).
	readUsers = "users10"
	// readLive: decisions on the live status (live=1). Not a reading of
	// the paper: the reference point that shows what T_s hides.
	readLive = "live"
)

// userClusters is the initial grid of section IV.B ("a small number of a
// cluster like 10 and 20"): under readUsers only its clusters have users.
const userClusters = 10

var approaches = []hybrid.Approach{hybrid.Local, hybrid.HRS, hybrid.PHRS}

// reported are the metric rows of every series.
var reported = []string{"ttr", "completed", "utilisation", "discarded", "migrated"}

// improved are the metrics whose P-HRS improvement the paper tabulates.
var improved = []struct {
	metric string
	lower  bool // lower is better
}{{"ttr", true}, {"completed", false}, {"utilisation", false}}

// readings lists the readings of the experiment, the default "" first:
// those of its groups, in order.
func (e *experiment) readings() []string {
	var rs []string
	for _, g := range e.groups() {
		rs = append(rs, g.readings...)
	}
	return rs
}

// applies reports whether reading r changes approach ap's results.
func applies(ap hybrid.Approach, r string) bool {
	switch r {
	case readEvery, readRescue, readOverlap:
		return ap != hybrid.Local
	case readLoose:
		return true // other workloads
	case "":
		return false
	}
	return true
}

// label is the rows' policy of approach ap under reading r.
func label(ap hybrid.Approach, r string) string {
	if applies(ap, r) {
		return ap.String() + "@" + r
	}
	return ap.String()
}

// variant is one simulated series: an approach under a reading (the
// submitted reading is a metric of the default runs, not a series).
type variant struct {
	ap      hybrid.Approach
	reading string
}

func (e *experiment) variants() []variant { return variantsOf(e.readings()) }

// variantsOf is the series of the readings rs, in their order.
func variantsOf(rs []string) []variant {
	var vs []variant
	for _, r := range rs {
		if r == readSubmitted {
			continue
		}
		for _, ap := range approaches {
			if r == "" || applies(ap, r) {
				vs = append(vs, variant{ap, r})
			}
		}
	}
	return vs
}

func (v variant) config() hybrid.Config {
	return hybrid.Config{Ts: hybrid.DefaultTs, Threshold: hybrid.DefaultThreshold, RefMIPS: hybrid.DefaultRefMIPS,
		Always: v.reading == readEvery, Rescue: v.reading == readEvery || v.reading == readRescue,
		Live: v.reading == readLive, Overlap: v.reading == readOverlap}
}

func (e *experiment) Info() sched.ExperimentInfo {
	setup := setupText
	if e.byJobs {
		setup += " Users submit jobs to every cluster of the 40-cluster grid."
	} else {
		setup += fmt.Sprintf(" By default users submit jobs to every cluster of the grid (section I: \"in each cluster there are users submitting jobs\"); reading users10: only the first %d clusters have users and the clusters added to the grid bring resources (section IV.B: \"more clusters are added to the grid environment\"), so every grid size runs the same jobs.", userClusters)
	}
	return sched.ExperimentInfo{Name: e.name, Paper: "004", Summary: e.summary, Setup: setup, Distance: distance}
}

// distance is why our numbers differ from Tables I-IV (ExperimentInfo).
const distance = "TTR is averaged over the jobs completed within their deadline, and the extra jobs P-HRS completes " +
	"are the late, long ones that HRS discards, so P-HRS's TTR gain is smaller than the paper's while its gain in jobs " +
	"completed has the paper's sign; the reading submitted averages TTR over every submitted job instead. " +
	"The paper gives neither how tight the deadlines are nor the platform's speeds beyond its structure: ours are " +
	"drawn on the expected node (Setup.DeadlineMIPS), our choice, and the reading loose draws them on the reference " +
	"node. The tables show under which reading set each TTR gain holds; no set gives both the gain over Local and " +
	"the gain over HRS. P-HRS used to move jobs that met their deadline at home (25-35% TTR over HRS); that was ours, " +
	"against Step 2 of section III.A, and is fixed (reading every-job keeps it)."

// setupText documents the platform, the workload and the readings (the
// paper gives only C, the job count and T_s).
var setupText = fmt.Sprintf("C/S/N platform: %d-%d servers per cluster, %d-%d nodes per server, %d-%d PEs per node, PE speed %g-%g MIPS in steps of %g; "+
	"WAN %g Mbit/s, latency %g s, fixed migration overhead (rescheduling + job start, eq. 2) %g s. "+
	"Jobs: Poisson arrivals over a %g s window (more jobs = more load), home cluster uniform, size U{%d..%d} nodes, "+
	"run time on a %d-MIPS reference node bounded Pareto [%g, %g] s with alpha %g, deadline = submit + dr x the run time on a %g-MIPS node (the expected node of the platform; reading loose: the %d-MIPS reference node) with dr U[%g, %g], input data U[%g, %g] MB. "+
	"Policies: T_s = %d s, P-HRS threshold %g; Step 2 of section III.A decides (HRS transfers a job when no home server has enough available nodes, P-HRS also weighs eq. 1 for a job that misses its deadline at home). %d seeded workloads per point (1 with quick); the same workloads for every series. A point per x and group of readings (the paper's, users10, live). "+
	"TTR = completion - submission, averaged over the jobs completed within their deadline. "+
	"Readings (rows policy@reading): every-job, P-HRS weighs eq. 1 for every job that fits at home (always=1) and HRS and P-HRS transfer a job late at home whatever its PB (rescue=1); "+
	"rescue, HRS and P-HRS transfer a job late at home whatever its PB (rescue=1); loose, deadlines against the run time on the %d-MIPS reference node; "+
	"overlap, the eq. 2 overhead overlaps the wait at the remote cluster instead of adding to it (overlap=1); "+
	"submitted, TTR averaged over every submitted job with a discarded job counted at its deadline; "+
	"live, decisions on the live status instead of the one exchanged every T_s (a reference point, not a reading of the paper). "+
	"Claims: every claim is evaluated under the default and under each reading of the paper (not live), a table per reading set; a direction holds when the improvement at every point is above 0, a trend when the least-squares slope over the sweep is, an average when it is within %g%% of the paper's, each by its 95%% confidence interval over at least %d seeds (engine/sched/verdict).",
	hybrid.DefaultSetup.ServersMin, hybrid.DefaultSetup.ServersMax, hybrid.DefaultSetup.NodesMin, hybrid.DefaultSetup.NodesMax,
	hybrid.DefaultSetup.PEsMin, hybrid.DefaultSetup.PEsMax, hybrid.DefaultSetup.SpeedMin, hybrid.DefaultSetup.SpeedMax, hybrid.DefaultSetup.SpeedStep,
	hybrid.DefaultSetup.Bandwidth, hybrid.DefaultSetup.Latency, hybrid.DefaultSetup.Fixed, hybrid.DefaultSetup.Window,
	hybrid.DefaultSetup.SizeMin, hybrid.DefaultSetup.SizeMax, hybrid.DefaultRefMIPS, hybrid.DefaultSetup.ExecMin, hybrid.DefaultSetup.ExecMax, hybrid.DefaultSetup.Alpha,
	hybrid.DefaultSetup.DeadlineMIPS, hybrid.DefaultRefMIPS,
	hybrid.DefaultSetup.DRMin, hybrid.DefaultSetup.DRMax, hybrid.DefaultSetup.DataMin, hybrid.DefaultSetup.DataMax,
	hybrid.DefaultTs, hybrid.DefaultThreshold, hybrid.DefaultRefMIPS, Reps, 100*verdict.AboutTolerance, verdict.MinSeeds)

func (e *experiment) points(quick bool) ([]int, int) {
	if quick {
		return e.quickXs, 1
	}
	return e.xs, Reps
}

// group is a set of readings whose rows one point computes: its series
// and P-HRS's improvements under each of its readings.
type group struct {
	name     string
	readings []string
}

// groups are the points of one x: the paper's readings, whose improvements all compare with the default
// series (every-job, rescue and overlap leave local alone, submitted
// is a metric of the default runs); users10 on hybrid-table3, whose
// series run other workloads; and live. Each group's improvements need
// only its own series, so the points of an x are independent; each
// builds the x's workloads itself.
func (e *experiment) groups() []group {
	gs := []group{{"paper's readings", []string{"", readEvery, readRescue, readLoose, readOverlap, readSubmitted}}}
	if !e.byJobs {
		gs = append(gs, group{readUsers, []string{readUsers}})
	}
	return append(gs, group{readLive, []string{readLive}})
}

// point is point k's x and group.
func (e *experiment) point(opt sched.ExperimentOptions, k int) (x int, g group, err error) {
	xs, _ := e.points(opt.Quick)
	gs := e.groups()
	if k < 0 || k >= len(xs)*len(gs) {
		return 0, g, sched.PointRangeError(k, len(xs)*len(gs))
	}
	return xs[k/len(gs)], gs[k%len(gs)], nil
}

func (e *experiment) Plan(opt sched.ExperimentOptions) ([]sched.PointInfo, error) {
	xs, _ := e.points(opt.Quick)
	what := "clusters="
	if e.byJobs {
		what = "jobs="
	}
	gs := e.groups()
	plan := make([]sched.PointInfo, 0, len(xs)*len(gs))
	for _, x := range xs {
		// Cost: jobs x clusters, the pairs that HRS and P-HRS weigh,
		// for each series of the group.
		c, n := e.fixed, x
		if !e.byJobs {
			c, n = x, e.fixed
		}
		for _, g := range gs {
			plan = append(plan, sched.PointInfo{Index: len(plan), Label: what + strconv.Itoa(x) + ", " + g.name,
				Cost: float64(n * c * len(variantsOf(g.readings)))})
		}
	}
	return plan, nil
}

// Point runs the series of one group at one x on the point's workloads
// and reports their mean metrics and the improvements of P-HRS at this x
// under the group's readings.
func (e *experiment) Point(ctx context.Context, opt sched.ExperimentOptions, k int, _ sched.Recorder) (sched.Report, error) {
	x, g, err := e.point(opt, k)
	if err != nil {
		return nil, err
	}
	_, reps := e.points(opt.Quick)
	c, n := e.fixed, x
	if !e.byJobs {
		c, n = x, e.fixed
	}
	vs := variantsOf(g.readings)
	mean := make([]map[string]float64, len(vs))
	for a := range mean {
		mean[a] = map[string]float64{}
	}
	users := hybrid.DefaultSetup
	users.UserClusters = userClusters
	loose := hybrid.DefaultSetup
	loose.DeadlineMIPS = hybrid.DefaultRefMIPS
	for rep := 0; rep < reps; rep++ {
		// The workloads of the readings, built once per rep: users10 and
		// loose draw their own (the same jobs, other homes or deadlines).
		scen := map[string]*model.Scenario{}
		for a, v := range vs {
			key, st := "", hybrid.DefaultSetup
			switch v.reading {
			case readUsers:
				key, st = readUsers, users
			case readLoose:
				key, st = readLoose, loose
			}
			sc := scen[key]
			if sc == nil {
				sc = st.Scenario(opt.FirstSeed(), c, n, rep, hybrid.Local)
				scen[key] = sc
			}
			res, err := hybrid.Run(ctx, sc, v.ap, v.config(), nil) // Run reads the scenario and never changes it
			if err != nil {
				return nil, err
			}
			for m, val := range res.Metrics {
				mean[a][m] += val / float64(reps)
			}
		}
	}
	xl := strconv.Itoa(x)
	t := &sched.Table{Experiment: e.name}
	for a, v := range vs {
		for _, m := range reported {
			t.Add(xl, label(v.ap, v.reading), m, mean[a][m])
		}
		if v.reading == "" {
			t.Add(xl, label(v.ap, readSubmitted), "ttr", mean[a]["ttr_submitted"])
		}
	}
	val := func(ap hybrid.Approach, r, metric string) float64 {
		v, _ := sched.Find(t.Rows, xl, label(ap, r), metric)
		return v
	}
	// The improvement of P-HRS over local and HRS at this x (Tables I-IV),
	// under each reading of the group.
	for _, r := range g.readings {
		for _, im := range improved {
			if r == readSubmitted && im.metric != "ttr" {
				continue // the reading concerns TTR only
			}
			for _, o := range []hybrid.Approach{hybrid.Local, hybrid.HRS} {
				v := improvement(val(o, r, im.metric), val(hybrid.PHRS, r, im.metric), im.lower)
				t.Add(xl, label(hybrid.PHRS, r), impMetric(im.metric, o), v)
			}
		}
	}
	return t, nil
}

func impMetric(metric string, o hybrid.Approach) string {
	return metric + "_improvement_vs_" + strings.TrimPrefix(o.String(), "hybrid-")
}

// improvement is the percentage by which P-HRS improves on another
// approach: lower is better for TTR, higher for completed jobs and
// utilisation.
func improvement(other, phrs float64, lowerBetter bool) float64 {
	if other == 0 {
		return 0
	}
	if lowerBetter {
		return 100 * (other - phrs) / other
	}
	return 100 * (phrs - other) / other
}

func (e *experiment) DecodePoint(opt sched.ExperimentOptions, k int, b []byte) (sched.Report, error) {
	if _, _, err := e.point(opt, k); err != nil {
		return nil, err
	}
	return sched.DecodeTable(b)
}

// Merge puts the points together and computes from their rows the
// averages over the sweep (Summary, "avg" rows as the paper's averages),
// the verdicts on the paper's claims and the notes.
func (e *experiment) Merge(opt sched.ExperimentOptions, parts []sched.Report) (sched.Report, error) {
	xs, _ := e.points(opt.Quick)
	t, err := sched.ConcatTables(e.name, len(xs)*len(e.groups()), parts)
	if err != nil {
		return nil, err
	}
	sw := &sweep{e: e, xs: xs, val: map[string]float64{}}
	for _, r := range t.Rows {
		sw.val[r.X+"|"+r.Policy+"|"+r.Metric] = r.Value
	}
	for _, x := range xs {
		for _, v := range e.variants() {
			if _, ok := sw.val[strconv.Itoa(x)+"|"+label(v.ap, v.reading)+"|ttr"]; !ok {
				return nil, &sched.PointError{Msg: fmt.Sprintf("%s: no ttr row for %s at x = %d among the points", e.name, label(v.ap, v.reading), x)}
			}
		}
	}
	// The paper's averages are means over the sweep of the improvement at
	// each x (its stated averages are the means of its table rows).
	for _, r := range e.readings() {
		for _, im := range improved {
			if r == readSubmitted && im.metric != "ttr" {
				continue
			}
			for _, o := range []hybrid.Approach{hybrid.Local, hybrid.HRS} {
				t.Summary = append(t.Summary, sched.Row{Experiment: e.name, X: "avg", Policy: label(hybrid.PHRS, r), Metric: impMetric(im.metric, o), Value: sw.avg(r, im.metric, o)})
			}
		}
	}
	t.Paper = e.paper
	verdict.Evaluate(t, e.sets(), sw.claims())
	t.Notes = sw.notes(opt.FirstSeed(), opt.Quick)
	return t, nil
}

// sweep reads a merged experiment's rows.
type sweep struct {
	e   *experiment
	xs  []int
	val map[string]float64
}

// get is approach ap's metric at x under reading r; the submitted reading
// changes TTR only.
func (sw *sweep) get(x int, ap hybrid.Approach, r, metric string) float64 {
	if r == readSubmitted && metric != "ttr" {
		r = ""
	}
	return sw.val[strconv.Itoa(x)+"|"+label(ap, r)+"|"+metric]
}

// imp is P-HRS's improvement in metric over o at x under reading r.
func (sw *sweep) imp(x int, r, metric string, o hybrid.Approach) float64 {
	if r == readSubmitted && metric != "ttr" {
		r = ""
	}
	return sw.val[strconv.Itoa(x)+"|"+label(hybrid.PHRS, r)+"|"+impMetric(metric, o)]
}

func (sw *sweep) avg(r, metric string, o hybrid.Approach) float64 {
	s := 0.0
	for _, x := range sw.xs {
		s += sw.imp(x, r, metric, o)
	}
	return s / float64(len(sw.xs))
}

// paperAvg is the paper's stated average of a metric row.
func (sw *sweep) paperAvg(metric string) (float64, bool) {
	for _, r := range sw.e.paper {
		if r.X == "avg" && r.Metric == metric {
			return r.Value, true
		}
	}
	return 0, false
}

// sets are the reading sets the claims are evaluated under: the
// default and each reading of the paper (live is not one).
func (e *experiment) sets() []string {
	var rs []string
	for _, r := range e.readings() {
		if r != readLive {
			rs = append(rs, r)
		}
	}
	return rs
}

// claims are the statements of section IV, each measured on the rows
// under a reading set (engine/sched/verdict decides them): a direction at
// every point is the relative difference at each point, a trend the
// least-squares slope over the sweep, an average the mean improvement.
func (sw *sweep) claims() []verdict.Test {
	e := sw.e
	sec, tTTR, tDone, fTTR, fDone, fUtil, over := "IV.A", "Table I", "Table II", "Fig. 2", "Fig. 3", "Fig. 4", "system loads"
	if !e.byJobs {
		sec, tTTR, tDone, fTTR, fDone, fUtil, over = "IV.B", "Table III", "Table IV", "Fig. 5", "Fig. 6", "Fig. 7", "system sizes"
	}
	xs := make([]float64, len(sw.xs))
	for i, x := range sw.xs {
		xs[i] = float64(x)
	}
	name := func(ap hybrid.Approach) string { return strings.TrimPrefix(ap.String(), "hybrid-") }
	// better is the improvement of HRS and P-HRS over local at every x.
	better := func(metric string, lower bool) ([]string, func(string) []float64) {
		var parts []string
		for _, x := range sw.xs {
			for _, ap := range []hybrid.Approach{hybrid.HRS, hybrid.PHRS} {
				parts = append(parts, fmt.Sprintf("%s at %d:", name(ap), x))
			}
		}
		return parts, func(r string) []float64 {
			var v []float64
			for _, x := range sw.xs {
				for _, ap := range []hybrid.Approach{hybrid.HRS, hybrid.PHRS} {
					v = append(v, improvement(sw.get(x, hybrid.Local, r, metric), sw.get(x, ap, r, metric), lower))
				}
			}
			return v
		}
	}
	atX := func() []string {
		var parts []string
		for _, x := range sw.xs {
			parts = append(parts, fmt.Sprintf("at %d:", x))
		}
		return parts
	}
	overHRS := func(metric string) func(string) []float64 {
		return func(r string) []float64 {
			var v []float64
			for _, x := range sw.xs {
				v = append(v, sw.imp(x, r, metric, hybrid.HRS))
			}
			return v
		}
	}
	// slopes is each approach's least-squares slope of metric over the
	// sweep, per 1,000 jobs or per 10 clusters, times sign.
	per, unit := 1000.0, "per 1,000 jobs"
	if !e.byJobs {
		per, unit = 10, "per 10 clusters"
	}
	slopes := func(metric string, sign float64) ([]string, func(string) []float64) {
		var parts []string
		for _, ap := range approaches {
			parts = append(parts, name(ap)+":")
		}
		return parts, func(r string) []float64 {
			var v []float64
			for _, ap := range approaches {
				ys := make([]float64, len(sw.xs))
				for i, x := range sw.xs {
					ys[i] = sw.get(x, ap, r, metric)
				}
				v = append(v, sign*per*verdict.Slope(xs, ys))
			}
			return v
		}
	}
	ttrParts, ttrLower := better("ttr", true)
	doneParts, doneMore := better("completed", false)
	utilParts, utilMore := better("utilisation", false)
	ts := []verdict.Test{
		{Claim: fmt.Sprintf("%s, %s: for all the %s tested, P-HRS and HRS have a lower TTR than local execution", fTTR, tTTR, over),
			Paper: "lower at every point (ours: TTR improvement over local, %)", Rule: verdict.Above, Format: "%.1f%%", Parts: ttrParts, Measure: ttrLower},
		{Claim: fmt.Sprintf("%s: P-HRS improves TTR over HRS at every point", tTTR),
			Paper: "every HRS entry positive", Rule: verdict.Above, Format: "%.1f%%", Parts: atX(), Measure: overHRS("ttr")},
		{Claim: fmt.Sprintf("%s, %s: HRS and P-HRS complete more jobs than local execution", fDone, tDone),
			Paper: "more at every point (ours: % more than local)", Rule: verdict.Above, Format: "%.1f%%", Parts: doneParts, Measure: doneMore},
		{Claim: fmt.Sprintf("%s: P-HRS completes more jobs within the deadline than HRS at every point", tDone),
			Paper: "every HRS entry positive", Rule: verdict.Above, Format: "%.1f%%", Parts: atX(), Measure: overHRS("completed")},
		{Claim: fmt.Sprintf("%s: HRS and P-HRS have a higher resource utilisation than local execution", fUtil),
			Paper: "higher at every point (ours: % above local)", Rule: verdict.Above, Format: "%.1f%%", Parts: utilParts, Measure: utilMore},
	}
	for _, m := range []string{"ttr", "completed", "utilisation"} {
		for _, o := range []hybrid.Approach{hybrid.Local, hybrid.HRS} {
			pv, ok := sw.paperAvg(impMetric(m, o))
			if !ok {
				continue
			}
			what := map[string]string{"ttr": "TTR", "completed": "jobs completed", "utilisation": "resource utilisation"}[m]
			ts = append(ts, verdict.Test{
				Claim: fmt.Sprintf("Section %s: P-HRS has an average improvement in %s of %.1f%% over %s", sec, what, pv, map[hybrid.Approach]string{hybrid.Local: "local execution", hybrid.HRS: "HRS"}[o]),
				Paper: fmt.Sprintf("%.1f%%", pv),
				Rule:  verdict.About, Target: pv, Format: "%.1f%%",
				Measure: func(r string) []float64 { return []float64{sw.avg(r, m, o)} },
			})
		}
	}
	if e.byJobs {
		parts, grow := slopes("completed", 1)
		ts = append(ts, verdict.Test{
			Claim: "Section IV.A: when the number of jobs increases, the number of jobs completed also increases in all the approaches",
			Paper: "increasing with the load (ours: slope, jobs completed " + unit + ")", Rule: verdict.Above, Format: "%.0f", Parts: parts, Measure: grow,
		})
	} else {
		parts, fall := slopes("utilisation", -1)
		ts = append(ts, verdict.Test{
			Claim: "Table III: the TTR improvement of P-HRS over local execution grows with the number of clusters",
			Paper: "15.9% at 10 clusters, 30.8% at 100 (ours: slope, points of % " + unit + ")", Rule: verdict.Above, Format: "%.2f",
			Measure: func(r string) []float64 {
				ys := make([]float64, len(sw.xs))
				for i, x := range sw.xs {
					ys[i] = sw.imp(x, r, "ttr", hybrid.Local)
				}
				return []float64{per * verdict.Slope(xs, ys)}
			},
		}, verdict.Test{
			Claim: "Section IV.B: when the number of clusters increases, the percentage of resource utilization decreases for all the approaches",
			Paper: "lower at 100 clusters than at 10 (ours: fall of the utilisation " + unit + ")", Rule: verdict.Above, Format: "%.4f", Parts: parts, Measure: fall,
		})
	}
	return ts
}

// notes are computed from the rows (and, for the platform's speed, from
// the platform drawn for the points).
func (sw *sweep) notes(seed uint64, quick bool) []string {
	var ns []string
	if quick {
		ns = append(ns, "quick: fewer sweep points and one workload per point; the averages are over those points")
	}
	ns = append(ns, "the paper gives neither its platform nor its workload; ours are drawn as documented in the setup")
	// Live against stale status, per approach: the largest relative change
	// of the mean TTR over the points.
	var live []string
	for _, ap := range approaches {
		d := 0.0
		for _, x := range sw.xs {
			if a := sw.get(x, ap, "", "ttr"); a > 0 {
				d = math.Max(d, math.Abs(sw.get(x, ap, readLive, "ttr")/a-1))
			}
		}
		live = append(live, fmt.Sprintf("%s %.1f%%", strings.TrimPrefix(ap.String(), "hybrid-"), 100*d))
	}
	ns = append(ns, "stale status: deciding on the live status (live=1, a reference point outside the paper) changes the mean TTR by at most "+strings.Join(live, ", ")+" over the points")
	// P-HRS against HRS under each reading of the decision step: the
	// mean difference in completed jobs and in migrations per point.
	diff := func(r, metric string) float64 {
		d := 0.0
		for _, x := range sw.xs {
			d += (sw.get(x, hybrid.PHRS, r, metric) - sw.get(x, hybrid.HRS, r, metric)) / float64(len(sw.xs))
		}
		return d
	}
	ns = append(ns, fmt.Sprintf("decision step: P-HRS completes %+.1f jobs per point against HRS and migrates %+.1f under Step 2 (default: HRS transfers on node shortage only, P-HRS also weighs eq. 1 for a job late at home); %+.1f and %+.1f under rescue (HRS also transfers every job late at home, so P-HRS is HRS); %+.1f and %+.1f under every-job (P-HRS weighs eq. 1 for every job and moves jobs that meet their deadline at home to faster clusters)",
		diff("", "completed"), diff("", "migrated"), diff(readRescue, "completed"), diff(readRescue, "migrated"), diff(readEvery, "completed"), diff(readEvery, "migrated")))
	// Deadline tightness: local execution's discards and P-HRS's gain
	// over HRS in completed jobs, at the default reference node and at
	// the loose one.
	disc := func(r string) float64 {
		d := 0.0
		for _, x := range sw.xs {
			d += sw.get(x, hybrid.Local, r, "discarded") / float64(len(sw.xs))
		}
		return d
	}
	c := sw.e.fixed
	if !sw.e.byJobs {
		c = sw.xs[len(sw.xs)-1]
	}
	ns = append(ns, fmt.Sprintf("deadlines are 1-4 times the run time on a %g-MIPS node (the expected node of the platform; the nodes of the first %d clusters average %.0f MIPS, PEs x speed): local execution discards %.1f jobs per point, and P-HRS completes %+.1f%% against HRS on average; against the run time on the %d-MIPS reference node (loose), %.1f and %+.1f%%",
		hybrid.DefaultSetup.DeadlineMIPS, c, meanPower(seed, c), disc(""), sw.avg("", "completed", hybrid.HRS), hybrid.DefaultRefMIPS, disc(readLoose), sw.avg(readLoose, "completed", hybrid.HRS)))
	util := 0.0
	for _, x := range sw.xs {
		if h := sw.get(x, hybrid.HRS, "", "utilisation"); h > 0 {
			util += sw.get(x, hybrid.PHRS, "", "utilisation") / h / float64(len(sw.xs))
		}
	}
	ns = append(ns, fmt.Sprintf("utilisation is node-seconds used over node-seconds available (the paper does not define it): a job run on faster nodes uses fewer node-seconds; P-HRS's is %.2f times HRS's on average", util))
	if sw.e.byJobs {
		// The paper's own utilisation averages for section IV.A.
		hrs, phrs, rel := 52.9, 45.4, 13.8
		ns = append(ns, fmt.Sprintf("the paper's utilisation averages for Table I's setting contradict one another: HRS %.1f%% and P-HRS %.1f%% over local imply P-HRS %+.1f%% against HRS, where the text states %+.1f%%; the Paper rows keep the two P-HRS figures as printed",
			hrs, phrs, 100*((1+phrs/100)/(1+hrs/100)-1), rel))
	}
	return ns
}

// meanPower is the node-weighted mean power (PEs x speed, MIPS) of the
// first c clusters of the experiments' platform.
func meanPower(seed uint64, c int) float64 {
	sum, n := 0.0, 0
	for _, cl := range hybrid.DefaultSetup.Grid(seed, c).Clusters {
		for _, sv := range cl.Servers {
			sum += float64(sv.Nodes*sv.PEs) * sv.Speed
			n += sv.Nodes
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

func paperRows(exp string, xs []int, table map[string][]float64, avg map[string]float64) []sched.Row {
	var rows []sched.Row
	for _, metric := range []string{"ttr_improvement_vs_local", "ttr_improvement_vs_hrs", "completed_improvement_vs_local", "completed_improvement_vs_hrs"} {
		vals, ok := table[metric]
		if !ok {
			continue
		}
		for i, x := range xs {
			rows = append(rows, sched.Row{Experiment: exp, X: strconv.Itoa(x), Policy: hybrid.PHRS.String(), Metric: metric, Value: vals[i]})
		}
	}
	for _, metric := range []string{"ttr_improvement_vs_local", "ttr_improvement_vs_hrs", "completed_improvement_vs_local", "completed_improvement_vs_hrs", "utilisation_improvement_vs_local", "utilisation_improvement_vs_hrs"} {
		if v, ok := avg[metric]; ok {
			rows = append(rows, sched.Row{Experiment: exp, X: "avg", Policy: hybrid.PHRS.String(), Metric: metric, Value: v})
		}
	}
	return rows
}

// registered holds the experiments by name, for tests.
var registered = map[string]*experiment{}

func register(e *experiment) {
	registered[e.name] = e
	sched.RegisterExperiment(verdict.Seeds(e))
}

func init() {
	jobsX := []int{1000, 3000, 5000, 7000, 9000}
	clustersX := []int{10, 20, 30, 40, 50, 60, 70, 80, 90, 100}
	register(&experiment{
		name: "hybrid-table1", byJobs: true, xs: jobsX, quickXs: []int{1000, 3000}, fixed: 40,
		summary: "Hybrid section IV.A, Tables I-II: TTR and jobs completed of Local, HRS and P-HRS with 40 clusters and 1000 to 9000 jobs; improvement of P-HRS in percent",
		// Tables I and II, and the averages stated in section IV.A.
		paper: paperRows("hybrid-table1", jobsX, map[string][]float64{
			"ttr_improvement_vs_local":       {22.3, 12.9, 19.3, 21.3, 16.8},
			"ttr_improvement_vs_hrs":         {1.9, 4.5, 3.8, 6.1, 4.9},
			"completed_improvement_vs_local": {46.9, 46.2, 48.3, 50.6, 48.4},
			"completed_improvement_vs_hrs":   {16.5, 16.9, 17.9, 17.5, 12.7},
		}, map[string]float64{
			"ttr_improvement_vs_local":       18.5,
			"ttr_improvement_vs_hrs":         4.3,
			"completed_improvement_vs_local": 48.1,
			"completed_improvement_vs_hrs":   16.3,
			// Section IV.A on utilisation: "the HRS and P-HRS have an
			// average improvement of 52.9% and 45.4% than the local
			// execution approach ... The P-HRS has an average improvement
			// of 13.8% over the HRS approach".
			"utilisation_improvement_vs_local": 45.4,
			"utilisation_improvement_vs_hrs":   13.8,
		}),
	})
	register(&experiment{
		name: "hybrid-table3", byJobs: false, xs: clustersX, quickXs: []int{10, 40, 100}, fixed: 1000,
		summary: "Hybrid section IV.B, Tables III-IV: TTR and jobs completed of Local, HRS and P-HRS with 1000 jobs and 10 to 100 clusters; improvement of P-HRS in percent",
		// Tables III and IV, and the averages stated in section IV.B
		// (utilisation: "46.3% and 17.9% over the local execution and HRS").
		paper: paperRows("hybrid-table3", clustersX, map[string][]float64{
			"ttr_improvement_vs_local":       {15.9, 18.4, 18.7, 22.3, 24.2, 24.6, 27.2, 28.7, 30.2, 30.8},
			"ttr_improvement_vs_hrs":         {1.9, 2.2, 3.1, 1.9, 1.1, 1.8, 1.9, 2.7, 2.1, 1.1},
			"completed_improvement_vs_local": {29.6, 40.9, 48.4, 50.1, 53.5, 50.9, 54.7, 52.2, 57.4, 54.1},
			"completed_improvement_vs_hrs":   {5.9, 5.8, 6.5, 6.2, 8.8, 7.8, 6.9, 6.7, 6.9, 5.5},
		}, map[string]float64{
			"ttr_improvement_vs_local":         24.1,
			"ttr_improvement_vs_hrs":           1.9,
			"completed_improvement_vs_local":   49.2,
			"completed_improvement_vs_hrs":     6.7,
			"utilisation_improvement_vs_local": 46.3,
			"utilisation_improvement_vs_hrs":   17.9,
		}),
	})
}
