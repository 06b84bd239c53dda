package jobs

import (
	"strconv"
	"strings"

	"github.com/vugu/vugu/js"

	"gridplay/site/jsbridge"
)

// The rows of the job table are painted outside Vugu's render, which
// rewrites the whole page each time (the window's inputs, with their
// labels and listeners, would be half of the page's elements). The
// template's table body is empty; after each render paintRows gives it a
// skeleton of the window's rows (rowsShell) and fills it in place,
// writing an input's value only when it differs, so the cell being typed
// in keeps its caret. One listener per event type on the scroll container
// (delegation) hands the edits to drainRows, in order.

// dupIcon is the duplicate button's picture, two overlapping squares,
// drawn because few fonts have U+29C9 (⧉).
const dupIcon = `<svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14"><rect x="1.5" y="4.5" width="8" height="8" rx="1" fill="none" stroke="currentColor"/><rect x="4.5" y="1.5" width="8" height="8" rx="1" fill="#fff" stroke="currentColor"/></svg>`

// rowsShell is the table body for n rows: a spacer row, the rows'
// skeleton, a spacer row. It holds no user text (column keys only), so it
// is HTML as it is.
func (c *Table) rowsShell(n int) string {
	var b strings.Builder
	b.WriteString(`<tr class="jt-spacer" aria-hidden="true"></tr>`)
	for k := 0; k < n; k++ {
		b.WriteString(`<tr class="jt-row">`)
		for _, col := range Columns {
			b.WriteString(`<td class="jt-c-`)
			b.WriteString(col.Key)
			b.WriteString(`"><input type="text" class="jt-cell jt-in-`)
			b.WriteString(col.Key)
			b.WriteString(`" inputmode="`)
			b.WriteString(c.inputMode(col))
			b.WriteString(`" data-key="`)
			b.WriteString(col.Key)
			b.WriteString(`"></td>`)
		}
		b.WriteString(`<td class="jt-actions"><button type="button" class="jt-dup" title="Duplicate">` + dupIcon + `</button><button type="button" class="jt-del" title="Delete">✕</button></td></tr>`)
	}
	b.WriteString(`<tr class="jt-spacer" aria-hidden="true"></tr>`)
	return b.String()
}

// domRow is one row of the skeleton as last painted.
type domRow struct {
	tr, actions, dup, del js.Value
	inputs, cells         []js.Value
	// What was written last: the job's index, its ID (the labels), the
	// invalid marks and messages per column, the row's message.
	row   int
	id    string
	errs  []string
	rowEr string
}

// domRows are the painted rows of one skeleton, and its two spacers.
type domRows struct {
	top, bottom  js.Value
	rows         []domRow
	above, below string
}

// paintRows fills the table body (after every render). Its template
// has a vg-js-populate: an element without one and without children is
// static HTML to Vugu, whose innerHTML ("") it sets on every render.
func (c *Table) paintRows(body js.Value) {
	if !body.Truthy() {
		return
	}
	idx := c.rows()
	d := c.dom
	// A new body (the list was hidden and shown again) has no skeleton:
	// the old one's spacer is gone from the page with it.
	if d == nil || len(d.rows) != len(idx) || !d.top.Truthy() || !d.top.Get("isConnected").Bool() {
		body.Set("innerHTML", c.rowsShell(len(idx)))
		d = collectRows(body, len(idx))
		if d == nil {
			return
		}
		c.dom = d
	}
	if a := c.above(); a != d.above {
		d.top.Call("setAttribute", "style", a)
		d.above = a
	}
	if b := c.below(); b != d.below {
		d.bottom.Call("setAttribute", "style", b)
		d.below = b
	}
	jobs := c.jobs()
	for k, i := range idx {
		r := &d.rows[k]
		if r.row != i {
			r.tr.Call("setAttribute", "data-row", strconv.Itoa(i))
			r.row = i
		}
		id := jobs[i].ID
		if r.id != id {
			r.id = id
			for ci, col := range Columns {
				r.inputs[ci].Call("setAttribute", "aria-label", c.cellLabel(i, col))
			}
			r.dup.Call("setAttribute", "aria-label", "Duplicate job "+id)
			r.del.Call("setAttribute", "aria-label", "Delete job "+id)
		}
		for ci, col := range Columns {
			in := r.inputs[ci]
			if v := c.cell(i, col.Key); in.Get("value").String() != v {
				in.Set("value", v)
			}
			if msg := c.cellErr(i, col.Key); msg != r.errs[ci] {
				setErr(r.cells[ci], msg, true)
				in.Call("setAttribute", "aria-invalid", strconv.FormatBool(msg != ""))
				r.errs[ci] = msg
			}
		}
		if msg := c.rowErr(i); msg != r.rowEr {
			setErr(r.actions, msg, false)
			r.rowEr = msg
		}
	}
}

// collectRows takes the elements of a fresh skeleton of n rows.
func collectRows(body js.Value, n int) *domRows {
	trs := body.Get("children")
	if trs.Length() != n+2 {
		return nil
	}
	d := &domRows{top: trs.Index(0), bottom: trs.Index(n + 1), rows: make([]domRow, n)}
	for k := range d.rows {
		tr := trs.Index(k + 1)
		tds := tr.Get("children")
		if tds.Length() != len(Columns)+1 {
			return nil
		}
		r := domRow{tr: tr, row: -1, errs: make([]string, len(Columns)), inputs: make([]js.Value, len(Columns)), cells: make([]js.Value, len(Columns))}
		for ci := range Columns {
			r.cells[ci] = tds.Index(ci)
			r.inputs[ci] = r.cells[ci].Get("firstElementChild")
			r.inputs[ci].Call("setAttribute", "aria-invalid", "false")
		}
		r.actions = tds.Index(len(Columns))
		r.dup = r.actions.Get("children").Index(0)
		r.del = r.actions.Get("children").Index(1)
		d.rows[k] = r
	}
	return d
}

// setErr shows msg in an error line at the end of cell td (a cell's
// message is announced as an alert), or removes the line when msg is "".
func setErr(td js.Value, msg string, alert bool) {
	last := td.Get("lastElementChild")
	has := last.Truthy() && last.Get("className").String() == "jt-err"
	switch {
	case msg == "" && has:
		last.Call("remove")
	case msg == "":
	case has:
		last.Set("textContent", msg)
	default:
		doc := js.Global().Get("document")
		sp := doc.Call("createElement", "span")
		sp.Set("className", "jt-err")
		if alert {
			sp.Call("setAttribute", "role", "alert")
		}
		sp.Set("textContent", msg)
		td.Call("appendChild", sp)
	}
}

// rowEvent is an edit in the rows, read from a DOM event.
type rowEvent struct {
	kind  string // "input", "change", "focusout", "dup", "del"
	row   int
	key   string
	value string
}

// listenRows attaches the delegated listeners to the scroll container el
// (vg-js-create), once per element.
func (c *Table) listenRows(el js.Value) {
	if !el.Truthy() {
		return
	}
	if c.events == nil {
		c.events = jsbridge.NewQueue[rowEvent]()
		go c.drainRows()
	}
	if c.rowsOn.On(el) {
		return // this element listens already
	}
	// A new element (the list was shown again): the old one's listeners
	// go with it.
	c.rowsOn.Release()
	q := c.events
	for _, typ := range rowEventTypes {
		c.rowsOn.Add(el, typ, func(ev js.Value) {
			if e, ok := readRowEvent(typ, ev.Get("target")); ok {
				q.Push(e)
			}
		})
	}
}

// rowEventTypes are the events the rows listen to, by delegation.
var rowEventTypes = []string{"input", "change", "focusout", "click"}

// readRowEvent reads what an event on target in the rows means.
func readRowEvent(typ string, target js.Value) (rowEvent, bool) {
	if !target.Truthy() {
		return rowEvent{}, false
	}
	tr := target.Call("closest", "tr.jt-row")
	if !tr.Truthy() {
		return rowEvent{}, false
	}
	row, err := strconv.Atoi(tr.Call("getAttribute", "data-row").String())
	if err != nil {
		return rowEvent{}, false
	}
	if typ == "click" {
		b := target.Call("closest", "button.jt-dup, button.jt-del")
		if !b.Truthy() {
			return rowEvent{}, false
		}
		if b.Get("className").String() == "jt-dup" {
			return rowEvent{kind: "dup", row: row}, true
		}
		return rowEvent{kind: "del", row: row}, true
	}
	if target.Get("tagName").String() != "INPUT" {
		return rowEvent{}, false
	}
	key := target.Call("getAttribute", "data-key").String()
	return rowEvent{kind: typ, row: row, key: key, value: target.Get("value").String()}, true
}

// drainRows applies the rows' events in order, under the render lock
// (a JS callback must not block on it).
func (c *Table) drainRows() {
	for evs := range c.events.Batches {
		c.env.Lock()
		render := false
		for _, e := range evs {
			switch e.kind {
			case "input":
				c.drafts.Type(rawKey(e.row, e.key), e.value)
			case "focusout":
				// The change event, if any, came first.
				c.drafts.Leave(rawKey(e.row, e.key))
			case "change":
				c.setCell(e.row, e.key, e.value)
				render = true
			case "dup":
				c.duplicate(e.row)
				render = true
			case "del":
				c.remove(e.row)
				render = true
			}
		}
		if render {
			c.env.UnlockRender()
		} else {
			c.env.UnlockOnly()
		}
	}
}
