package script

import (
	"context"
	"fmt"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Form is which function a script defines.
type Form int

const (
	// Priority: priority(job) or priority(job, now), a sort key (the
	// smallest runs first) for the engine's own backfilling.
	Priority Form = iota + 1
	// Schedule: schedule(ctx), full control at every decision time.
	Schedule
)

func (f Form) String() string {
	switch f {
	case Priority:
		return "priority"
	case Schedule:
		return "schedule"
	}
	return fmt.Sprintf("form(%d)", int(f))
}

// Backfilling modes a priority script may name in its module-level
// backfill variable.
const (
	BackfillNone         = "none"
	BackfillEASY         = "easy"
	BackfillConservative = "conservative"
)

// Info is what a script defines, read by Inspect: the page names the
// function that decides and its backfilling.
type Info struct {
	Form Form
	// Now is set when priority takes now: its key is computed at every
	// decision time, not once per job.
	Now bool
	// Backfill is the priority form's backfilling ("none", "easy",
	// "conservative"); "" in the schedule form.
	Backfill string
}

// program is a script loaded in a thread: its top level has run.
type program struct {
	Info
	fn starlark.Value // priority or schedule
}

// load compiles src and runs its top level on m (a budget of one
// decision), then reads what it defines.
func load(m *machine, src string) (*program, error) {
	prog, err := compile(src)
	if err != nil {
		return nil, err
	}
	m.begin(0, "")
	globals, err := prog.Init(m.th, nil)
	if err != nil {
		return nil, m.err(err)
	}
	return define(globals)
}

func define(g starlark.StringDict) (*program, error) {
	p := &program{}
	pr, hasP := g["priority"]
	sc, hasS := g["schedule"]
	switch {
	case hasP && hasS:
		return nil, errAt(fnPos(sc), "", 0, "the script defines both priority and schedule; keep one (docs/policies.md)")
	case !hasP && !hasS:
		return nil, &Error{Msg: "the script defines neither priority(job) nor schedule(ctx); define one (docs/policies.md)"}
	case hasS:
		if err := arity(sc, "schedule", 1, 1, "schedule(ctx)"); err != nil {
			return nil, err
		}
		if _, ok := g["backfill"]; ok {
			return nil, &Error{Msg: "backfill is for priority(job) scripts; a schedule(ctx) script does its own backfilling"}
		}
		p.Form, p.fn = Schedule, sc
		return p, nil
	}
	if err := arity(pr, "priority", 1, 2, "priority(job) or priority(job, now)"); err != nil {
		return nil, err
	}
	p.Form, p.fn, p.Backfill = Priority, pr, BackfillEASY
	p.Now = pr.(*starlark.Function).NumParams() == 2
	if b, ok := g["backfill"]; ok {
		s, isStr := b.(starlark.String)
		switch {
		case !isStr:
			return nil, &Error{Msg: fmt.Sprintf("backfill must be \"none\", \"easy\" or \"conservative\", got %s", b.Type())}
		case s == BackfillNone || s == BackfillEASY || s == BackfillConservative:
			p.Backfill = string(s)
		default:
			return nil, &Error{Msg: fmt.Sprintf("backfill must be \"none\", \"easy\" or \"conservative\", got %q", string(s))}
		}
	}
	return p, nil
}

// arity checks that v is a Starlark function of lo to hi plain
// parameters.
func arity(v starlark.Value, name string, lo, hi int, want string) error {
	f, ok := v.(*starlark.Function)
	if !ok {
		return &Error{Msg: fmt.Sprintf("%s must be a function %s, got %s", name, want, v.Type())}
	}
	n := f.NumParams()
	if f.HasVarargs() || f.HasKwargs() || f.NumKwonlyParams() > 0 || n < lo || n > hi {
		return errAt(f.Position(), "", 0, fmt.Sprintf("%s must take plain parameters: %s", name, want))
	}
	return nil
}

func fnPos(v starlark.Value) syntax.Position {
	if f, ok := v.(*starlark.Function); ok {
		return f.Position()
	}
	return syntax.Position{}
}

// Inspect compiles src and runs its top level (with the default budget
// of one decision, DefaultStepsPerDecision), without scheduling: nil
// error and what the script defines, or an *Error with the line and
// column. The page's editor calls it as one types.
func Inspect(src string) (Info, error) {
	return inspect(src, limits{perDecision: DefaultStepsPerDecision, total: DefaultStepsTotal, scriptBytes: DefaultScriptBytes})
}

func inspect(src string, lim limits) (Info, error) {
	if len(src) > lim.scriptBytes {
		return Info{}, tooLong(len(src), lim.scriptBytes)
	}
	m := newMachine(context.Background(), lim.perDecision, lim.total)
	p, err := load(m, src)
	if err != nil {
		return Info{}, err
	}
	return p.Info, nil
}

func tooLong(n, limit int) *Error {
	return &Error{Msg: fmt.Sprintf("the script is %d bytes; the limit is %d bytes (policy.params.script_bytes)", n, limit)}
}
