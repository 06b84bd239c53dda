package main

import (
	"fmt"
	"strconv"

	"gridplay/engine/api/compact"
	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/site/state"
)

// Compare is the Compare view: a picker of the policies to run (a policy
// that cannot run the scenario is greyed, with the reason and a fix),
// then the chosen policies run one after the other in the engine worker,
// drawn as grouped bars per metric (only the metrics every one of them
// reports), with the whole table one click away.
type Compare struct {
	P *Page

	// Results of the last comparison, in the order run; Errs the
	// policies that failed, in words for people.
	Results []*sched.Result
	Errs    []compareErr
	Done, N int
	// For names the scenario compared, for the caption.
	For string
	// task is the comparison running (its requests, one at a time):
	// the page's (Async.Compare), which says the engine is busy.
	task *state.Task
	// Stale is set when the scenario changed after the comparison (see
	// state.CompareKey); key is the key it was made for.
	Stale bool
	key   string
	// deadlines says whether some job of the compared scenario has a
	// deadline (the deadline metrics are shown only then).
	deadlines bool
	// runs counts comparisons started; seenRuns is what the staleness
	// check last looked at.
	runs, seenRuns int

	// ShowTable unfolds the table; ShowPartial its rows only some
	// policies report.
	ShowTable   bool
	ShowPartial bool
}

// compareErr is one policy that failed in a comparison.
type compareErr struct {
	Policy string
	state.Explained
}

// Palette are the policies' bar colours: Okabe and Ito's and Tol's
// colour-blind-safe hues, each at least 3:1 against white (WCAG 1.4.11).
// Every bar is labelled with its policy too.
var Palette = []string{"#0072B2", "#D55E00", "#009E73", "#332288", "#AA4499", "#882255", "#117733", "#000000"}

// NewCompare returns the Compare view of page p.
func NewCompare(p *Page) *Compare { return &Compare{P: p, task: &p.async.Compare} }

// reset forgets the comparison (a preset replaced the scenario).
func (c *Compare) reset() {
	c.Results, c.Stale, c.key, c.Errs = nil, false, "", nil
}

// current reports whether the results were made for s as it is.
func (c *Compare) current(s *model.Scenario) bool {
	return len(c.Results) > 0 && c.key == state.CompareKey(s)
}

// checkStale marks the comparison stale once the scenario changed after
// it; called about once a second with the lock held. It says whether the
// page must render.
func (c *Compare) checkStale(changed bool) bool {
	if c.runs != c.seenRuns {
		changed = true
	}
	if !changed || len(c.Results) == 0 || c.task.Running() || c.key == "" {
		return false
	}
	c.seenRuns = c.runs
	st := state.CompareKey(c.P.App.Scenario) != c.key
	if st == c.Stale {
		return false
	}
	c.Stale = st
	return true
}

// runnable are the ticked policies that can run the scenario (ok), or
// those that cannot.
func (c *Compare) runnable(ok bool) []string {
	var out []string
	for _, n := range c.P.pickedList() {
		if c.P.verdict(n).OK == ok {
			out = append(out, n)
		}
	}
	return out
}

// skipped says which ticked policies cannot run the scenario and so are
// left out of the comparison, before it runs: a preset's picks stay
// ticked when an import replaces its scenario (MUSCLE's on a whole
// trace), and the button counts only the others.
func (c *Compare) skipped() string {
	names := c.runnable(false)
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0] + " is ticked but cannot run this scenario (the reason is next to it), so it is left out."
	}
	return joinNames(names) + " are ticked but cannot run this scenario (the reasons are next to them), so they are left out."
}

// untickSkipped unticks the policies that cannot run the scenario; an
// event handler.
func (c *Compare) untickSkipped() {
	for _, n := range c.runnable(false) {
		delete(c.P.Picked, n)
	}
}

func (c *Compare) buttonLabel() string {
	switch n := len(c.runnable(true)); n {
	case 0:
		return "Compare (tick two or more)"
	case 1:
		return "Compare 1 policy"
	default:
		return "Compare " + strconv.Itoa(n) + " policies"
	}
}

// start runs every ticked policy that can run the scenario; an event
// handler.
func (c *Compare) start() {
	p := c.P
	names := c.runnable(true)
	if len(names) == 0 || c.task.Running() {
		return
	}
	id := c.task.Start("comparing")
	c.runs++
	c.Results = nil
	c.Errs = nil
	c.Done, c.N = 0, len(names)
	c.For = fmt.Sprintf("%s, seed %d", p.App.Scenario.Name, p.App.Scenario.Seed)
	base := model.Clone(p.App.Scenario)
	c.key, c.Stale = state.CompareKey(base), false
	c.deadlines = state.HasDeadlines(base)
	infos := p.Policies
	go func() {
		defer p.recoverGo()
		var out []*sched.Result
		for _, n := range names {
			in, _ := state.FindPolicy(infos, n)
			body, err := compact.EncodeScenario(state.ForPolicy(base, in))
			var res *sched.Result
			input := err != nil
			if err == nil {
				res, input, err = c.request(id, body)
			}
			p.env.Lock()
			if !c.task.Current(id) { // cancelled
				p.env.UnlockRender()
				return
			}
			c.Done++
			if err != nil {
				c.Errs = append(c.Errs, compareErr{n, state.Explain(err.Error(), base)})
				if input && state.CompareKey(p.App.Scenario) == c.key {
					// The engine refused the scenario: grey the
					// policy with its reason.
					p.refuse(n, err.Error())
				}
			} else {
				out = append(out, res)
				c.Results = append([]*sched.Result(nil), out...)
			}
			p.env.UnlockRender()
		}
		p.env.Lock()
		c.task.Done(id)
		p.env.UnlockRender()
	}()
}

// request sends one non-streamed run of the comparison id and decodes
// its result; input says the engine refused the scenario (a 4xx answer).
func (c *Compare) request(id int, body []byte) (res *sched.Result, input bool, err error) {
	p := c.P
	status, buf, rerr := p.fetch("POST", "/api/run?format=compact", body, func(cancel func()) {
		p.env.Lock()
		c.task.SetCancel(id, cancel)
		p.env.UnlockOnly()
	})
	if rerr != nil {
		return nil, false, fmt.Errorf("engine: %v", rerr)
	}
	if status != 200 {
		return nil, status >= 400 && status < 500, fmt.Errorf("%s", state.ErrorBody(status, buf))
	}
	r, err := decodeResult(buf)
	return r, false, err
}

// rows are the metrics every compared policy reports (all), or the
// others (most policies report a few of their own), in the table only.
func (c *Compare) rows(all bool) []state.CompareRow {
	var out []state.CompareRow
	for _, r := range state.Compare(c.Results, c.deadlines) {
		if r.All == all {
			out = append(out, r)
		}
	}
	return out
}

func (c *Compare) partialLabel() string {
	n := len(c.rows(false))
	if c.ShowPartial {
		return "Hide the metrics only some policies report"
	}
	if n == 1 {
		return "Show 1 metric only some policies report"
	}
	return fmt.Sprintf("Show %d metrics only some policies report", n)
}

func (c *Compare) tableLabel() string {
	if c.ShowTable {
		return "Hide the table"
	}
	return "Show the table of every metric"
}

func (c *Compare) caption() string {
	return "Scenario " + c.For + ". One group per metric the policies all report; the bar's length is the value, the best is marked ★."
}

func (c *Compare) direction(metric string) string {
	switch {
	case state.Neutral[metric]:
		return ""
	case state.HigherIsBetter[metric]:
		return "higher is better"
	}
	return "lower is better"
}

func (c *Compare) color(i int) string { return Palette[i%len(Palette)] }

func (c *Compare) swatch(i int) string { return "background: " + c.color(i) }

func (c *Compare) fill(i int, cell state.CompareCell) string {
	w := 100 * cell.Bar
	if cell.Have && w < 0.5 {
		w = 0.5
	}
	return fmt.Sprintf("width: %.1f%%; background: %s", w, c.color(i))
}

func (c *Compare) valueText(row state.CompareRow, cell state.CompareCell) string {
	if !cell.Have {
		return "—"
	}
	if cell.Best {
		return state.WithUnit(row.Metric, cell.Text) + " ★"
	}
	return state.WithUnit(row.Metric, cell.Text)
}

// unitText is a metric's unit for a heading, "" for none.
func unitText(row state.CompareRow) string {
	if row.Unit == "" {
		return ""
	}
	return "(" + row.Unit + ")"
}

func (c *Compare) barStyle(cell state.CompareCell) string {
	return fmt.Sprintf("width: %.1f%%", 100*cell.Bar)
}

func (c *Compare) cellClass(cell state.CompareCell) string {
	if cell.Best {
		return "best"
	}
	return ""
}

func (c *Compare) itemClass(in sched.Info) string {
	if !c.P.verdict(in.Name).OK {
		return "cmp-item greyed"
	}
	return "cmp-item"
}

func (c *Compare) tip(in sched.Info) string {
	return in.System + ": " + in.Summary
}

// progress: the share of policies done.
func (c *Compare) progressStyle() string {
	if c.task.Running() && c.N > 0 {
		return fmt.Sprintf("width: %.0f%%", 100*float64(c.Done)/float64(c.N))
	}
	return ""
}

func (c *Compare) progressNow() string {
	if c.task.Running() && c.N > 0 {
		return strconv.Itoa(100 * c.Done / c.N)
	}
	return ""
}

func (c *Compare) progressText() string {
	return fmt.Sprintf("Comparing: %d of %d policies done", c.Done, c.N)
}
