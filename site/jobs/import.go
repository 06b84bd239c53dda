package jobs

import (
	"strconv"
	"strings"

	"github.com/vugu/vugu"

	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
	"gridplay/engine/swf"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// Importing jobs: an SWF trace or Batsim workload the user picks (parsed
// by the engine worker, POST /api/swf), or a cut of a trace that ships
// with gridplay (read by the engine, POST /api/expand of a scenario that
// names it, engine/workload: the jobs are those of an SWF import of the
// trace, and a share link names the cut instead of listing them).

func (c *Table) setKeep(e vugu.DOMEvent) { c.KeepPlatform = e.PropBool("target", "checked") }

// importFile starts reading the chosen file; the engine worker parses it
// (POST /api/swf) and applyImport takes the cut.
func (c *Table) importFile(e vugu.DOMEvent) {
	c.Problem = ""
	c.Notice = nil
	id := c.Task.Start("Reading the file…")
	readFile(e, swf.MaxUploadBytes, func(name string, data []byte, err error) {
		// A JS callback: go on on a goroutine, under the render lock.
		jsbridge.Mark("import: file read")
		go func() {
			c.env.Lock()
			defer c.env.UnlockRender()
			if !c.Task.Current(id) {
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
		c.Task.Stop()
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
		},
		func(msg string) { c.Problem = kind + msg })
}

// applyImport replaces the jobs with an imported file's.
func (c *Table) applyImport(im *swf.Cut) {
	what := " SWF jobs"
	if IsBatsim(im.Name) {
		what = " Batsim jobs"
	}
	pl := model.Platform{Clusters: []model.Cluster{im.Cluster}}
	c.replaceJobs("import "+csvfmt.Thousands(im.Kept)+what, TraceName(im.Name), im.Jobs, pl, c.KeepPlatform, nil, im.Notice)
}

// replaceJobs puts the jobs read from a trace in the scenario, in an edit
// labelled label, and names it name (unless ""). Unless keep, the
// platform becomes the trace's machine, pl; with keep the jobs lose their
// origins, which name the trace's clusters. A trace wants a policy made
// for one machine and thousands of jobs: the policy becomes ImportPolicy,
// unless the user picked one since loading the preset (never MUSCLE's GA
// on a 2,000-job trace, a run of half a minute). source, when set, is the
// shipped trace's cut that the jobs are (share links name it). The notice
// starts with notice and says what else changed; the page then runs the
// scenario (Run), while it renders the new table.
func (c *Table) replaceJobs(label, name string, jobs []model.Job, pl model.Platform, keep bool, source *model.TraceRef, notice []string) {
	switchPolicy := !c.App.PolicyChosen
	c.App.Edit(label, func(s *model.Scenario) {
		s.Jobs, s.Generator, s.Trace = jobs, nil, nil
		if name != "" {
			s.Name = name
		}
		if switchPolicy {
			s.Policy = model.Policy{Name: ImportPolicy}
		}
		if !keep {
			s.Platform, s.Events = pl, nil
		} else {
			for k := range s.Jobs {
				s.Jobs[k].Origin = ""
			}
		}
	})
	if source != nil {
		c.App.SetSource(source)
	}
	c.Notice = notice
	if !keep {
		cl := pl.Clusters[0]
		c.Notice = append(c.Notice, "The platform is now the trace's machine: "+cl.ID+" with "+csvfmt.Thousands(cl.Nodes)+" nodes.")
	}
	if switchPolicy {
		c.Notice = append(c.Notice, "The policy is now "+ImportPolicy+" (EASY backfilling), which suits a trace; pick another in the policy menu.")
	}
	c.showNew()
	if c.Run != nil {
		c.Run()
	}
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
	if err != nil || n < 0 || n > swf.MaxImportJobs {
		return nil, "the number of jobs must be a whole number from 0 (every job) to " + csvfmt.Thousands(swf.MaxImportJobs)
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
		},
		func(msg string) { c.Problem = "Shipped trace: " + msg })
}

// applyShipped replaces the jobs (and, unless keep, the platform) with
// the cut read, x, and records that they are ref.
func (c *Table) applyShipped(ref *model.TraceRef, x *model.Scenario, keep bool) {
	name := ref.Name
	if ref.First > 0 {
		name += " (first " + csvfmt.Thousands(ref.First) + ")"
	}
	notice := "Loaded " + csvfmt.Thousands(len(x.Jobs)) + " jobs of " + ref.Name + ", a trace shipped with gridplay; a share link names this cut of the trace instead of listing its jobs."
	c.replaceJobs("load "+csvfmt.Thousands(len(x.Jobs))+" jobs of "+ref.Name, name, x.Jobs, x.Platform, keep, ref, []string{notice})
}

// TraceName is the scenario name of an imported file: its name without
// the .swf and .gz extensions.
func TraceName(file string) string {
	return strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(file, ".json"), ".gz"), ".swf"), ".SWF")
}

// ImportPolicy is the policy an SWF import switches to.
const ImportPolicy = "easy"
