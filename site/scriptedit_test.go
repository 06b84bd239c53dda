package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/script"
	"gridplay/site/gantt"
	lessonpkg "gridplay/site/lesson"
	"gridplay/site/state"
)

func TestIndent(t *testing.T) {
	src := "def priority(job):\nreturn job.estimate\n"
	for _, tc := range []struct {
		name       string
		text       string
		start, end int
		dedent     bool
		want       string
		ns, ne     int
	}{
		{"tab at a caret inserts four spaces", src, 19, 19, false, "def priority(job):\n    return job.estimate\n", 23, 23},
		{"tab over a selection on one line replaces it", "ab", 0, 1, false, "    b", 4, 4},
		{"tab over two lines indents both", "a\nb\nc", 0, 3, false, "    a\n    b\nc", 4, 11},
		{"a selection ending at a line's start leaves that line", "a\nb\nc", 0, 2, false, "    a\nb\nc", 4, 6},
		{"shift+tab dedents the caret's line", "    x = 1\n", 6, 6, true, "x = 1\n", 2, 2},
		{"shift+tab dedents at most four spaces", "      x\n", 0, 0, true, "  x\n", 0, 0},
		{"shift+tab removes a tab", "\tx\n", 1, 1, true, "x\n", 0, 0},
		{"shift+tab on an unindented line changes nothing", "x\n", 1, 1, true, "x\n", 1, 1},
		{"shift+tab over lines", "    a\n    b\n", 0, 11, true, "a\nb\n", 0, 3},
		// UTF-16 offsets: "é" is one unit, "𝑥" two; the caret after
		// "𝑥" is at 3.
		{"offsets count UTF-16 units", "é𝑥\n", 3, 3, false, "é𝑥    \n", 7, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, ns, ne := indent(tc.text, tc.start, tc.end, tc.dedent)
			if out != tc.want || ns != tc.ns || ne != tc.ne {
				t.Errorf("indent(%q, %d, %d, %v) = %q [%d, %d), want %q [%d, %d)", tc.text, tc.start, tc.end, tc.dedent, out, ns, ne, tc.want, tc.ns, tc.ne)
			}
		})
	}
}

// Random texts and selections: Tab then Shift+Tab on a block of lines
// gives the text back, and the selection never leaves the text.
func TestIndentRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	parts := []string{"a", "def f(x):", "\n", "  ", "    ", "é", "𝑥", "return 1"}
	for range 2000 {
		var b strings.Builder
		for range rng.Intn(12) {
			b.WriteString(parts[rng.Intn(len(parts))])
		}
		text := b.String()
		n := utf16Len(text)
		s, e := rng.Intn(n+1), rng.Intn(n+1)
		if s > e {
			s, e = e, s
		}
		out, ns, ne := indent(text, s, e, false)
		if ns < 0 || ne < ns || ne > utf16Len(out) {
			t.Fatalf("indent(%q, %d, %d): selection [%d, %d) outside %q", text, s, e, ns, ne, out)
		}
		if !strings.Contains(text[byteAt(text, s):byteAt(text, e)], "\n") {
			continue
		}
		back, _, _ := indent(out, ns, ne, true)
		if back != text {
			t.Fatalf("indent then dedent of %q [%d, %d): %q, then %q", text, s, e, out, back)
		}
	}
}

func TestScriptErr(t *testing.T) {
	for _, tc := range []struct {
		msg       string
		line, col int
		ok        bool
	}{
		{"policy.script: line 3, column 5: syntax error: got newline, want ':'", 3, 5, true},
		{"policy.script: line 12, column 1: undefined: jbo (in schedule at t=40 s)", 12, 1, true},
		{"policy.script: the script defines neither priority(job) nor schedule(ctx)", 0, 0, true},
		{"jobs[3].size: must be at least 1", 0, 0, false},
		{"engine: line 3, column 5: no", 0, 0, false},
	} {
		l, c, ok := scriptErr(tc.msg)
		if l != tc.line || c != tc.col || ok != tc.ok {
			t.Errorf("scriptErr(%q) = %d, %d, %v; want %d, %d, %v", tc.msg, l, c, ok, tc.line, tc.col, tc.ok)
		}
	}
	// The engine's own error reads back to its own line and column.
	_, err := script.Inspect("def priority(job):\n    return job.estimate +\n")
	var se *script.Error
	if !errors.As(err, &se) || se.Line == 0 {
		t.Fatalf("Inspect: %v, want a script error with a line", err)
	}
	if l, c, ok := scriptErr(err.Error()); !ok || l != se.Line || c != se.Col {
		t.Errorf("scriptErr(%q) = %d, %d, %v; want %d, %d", err, l, c, ok, se.Line, se.Col)
	}
}

func TestLineSpan(t *testing.T) {
	text := "a\né𝑥b\n\nlast"
	for _, tc := range []struct{ line, s, e int }{{1, 0, 1}, {2, 2, 6}, {3, 7, 7}, {4, 8, 12}, {9, 8, 12}} {
		if s, e := lineSpan(text, tc.line); s != tc.s || e != tc.e {
			t.Errorf("lineSpan(%d) = %d, %d; want %d, %d", tc.line, s, e, tc.s, tc.e)
		}
	}
}

func TestFormText(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"sjf-easy", "priority(job) orders the queue; easy backfilling"},
		{"fcfs", "priority(job) orders the queue; none backfilling"},
		{"easy-schedule", "schedule(ctx) starts the jobs"},
	} {
		tp, _ := script.TemplateByName(tc.name)
		in, err := script.Inspect(tp.Source)
		if err != nil || formText(in) != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.name, formText(in), err, tc.want)
		}
	}
}

// A share link carries policy.script, byte for byte, on a built-in
// policy too (a ticked "script" in Compare runs it); a script too long
// for a link says so, and how long it is.
func TestScriptShareLink(t *testing.T) {
	tp, _ := script.TemplateByName("easy-schedule")
	for _, policy := range []string{"script", "easy"} {
		s := state.New().Scenario
		s.Policy = model.Policy{Name: policy, Script: tp.Source + "\n# é 𝑥 <b>not html</b>\t\r\n"}
		tok, err := state.ShareToken(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := state.OpenLink("#s=" + tok)
		if err != nil {
			t.Fatal(err)
		}
		if back.Policy.Script != s.Policy.Script || back.Policy.Name != policy {
			t.Errorf("%s: the link gave back %q, %q", policy, back.Policy.Name, back.Policy.Script)
		}
		a, _ := model.Encode(s)
		b, _ := model.Encode(back)
		if string(a) != string(b) {
			t.Errorf("%s: the scenario does not round-trip through its link:\n%s\n%s", policy, a, b)
		}
	}
	// 60 KiB that deflate cannot shrink.
	rng := rand.New(rand.NewSource(2))
	var b strings.Builder
	b.WriteString("def priority(job):\n    return job.submit\n")
	for b.Len() < 60<<10 {
		b.WriteString("# ")
		for range 70 {
			b.WriteByte(byte('!' + rng.Intn(90)))
		}
		b.WriteByte('\n')
	}
	s := state.New().Scenario
	s.Policy = model.Policy{Name: "script", Script: b.String()}
	_, err := state.ShareToken(s)
	if err == nil {
		t.Fatal("a 60 KiB script of noise fits a link")
	}
	msg := scriptLinkErr(err, s).Error()
	if !strings.Contains(msg, "a link can safely carry") || !strings.Contains(msg, "script alone is 61,") {
		t.Errorf("message %q: want the page's too-long explanation and the script's size", msg)
	}
}

// The Gantt's tooltip of a job placed by a schedule(ctx) script ends
// with the why the script gave ctx.start.
func TestScriptWhyInTooltip(t *testing.T) {
	p, _ := state.PresetByID("classic-backfill")
	s := p.Build()
	tp, _ := script.TemplateByName("easy-schedule")
	s.Policy = model.Policy{Name: script.Name, Script: tp.Source}
	res, err := runner.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, pl := range res.Schedule {
		d := JobDetails(s, res, nil, i, gantt.Times{})
		if pl.Why == "" || !strings.HasSuffix(d, pl.Why) {
			t.Fatalf("job %s: tooltip %q, want it to end with the script's why %q", pl.Job, d, pl.Why)
		}
		seen[strings.SplitN(pl.Why, ":", 2)[0]] = true
	}
	if !seen["first in the queue and it fits"] || !seen["backfilled"] {
		t.Errorf("the script's whys seen: %v; want both the template's first-fit and backfill sentences", seen)
	}
}

// The exercise opens with a script that does not backfill; the change
// it asks for (backfill = "easy", one line) gives the built-in easy's
// schedule job for job, and its lesson is valid.
func TestExerciseMakeItBackfill(t *testing.T) {
	exs := lessonpkg.Exercises()
	if len(exs) == 0 {
		t.Fatal("no exercise")
	}
	for _, ex := range exs {
		l := ex.Lesson
		if err := l.Validate(); err != nil {
			t.Errorf("%s: %v", ex.ID, err)
		}
		if _, err := lessonpkg.Option(&l); err != nil {
			t.Errorf("%s: the lesson does not fit a link: %v", ex.ID, err)
		}
	}
	ex := exs[0]
	p, ok := state.PresetByID(ex.Preset)
	tp, ok2 := script.TemplateByName(ex.Template)
	if !ok || !ok2 {
		t.Fatalf("exercise %s: preset %s or template %s missing", ex.ID, ex.Preset, ex.Template)
	}
	run := func(policy, src string) *sched.Result {
		s := p.Build()
		s.Policy = model.Policy{Name: policy, Script: src}
		res, err := runner.Run(context.Background(), s, nil)
		if err != nil {
			t.Fatalf("%s: %v", policy, err)
		}
		return res
	}
	starts := func(r *sched.Result) string {
		var b strings.Builder
		for _, pl := range r.Schedule {
			fmt.Fprintf(&b, "%s@%g ", pl.Job, pl.Start)
		}
		return b.String()
	}
	changed := strings.Replace(tp.Source, `backfill = "none"`, `backfill = "easy"`, 1)
	if changed == tp.Source {
		t.Fatal(`the template has no line backfill = "none" to change`)
	}
	before, after, easy := starts(run(script.Name, tp.Source)), starts(run(script.Name, changed)), starts(run("easy", ""))
	if before == easy {
		t.Errorf("the starting script already gives easy's schedule: nothing to learn")
	}
	if after != easy {
		t.Errorf("the changed script gives\n%s\nwant easy's\n%s", after, easy)
	}
}
