package main

import (
	"fmt"
	"strings"

	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/site/state"
)

// AskSeconds is the browser time above which the page asks before it
// starts a run, by the engine's work estimate (runner.EstimateUnchecked,
// a pass over the jobs). A run over the engine's cap (sched.MaxSteps) is
// not asked about: the engine refuses it.
const AskSeconds = 30

// costGate is the page's question about a long run. State is "" (no
// question), "ask" (the dialog: Run anyway or Cancel) or "held" (the
// embed, which never starts such a run on its own: a Play the visitor
// presses opens the same dialog).
type costGate struct {
	State string
	Work  sched.Work
	// key is the scenario asked about; ok the one the user said Run
	// anyway for; estWork the estimate of est. The zero runKey is no
	// scenario's.
	key, ok, est runKey
	estWork      sched.Work
	estErr       error
}

// holdCostly says whether the run about to start waits for the user:
// its estimate is over AskSeconds in the browser, within the engine's
// cap, and the user has not said Run anyway for this scenario. Then it
// opens the question. The lock is held.
func (p *Page) holdCostly() bool {
	k := p.runKey()
	g := &p.cost
	if g.ok == k {
		return false
	}
	w, err := p.estimate()
	if err != nil || w.BrowserSeconds() <= AskSeconds || w.Steps > sched.MaxSteps {
		g.State = ""
		return false
	}
	g.key, g.Work = k, w
	if p.IsEmbed {
		g.State = "held"
	} else {
		g.State = "ask"
	}
	return true
}

// estimate is the engine's work estimate of the scenario shown, made
// once per scenario. The lock is held.
func (p *Page) estimate() (sched.Work, error) {
	g := &p.cost
	if k := p.runKey(); g.est != k {
		g.est = k
		g.estWork, g.estErr = runner.EstimateUnchecked(p.App.Scenario)
	}
	return g.estWork, g.estErr
}

// CostAsk is the question before a long run: in the playground above
// the chart, in the embed in place of the chart's first frame.
type CostAsk struct {
	P *Page
}

// open says whether the question about the scenario shown is open.
func (c *CostAsk) open() bool {
	g := &c.P.cost
	return g.State != "" && g.key == c.P.runKey()
}

func (c *CostAsk) title() string {
	t := sched.Duration(c.P.cost.Work.BrowserSeconds())
	if c.P.cost.State == "held" {
		return "This scenario takes about " + t + " to run in your browser."
	}
	return "This run may take about " + t + " in your browser."
}

// why says what the estimate counts and how to make the run smaller.
func (c *CostAsk) why() string {
	p := c.P
	w := p.cost.Work
	driver := "the job count"
	if name, ok := strings.CutPrefix(w.Field, "policy.params."); ok {
		driver = "the parameter " + name
	}
	s := fmt.Sprintf("The engine estimates %s steps of work for %s on %s (about %s natively; %s drives it). To make it shorter, lower %s.",
		sched.Sci(w.Steps), p.App.Scenario.Policy.Name, state.JobCount(p.jobCount()), sched.Duration(w.Seconds()), driver, w.Lower)
	if p.cost.State == "held" {
		return s + " Press Play to run it."
	}
	return s + " It runs in a worker, so the page stays usable, and Cancel in the progress bar stops it."
}

// play opens the question in the embed; an event handler.
func (c *CostAsk) play() { c.P.cost.State = "ask" }

// runAnyway starts the run asked about; an event handler.
func (c *CostAsk) runAnyway() {
	p := c.P
	p.cost.ok, p.cost.State = p.runKey(), ""
	p.runFromEvent()
}

// cancel leaves the run unstarted; an event handler. The embed goes back
// to its Play.
func (c *CostAsk) cancel() {
	p := c.P
	if p.IsEmbed {
		p.cost.State = "held"
		return
	}
	p.cost.State = ""
	p.async.Notice = "The run was not started. Lower " + p.cost.Work.Lower + ", or press Run to be asked again."
}
