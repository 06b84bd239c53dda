package jobs

import (
	"strconv"

	"github.com/vugu/vugu/js"

	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// The view of the job list: its order (a sort is a view until "Apply
// this order") and the window of rows that the scroll bar shows.

// PageSize is the number of rows in the DOM at once: the table is a
// window of PageSize rows onto the whole list, which scrolls (a spacer
// row above and below the window gives the scroll bar the whole list's
// height). Vugu rebuilds the whole page on every render, so the DOM stays
// this small whatever the jobs: a whole trace has 200,000.
const PageSize = 20

// RowHeight is the height of a table row in CSS pixels (table.vugu sets
// it): the window's first row is the scroll offset over it.
const RowHeight = 30

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

// showNew shows a new job list from its first row, in the scenario's
// order.
func (c *Table) showNew() {
	c.SortKey = ""
	c.scrollTo(0)
}

// syncScroll runs after every render (vg-js-populate), once the rows
// are painted: it scrolls the list to a window moved by code (buttons, an
// added row, an import).
func (c *Table) syncScroll(v js.Value) {
	if c.scrollPending {
		c.scrollPending = false
		jsbridge.SetScrollTop(v, float64(clampFirst(c.First, len(c.view))*RowHeight))
	}
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

func (c *Table) pageLabel() string {
	if len(c.view) == 0 {
		return "no rows"
	}
	lo := clampFirst(c.First, len(c.view)) + 1
	hi := min(lo+PageSize-1, len(c.view))
	return "rows " + csvfmt.Thousands(lo) + "–" + csvfmt.Thousands(hi) + " of " + csvfmt.Thousands(len(c.view))
}

func (c *Table) prevPage() { c.scrollTo(clampFirst(c.First, len(c.view)) - PageSize) }

func (c *Table) nextPage() { c.scrollTo(clampFirst(c.First, len(c.view)) + PageSize) }

func (c *Table) atStart() bool { return clampFirst(c.First, len(c.view)) == 0 }

func (c *Table) atEnd() bool { return clampFirst(c.First, len(c.view))+PageSize >= len(c.view) }

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

func (c *Table) ariaSort(key string) string { return state.AriaSort(c.SortKey == key, c.SortDesc) }

func (c *Table) sortMark(key string) string { return state.SortMark(c.ariaSort(key)) }

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
	c.drafts.Drop()
}
