package script

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"gridplay/engine/model"
)

// Field is the scenario field every script error names.
const Field = "policy.script"

// Filename is the name a script has in Starlark's own messages.
const Filename = "policy.star"

// Error is a script's error: a syntax error, a runtime error, a budget
// exceeded, a bad call of ctx.start. Line and Col are 1-based (0 when the
// error has no place in the script, such as a missing function); Time is
// the decision time it happened at, when HasTime. The page marks the
// line; the API answers it as a field error on policy.script (As).
type Error struct {
	Line, Col int
	Time      float64
	HasTime   bool
	// Msg is the whole sentence for a person, place and time included.
	Msg string
}

func (e *Error) Error() string { return Field + ": " + e.Msg }

// As makes an Error a *model.FieldError on policy.script for
// errors.As, so the CLI, the API and the page report it as they report
// any bad field.
func (e *Error) As(target any) bool {
	if p, ok := target.(**model.FieldError); ok {
		*p = &model.FieldError{Field: Field, Msg: e.Msg}
		return true
	}
	return false
}

// errAt is an Error at pos, at decision time t when fn is not "" (the
// function that was running).
func errAt(pos syntax.Position, fn string, t float64, msg string) *Error {
	e := &Error{Line: int(pos.Line), Col: int(pos.Col)}
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d, column %d: ", e.Line, e.Col)
	}
	b.WriteString(msg)
	if fn != "" {
		e.Time, e.HasTime = t, true
		fmt.Fprintf(&b, " (in %s at t=%s s)", fn, fmtTime(t))
	}
	e.Msg = b.String()
	return e
}

func fmtTime(t float64) string { return strconv.FormatFloat(t, 'f', -1, 64) }

// fileOptions are the Starlark dialect of scripts: while loops, sets and
// top-level if/for are allowed (closer to Python); global reassignment
// and recursion are not (Starlark's defaults).
var fileOptions = &syntax.FileOptions{While: true, Set: true, TopLevelControl: true}

// compile parses and resolves src: syntax and name errors, with line
// and column.
func compile(src string) (*starlark.Program, error) {
	_, prog, err := starlark.SourceProgramOptions(fileOptions, Filename, src, func(string) bool { return false })
	if err == nil {
		return prog, nil
	}
	var se syntax.Error
	if errors.As(err, &se) {
		return nil, errAt(syntaxPos(src, se), "", 0, "syntax error: "+se.Msg)
	}
	var rl resolve.ErrorList
	if errors.As(err, &rl) && len(rl) > 0 {
		return nil, errAt(rl[0].Pos, "", 0, rl[0].Msg)
	}
	return nil, &Error{Msg: err.Error()}
}

// syntaxPos is where a syntax error is shown. Starlark's parser reports
// a token it did not expect at the scanner's position after that token
// (parser.consume), which for a newline is column 1 of the next line:
// a missing ":" at the end of line 2 would be shown on line 3. Such an
// error is put where the newline token starts, after the last character
// of the line that lacks something, as go.starlark.net already does for
// "want primary expression" (its issue 532).
func syntaxPos(src string, se syntax.Error) syntax.Position {
	p := se.Pos
	if !strings.HasPrefix(se.Msg, "got newline,") || p.Line < 2 || p.Col != 1 {
		return p
	}
	// The scanner counts "\r\n", "\r" and "\n" as one newline, and
	// columns in runes.
	src = strings.ReplaceAll(strings.ReplaceAll(src, "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(src, "\n")
	if int(p.Line)-2 >= len(lines) {
		return p
	}
	file := Filename
	return syntax.MakePosition(&file, p.Line-1, int32(utf8.RuneCountInString(lines[p.Line-2]))+1)
}

// machine is the Starlark thread of one run and its budgets: the steps
// of one decision time and of the whole run. It checks the context
// every checkEvery steps from inside the interpreter (OnMaxSteps), so a
// cancel stops a script at once, under js/wasm too, where no other
// goroutine runs while the script does.
type machine struct {
	th          *starlark.Thread
	ctx         context.Context
	perDecision uint64
	total       uint64
	end         uint64 // step count at which this decision's budget ends
	fn          string // the function deciding, "" for the top level
	now         float64
	over        string // why the thread was cancelled: overDecision, overTotal, overCancel
}

const (
	checkEvery   = 1 << 14
	overDecision = "decision"
	overTotal    = "total"
	overCancel   = "cancel"
)

func newMachine(ctx context.Context, perDecision, total uint64) *machine {
	m := &machine{th: &starlark.Thread{Name: "policy"}, ctx: ctx, perDecision: perDecision, total: total}
	m.th.Print = func(*starlark.Thread, string) {} // no I/O
	m.th.OnMaxSteps = m.onMax
	return m
}

// begin starts a decision at now by fn: its budget starts.
func (m *machine) begin(now float64, fn string) {
	m.now, m.fn = now, fn
	m.end = m.th.ExecutionSteps() + m.perDecision
	m.arm()
}

func (m *machine) arm() {
	m.th.SetMaxExecutionSteps(min(m.th.ExecutionSteps()+checkEvery, m.end, m.total))
}

func (m *machine) onMax(th *starlark.Thread) {
	steps := th.ExecutionSteps()
	switch {
	case m.ctx.Err() != nil:
		m.over = overCancel
	case steps >= m.total:
		m.over = overTotal
	case steps >= m.end:
		m.over = overDecision
	default:
		m.arm()
		return
	}
	th.Cancel(m.over)
}

// call calls fn with args as the decision that begin started.
func (m *machine) call(fn starlark.Value, args starlark.Tuple) (starlark.Value, error) {
	if err := m.ctx.Err(); err != nil {
		return nil, err
	}
	v, err := starlark.Call(m.th, fn, args, nil)
	if err != nil {
		return nil, m.err(err)
	}
	return v, nil
}

// err turns an error of the thread into the run's error: the context's
// when cancelled, else an *Error with the script's line and column.
func (m *machine) err(err error) error {
	if m.over == overCancel {
		return m.ctx.Err()
	}
	var stop *stopError
	if errors.As(err, &stop) {
		return stop.err
	}
	pos := syntax.Position{}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		pos = scriptPos(ee.CallStack)
	}
	switch m.over {
	case overDecision:
		return errAt(pos, m.fn, m.now, fmt.Sprintf("the script ran over its budget of %d steps for one decision (policy.params.steps_per_decision); is there an endless loop?", m.perDecision))
	case overTotal:
		return errAt(pos, m.fn, m.now, fmt.Sprintf("the script ran over its budget of %d steps for the whole run (policy.params.steps_total)", m.total))
	}
	var bad *badCall
	if errors.As(err, &bad) {
		return errAt(pos, m.fn, m.now, bad.msg)
	}
	msg := err.Error()
	if ee != nil {
		msg = ee.Msg
	}
	return errAt(pos, m.fn, m.now, msg)
}

// scriptPos is the place of the innermost frame of the script in stack.
func scriptPos(stack starlark.CallStack) syntax.Position {
	for i := len(stack) - 1; i >= 0; i-- {
		if p := stack[i].Pos; p.Filename() == Filename {
			return p
		}
	}
	return syntax.Position{}
}

// badCall is a script's wrong use of ctx (start of a job that does not
// fit...): the run fails with its message, at the call's line.
type badCall struct{ msg string }

func (b *badCall) Error() string { return b.msg }

// stopError carries an error from outside the script (the recorder
// stopped the run) through the interpreter, unchanged.
type stopError struct{ err error }

func (s *stopError) Error() string { return s.err.Error() }
func (s *stopError) Unwrap() error { return s.err }
