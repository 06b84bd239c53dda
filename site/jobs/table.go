package jobs

import (
	"strconv"

	"github.com/vugu/vugu"

	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// Table is the job table component.
//
//	<jobs:Table :App="c.App" :Engine="c.Engine"></jobs:Table>
type Table struct {
	App *state.App
	// Engine, the page's, answers the SWF import and the generator
	// expansion, which run in the engine worker, never on the page's thread.
	Engine jsbridge.Engine
	// Run, when set, runs the scenario at once after an import replaced
	// the jobs (the lock is held), so the engine schedules the trace
	// while the page renders the new table; without it, the page's
	// autosave loop notices the change after that render.
	Run func()

	// Task is what the engine is doing for the table (request.go).
	Task state.Task

	// SortKey is the column the view is sorted by ("" for the scenario
	// order); SortDesc reverses it.
	SortKey  string
	SortDesc bool
	// First is the index in the view of the first row in the window.
	First int

	// Notice is what the last import, paste or generation did; Problem
	// is why one failed.
	Notice  []string
	Problem string

	// The paste dialog.
	ShowPaste   bool
	PasteText   string
	PasteAppend bool
	pasted      *Parsed

	// The generator dialog: its inputs as text, and their problems.
	ShowGen bool
	gen     map[string]string
	genErr  map[string]string

	// KeepPlatform, when set, keeps the platform on SWF import instead
	// of using the trace's machine.
	KeepPlatform bool

	// The shipped traces' form: which trace, its first N jobs, and a
	// window of submit times (text as typed; empty for none).
	TraceName, TraceFirst, TraceFrom, TraceTo string
	ShowShipped                               bool

	env vugu.EventEnv
	// scrollPending asks syncScroll to scroll the list to First.
	scrollPending bool

	// Computed before each build (Compute), when computed differs.
	computed computeKey
	view     []int
	errs     *CellErrors
	// drafts keeps the cells' texts that the jobs do not hold, by
	// "row/key" (rawKey).
	drafts state.Drafts

	// The rows outside Vugu's render (rowsdom.go): the painted rows, and
	// the delegated listeners with their event queue.
	dom    *domRows
	events *jsbridge.Queue[rowEvent]
	rowsOn jsbridge.Listeners
}

// computeKey says what the view and the validation were computed for.
type computeKey struct {
	s    *model.Scenario
	gen  int
	jobs int
	sort string
	desc bool
}

// Init keeps the event environment for the engine's answers, which
// arrive on goroutines of their own.
func (c *Table) Init(ctx vugu.InitCtx) { c.env = ctx.EventEnv() }

// Compute runs before each build: the sorted view and the validation
// messages, once per render rather than once per cell.
func (c *Table) Compute(ctx vugu.ComputeCtx) {
	s := c.App.Scenario
	// A change in the number of jobs drops the cells' kept texts.
	if len(s.Jobs) != c.computed.jobs {
		c.drafts = state.Drafts{}
	}
	// The sorted view and the validation cost time in proportion to the
	// jobs (a whole trace has 200,000): recompute them only when the
	// scenario or the sort changed, not on every render (a run in flight
	// renders several times a second).
	k := computeKey{s, c.App.Gen, len(s.Jobs), c.SortKey, c.SortDesc}
	if k != c.computed || c.errs == nil {
		c.computed = k
		c.view = SortView(s.Jobs, c.SortKey, c.SortDesc)
		c.errs = MapErrors(s)
	}
	c.First = clampFirst(c.First, len(c.view))
}

func (c *Table) jobs() []model.Job { return c.App.Scenario.Jobs }

func (c *Table) countLabel() string {
	s := c.App.Scenario
	if s.Generator != nil && len(s.Jobs) == 0 {
		return csvfmt.Thousands(s.Generator.Jobs) + " generated jobs"
	}
	return state.JobCount(len(s.Jobs))
}

func (c *Table) generated() bool { return c.App.Scenario.Generator != nil }

func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

func (c *Table) dismiss() { c.Notice, c.Problem = nil, "" }

func (c *Table) hasNotice() bool { return len(c.Notice) > 0 || c.Problem != "" || c.Task.Running() }
