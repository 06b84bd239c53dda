package main

import (
	"fmt"

	"github.com/vugu/vugu"

	"gridplay/engine/sched"
	"gridplay/site/state"
)

// ScheduleTable is the Gantt chart's text alternative: the schedule as a
// table, reachable by keyboard and screen reader (a <details> under the
// chart). A whole trace is shown a page of rows at a time.
type ScheduleTable struct {
	P    *Page
	Open bool
	// Page is the page of rows shown, from 0.
	Page int
}

// TableRows is the number of rows shown at once.
const TableRows = 200

// click opens or closes the table (the summary's own toggle is replaced,
// so the page's state and the element agree).
func (c *ScheduleTable) click(e vugu.DOMEvent) {
	e.PreventDefault()
	c.Open = !c.Open
}

// rows and pageLabel render only under vg-if="c.P.App.Result != nil".
func (c *ScheduleTable) rows() []sched.Placement {
	r := c.P.App.Result
	lo := c.Page * TableRows
	if lo >= len(r.Schedule) {
		lo, c.Page = 0, 0
	}
	return r.Schedule[lo:min(len(r.Schedule), lo+TableRows)]
}

func (c *ScheduleTable) pages() int {
	r := c.P.App.Result
	if r == nil {
		return 0
	}
	return (len(r.Schedule) + TableRows - 1) / TableRows
}

func (c *ScheduleTable) move(d int) {
	c.Page = max(0, min(c.pages()-1, c.Page+d))
}

func (c *ScheduleTable) pageLabel() string {
	return fmt.Sprintf("rows %d–%d of %d", c.Page*TableRows+1, c.Page*TableRows+len(c.rows()), len(c.P.App.Result.Schedule))
}

func (c *ScheduleTable) summary() string {
	r := c.P.App.Result
	if r == nil {
		return "The schedule as a table (when the engine has answered)"
	}
	return fmt.Sprintf("The schedule as a table: %s (text alternative of the chart)", state.Count(len(r.Schedule), "job"))
}

func (c *ScheduleTable) wait(p sched.Placement) string {
	if sub, ok := c.P.submits()[p.Job]; ok {
		return state.FormatNumber(p.Start - sub)
	}
	return "—"
}
