package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"gridplay/engine/sched"
	"gridplay/site/analysis"
	"gridplay/site/experiments"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// Analysis is the compare view's research part: per compared policy,
// the CDF of wait and of bounded slowdown with their statistics; a Shake
// control that runs perturbed copies of the workload over the page's
// engine workers (POST /api/shake/plan, ?point=K, /merge) and shows each
// metric's 95% confidence interval and which differences are
// significant; and which jobs started earlier or later under one policy
// than another. Every chart downloads as PNG and SVG, its data as CSV.
type Analysis struct {
	P       *Page
	Compare *Compare

	// The distributions' figures, built once per comparison.
	figsFor []*sched.Result
	figs    []*experiments.Figure
	svgs    []string

	// Two schedules side by side: policies A and B, and their
	// difference for the results diffFor.
	A, B    string
	diff    *analysis.Diff
	diffFor [2]*sched.Result

	// Shaking: Runs is the form's number of copies; Sweep the run of
	// the points; Summary the merged report, for ShakeFor (scenario and
	// policies, in words).
	Runs     string
	Sweep    *experiments.Sweep
	Summary  *analysis.ShakeSummary
	ShakeFor string
	ShakeMsg string
	ticking  bool
}

func (c *Analysis) shown() bool { return len(c.Compare.Results) > 0 || c.Sweep != nil }

// Distributions.

func (c *Analysis) figures() []*experiments.Figure {
	rs := c.Compare.Results
	if !slices.Equal(rs, c.figsFor) {
		c.figsFor = append([]*sched.Result(nil), rs...)
		c.figs, c.svgs = nil, nil
		for _, m := range analysis.CDFMetrics {
			if f := analysis.CDFFigure(rs, m.Metric, m.Title, m.XLabel, m.LogX); f != nil {
				c.figs = append(c.figs, f)
				c.svgs = append(c.svgs, experiments.SVG(*f))
			}
		}
	}
	return c.figs
}

func (c *Analysis) svg(i int) string {
	c.figures()
	if i < len(c.svgs) {
		return c.svgs[i]
	}
	return ""
}

func (c *Analysis) stats() []analysis.StatRow { return analysis.Stats(c.Compare.Results) }

// exportFigure offers distribution figure i as PNG or SVG.
func (c *Analysis) exportFigure(i int, png bool) {
	c.figures()
	if i < len(c.svgs) {
		jsbridge.DownloadFigure(c.P.fileBase()+"-cdf-"+c.figs[i].Metric, c.svgs[i], png)
	}
}

func (c *Analysis) exportCDF() {
	jsbridge.Download(c.P.fileBase()+"-cdf.csv", "text/csv", analysis.CDFCSV(c.Compare.Results))
}

func (c *Analysis) exportStats() {
	jsbridge.Download(c.P.fileBase()+"-distributions.csv", "text/csv", analysis.StatsCSV(c.Compare.Results))
}

// Two schedules side by side.

func (c *Analysis) policies() []string {
	var out []string
	for _, r := range c.Compare.Results {
		out = append(out, r.Policy)
	}
	return out
}

func (c *Analysis) result(name string) *sched.Result {
	for _, r := range c.Compare.Results {
		if r.Policy == name {
			return r
		}
	}
	return nil
}

// pair is the two results compared, defaulting to the first two.
func (c *Analysis) pair() (a, b *sched.Result) {
	rs := c.Compare.Results
	if len(rs) < 2 {
		return nil, nil
	}
	a, b = c.result(c.A), c.result(c.B)
	if a == nil {
		a = rs[0]
		c.A = a.Policy
	}
	if b == nil || b == a {
		b = rs[1]
		if b == a {
			b = rs[0]
		}
		c.B = b.Policy
	}
	return a, b
}

func (c *Analysis) difference() *analysis.Diff {
	a, b := c.pair()
	if a == nil {
		return nil
	}
	if c.diffFor != [2]*sched.Result{a, b} || c.diff == nil {
		c.diff, c.diffFor = analysis.Compare(a, b), [2]*sched.Result{a, b}
	}
	return c.diff
}

// MovesShown is the number of moves the difference Gantt draws, and
// MovesListed the number the list shows.
const (
	MovesShown  = 20
	MovesListed = 50
)

func (c *Analysis) diffSVG() string {
	if d := c.difference(); d != nil {
		return d.Figure(MovesShown)
	}
	return ""
}

func (c *Analysis) moves() []analysis.Move {
	if d := c.difference(); d != nil {
		return d.Top(MovesListed)
	}
	return nil
}

func (c *Analysis) diffSummary() string {
	d := c.difference()
	if d == nil {
		return ""
	}
	s := fmt.Sprintf("Of %s placed by both, %s started earlier under %s than under %s, %s later and %s at the same time; on average %s s (%s).",
		state.Count(len(d.Moves), "job"), state.FormatNumber(float64(d.Earlier)), d.B, d.A, state.FormatNumber(float64(d.Later)),
		state.FormatNumber(float64(d.Same)), experiments.Signed(d.MeanDelta), "negative: earlier under "+d.B)
	if len(d.OnlyA) > 0 || len(d.OnlyB) > 0 {
		s += fmt.Sprintf(" Placed by %s only: %d; by %s only: %d.", d.A, len(d.OnlyA), d.B, len(d.OnlyB))
	}
	return s
}

func (c *Analysis) diffBase() string { return c.P.fileBase() + "-" + c.A + "-vs-" + c.B }

func (c *Analysis) exportDiff(png bool) {
	if d := c.difference(); d != nil {
		jsbridge.DownloadFigure(c.diffBase(), d.Figure(MovesShown), png)
	}
}

func (c *Analysis) exportDiffCSV() {
	if d := c.difference(); d != nil {
		jsbridge.Download(c.diffBase()+".csv", "text/csv", d.CSV())
	}
}

func moveClass(m analysis.Move) string {
	if m.Delta < 0 {
		return "earlier"
	}
	return "later"
}

// Shaking.

func (c *Analysis) runsText() string {
	if c.Runs == "" {
		return strconv.Itoa(analysis.DefaultShakeRuns)
	}
	return c.Runs
}

// shake runs the shaken copies of the scenario for the compared
// policies; an event handler.
func (c *Analysis) shake() {
	if c.Sweep.Active() {
		return
	}
	names := c.policies()
	if len(names) == 0 {
		c.ShakeMsg = "Compare some policies first: shaking runs the compared policies."
		return
	}
	n, err := analysis.ParseRuns(c.runsText())
	if err != nil {
		c.ShakeMsg = err.Error()
		return
	}
	body, err := analysis.ShakeBody(c.P.App.Scenario, n, names)
	if err != nil {
		c.ShakeMsg = "The scenario does not validate, so it cannot be shaken: " + err.Error()
		return
	}
	c.ShakeMsg, c.Summary = "", nil
	s := c.P.App.Scenario
	c.ShakeFor = fmt.Sprintf("%s, seed %d: %s × %d shaken copies", s.Name, s.Seed, joinNames(names), n)
	parallel := min(jsbridge.Cores(), experiments.MaxParallel)
	where := state.Count(parallel, "browser worker")
	var sw *experiments.Sweep
	sw = experiments.NewPointSweep(c.P.Engine, "/api/shake", body, parallel, where, analysis.ShakeMergeBody, func(b []byte) string {
		sum := &analysis.ShakeSummary{}
		if err := json.Unmarshal(b, sum); err != nil {
			return "the engine sent an unreadable summary"
		}
		c.Summary = sum
		jsbridge.Publish("shakeJSON", string(b))
		jsbridge.Publish("shakeMs", strconv.FormatInt(time.Since(sw.Started).Milliseconds(), 10))
		jsbridge.Publish("shakeParallel", strconv.Itoa(sw.Parallel))
		return ""
	})
	sw.Update = c.locked
	c.Sweep = sw
	sw.Start()
	c.tick()
}

// joinNames is "a, b and c".
func joinNames(ns []string) string {
	if len(ns) < 2 {
		return strings.Join(ns, "")
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}

// locked runs f from an engine callback under the render lock.
func (c *Analysis) locked(f func()) {
	c.P.env.Lock()
	f()
	c.P.env.UnlockRender()
}

// tick re-renders the progress line while shaking (experiments.Tick).
func (c *Analysis) tick() {
	experiments.Tick(c.P.env, &c.ticking, func() bool { return c.Sweep.Active() }, c.P.recoverGo)
}

func (c *Analysis) retryShake() {
	if c.Sweep != nil {
		c.Sweep.Retry()
		c.tick()
	}
}

func (c *Analysis) exportShake() {
	if c.Summary != nil {
		jsbridge.Download(c.P.fileBase()+"-shake.csv", "text/csv", c.Summary.CSV())
	}
}

func diffClass(d analysis.ShakeDiff) string {
	if d.Significant {
		return "sig"
	}
	return "not-sig"
}

func intervalStyle(cell analysis.ShakeCell) string {
	return fmt.Sprintf("left: %.1f%%; width: %.1f%%", cell.BarLeft, cell.BarWidth)
}

func dotStyle(cell analysis.ShakeCell) string { return fmt.Sprintf("left: %.1f%%", cell.Dot) }
