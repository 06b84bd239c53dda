package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"

	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/engine/script"
	"gridplay/site/frames"
	lessonpkg "gridplay/site/lesson"
	"gridplay/site/state"
)

// ScriptPanel is "Your policy" (issue 38): a Starlark script edited in
// the page (docs/policies.md), started from a shipped template, run
// like any policy and compared with the built-ins. The script is the
// scenario's policy.script, so it is undone, saved, shared by link and
// exported with the scenario; Run also sets the policy to "script". A
// ticked "script" in Compare runs the same text (Compare clones the
// scenario, script included).
//
// The editor is a textarea beside a gutter of line numbers; it grows
// with the script (no scroll of its own to keep in step with the
// gutter). Tab indents and Shift+Tab dedents the lines of the
// selection; Escape then Tab leaves the editor (no keyboard trap,
// WCAG 2.1.2). A script error's line is marked in the gutter and its
// message shown as text; "Go to line" selects that line.
type ScriptPanel struct {
	P *Page

	// Text is the editor's text as typed (the scenario gets it at change
	// or Run); synced the scenario's script it was last taken from or
	// given to (a link, an undo or a preset that changes the scenario's
	// script replaces the text).
	Text   string
	synced string
	// tabOut: Escape was pressed, so the next Tab moves the focus on.
	tabOut bool
	// Template is the template last picked, for the menu.
	Template string
}

// Compute takes the scenario's script when it changed under the editor.
func (c *ScriptPanel) Compute() {
	if s := c.P.App.Scenario.Policy.Script; s != c.synced {
		c.Text, c.synced = s, s
	}
}

// lines numbers the gutter: one number a line of the text.
func (c *ScriptPanel) lines() []int {
	n := strings.Count(c.Text, "\n") + 1
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// rows is the textarea's height in lines: the text's, with room to grow.
func (c *ScriptPanel) rows() string { return strconv.Itoa(max(len(c.lines())+1, 10)) }

func (c *ScriptPanel) lineClass(n int) string {
	if line, _, _ := c.problem(); line == n {
		return "sp-ln sp-ln-err"
	}
	return "sp-ln"
}

// problem is the script's error shown: the run's, when the run was of
// this text, else the engine's check of the text (script.Inspect) as it
// was last committed. Line and col are 0 when the error has no place.
func (c *ScriptPanel) problem() (line, col int, msg string) {
	a := c.P.App
	if a.Err != "" && a.Scenario.Policy.Name == script.Name && a.Scenario.Policy.Script == c.Text {
		if l, k, ok := scriptErr(a.Err); ok {
			return l, k, a.Err
		}
	}
	// The engine's check runs the script's top level: on the text as
	// committed, not at every key typed (a loop there would freeze the
	// page at each key until its budget ran out).
	if c.Text == "" || c.Text != c.synced {
		return 0, 0, ""
	}
	if _, err := inspectScript(c.Text); err != nil {
		var se *script.Error
		if errors.As(err, &se) {
			return se.Line, se.Col, err.Error()
		}
		return 0, 0, err.Error()
	}
	return 0, 0, ""
}

func (c *ScriptPanel) errText() string { _, _, m := c.problem(); return m }
func (c *ScriptPanel) errLine() int    { l, _, _ := c.problem(); return l }

// errPlace is "line 3, column 5" for the Go-to button.
func (c *ScriptPanel) errPlace() string {
	l, k, _ := c.problem()
	return "line " + strconv.Itoa(l) + ", column " + strconv.Itoa(k)
}

// formLine says which function decides and how, once the text checks.
func (c *ScriptPanel) formLine() string {
	if c.Text == "" {
		return "Pick a template to start from, or write priority(job) or schedule(ctx) (docs/policies.md)."
	}
	if c.Text != c.synced {
		return ""
	}
	in, err := inspectScript(c.Text)
	if err != nil {
		return ""
	}
	return "This script: " + formText(in) + "."
}

// change commits the text to the scenario (the textarea lost the focus).
func (c *ScriptPanel) change(e vugu.DOMEvent) {
	c.Text = e.PropString("target", "value")
	c.commit("edit your policy")
}

// commit puts the text in the scenario as policy.script: an edit that
// Undo takes back. Under another policy the script changes no answer
// (editKept): a run of it would also disable "Run your policy" under
// the click that ends the edit.
func (c *ScriptPanel) commit(label string) {
	p := c.P
	text := c.Text
	c.synced = text
	if p.App.Scenario.Policy.Script == text {
		return
	}
	edit := func(s *model.Scenario) { s.Policy.Script = text }
	if p.App.Scenario.Policy.Name == script.Name {
		p.App.Edit(label, edit)
	} else {
		p.editKept(label, edit)
	}
}

// key indents and dedents with Tab and Shift+Tab.
func (c *ScriptPanel) key(e vugu.DOMEvent) {
	k := e.PropString("key")
	switch {
	case k == "Escape":
		c.tabOut = true
		return
	case k != "Tab":
		c.tabOut = false
		return
	case c.tabOut || e.PropBool("ctrlKey") || e.PropBool("altKey") || e.PropBool("metaKey"):
		c.tabOut = false
		return // the browser moves the focus
	}
	e.PreventDefault()
	t := e.JSEventTarget()
	v := t.Get("value").String()
	out, ns, ne := indent(v, t.Get("selectionStart").Int(), t.Get("selectionEnd").Int(), e.PropBool("shiftKey"))
	// Setting the value fires no input event (an insertText command
	// would, inside this handler, which holds the render lock).
	t.Set("value", out)
	t.Call("setSelectionRange", ns, ne)
	c.Text = out
}

// pick loads a template into the editor (an edit of the scenario).
func (c *ScriptPanel) pick(e vugu.DOMEvent) {
	name := e.PropString("target", "value")
	t, ok := script.TemplateByName(name)
	if !ok {
		return
	}
	c.Template = t.Name
	c.Text = t.Source
	c.commit("template " + t.Title)
}

// run runs the scenario with the script: policy "script" and the text.
func (c *ScriptPanel) run() {
	p := c.P
	text := c.Text
	c.synced = text
	s := p.App.Scenario
	if s.Policy.Name != script.Name || s.Policy.Script != text {
		in, _ := state.FindPolicy(p.Policies, script.Name)
		p.App.Edit("run your policy", func(s *model.Scenario) {
			if s.Policy.Name != script.Name {
				s.Policy.Params = sched.KeepParams(s.Policy.Params, in)
			}
			s.Policy.Name, s.Policy.Script = script.Name, text
		})
	}
	p.App.PolicyChosen = true
	p.runFromEvent()
}

// gotoErr selects the error's line in the editor and focuses it.
func (c *ScriptPanel) gotoErr() {
	l, _, _ := c.problem()
	if l < 1 {
		return
	}
	ta := js.Global().Get("document").Call("getElementById", "script-text")
	if ta.IsUndefined() || ta.IsNull() {
		return
	}
	s, e := lineSpan(c.Text, l)
	ta.Call("focus")
	ta.Call("setSelectionRange", s, e)
}

// inspected caches script.Inspect of the last text asked (it runs the
// script's top level): the panel and the narration ask at every render.
// The page's Go runs on one thread, under the render lock here.
var inspected struct {
	src  string
	done bool
	info script.Info
	err  error
}

func inspectScript(src string) (script.Info, error) {
	if !inspected.done || inspected.src != src {
		inspected.info, inspected.err = script.Inspect(src)
		inspected.src, inspected.done = src, true
	}
	return inspected.info, inspected.err
}

// scriptNarration is the narration's first words for a run of a
// script: which function decided ("Your policy: schedule(ctx) starts
// the jobs."); nil for other policies.
func (p *Page) scriptNarration() []frames.Seg {
	s := p.App.Scenario
	if s.Policy.Name != script.Name || p.App.Result == nil {
		return nil
	}
	in, err := inspectScript(s.Policy.Script)
	if err != nil {
		return nil
	}
	return []frames.Seg{{Text: "Your policy: " + formText(in) + ". "}}
}

// scriptLinkErr says, when a scenario with a script is too large for a
// link (state.ShareToken), how much of it the script is: the link
// carries the script whole, and the job list may not be what is long.
func scriptLinkErr(err error, s *model.Scenario) error {
	n := len(s.Policy.Script)
	if n == 0 || !strings.Contains(err.Error(), "link") || strings.Contains(err.Error(), "cannot be shared until it is valid") {
		return err
	}
	return fmt.Errorf("%v Its policy script alone is %s bytes, in the link whole: shorten the script, or share the exported scenario (JSON) instead.", err, csvfmt.Thousands(n))
}

// openExercise shows an exercise: its preset's scenario run with its
// template as the script, and its lesson in the lesson card (an edit
// that Undo takes back). "script" is ticked for Compare beside the
// preset's own policies.
func (c *ScriptPanel) openExercise(ex lessonpkg.Exercise) {
	p := c.P
	tp, ok := script.TemplateByName(ex.Template)
	if _, ok2 := state.PresetByID(ex.Preset); !ok || !ok2 {
		return
	}
	p.App.Edit("exercise "+ex.Lesson.Title, func(*model.Scenario) {})
	p.loadPreset(ex.Preset)
	in, _ := state.FindPolicy(p.Policies, script.Name)
	s := p.App.Scenario
	s.Policy.Params = sched.KeepParams(s.Policy.Params, in)
	s.Policy.Name, s.Policy.Script = script.Name, tp.Source
	p.markPreset()
	p.Picked[script.Name] = true
	l := ex.Lesson
	p.setLesson(&l)
	p.App.PolicyChosen = true
	p.App.Dirty = true
	c.Template, c.Text, c.synced = tp.Name, tp.Source, tp.Source
	p.runFromEvent()
}
