package analysis

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"gridplay/engine/model"
	"gridplay/engine/outputs"
	"gridplay/engine/sched"
	"gridplay/site/state"
)

// Column is one column of the per-job table.
type Column struct {
	Key   string
	Label string
	// Title is the header's tooltip: what the column means.
	Title string
	// Num columns are right-aligned and sort as numbers.
	Num bool
}

// Columns are the per-job table's columns: the CSV's (outputs.JobsHeader)
// with the drop reason shown in the state column.
var Columns = []Column{
	{"job", "job", "The job's id", false},
	{"cluster", "cluster", "Where it ran (a multisite job names every cluster, joined by +)", false},
	{"start", "start (s)", "When it started", true},
	{"end", "end (s)", "When it ended", true},
	{"nodes", "nodes", "Nodes it held", true},
	{"submit", "submit (s)", "When it was submitted", true},
	{"wait", "wait (s)", "start − submit", true},
	{"turnaround", "turnaround (s)", "end − submit (response time)", true},
	{"bsld", "bsld", "Bounded slowdown, τ = 10 s: max(1, (wait + run) / max(run, 10))", true},
	{"state", "state", "completed; killed at its requested time; late (past its deadline); dropped (with the policy's reason)", false},
}

// Table is the per-job table of one run (engine/outputs.Jobs) with a sort
// order. Rows are never copied: the order is a permutation of indices.
type Table struct {
	Rows []outputs.Job
	// Bar is the schedule index (the Gantt bar) of each row, -1 for a
	// dropped job.
	Bar []int32
	// Col and Desc are the sort; Col "" is the engine's order
	// (placements as reported, then drops).
	Col   string
	Desc  bool
	order []int32
	// counts caches Counts (the rows do not change once built).
	counts map[string]int
}

// NewTable builds the table of r, a run of s under the model of system
// (the policy's sched.Info.System: the page does not link the policies'
// registry, which outputs.Jobs reads). s must hold the jobs the run used
// (a generator drawn into jobs: workload.Expand).
func NewTable(s *model.Scenario, r *sched.Result, system string) *Table {
	t := &Table{Rows: outputs.JobsOf(s, r, system)}
	t.Bar = make([]int32, len(t.Rows))
	// outputs.Jobs lists the placements in schedule order, leaving out
	// only those of jobs the scenario lacks: walk both.
	k := 0
	for i := range t.Rows {
		t.Bar[i] = -1
		if t.Rows[i].State == outputs.Dropped || r == nil {
			continue
		}
		for k < len(r.Schedule) && r.Schedule[k].Job != t.Rows[i].ID {
			k++
		}
		if k < len(r.Schedule) {
			t.Bar[i] = int32(k)
			k++
		}
	}
	t.order = make([]int32, len(t.Rows))
	t.Sort("", false) // the engine's order
	return t
}

// Len is the number of rows.
func (t *Table) Len() int { return len(t.Rows) }

// At is the row shown at position i of the current order.
func (t *Table) At(i int) int { return int(t.order[i]) }

// numKey is a numeric column's value of row r; NaN for a dropped job's
// times (they sort last).
func numKey(r *outputs.Job, col string) float64 {
	if r.State == outputs.Dropped && col != "submit" {
		return math.NaN()
	}
	switch col {
	case "start":
		return r.Start
	case "end":
		return r.End
	case "nodes":
		return float64(r.Nodes)
	case "submit":
		return r.Submit
	case "wait":
		return r.Wait
	case "turnaround":
		return r.Turnaround
	case "bsld":
		return r.BSLD
	}
	return math.NaN()
}

// sortKey is a row's value in a column: none (no value: last whatever
// the direction), else a number, else text. Job ids that read as whole
// numbers (trace job numbers) are numbers, before the other ids.
type sortKey struct {
	none, text bool
	num        float64
	s          string
}

func keyOf(r *outputs.Job, col string) sortKey {
	switch col {
	case "job":
		if n, err := strconv.ParseUint(r.ID, 10, 63); err == nil {
			return sortKey{num: float64(n)}
		}
		return sortKey{text: true, s: r.ID}
	case "cluster":
		return sortKey{none: r.State == outputs.Dropped, text: true, s: r.Cluster}
	case "state":
		return sortKey{text: true, s: r.State + "\x00" + r.Reason}
	}
	v := numKey(r, col)
	return sortKey{none: math.IsNaN(v), num: v}
}

// Sort orders the rows by column col (a Columns key; "" the engine's
// order), descending when desc. Ties keep the engine's order, and jobs
// with no value (dropped jobs' times) come last either way, so a sort is
// the same whichever order it started from.
func (t *Table) Sort(col string, desc bool) {
	t.Col, t.Desc = col, desc
	for i := range t.order {
		t.order[i] = int32(i)
	}
	if col == "" {
		if desc {
			slices.Reverse(t.order)
		}
		return
	}
	sign := 1
	if desc {
		sign = -1
	}
	keys := make([]sortKey, len(t.Rows))
	for i := range t.Rows {
		keys[i] = keyOf(&t.Rows[i], col)
	}
	slices.SortFunc(t.order, func(a, b int32) int {
		ka, kb := &keys[a], &keys[b]
		switch {
		case ka.none != kb.none:
			if ka.none {
				return 1
			}
			return -1
		case ka.none:
		case ka.text != kb.text:
			if ka.text {
				return sign
			}
			return -sign
		default:
			if c := cmp.Or(cmp.Compare(ka.num, kb.num), strings.Compare(ka.s, kb.s)); c != 0 {
				return sign * c
			}
		}
		return cmp.Compare(a, b)
	})
}

// Window is the range [lo, hi) of positions to put in the DOM for a
// scroll container scrolled to top, height pixels tall, rows rowH pixels
// high, with overscan rows more on each side.
func (t *Table) Window(top, height, rowH float64, overscan int) (lo, hi int) {
	n := len(t.Rows)
	if n == 0 || rowH <= 0 {
		return 0, 0
	}
	if math.IsNaN(top) || top < 0 {
		top = 0
	}
	first := int(top / rowH)
	visible := int(math.Ceil(height/rowH)) + 1
	lo = max(0, first-overscan)
	hi = min(n, first+visible+overscan)
	if lo > hi {
		lo = max(0, hi-visible)
	}
	return lo, hi
}

// Cell is the text of row r's column col.
func Cell(r *outputs.Job, col string) string {
	if r.State == outputs.Dropped {
		switch col {
		case "job":
			return r.ID
		case "submit":
			return Num(r.Submit)
		case "state":
			return "dropped: " + r.Reason
		}
		return ""
	}
	switch col {
	case "job":
		return r.ID
	case "cluster":
		return r.Cluster
	case "nodes":
		return strconv.Itoa(r.Nodes)
	case "state":
		return r.State
	case "bsld":
		return strconv.FormatFloat(r.BSLD, 'f', 2, 64)
	}
	return Num(numKey(r, col))
}

// Num prints a time in seconds as the chart's ticks do (up to three
// decimals, state.FormatNumber); NaN is empty.
func Num(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return state.FormatNumber(v)
}

// Row writes the texts of the row at position i of the sort order into
// cells (one per column of Columns) and returns the row's Gantt bar (-1
// for a dropped job) and its class ("ot-" and its state). The page's
// windowed body (jsbridge.ScrollTable) writes them into its rows as text.
func (t *Table) Row(i int, cells []string) (bar int, class string) {
	k := t.order[i]
	r := &t.Rows[k]
	for c, col := range Columns {
		cells[c] = Cell(r, col.Key)
	}
	return int(t.Bar[k]), "ot-" + r.State
}

// Counts are the rows by state, for the caption.
func (t *Table) Counts() map[string]int {
	if t.counts != nil {
		return t.counts
	}
	m := map[string]int{}
	for i := range t.Rows {
		m[t.Rows[i].State]++
	}
	t.counts = m
	return m
}
