// Package state is the playground's UI state, kept apart from the view: the
// scenario being shown, the engine's answer, and the playback clock. It is
// plain Go, so it compiles and is tested natively; only the Vugu components
// and site/jsbridge touch the browser.
package state

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Status of the engine request.
const (
	StatusIdle    = "idle"
	StatusRunning = "running"
	StatusDone    = "done"
	StatusError   = "error"
	// StatusCancelled: the user stopped the run; not an error.
	StatusCancelled = "cancelled"
)

// Frame is an animation frame as it arrives from the engine; Data stays raw
// until a view that knows its kind decodes it.
type Frame struct {
	Kind string          `json:"kind"`
	T    float64         `json:"t"`
	Data json.RawMessage `json:"data"`
}

// App is the whole UI state.
type App struct {
	Scenario *model.Scenario
	Status   string
	Err      string
	Result   *sched.Result
	Frames   []Frame
	Player   Player
	// Elapsed is the wall time from the request to the result, in ms.
	Elapsed float64
	// History holds undo and redo snapshots (see Edit).
	History History
	// Dirty is set by every Edit, Undo and Redo: the scenario changed since
	// the last autosave; whoever saves clears it.
	Dirty bool
	// Gen counts Edit, Undo and Redo calls; with the Scenario pointer it
	// keys what is derived from the scenario.
	Gen int
	// PolicyChosen is set when the user picks a policy and cleared when a
	// preset loads: an import keeps a chosen policy.
	PolicyChosen bool

	// Source names the shipped trace's cut the jobs were read from (a
	// share link then names it instead of listing the jobs) while the
	// jobs are still the ones read: JobsSum(Jobs) == SourceSum.
	Source    *model.TraceRef
	SourceSum uint64
}

// SetSource records that the scenario's jobs are trace cut t.
func (a *App) SetSource(t *model.TraceRef) {
	a.Source, a.SourceSum = t, JobsSum(a.Scenario.Jobs)
}

// SourceOf is the trace cut the scenario's jobs still are, nil when
// they were edited since (or never came from one).
func (a *App) SourceOf() *model.TraceRef {
	if a.Source == nil || JobsSum(a.Scenario.Jobs) != a.SourceSum {
		return nil
	}
	return a.Source
}

// JobsSum is a checksum of a job list (FNV-1a of its JSON): whether the
// jobs are still the ones read from a trace.
func JobsSum(jobs []model.Job) uint64 {
	h := fnv.New64a()
	json.NewEncoder(h).Encode(jobs)
	return h.Sum64()
}

// New returns the state showing the default scenario, not yet run.
func New() *App {
	return &App{Scenario: DefaultScenario(), Status: StatusIdle}
}

// Begin marks the start of a run of a.Scenario and forgets the old answer.
func (a *App) Begin() {
	a.Status = StatusRunning
	a.Err = ""
	a.Result = nil
	a.Frames = nil
	a.Player = Player{}
	a.Elapsed = 0
}

// Cancel ends the run the user stopped: no result, and no error either.
func (a *App) Cancel() {
	a.Status = StatusCancelled
	a.Err = ""
	a.Player.Playing = false
}

// Fail ends the run with an error message.
func (a *App) Fail(msg string) {
	a.Status = StatusError
	a.Err = msg
	a.Player.Playing = false
}

// line is one NDJSON line of POST /api/run?stream=1: a frame, the final
// {"result": ...}, or {"error": ..., "field": ...}.
type line struct {
	Kind   *string         `json:"kind"`
	T      float64         `json:"t"`
	Data   json.RawMessage `json:"data"`
	Result *sched.Result   `json:"result"`
	Error  *string         `json:"error"`
	Field  string          `json:"field"`
}

// ApplyLine folds one NDJSON line of the engine's stream into the state.
func (a *App) ApplyLine(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return nil
	}
	var l line
	if err := json.Unmarshal(b, &l); err != nil {
		return fmt.Errorf("engine sent an unreadable line: %v", err)
	}
	switch {
	case l.Error != nil:
		a.Fail(withField(l.Field, *l.Error))
	case l.Result != nil:
		a.Finish(l.Result)
	case l.Kind != nil:
		a.Frames = append(a.Frames, Frame{Kind: *l.Kind, T: l.T, Data: l.Data})
	default:
		return errors.New("engine sent a line that is neither a frame, a result nor an error")
	}
	return nil
}

// Finish ends the run with its result.
func (a *App) Finish(r *sched.Result) {
	a.Result = r
	a.Status = StatusDone
	a.Player.End = EndTime(r)
	// Show the whole schedule first; Play replays it from 0.
	a.Player.T = a.Player.End
	if len(a.Frames) > 0 && a.Frames[len(a.Frames)-1].T > a.Player.End {
		a.Player.End = a.Frames[len(a.Frames)-1].T
	}
}

// ErrorBody reads a non-streamed JSON error answer into a message.
func ErrorBody(status int, body []byte) string {
	var e struct {
		Error string `json:"error"`
		Field string `json:"field"`
	}
	if json.Unmarshal(body, &e) != nil || e.Error == "" {
		return fmt.Sprintf("engine answered status %d", status)
	}
	return withField(e.Field, e.Error)
}

// withField is the engine's error msg with its field path in front
// ("jobs[3].size: must be at least 1"), unless msg starts with it
// already (a list of problems, each with its own path).
func withField(field, msg string) string {
	if field == "" || strings.HasPrefix(msg, field+": ") {
		return msg
	}
	return field + ": " + msg
}

// Lines splits a byte stream into lines across chunk boundaries.
type Lines struct {
	buf []byte
}

// Write adds a chunk and calls fn for every complete line in it.
func (l *Lines) Write(chunk []byte, fn func([]byte)) {
	l.buf = append(l.buf, chunk...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			return
		}
		fn(l.buf[:i])
		l.buf = l.buf[i+1:]
	}
}

// Flush calls fn for a last line without a newline, if any.
func (l *Lines) Flush(fn func([]byte)) {
	if len(bytes.TrimSpace(l.buf)) > 0 {
		fn(l.buf)
	}
	l.buf = nil
}

// EndTime is the latest end in r's schedule.
func EndTime(r *sched.Result) float64 {
	end := 0.0
	for _, p := range r.Schedule {
		if p.End > end {
			end = p.End
		}
	}
	return end
}
