package jobs

import (
	"strconv"

	"gridplay/engine/model"
)

// Editing in place: a cell's text, typed or not yet parsed, its messages,
// and the row buttons (add, duplicate, delete). rowsdom.go paints them.

func rawKey(i int, key string) string { return strconv.Itoa(i) + "/" + key }

func (c *Table) cell(i int, key string) string {
	if v, ok := c.drafts.Text(rawKey(i, key)); ok {
		return v
	}
	return Field(&c.jobs()[i], key)
}

func (c *Table) cellErr(i int, key string) string {
	if m := c.drafts.Err(rawKey(i, key)); m != "" {
		return m
	}
	return c.errs.Cell(i, key)
}

func (c *Table) rowErr(i int) string {
	return c.errs.Rows[i]
}

func (c *Table) cellLabel(i int, col Column) string {
	return "job " + c.jobs()[i].ID + ", " + col.Label
}

func (c *Table) tableErrors() []string {
	return c.errs.Table
}

// setCell applies an edited cell (change event). Text that does not
// parse stays in the cell with its message and changes nothing.
func (c *Table) setCell(i int, key string, v string) {
	if i < 0 || i >= len(c.jobs()) {
		return
	}
	k := rawKey(i, key)
	c.drafts.Leave(k)
	if v == Field(&c.jobs()[i], key) {
		c.drafts.Keep(k, v, "")
		return
	}
	probe := Duplicate(c.jobs(), i)
	msg := SetField(&probe, key, v)
	c.drafts.Keep(k, v, msg)
	if msg != "" {
		return
	}
	c.App.Edit("edit jobs["+strconv.Itoa(i)+"]."+key, func(s *model.Scenario) { SetField(&s.Jobs[i], key, v) })
}

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
	c.drafts.Drop()
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
	c.drafts.Drop()
}

func (c *Table) inputMode(col Column) string {
	if col.Kind == "text" {
		return "text"
	}
	return "decimal"
}
