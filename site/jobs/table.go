package jobs

import (
	"errors"
	"strconv"
	"strings"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"

	"gridplay/engine/model"
	"gridplay/engine/swf"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// PageSize is the number of rows in the DOM at once: the table is a
// window of PageSize rows onto the whole list, which scrolls (a spacer
// row above and below the window gives the scroll bar the whole list's
// height). Vugu rebuilds the whole page on every render, so the DOM stays
// this small whatever the jobs: a whole trace has 200,000.
const PageSize = 20

// RowHeight is the height of a table row in CSS pixels (table.vugu sets
// it): the window's first row is the scroll offset over it.
const RowHeight = 30

// Table is the job table component.
//
//	<jobs:Table :App="c.App"></jobs:Table>
type Table struct {
	App *state.App
	// Engine answers the SWF import and the generator expansion, which
	// run in the engine worker, never on the page's thread; nil means
	// jsbridge.WorkerEngine.
	Engine jsbridge.Engine
	// Run, when set, runs the scenario at once after an import replaced
	// the jobs (the lock is held), so the engine schedules the trace
	// while the page renders the new table; without it, the page's
	// autosave loop notices the change after that render.
	Run func()

	// Busy says what the engine is doing for the table ("" when idle);
	// cancel stops it, reqID tells stale answers apart.
	Busy   string
	cancel func()
	reqID  int

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
	lastLen  int
	// raw keeps a cell's text that did not parse, with its message, by
	// "row/key".
	raw    map[string]string
	rawErr map[string]string
	// typing holds the text of the cell being typed in (input events),
	// by "row/key": Vugu sets .value on every render (an animation tick
	// renders 25 times a second), which would otherwise put the model's
	// value back under the user's fingers.
	typing map[string]string

	// The rows outside Vugu's render (rowsdom.go): the skeleton for
	// shellN rows, the painted rows, and the delegated listeners with
	// their event queue.
	shell  string
	shellN int
	dom    *domRows
	events *jsbridge.Queue[rowEvent]
	rowsEl js.Value
	rowFns []js.Func
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
	if len(s.Jobs) != c.lastLen {
		c.raw, c.rawErr, c.typing = nil, nil, nil
		c.lastLen = len(s.Jobs)
	}
	// The sorted view and the validation cost time in proportion to the
	// jobs (a whole trace has 200,000): recompute them only when the
	// scenario or the sort changed, not on every render (a run in flight
	// renders several times a second).
	k := computeKey{s, c.App.Gen, len(s.Jobs), c.SortKey, c.SortDesc}
	if k != c.computed || c.errs == nil {
		c.computed = k
		if c.SortKey != "" {
			c.view = SortView(s.Jobs, c.SortKey, c.SortDesc)
		} else {
			c.view = c.view[:0]
			for i := range s.Jobs {
				c.view = append(c.view, i)
			}
		}
		c.errs = MapErrors(s)
	}
	c.First = clampFirst(c.First, len(c.view))
}

func (c *Table) jobs() []model.Job { return c.App.Scenario.Jobs }

func (c *Table) columns() []Column { return Columns }

func (c *Table) pages() int { return max(1, (len(c.view)+PageSize-1)/PageSize) }

// clampFirst keeps a window of PageSize rows inside n rows.
func clampFirst(first, n int) int {
	return max(0, min(first, n-PageSize))
}

// rows are the view's rows in the window.
func (c *Table) rows() []int {
	lo := clampFirst(c.First, len(c.view))
	return c.view[lo:min(lo+PageSize, len(c.view))]
}

// above and below are the heights of the spacer rows around the window.
func (c *Table) above() string {
	return "height: " + strconv.Itoa(clampFirst(c.First, len(c.view))*RowHeight) + "px"
}

func (c *Table) below() string {
	lo := clampFirst(c.First, len(c.view))
	n := max(0, len(c.view)-lo-PageSize)
	return "height: " + strconv.Itoa(n*RowHeight) + "px"
}

// scrolled moves the window to the row the list was scrolled to (the
// scroll listener of mountScroll, under the render lock).
func (c *Table) scrolled(first int) { c.First = clampFirst(first, len(c.view)) }

// scrollTo moves the window to first (clamped by Compute, once the view
// is current) and has the list scrolled there after the next render.
func (c *Table) scrollTo(first int) {
	c.First = max(0, first)
	c.scrollPending = true
}

// syncScroll runs after every render (vg-js-populate): it scrolls the
// list to a window moved by code (buttons, an added row, an import), and
// paints the rows.
func (c *Table) syncScroll(v js.Value) {
	if c.scrollPending {
		c.scrollPending = false
		jsbridge.SetScrollTop(v, float64(clampFirst(c.First, len(c.view))*RowHeight))
	}
	c.paintRows(v)
}

// mountScroll listens to the list's scrolling and to the edits in its
// rows once its element exists: the window follows the scrolling, with a
// render only when the first row changes.
func (c *Table) mountScroll(v js.Value) {
	c.listenRows(v)
	jsbridge.OnScrollRows(v, RowHeight, func(first int) {
		go func() {
			c.env.Lock()
			c.scrolled(first)
			c.env.UnlockRender()
		}()
	})
}

func (c *Table) countLabel() string {
	s := c.App.Scenario
	if s.Generator != nil && len(s.Jobs) == 0 {
		return comma(s.Generator.Jobs) + " generated jobs"
	}
	if len(s.Jobs) == 1 {
		return "1 job"
	}
	return comma(len(s.Jobs)) + " jobs"
}

func (c *Table) pageLabel() string {
	if len(c.view) == 0 {
		return "no rows"
	}
	lo := clampFirst(c.First, len(c.view)) + 1
	hi := min(lo+PageSize-1, len(c.view))
	return "rows " + comma(lo) + "–" + comma(hi) + " of " + comma(len(c.view))
}

func (c *Table) prevPage() { c.scrollTo(clampFirst(c.First, len(c.view)) - PageSize) }

func (c *Table) nextPage() { c.scrollTo(clampFirst(c.First, len(c.view)) + PageSize) }

func (c *Table) atStart() bool { return clampFirst(c.First, len(c.view)) == 0 }

func (c *Table) atEnd() bool { return clampFirst(c.First, len(c.view))+PageSize >= len(c.view) }

func (c *Table) generated() bool { return c.App.Scenario.Generator != nil }

func (c *Table) genSummary() string {
	g := c.App.Scenario.Generator
	if g == nil {
		return ""
	}
	return comma(g.Jobs) + " jobs are drawn from the generator (seed " + strconv.FormatUint(c.App.Scenario.Seed, 10) +
		"): Poisson arrivals at " + num(g.Rate) + " jobs/s, bounded Pareto run times in [" + num(g.ExecMin) + ", " + num(g.ExecMax) +
		"] s, " + g.Sizes + " sizes in [" + strconv.Itoa(g.SizeMin) + ", " + strconv.Itoa(g.SizeMax) + "]. Share links keep only these numbers."
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Cells.

func rawKey(i int, key string) string { return strconv.Itoa(i) + "/" + key }

func (c *Table) cell(i int, key string) string {
	if v, ok := c.typing[rawKey(i, key)]; ok {
		return v
	}
	if v, ok := c.raw[rawKey(i, key)]; ok {
		return v
	}
	return Field(&c.jobs()[i], key)
}

func (c *Table) cellErr(i int, key string) string {
	if m := c.rawErr[rawKey(i, key)]; m != "" {
		return m
	}
	if c.errs == nil {
		return ""
	}
	return c.errs.Cell(i, key)
}

func (c *Table) rowErr(i int) string {
	if c.errs == nil {
		return ""
	}
	return c.errs.Rows[i]
}

func (c *Table) invalid(i int, key string) string { return strconv.FormatBool(c.cellErr(i, key) != "") }

func (c *Table) cellLabel(i int, col Column) string {
	return "job " + c.jobs()[i].ID + ", " + col.Label
}

func (c *Table) errID(i int, key string) string { return "jt-e-" + rawKey(i, key) }

func (c *Table) tableErrors() []string {
	if c.errs == nil {
		return nil
	}
	return c.errs.Table
}

// typeCell keeps what is being typed in a cell (input event).
func (c *Table) typeCell(i int, key string, v string) {
	if c.typing == nil {
		c.typing = map[string]string{}
	}
	c.typing[rawKey(i, key)] = v
}

// leaveCell forgets the typed text once the cell loses focus (its change
// event, if any, came first).
func (c *Table) leaveCell(i int, key string) { delete(c.typing, rawKey(i, key)) }

// setCell applies an edited cell (change event). Text that does not
// parse stays in the cell with its message and changes nothing.
func (c *Table) setCell(i int, key string, v string) {
	if i < 0 || i >= len(c.jobs()) {
		return
	}
	k := rawKey(i, key)
	delete(c.typing, k)
	if v == Field(&c.jobs()[i], key) {
		delete(c.raw, k)
		delete(c.rawErr, k)
		return
	}
	probe := Duplicate(c.jobs(), i)
	if msg := SetField(&probe, key, v); msg != "" {
		if c.raw == nil {
			c.raw, c.rawErr = map[string]string{}, map[string]string{}
		}
		c.raw[k], c.rawErr[k] = v, msg
		return
	}
	delete(c.raw, k)
	delete(c.rawErr, k)
	c.App.Edit("edit jobs["+strconv.Itoa(i)+"]."+key, func(s *model.Scenario) { SetField(&s.Jobs[i], key, v) })
}

// Rows.

func (c *Table) add() {
	if c.generated() {
		c.Problem = "the jobs come from the generator: expand them into rows first"
		return
	}
	c.App.Edit("add job", func(s *model.Scenario) { s.Jobs = append(s.Jobs, NewJob(s.Jobs)) })
	c.SortKey = ""
	c.scrollTo(len(c.jobs()))
}

func (c *Table) remove(i int) {
	if i < 0 || i >= len(c.jobs()) {
		return
	}
	id := c.jobs()[i].ID
	c.App.Edit("delete job "+id, func(s *model.Scenario) { s.Jobs = append(s.Jobs[:i:i], s.Jobs[i+1:]...) })
	c.raw, c.rawErr = nil, nil
}

func (c *Table) duplicate(i int) {
	if i < 0 || i >= len(c.jobs()) {
		return
	}
	id := c.jobs()[i].ID
	c.App.Edit("duplicate job "+id, func(s *model.Scenario) {
		d := Duplicate(s.Jobs, i)
		s.Jobs = append(s.Jobs[:i+1:i+1], append([]model.Job{d}, s.Jobs[i+1:]...)...)
	})
	c.raw, c.rawErr = nil, nil
}

// Sorting.

func (c *Table) sortBy(key string) {
	switch {
	case c.SortKey != key:
		c.SortKey, c.SortDesc = key, false
	case !c.SortDesc:
		c.SortDesc = true
	default:
		c.SortKey, c.SortDesc = "", false
	}
}

func (c *Table) ariaSort(key string) string {
	switch {
	case c.SortKey != key:
		return "none"
	case c.SortDesc:
		return "descending"
	}
	return "ascending"
}

func (c *Table) sortMark(key string) string { return state.SortMark(c.ariaSort(key)) }

func (c *Table) sorted() bool { return c.SortKey != "" }

func (c *Table) applyOrder() {
	if c.SortKey == "" {
		return
	}
	view := SortView(c.jobs(), c.SortKey, c.SortDesc)
	dir := ""
	if c.SortDesc {
		dir = " descending"
	}
	c.App.Edit("sort jobs by "+c.SortKey+dir, func(s *model.Scenario) { ApplyOrder(s.Jobs, view) })
	c.SortKey, c.SortDesc = "", false
	c.raw, c.rawErr = nil, nil
}

// Paste.

func (c *Table) openPaste() {
	c.ShowPaste, c.ShowGen = true, false
	c.pasted = nil
}

func (c *Table) closePaste() {
	c.ShowPaste = false
	c.pasted = nil
}

func (c *Table) pasteInput(e vugu.DOMEvent) {
	c.PasteText = e.PropString("target", "value")
	c.pasted = nil
}

func (c *Table) setAppend(e vugu.DOMEvent) { c.PasteAppend = e.PropBool("target", "checked") }

func (c *Table) pasteProblems() []string {
	if c.pasted == nil {
		return nil
	}
	var out []string
	for _, p := range c.pasted.Problems {
		out = append(out, p.Error())
	}
	if c.pasted.More > 0 {
		out = append(out, "and "+comma(c.pasted.More)+" more")
	}
	return out
}

func (c *Table) applyPaste() {
	p := ParseCSV(c.PasteText)
	c.pasted = p
	jobs := p.Jobs
	if c.PasteAppend {
		if n := len(c.jobs()) + len(jobs); n > MaxRows {
			c.pasted.Problems = append(c.pasted.Problems, Problem{Msg: "the table would have " + comma(n) + " jobs; it holds at most " + comma(MaxRows)})
			return
		}
		// Fresh ids for pasted rows that clash with existing ones.
		all := append([]model.Job(nil), c.jobs()...)
		for k := range jobs {
			jobs[k].ID = FreeID(all, jobs[k].ID)
			all = append(all, jobs[k])
		}
	}
	// The model's checks of the rows that parsed, so that every bad row
	// is named at once, before the jobs go in.
	p.Check(c.App.Scenario.Platform)
	if !p.OK() {
		return
	}
	appendMode := c.PasteAppend
	c.App.Edit("paste "+comma(len(jobs))+" jobs", func(s *model.Scenario) {
		if appendMode && s.Generator == nil {
			s.Jobs = append(s.Jobs, jobs...)
		} else {
			s.Jobs = jobs
			// Replaced jobs are no longer the preset's: the name says so
			// (and export file names follow it).
			s.Name = "Pasted jobs"
		}
		s.Generator = nil
	})
	c.Notice = []string{"Pasted " + comma(len(jobs)) + " jobs."}
	for _, pr := range p.Problems {
		c.Notice = append(c.Notice, pr.Error())
	}
	c.Problem = ""
	c.SortKey = ""
	c.ShowPaste, c.PasteText, c.pasted = false, "", nil
}

// Export.

func (c *Table) exportCSV() {
	s := c.App.Scenario
	name := "jobs.csv"
	if s.Name != "" {
		name = fileName(s.Name) + "-jobs.csv"
	}
	if s.Generator == nil || len(s.Jobs) > 0 {
		jsbridge.Download(name, "text/csv", FormatCSV(s.Jobs))
		return
	}
	// Generated jobs are drawn by the engine, as for a run.
	c.drawJobs("Drawing the generated jobs for the CSV…", func(jobs []model.Job) {
		jsbridge.Download(name, "text/csv", FormatCSV(jobs))
		c.Notice = []string{"Exported " + comma(len(jobs)) + " generated jobs."}
	})
}

// fileName keeps letters, digits, dash and underscore of a scenario name.
func fileName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ' || r == '.':
			b.WriteByte('-')
		}
		if b.Len() >= 60 {
			break
		}
	}
	if b.Len() == 0 {
		return "scenario"
	}
	return b.String()
}

// SWF import.

func (c *Table) setKeep(e vugu.DOMEvent) { c.KeepPlatform = e.PropBool("target", "checked") }

// importFile starts reading the chosen file; the engine worker parses it
// (POST /api/swf) and applyImport takes the cut.
func (c *Table) importFile(e vugu.DOMEvent) {
	c.stop()
	c.Problem = ""
	c.Notice = nil
	c.Busy = "Reading the file…"
	c.reqID++
	id := c.reqID
	readFile(e, MaxUploadBytes, func(name string, data []byte, err error) {
		// A JS callback: go on on a goroutine, under the render lock.
		jsbridge.Mark("import: file read")
		go func() {
			c.env.Lock()
			defer c.env.UnlockRender()
			if id != c.reqID {
				return // cancelled, or another file was picked
			}
			c.sendImport(name, data, err)
		}()
	})
}

// sendImport posts the file's bytes to the engine; the lock is held.
func (c *Table) sendImport(name string, data []byte, err error) {
	kind := importKind(name) + ": "
	if err != nil {
		c.Busy = ""
		c.Problem = kind + err.Error()
		return
	}
	c.ask("Reading "+name+" in the engine (the page stays usable)…", "POST", ImportPath(name), data,
		func(status int, body []byte) {
			jsbridge.Mark("import: engine answered")
			if status != 200 {
				c.Problem = kind + state.ErrorBody(status, body)
				return
			}
			im, err := DecodeImport(body)
			if err != nil {
				c.Problem = kind + err.Error()
				return
			}
			jsbridge.Mark("import: decoded")
			c.applyImport(im)
			jsbridge.Mark("import: applied")
			if c.Run != nil {
				c.Run()
			}
		},
		func(msg string) { c.Problem = kind + msg })
}

// ask sends one request to the engine and calls ok with its status and
// whole body, or fail with a message, under the render lock, unless a
// later request or Cancel came first. The lock must be held. A request
// cancelled by someone else (the page's runs share the worker, and
// cancelling one restarts it) is sent again, twice at most.
func (c *Table) ask(busy, method, path string, body []byte, ok func(status int, body []byte), fail func(msg string)) {
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
	c.reqID++
	id := c.reqID
	c.Busy = busy
	var send func(tries int)
	send = func(tries int) {
		var status int
		var buf []byte
		c.cancel = c.engine().Request(method, path, body, jsbridge.Handlers{
			Head:  func(s int) { status = s },
			Chunk: func(b []byte) { buf = append(buf, b...) },
			End: func(err error) {
				c.env.Lock()
				defer c.env.UnlockRender()
				if id != c.reqID {
					return
				}
				if err != nil && err.Error() == jsbridge.ErrCancelled && tries < 2 {
					send(tries + 1)
					return
				}
				c.Busy, c.cancel = "", nil
				switch {
				case err != nil && err.Error() == jsbridge.ErrCancelled:
					fail("cancelled")
				case err != nil:
					fail("engine: " + err.Error())
				default:
					ok(status, buf)
				}
			},
		})
	}
	send(0)
}

func (c *Table) engine() jsbridge.Engine {
	if c.Engine == nil {
		return jsbridge.WorkerEngine{}
	}
	return c.Engine
}

// stop cancels the engine request in flight, if any; the lock is held.
func (c *Table) stop() {
	c.reqID++
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
	c.Busy = ""
}

// cancelBusy is the Cancel button of the busy notice.
func (c *Table) cancelBusy() {
	if c.Busy == "" {
		return
	}
	c.stop()
	c.Notice = []string{"Cancelled."}
}

func (c *Table) busy() bool { return c.Busy != "" }

// applyImport replaces the jobs (and, unless KeepPlatform, the platform)
// with an import.
func (c *Table) applyImport(im *Import) {
	keep := c.KeepPlatform
	// A trace wants a policy made for one machine and thousands of jobs:
	// EASY, unless the user picked a policy since loading the preset
	// (never MUSCLE's GA on a 2,000-job trace, a run of half a minute).
	switchPolicy := !c.App.PolicyChosen
	what := " SWF jobs"
	if IsBatsim(im.Name) {
		what = " Batsim jobs"
	}
	c.App.Edit("import "+comma(im.Kept)+what, func(s *model.Scenario) {
		s.Jobs = im.Jobs
		s.Generator = nil
		if n := TraceName(im.Name); n != "" {
			s.Name = n
		}
		if switchPolicy {
			s.Policy = model.Policy{Name: ImportPolicy}
		}
		if !keep {
			s.Platform = model.Platform{Clusters: []model.Cluster{im.Cluster}}
			s.Events = nil
		} else {
			for k := range s.Jobs {
				s.Jobs[k].Origin = ""
			}
		}
	})
	c.Notice = im.Notice
	if !keep {
		c.Notice = append(c.Notice, "The platform is now the trace's machine: "+im.Cluster.ID+" with "+comma(im.Cluster.Nodes)+" nodes.")
	}
	if switchPolicy {
		c.Notice = append(c.Notice, "The policy is now "+ImportPolicy+" (EASY backfilling), which suits a trace; pick another in the policy menu.")
	}
	c.SortKey = ""
	c.scrollTo(0)
}

// Shipped traces: a cut of a trace that ships with gridplay, read by the
// engine (POST /api/expand of a scenario that names it, engine/workload):
// the jobs are those of an SWF import of the trace, and a share link
// names the cut instead of listing them.

func (c *Table) shippedNames() []string {
	out := make([]string, len(swf.Shipped))
	for i, t := range swf.Shipped {
		out[i] = t.Name
	}
	return out
}

func (c *Table) traceName() string {
	if c.TraceName == "" {
		return "KTH-SP2-1996-2"
	}
	return c.TraceName
}

func (c *Table) traceFirst() string {
	if c.TraceFirst == "" {
		return "1000"
	}
	return c.TraceFirst
}

func (c *Table) setTrace(field string, e vugu.DOMEvent) {
	v := strings.TrimSpace(e.JSEventTarget().Get("value").String())
	switch field {
	case "name":
		c.TraceName = v
	case "first":
		c.TraceFirst = v
		if v == "" {
			c.TraceFirst = "0"
		}
	case "from":
		c.TraceFrom = v
	case "to":
		c.TraceTo = v
	}
}

// TraceRef reads the form into a trace reference, or says what is wrong.
func TraceRef(name, first, from, to string) (*model.TraceRef, string) {
	t := &model.TraceRef{Name: name}
	if _, ok := swf.FindShipped(name); !ok {
		return nil, "pick one of the shipped traces"
	}
	num := func(s, what string) (float64, string) {
		if s == "" {
			return 0, ""
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || v < 0 || v != v {
			return 0, what + " must be a number of seconds, 0 or more"
		}
		return v, ""
	}
	n, err := strconv.Atoi(first)
	if err != nil || n < 0 || n > MaxImportJobs {
		return nil, "the number of jobs must be a whole number from 0 (every job) to " + comma(MaxImportJobs)
	}
	t.First = n
	var msg string
	if t.From, msg = num(from, "from"); msg != "" {
		return nil, msg
	}
	if t.To, msg = num(to, "to"); msg != "" {
		return nil, msg
	}
	if t.To != 0 && t.To <= t.From {
		return nil, "the window's end must be after its start"
	}
	return t, ""
}

// loadShipped reads the cut the form names (the engine reads the
// trace: in the worker, from the site's static/traces); the lock is held.
func (c *Table) loadShipped() {
	ref, msg := TraceRef(c.traceName(), c.traceFirst(), c.TraceFrom, c.TraceTo)
	c.Notice, c.Problem = nil, ""
	if msg != "" {
		c.Problem = "Shipped trace: " + msg + "."
		return
	}
	st, _ := swf.FindShipped(ref.Name)
	keep := c.KeepPlatform
	s := model.Clone(c.App.Scenario)
	s.Jobs, s.Generator, s.Trace, s.Events = nil, nil, ref, nil
	if !keep {
		s.Platform = model.Platform{Clusters: []model.Cluster{{ID: "site0", Name: ref.Name, Nodes: st.Nodes}}}
	}
	body, err := model.Encode(s)
	if err != nil {
		c.Problem = "Shipped trace: " + state.Explain(err.Error(), s).Sentence
		return
	}
	c.ask("Reading "+ref.Name+" in the engine (the page stays usable)…", "POST", "/api/expand", body,
		func(status int, b []byte) {
			if status != 200 {
				c.Problem = "Shipped trace: " + state.Explain(state.ErrorBody(status, b), s).Sentence
				return
			}
			x, err := model.Decode(b)
			if err != nil {
				c.Problem = "Shipped trace: the engine's answer could not be read: " + err.Error()
				return
			}
			c.applyShipped(ref, x, keep)
			if c.Run != nil {
				c.Run()
			}
		},
		func(msg string) { c.Problem = "Shipped trace: " + msg })
}

// applyShipped replaces the jobs (and, unless keep, the platform) with
// the cut read, x, and records that they are ref.
func (c *Table) applyShipped(ref *model.TraceRef, x *model.Scenario, keep bool) {
	switchPolicy := !c.App.PolicyChosen
	c.App.Edit("load "+comma(len(x.Jobs))+" jobs of "+ref.Name, func(s *model.Scenario) {
		s.Jobs, s.Generator, s.Trace = x.Jobs, nil, nil
		s.Name = ref.Name
		if ref.First > 0 {
			s.Name += " (first " + comma(ref.First) + ")"
		}
		if switchPolicy {
			s.Policy = model.Policy{Name: ImportPolicy}
		}
		if !keep {
			s.Platform, s.Events = x.Platform, nil
		} else {
			for k := range s.Jobs {
				s.Jobs[k].Origin = ""
			}
		}
	})
	c.App.SetSource(ref)
	c.Notice = []string{"Loaded " + comma(len(x.Jobs)) + " jobs of " + ref.Name + ", a trace shipped with gridplay; a share link names this cut of the trace instead of listing its jobs."}
	if !keep {
		c.Notice = append(c.Notice, "The platform is now the trace's machine: site0 with "+comma(x.Platform.Clusters[0].Nodes)+" nodes.")
	}
	if switchPolicy {
		c.Notice = append(c.Notice, "The policy is now "+ImportPolicy+" (EASY backfilling), which suits a trace; pick another in the policy menu.")
	}
	c.SortKey = ""
	c.scrollTo(0)
}

// TraceName is the scenario name of an imported file: its name without
// the .swf and .gz extensions.
func TraceName(file string) string {
	return strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(file, ".json"), ".gz"), ".swf"), ".SWF")
}

// ImportPolicy is the policy an SWF import switches to.
const ImportPolicy = "easy"

func (c *Table) dismiss() { c.Notice, c.Problem = nil, "" }

func (c *Table) hasNotice() bool { return len(c.Notice) > 0 || c.Problem != "" || c.Busy != "" }

// Generator.

// genFields are the generator dialog's inputs, in order, with labels and
// help (MUSCLE section 5: Poisson arrivals, bounded Pareto run times of
// eq. 4, deadlines by eq. 5).
var genFields = []struct{ Key, Label, Help string }{
	{"jobs", "Jobs", "number of jobs"},
	{"rate", "Arrival rate (jobs/s)", "Poisson arrival rate"},
	{"exec_min", "Run time min e_l (s)", "bounded Pareto lower bound, MUSCLE eq. 4"},
	{"exec_max", "Run time max e_u (s)", "bounded Pareto upper bound, MUSCLE eq. 4"},
	{"alpha", "Pareto α", "bounded Pareto shape, MUSCLE eq. 4; empty means the default"},
	{"dr_min", "Deadline ratio min", "dr lower bound, MUSCLE eq. 5; both empty means no deadlines"},
	{"dr_max", "Deadline ratio max", "dr upper bound, MUSCLE eq. 5"},
	{"sizes", "Size distribution", "uniform, normal or log"},
	{"size_min", "Size min (nodes)", "smallest job"},
	{"size_max", "Size max (nodes)", "largest job"},
	{"size_mean", "Size mean", "normal sizes: mean; empty means the midpoint"},
	{"size_std", "Size std. dev.", "normal sizes: standard deviation; empty means the default"},
	{"seed", "Seed", "the scenario's seed; the same seed draws the same jobs"},
}

func (c *Table) genFieldList() []struct{ Key, Label, Help string } { return genFields }

func (c *Table) openGen() {
	c.ShowGen, c.ShowPaste = true, false
	g := c.App.Scenario.Generator
	if g == nil {
		g = DefaultGenerator(c.App.Scenario)
	}
	c.gen = GeneratorForm(g, c.App.Scenario.Seed)
	c.genErr = nil
}

func (c *Table) closeGen() { c.ShowGen = false }

func (c *Table) genVal(key string) string { return c.gen[key] }

func (c *Table) genInput(key string, e vugu.DOMEvent) {
	if c.gen == nil {
		c.gen = map[string]string{}
	}
	c.gen[key] = e.PropString("target", "value")
}

func (c *Table) genProblem(key string) string { return c.genErr[key] }

// genWarnings are GeneratorWarnings for the form as it is filled in.
func (c *Table) genWarnings() []string {
	if !c.ShowGen {
		return nil // the dialog is closed
	}
	g, _, errs := ParseGeneratorForm(c.gen, c.App.Scenario)
	if len(errs) > 0 {
		return nil
	}
	return GeneratorWarnings(g, c.App.Scenario)
}

func (c *Table) isSizes(key string) bool { return key == "sizes" }

func (c *Table) sizeDists() []string { return model.SizeDists }

func (c *Table) applyGen() {
	g, seed, errs := ParseGeneratorForm(c.gen, c.App.Scenario)
	c.genErr = errs
	if len(errs) > 0 {
		return
	}
	c.App.Edit("generate "+comma(g.Jobs)+" jobs", func(s *model.Scenario) {
		s.Generator = g
		s.Jobs = nil
		s.Seed = seed
	})
	c.Notice = GeneratorWarnings(g, c.App.Scenario)
	c.ShowGen = false
	c.SortKey = ""
	c.scrollTo(0)
	c.Notice = []string{"The workload is now generated: " + comma(g.Jobs) + " jobs from seed " + strconv.FormatUint(seed, 10) + "."}
	c.Problem = ""
}

// expand turns the generator into editable rows, drawn by the engine.
func (c *Table) expand() {
	s := c.App.Scenario
	if s.Generator == nil {
		return
	}
	if s.Generator.Jobs > MaxImportJobs {
		c.Problem = "the table holds at most " + comma(MaxImportJobs) + " jobs; keep " + comma(s.Generator.Jobs) + " jobs as a generator"
		return
	}
	c.drawJobs("Drawing the generated jobs…", func(jobs []model.Job) {
		c.App.Edit("expand generated jobs", func(s *model.Scenario) {
			s.Jobs = jobs
			s.Generator = nil
		})
		c.SortKey = ""
		c.scrollTo(0)
		c.Notice = []string{"Expanded into " + comma(len(jobs)) + " editable rows."}
	})
}

// drawJobs asks the engine for the generated jobs (POST /api/expand) and
// calls done with them; the lock is held. When the scenario changed while
// the engine drew them, the answer is dropped: it was for another
// scenario.
func (c *Table) drawJobs(busy string, done func(jobs []model.Job)) {
	body, err := model.Encode(c.App.Scenario)
	if err != nil {
		c.Problem = "cannot draw the generated jobs: " + err.Error()
		return
	}
	c.Problem, c.Notice = "", nil
	sent := string(body)
	c.ask(busy, "POST", "/api/expand", body,
		func(status int, b []byte) {
			if status != 200 {
				c.Problem = "cannot draw the generated jobs: " + state.ErrorBody(status, b)
				return
			}
			now, err := model.Encode(c.App.Scenario)
			if err != nil || string(now) != sent {
				c.Problem = "the scenario changed while the jobs were drawn; try again"
				return
			}
			x, err := model.Decode(b)
			if err != nil || x.Generator != nil {
				c.Problem = "the engine's answer is not an expanded scenario"
				return
			}
			done(x.Jobs)
		},
		func(msg string) { c.Problem = "cannot draw the generated jobs: " + msg })
}

// DefaultGenerator is the dialog's starting point when the scenario has
// no generator: 100 jobs, one every 10 s on average, run times in
// [10, 1000] s, uniform sizes up to the largest cluster.
func DefaultGenerator(s *model.Scenario) *model.Generator {
	largest := 1
	for _, cl := range s.Platform.Clusters {
		largest = max(largest, cl.Nodes)
	}
	return &model.Generator{Jobs: 100, Rate: 0.1, ExecMin: 10, ExecMax: 1000, Sizes: "uniform", SizeMin: 1, SizeMax: largest}
}

// GeneratorForm is the dialog's text for g and seed.
func GeneratorForm(g *model.Generator, seed uint64) map[string]string {
	opt := func(x float64) string {
		if x == 0 {
			return ""
		}
		return num(x)
	}
	return map[string]string{
		"jobs": strconv.Itoa(g.Jobs), "rate": num(g.Rate), "exec_min": num(g.ExecMin), "exec_max": num(g.ExecMax),
		"alpha": opt(g.Alpha), "dr_min": opt(g.DRMin), "dr_max": opt(g.DRMax), "sizes": g.Sizes,
		"size_min": strconv.Itoa(g.SizeMin), "size_max": strconv.Itoa(g.SizeMax),
		"size_mean": opt(g.SizeMean), "size_std": opt(g.SizeStd), "seed": strconv.FormatUint(seed, 10),
	}
}

// ParseGeneratorForm reads the dialog into a generator and a seed, and
// checks it with model.Validate on a copy of s (so the messages are the
// model's, named by field). Application codes of an existing generator
// are kept.
func ParseGeneratorForm(f map[string]string, s *model.Scenario) (*model.Generator, uint64, map[string]string) {
	errs := map[string]string{}
	g := &model.Generator{Sizes: strings.TrimSpace(f["sizes"])}
	if s.Generator != nil {
		g.Codes = append([]string(nil), s.Generator.Codes...)
	}
	nums := map[string]*float64{"rate": &g.Rate, "exec_min": &g.ExecMin, "exec_max": &g.ExecMax, "alpha": &g.Alpha,
		"dr_min": &g.DRMin, "dr_max": &g.DRMax, "size_mean": &g.SizeMean, "size_std": &g.SizeStd}
	for k, p := range nums {
		v := strings.TrimSpace(f[k])
		if v == "" {
			continue
		}
		x, msg := parseFloat(v)
		if msg != "" {
			errs[k] = msg
		}
		*p = x
	}
	ints := map[string]*int{"jobs": &g.Jobs, "size_min": &g.SizeMin, "size_max": &g.SizeMax}
	for k, p := range ints {
		x, msg := parseInt(strings.TrimSpace(orZero(f[k])))
		if msg != "" {
			errs[k] = msg
		}
		*p = x
	}
	seed := s.Seed
	if v := strings.TrimSpace(f["seed"]); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			errs["seed"] = quoteShort(v) + " is not a whole number from 0 to 18446744073709551615"
		}
		seed = n
	}
	if len(errs) > 0 {
		return nil, 0, errs
	}
	// The probe has no job list: copying a whole trace's to drop it
	// cost a render half a second.
	shallow := *s
	shallow.Jobs = nil
	probe := model.Clone(&shallow)
	probe.Generator, probe.Seed = g, seed
	var es model.Errors
	if errors.As(probe.Validate(), &es) {
		for _, fe := range es {
			if k, ok := strings.CutPrefix(fe.Field, "generator."); ok {
				if i := strings.IndexByte(k, '['); i >= 0 {
					k = k[:i]
				}
				errs[k] = join(errs[k], fe.Msg)
			} else if fe.Field == "generator" {
				errs["jobs"] = join(errs["jobs"], fe.Msg)
			}
		}
	}
	if len(errs) > 0 {
		return nil, 0, errs
	}
	return g, seed, nil
}

func (c *Table) inputMode(col Column) string {
	if col.Kind == "text" {
		return "text"
	}
	return "decimal"
}
