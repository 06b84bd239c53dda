package jobs

import (
	"strings"

	"github.com/vugu/vugu"

	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
	"gridplay/site/jsbridge"
)

// CSV in and out: the paste dialog (parsed by ParseCSV, csv.go) and the
// export.

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
		out = append(out, "and "+csvfmt.Thousands(c.pasted.More)+" more")
	}
	return out
}

func (c *Table) applyPaste() {
	p := ParseCSV(c.PasteText)
	c.pasted = p
	jobs := p.Jobs
	if c.PasteAppend {
		if n := len(c.jobs()) + len(jobs); n > MaxRows {
			c.pasted.Problems = append(c.pasted.Problems, Problem{Msg: "the table would have " + csvfmt.Thousands(n) + " jobs; it holds at most " + csvfmt.Thousands(MaxRows)})
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
	c.App.Edit("paste "+csvfmt.Thousands(len(jobs))+" jobs", func(s *model.Scenario) {
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
	c.Notice = []string{"Pasted " + csvfmt.Thousands(len(jobs)) + " jobs."}
	for _, pr := range p.Problems {
		c.Notice = append(c.Notice, pr.Error())
	}
	c.Problem = ""
	c.SortKey = ""
	c.ShowPaste, c.PasteText, c.pasted = false, "", nil
}

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
		c.Notice = []string{"Exported " + csvfmt.Thousands(len(jobs)) + " generated jobs."}
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
