package script

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.starlark.net/starlark"

	"gridplay/engine/model"
	"gridplay/engine/runner"
)

// tiny is a one-cluster scenario of 3 jobs, under the script src.
func tiny(src string) *model.Scenario {
	return &model.Scenario{Version: model.Version, Policy: model.Policy{Name: Name, Script: src},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c", Nodes: 4}}},
		Jobs: []model.Job{
			{ID: "a", Submit: 0, Size: 3, Runtime: 10},
			{ID: "b", Submit: 5, Size: 2, Runtime: 10},
			{ID: "c", Submit: 5, Size: 1, Runtime: 10},
		}}
}

// scriptErr runs s and returns its error as a script Error, failing
// unless the run failed with one on policy.script.
func scriptErr(t *testing.T, s *model.Scenario) *Error {
	t.Helper()
	_, err := runner.Run(context.Background(), s, nil)
	if err == nil {
		t.Fatal("the run did not fail")
	}
	fe := model.FirstError(err)
	if fe == nil || fe.Field != Field {
		t.Fatalf("error %v (%T) is not a field error on %s", err, err, Field)
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a script Error", err, err)
	}
	if fe.Msg != e.Msg {
		t.Fatalf("field error %q, script error %q", fe.Msg, e.Msg)
	}
	return e
}

func TestErrors(t *testing.T) {
	for _, c := range []struct {
		name, src string
		params    map[string]float64
		line, col int
		time      float64
		hasTime   bool
		msg       string
	}{
		// A missing ":" is shown at the end of its line, not at the
		// start of the next (syntaxPos); columns count runes.
		{name: "syntax", src: "def priority(job)\n    return 1\n", line: 1, col: 18,
			msg: "line 1, column 18: syntax error: got newline, want ':'"},
		{name: "syntax after a comment and CRLF", src: "# é\r\ndef priority(job)  # é\r\n\r\n    return 1\r\n", line: 2, col: 23,
			msg: "line 2, column 23: syntax error: got newline, want ':'"},
		{name: "syntax at the end", src: "def priority(job)", line: 1, col: 18,
			msg: "line 1, column 18: syntax error: got end of file, want ':'"},
		{name: "undefined name", src: "def priority(job):\n    return jb.submit\n", line: 2, col: 12,
			msg: "line 2, column 12: undefined: jb"},
		{name: "runtime", src: "def schedule(ctx):\n    for job in ctx.queue:\n        x = job.size\n",
			line: 3, col: 16, time: 0, hasTime: true,
			msg: "line 3, column 16: job has no .size field or method (in schedule at t=0 s)"},
		{name: "runtime in priority", src: "def priority(job, now):\n    return 1 // (now - 5)\n",
			line: 2, col: 14, time: 5, hasTime: true,
			msg: "line 2, column 14: floored division by zero (in priority at t=5 s)"},
		{name: "key not a number", src: "def priority(job):\n    return job.id\n", line: 1, col: 1, time: 0, hasTime: true,
			msg: "line 1, column 1: priority must return a number (int or float), got string for job \"a\" (in priority at t=0 s)"},
		{name: "step budget", src: "def schedule(ctx):\n    n = 0\n    while ctx.now == 5:\n        n += 1\n",
			params: map[string]float64{"steps_per_decision": 5000}, time: 5, hasTime: true,
			msg: "line 4, column 9: the script ran over its budget of 5000 steps for one decision (policy.params.steps_per_decision); is there an endless loop? (in schedule at t=5 s)"},
		// Starlark records no place for this loop: the def's is shown.
		{name: "step budget, no place", src: "def schedule(ctx):\n    while True:\n        pass\n",
			params: map[string]float64{"steps_per_decision": 5000}, line: 1, col: 1, time: 0, hasTime: true,
			msg: "line 1, column 1: the script ran over its budget of 5000 steps for one decision (policy.params.steps_per_decision); is there an endless loop? (in schedule at t=0 s)"},
		{name: "start of a job that does not fit", src: "def schedule(ctx):\n    for job in ctx.queue:\n        ctx.start(job)\n",
			line: 3, col: 18, time: 5, hasTime: true,
			msg: "line 3, column 18: ctx.start: job \"b\" does not fit at t=5 s: it asks for 2 nodes; free nodes: c 1 (in schedule at t=5 s)"},
		{name: "start on a full cluster", src: "def schedule(ctx):\n    for job in ctx.queue:\n        ctx.start(job, 'c')\n",
			line: 3, col: 18, time: 5, hasTime: true,
			msg: "line 3, column 18: ctx.start: job \"b\" does not fit at t=5 s: it asks for 2 nodes and cluster c has 1 free (in schedule at t=5 s)"},
		{name: "start twice", src: "def schedule(ctx):\n    q = ctx.queue\n    if q:\n        ctx.start(q[0])\n        ctx.start(q[0])\n",
			line: 5, col: 18, time: 0, hasTime: true,
			msg: "line 5, column 18: ctx.start: job \"a\" is not waiting: it started at t=0 s (in schedule at t=0 s)"},
		{name: "neither", src: "x = 1\n", msg: "the script defines neither priority(job) nor schedule(ctx); define one (docs/policies.md)"},
		{name: "bad backfill", src: "backfill = 'lazy'\ndef priority(job):\n    return 0\n",
			msg: "backfill must be \"none\", \"easy\" or \"conservative\", got \"lazy\""},
		{name: "too long for the parameter", src: "def priority(job):\n    return 0\n" + strings.Repeat("#", 100),
			params: map[string]float64{"script_bytes": 100},
			msg:    "the script is 132 bytes; the limit is 100 bytes (policy.params.script_bytes)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := tiny(c.src)
			s.Policy.Params = c.params
			e := scriptErr(t, s)
			if e.Msg != c.msg {
				t.Errorf("message\n got %q\nwant %q", e.Msg, c.msg)
			}
			if c.line != 0 && (e.Line != c.line || e.Col != c.col) {
				t.Errorf("at %d:%d, want %d:%d", e.Line, e.Col, c.line, c.col)
			}
			if e.HasTime != c.hasTime || e.Time != c.time {
				t.Errorf("time %v (%v), want %v (%v)", e.Time, e.HasTime, c.time, c.hasTime)
			}
		})
	}
}

// TestScriptTooLong: a script over model.MaxScriptBytes fails the
// scenario's validation, naming policy.script; an empty one is refused
// by the policy.
func TestScriptTooLong(t *testing.T) {
	s := tiny("def priority(job):\n    return 0\n" + strings.Repeat("#", model.MaxScriptBytes))
	_, err := runner.Run(context.Background(), s, nil)
	fe := model.FirstError(err)
	if fe == nil || fe.Field != Field || fe.Msg != "is 65568 bytes; the limit is 65536 bytes (MaxScriptBytes): shorten the script" {
		t.Fatalf("got %v", err)
	}
	_, err = runner.Run(context.Background(), tiny(""), nil)
	if fe := model.FirstError(err); fe == nil || fe.Field != Field || !strings.HasPrefix(fe.Msg, "is empty") {
		t.Fatalf("empty script: got %v", err)
	}
}

// countCtx is a context whose Err turns to Canceled at its after-th
// call: a cancel that arrives while the script runs, under js/wasm too
// (there a timer's goroutine never runs while the script does).
type countCtx struct {
	context.Context
	calls, after int
}

func (c *countCtx) Err() error {
	c.calls++
	if c.calls > c.after {
		return context.Canceled
	}
	return nil
}

// TestCancel: a cancel stops a script in an endless loop at once (at
// the next check, every checkEvery steps), with the context's error.
func TestCancel(t *testing.T) {
	s := tiny("def schedule(ctx):\n    while True:\n        pass\n")
	s.Policy.Params = map[string]float64{"steps_per_decision": MaxStepsPerDecision, "steps_total": MaxStepsTotal}
	ctx := &countCtx{Context: context.Background(), after: 1 << 30}
	m, p, _, err := (&policy{}).prepare(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	m.begin(0, "schedule")
	ctx.after = ctx.calls + 3 // three checks from now
	_, err = m.call(p.fn, starlark.Tuple{starlark.None})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if steps := m.th.ExecutionSteps(); steps > 4*checkEvery {
		t.Fatalf("the script ran %d steps, more than %d after the cancel", steps, 4*checkEvery)
	}
	if runtime.GOOS == "js" {
		return // no timer fires while the script runs
	}
	// A real cancel from another goroutine, through the runner.
	c2, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	t0 := time.Now()
	_, err = runner.Run(c2, s, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if d := time.Since(t0); d > 2*time.Second {
		t.Fatalf("the script ran %v after the cancel", d)
	}
}

// TestInspect: the page's check of a script as it is typed.
func TestInspect(t *testing.T) {
	in, err := Inspect(template(t, "wfp3"))
	if err != nil || in.Form != Priority || !in.Now || in.Backfill != "easy" {
		t.Fatalf("wfp3: %+v %v", in, err)
	}
	in, err = Inspect(template(t, "easy-schedule"))
	if err != nil || in.Form != Schedule {
		t.Fatalf("easy-schedule: %+v %v", in, err)
	}
	_, err = Inspect("def schedule(ctx):\n  ctx.start(\n")
	var e *Error
	if !errors.As(err, &e) || e.Line != 3 {
		t.Fatalf("got %v", err)
	}
	_, err = Inspect("while True:\n    pass\n")
	if !errors.As(err, &e) || !strings.Contains(e.Msg, "budget") {
		t.Fatalf("endless top level: got %v", err)
	}
}
