package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"gridplay/engine/api/compact"
	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/site/frames"
	"gridplay/site/gantt"
	"gridplay/site/jsbridge"
	"gridplay/site/paint"
	"gridplay/site/state"
)

// MaxSavedJobs is the largest job list autosave keeps in localStorage.
const MaxSavedJobs = 20000

// AnimateMax is the largest number of jobs a run streams its animation
// frames for by default; beyond it, runs ask for the result only. The
// "Results only" box overrides it either way.
const AnimateMax = 5000

// run posts the scenario to the engine and folds the NDJSON stream into
// the state as it arrives. It runs on its own goroutine (never call it
// with the render lock held) and takes the lock for each change.
func (p *Page) run() {
	defer p.recoverGo()
	if !p.resolveTrace() {
		return
	}
	p.env.Lock()
	r, ok := p.prepareRun()
	p.env.UnlockRender()
	if ok {
		p.send(r)
	}
}

// runFromEvent starts a run with the lock held (an event handler, an
// import's answer): the request is posted at once, so the engine works
// while the render that follows shows the run in flight.
func (p *Page) runFromEvent() {
	r, ok := p.prepareRun()
	if ok {
		p.async.Posted(r.id, p.post(r))
	}
}

// pendingRun is a run prepared with the lock held, for send.
type pendingRun struct {
	id    int
	quiet bool
	body  []byte
}

// prepareRun begins a run: the state shows it in flight and the scenario
// is encoded; ok is false when it cannot be encoded (the state says why)
// or when the page asks the user first (a long run: cost.go). The lock
// is held.
func (p *Page) prepareRun() (r pendingRun, ok bool) {
	if p.holdCostly() {
		return r, false // the page asks first (cost.go)
	}
	id := p.async.Begin(time.Now())
	p.App.Begin()
	p.chart = nil
	// Recorded first: a scenario that does not validate is not
	// retried until it changes.
	p.lastRun = p.runKey()
	jsbridge.Mark("run: start")
	quiet := p.resultsOnly()
	// A results-only run goes in and out in the compact form
	// (engine/api/compact), smaller and faster than JSON.
	var body []byte
	var err error
	if quiet {
		body, err = compact.EncodeScenario(p.App.Scenario)
	} else {
		body, err = model.Encode(p.App.Scenario)
	}
	if err != nil {
		p.App.Fail("scenario: " + err.Error())
		return r, false
	}
	jsbridge.Mark("run: encoded")
	p.async.Started = time.Now()
	return pendingRun{id: id, quiet: quiet, body: body}, true
}

// send posts a prepared run and folds the answer into the state as it
// arrives. It runs on its own goroutine (never call it with the render
// lock held) and takes the lock for each change.
func (p *Page) send(r pendingRun) {
	cancel := p.post(r)
	p.env.Lock()
	if p.App.Status == state.StatusRunning {
		p.async.Posted(r.id, cancel)
	}
	p.env.UnlockOnly()
}

// post sends a prepared run to the engine and returns its cancel; the
// answer's handlers take the lock for each change, so post itself may be
// called with the lock held or not.
func (p *Page) post(r pendingRun) (cancel func()) {
	id, quiet, body := r.id, r.quiet, r.body
	var (
		status int
		lines  state.Lines
		errBuf []byte
		whole  []byte // the answer of a results-only run
		drawn  bool
		framed bool // the first frames arrived
	)
	path := state.FirstRunPath
	if quiet {
		path = "/api/run?format=compact"
	}
	apply := func(b []byte) {
		if !p.async.Line(id) {
			return
		}
		if err := p.App.ApplyLine(b); err != nil {
			p.App.Fail(err.Error())
		}
	}
	return p.Engine.Request("POST", path, body, jsbridge.Handlers{
		Head: func(s int) { status = s },
		Chunk: func(b []byte) {
			if status != 200 {
				errBuf = append(errBuf, b...)
				return
			}
			if quiet {
				whole = append(whole, b...)
				return
			}
			if !framed {
				framed = true
				jsbridge.Mark("run: first frames")
			}
			p.env.Lock()
			if p.async.Current(id) {
				lines.Write(b, apply)
				p.update()
			}
			// Vugu does not merge render requests: frames are folded
			// in without rendering, and one render is scheduled for
			// what arrives in the next quarter second. The first chart
			// is drawn at once.
			if p.chart != nil && !drawn {
				drawn = true
				p.renderAfterPaint()
			} else {
				p.renderSoon()
				p.env.UnlockOnly()
			}
		},
		End: func(err error) {
			// A big answer holds the page's thread for long: input
			// that came before it is handled first (the browser hands
			// pointer moves over with the frames), and decoding runs
			// outside the lock.
			var res *sched.Result
			var decodeErr error
			if !quiet {
				jsbridge.Mark("run: answer ended")
			}
			if err == nil && status == 200 && quiet {
				jsbridge.Mark("run: answered")
				jsbridge.AfterPaint()
				if res, decodeErr = decodeResult(whole); decodeErr == nil {
					jsbridge.Mark("run: decoded")
				}
				jsbridge.Yield()
			}
			p.env.Lock()
			first := p.chart == nil
			unlock := p.env.UnlockRender
			defer func() { unlock() }()
			if !p.async.End(id) {
				return
			}
			switch {
			case err != nil && err.Error() == jsbridge.ErrCancelled:
				p.App.Cancel()
			case err != nil:
				p.App.Fail("engine: " + err.Error())
			case status != 200:
				p.App.Fail(state.ErrorBody(status, errBuf))
			case quiet:
				if decodeErr != nil {
					p.App.Fail(decodeErr.Error())
				} else {
					p.App.Finish(res)
				}
			default:
				lines.Flush(apply)
				if p.App.Status == state.StatusRunning {
					p.App.Fail("engine: the answer ended without a result")
				}
			}
			p.update()
			if first && p.chart != nil {
				// update painted the chart: it reaches the screen
				// before the render of everything else.
				unlock = p.renderAfterPaint
			}
		},
	})
}

// decodeResult reads a non-streamed result: compact, or JSON.
func decodeResult(b []byte) (*sched.Result, error) {
	res := new(sched.Result)
	var err error
	if compact.Is(b) {
		res, err = compact.DecodeResult(b)
	} else {
		err = json.Unmarshal(b, res)
	}
	if err != nil {
		return nil, fmt.Errorf("engine sent an unreadable result: %v", err)
	}
	return res, nil
}

// resultsOnly tells whether the next run asks for the result alone.
func (p *Page) resultsOnly() bool {
	if p.QuietSet {
		return p.Quiet
	}
	return p.jobCount() > AnimateMax
}

// jobCount is the scenario's number of jobs, generated ones included.
func (p *Page) jobCount() int {
	s := p.App.Scenario
	switch {
	case len(s.Jobs) == 0 && s.Generator != nil:
		return s.Generator.Jobs
	case len(s.Jobs) == 0 && s.Trace != nil:
		return s.Trace.First
	}
	return len(s.Jobs)
}

// renderAfterPaint releases the lock without a render, and renders once
// the browser has presented a frame, so what update painted directly
// (the chart, the narration) shows before the render of the rest. The
// lock is held.
func (p *Page) renderAfterPaint() {
	p.env.UnlockOnly()
	go func() {
		defer p.recoverGo()
		jsbridge.AfterPaint()
		p.env.Lock()
		p.env.UnlockRender()
	}()
}

// renderSoon schedules one render a quarter second from now, unless one
// is scheduled already; the lock is held.
func (p *Page) renderSoon() {
	if p.pumping {
		return
	}
	p.pumping = true
	go func() {
		defer p.recoverGo()
		time.Sleep(250 * time.Millisecond)
		p.env.Lock()
		p.pumping = false
		p.env.UnlockRender()
	}()
}

// update refreshes what derives from the state; the lock is held.
func (p *Page) update() {
	if p.App.Result != nil && p.chart == nil {
		p.chart = gantt.Layout(p.App.Scenario, p.App.Result)
		// The replay runs over the chart's span: a trace's schedule
		// begins at its first submit, not at 0.
		p.App.Player.Start = p.chart.Begin
		jsbridge.Mark("run: laid out")
		p.App.Elapsed = float64(time.Since(p.async.Started).Microseconds()) / 1000
		if vs := frames.Views(p.App.Frames); len(vs) > 0 {
			if !slices.Contains(vs, p.View) {
				p.View = vs[0]
			}
			p.App.Player.Stops = p.Lesson().Times()
			// Replay from the start so the frames animate. A visitor
			// who asks for reduced motion sees the schedule finished,
			// the last frame, and Play (an embed has its own autoplay).
			if p.IsEmbed || !p.still {
				p.App.Player.T = p.App.Player.Start
			}
			if !p.IsEmbed && !p.still || p.autoplay {
				p.play()
			} else {
				p.publishReplay()
			}
		} else {
			p.App.Player.Stops = p.Lesson().Times()
			if p.IsEmbed && p.autoplay {
				p.play()
			}
		}
		// Painted now, before the render of the rest, in the chart's
		// host (which holds its canvas or gets one).
		paint.Gantt(jsbridge.Query(".gantt .canvas-host"), p.chart, p.App.Player.T)
		paint.Narration(jsbridge.ByID("narration"), p.narration(), p.App.Player.Playing)
	}
	p.postClock()
}

// Event handlers: the render lock is held; long work goes to goroutines.

// running says the engine works for the page: a run or a comparison.
func (p *Page) running() bool { return p.async.Busy(p.App.Status == state.StatusRunning) }

func (p *Page) setQuiet(checked bool) { p.QuietSet, p.Quiet = true, checked }

// progressText says what the engine is doing for the run.
func (p *Page) progressText() string {
	if t := p.App.Scenario.Trace; t != nil {
		return "Reading " + TraceCutText(t) + " in the engine worker"
	}
	if p.resultsOnly() {
		return fmt.Sprintf("Running %s on %s jobs in the engine worker (results only, no animation frames)", p.App.Scenario.Policy.Name, state.FormatNumber(float64(p.jobCount())))
	}
	return fmt.Sprintf("Running %s on %s in the engine worker: %d animation frames so far, %.1f s", p.App.Scenario.Policy.Name,
		state.Count(p.jobCount(), "job"), p.async.Received, time.Since(p.async.Started).Seconds())
}
