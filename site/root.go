package main

import (
	"encoding/json"
	"fmt"
	"math"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"

	"gridplay/engine/api/compact"
	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/site/frames"
	"gridplay/site/gantt"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// SaveKey is the localStorage entry of the autosaved scenario.
const SaveKey = "gridplay.scenario.v1"

// Root is the page: it owns the state, asks the engine worker for
// policies and schedules, and drives the playback clock.
type Root struct {
	App    *state.App
	Engine jsbridge.Engine

	env   vugu.EventEnv
	chart *gantt.Chart

	// Policies from GET /api/policies; PolicyErr when they could not be
	// read.
	Policies  []sched.Info
	PolicyErr string
	Preset    string

	// The run in flight: cancel stops it, runID tells stale answers
	// apart, lastRun is the scenario of the last run started.
	cancel  func()
	runID   int
	lastRun runKey
	started time.Time
	// Received counts stream lines of the run in flight (progress).
	Received int

	// Compare view.
	Selected    map[string]bool
	Compared    []*sched.Result
	CompareErr  string
	CompareDone int
	CompareN    int
	CompareFor  string // the scenario compared, for the caption
	comparing   bool
	// CompareStale is set when the scenario changed after the
	// comparison (see state.CompareKey); compareKey is its key.
	CompareStale bool
	compareKey   string

	// LinkErr is a share link that could not be opened; saved work is
	// kept.
	LinkErr string
	// Notice is a short message (link copied, saved); ShareURL the last
	// share link, shown so it can be copied by hand too.
	Notice   string
	ShareURL string
	ShareErr string

	ShowEmbed     bool
	EmbedAutoplay bool
	EmbedHeight   int

	// Embed mode (static/embed.html): the Gantt and its controls only.
	IsEmbed  bool
	autoplay bool
	height   int

	// ParamErr is the last rejected parameter input.
	ParamErr string

	// PanelsReady mounts the editor and the job table (see update).
	PanelsReady bool
	panels      bool

	View    string // frame view shown
	Hover   string // details of the job under the pointer
	ticking bool

	// presetPtr is the scenario the preset built: the preset menu shows
	// Preset only while that scenario is shown (an undo of the loading
	// brings back another one).
	presetPtr *model.Scenario

	// Quiet asks for the result without animation frames; QuietSet says
	// the user chose, else the size of the scenario decides (AnimateMax).
	Quiet, QuietSet bool

	// ShowPartial unfolds the compare rows only some policies report.
	ShowPartial bool

	// seen is what autosave last looked at.
	seen seenKey

	// Fault is a recovered panic, shown until dismissed (see guard.go).
	Fault string

	// pumping is set while a render is scheduled for the frames that
	// streamed in (see run).
	pumping bool

	// embed caches the embed code: a share token deflates the whole
	// scenario, far too costly for every render.
	embed    string
	embedKey embedKey
}

type seenKey struct {
	s       *model.Scenario
	gen     int
	lastRun runKey
	compare int
}

// runKey says which scenario a run was started for: the scenario and
// its edit count (every change goes through App.Edit, Undo or Redo, or
// replaces the scenario). Comparing keys instead of encoded scenarios
// saves encoding a whole trace (a second in the browser) every second.
type runKey struct {
	s   *model.Scenario
	gen int
}

type embedKey struct {
	s        *model.Scenario
	gen      int
	autoplay bool
	height   int
	compared string
}

// tickCompared ticks the policies a share link names for comparison.
func (c *Root) tickCompared(fragment string) {
	if names := state.ComparedPolicies(fragment); len(names) > 0 {
		c.Selected = map[string]bool{}
		for _, n := range names {
			c.Selected[n] = true
		}
	}
}

// fault shows a recovered panic; the render lock is held.
func (c *Root) fault(v any, stack []byte) {
	c.Fault = faultText(v)
	jsbridge.LogError("gridplay recovered from a panic: " + fmt.Sprint(v) + "\n" + string(stack))
}

// recoverGo ends a goroutine of the page that panicked with a message
// instead of ending the program. Deferred first thing in every goroutine
// the page starts.
func (c *Root) recoverGo() {
	v := recover()
	if v == nil {
		return
	}
	stack := debug.Stack()
	go func() {
		c.env.Lock()
		c.fault(v, stack)
		c.env.UnlockRender()
	}()
}

func (c *Root) dismissFault() { c.Fault = "" }

// Init picks the scenario (share link, autosave or the default preset),
// then loads the policies and runs.
func (c *Root) Init(ctx vugu.InitCtx) {
	c.env = ctx.EventEnv()
	if c.App == nil {
		c.App = state.New()
	}
	c.Selected = map[string]bool{}
	c.EmbedAutoplay, c.EmbedHeight = true, 360
	c.IsEmbed, c.autoplay, c.height = jsbridge.Embed()
	c.loadInitial(jsbridge.Hash(), jsbridge.Load(SaveKey))
	go c.start()
	go c.keys()
	go c.hashes()
	if !c.IsEmbed {
		go c.autosave()
	}
}

// loadInitial chooses the first scenario: a valid share link wins; a
// broken one is reported and the saved scenario (or the default preset)
// shown instead. Nothing is written to storage here.
func (c *Root) loadInitial(hash, saved string) {
	s, err := state.OpenLink(hash)
	switch {
	case err != nil:
		c.LinkErr = err.Error()
	case s != nil:
		c.App.Scenario = s
		c.Preset = ""
		c.tickCompared(hash)
		return
	}
	if saved != "" && !c.IsEmbed {
		// Half-edited work that does not validate yet is still the
		// user's: show it, and let the run name what is wrong.
		if s := state.LoadSaved(saved); s != nil {
			c.App.Scenario = s
			return
		}
	}
	c.loadPreset(state.DefaultPreset)
}

func (c *Root) loadPreset(id string) bool {
	p, ok := state.PresetByID(id)
	if !ok {
		return false
	}
	c.App.Scenario = p.Build()
	c.presetPtr = c.App.Scenario
	c.App.PolicyChosen = false
	c.Hover = ""
	c.Preset = id
	c.Selected = map[string]bool{}
	for _, n := range p.Compare {
		c.Selected[n] = true
	}
	c.Compared, c.CompareStale, c.compareKey = nil, false, ""
	return true
}

// start runs the scenario and, at the same time, reads the policy list
// (each request has its own Go instance in the worker). When the
// scenario's policy is not in this build, it switches to the first one
// listed and runs again: never a blank page.
func (c *Root) start() {
	defer c.recoverGo()
	go c.fetchPolicies()
	c.run()
}

func (c *Root) fetchPolicies() {
	defer c.recoverGo()
	done := make(chan struct{})
	var body []byte
	var status int
	var rerr error
	c.Engine.Request("GET", "/api/policies", nil, jsbridge.Handlers{
		Head:  func(s int) { status = s },
		Chunk: func(b []byte) { body = append(body, b...) },
		End:   func(err error) { rerr = err; close(done) },
	})
	<-done
	c.env.Lock()
	switch {
	case rerr != nil:
		c.PolicyErr = "engine: " + rerr.Error()
	case status != 200:
		c.PolicyErr = state.ErrorBody(status, body)
	default:
		ps, err := state.DecodePolicies(body)
		if err != nil {
			c.PolicyErr = err.Error()
		}
		c.Policies = ps
	}
	rerun := false
	if len(c.Policies) > 0 {
		name := state.ChoosePolicy(c.Policies, c.App.Scenario.Policy.Name)
		if name != c.App.Scenario.Policy.Name {
			c.Notice = fmt.Sprintf("Policy %q is not available in this build; showing %q instead.", c.App.Scenario.Policy.Name, name)
			in, _ := state.FindPolicy(c.Policies, name)
			c.App.Scenario = state.ForPolicy(c.App.Scenario, in)
			rerun = true
		}
	}
	c.env.UnlockRender()
	if rerun {
		c.run()
	}
}

// run posts the scenario to the engine and folds the NDJSON stream into
// the state as it arrives. It runs on its own goroutine (never call it
// with the render lock held) and takes the lock for each change.
func (c *Root) run() {
	defer c.recoverGo()
	c.env.Lock()
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
	c.App.Begin()
	c.chart = nil
	c.Received = 0
	c.Hover = ""
	c.runID++
	id := c.runID
	// Recorded first: a scenario that does not validate is not
	// retried until it changes.
	c.lastRun = runKey{c.App.Scenario, c.App.Gen}
	jsbridge.Mark("run: start")
	quiet := c.resultsOnly()
	// A results-only run (every big one) goes in and out in the compact
	// form (engine/api/compact): a whole trace is a few MB of columns
	// instead of 15 MB of scenario JSON and 28 MB of result JSON, which
	// this page's Go took seconds to encode and decode. The engine
	// validates it and names the fields at fault, as for JSON.
	var body []byte
	var err error
	if quiet {
		body, err = compact.EncodeScenario(c.App.Scenario)
	} else {
		body, err = model.Encode(c.App.Scenario)
	}
	if err != nil {
		c.App.Fail("scenario: " + err.Error())
		c.env.UnlockRender()
		return
	}
	jsbridge.Mark("run: encoded")
	c.started = time.Now()
	c.env.UnlockRender()

	var (
		status int
		lines  state.Lines
		errBuf []byte
		whole  []byte // the answer of a results-only run
		drawn  bool
	)
	path := "/api/run?stream=1"
	if quiet {
		path = "/api/run?format=compact"
	}
	apply := func(b []byte) {
		c.Received++
		if err := c.App.ApplyLine(b); err != nil {
			c.App.Fail(err.Error())
		}
	}
	cancel := c.Engine.Request("POST", path, body, jsbridge.Handlers{
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
			c.env.Lock()
			if id == c.runID {
				lines.Write(b, apply)
				c.update()
			}
			// Vugu does not merge render requests, and a render can
			// take longer than the gap between two frames: frames are
			// folded in without rendering, and one render is scheduled
			// for whatever arrived in the next quarter second (renderSoon).
			// The first chart is drawn at once.
			if c.chart != nil && !drawn {
				drawn = true
				c.env.UnlockRender()
			} else {
				c.renderSoon()
				c.env.UnlockOnly()
			}
		},
		End: func(err error) {
			c.env.Lock()
			defer c.env.UnlockRender()
			if id != c.runID {
				return
			}
			c.cancel = nil
			switch {
			case err != nil && err.Error() == jsbridge.ErrCancelled:
				c.App.Fail("run cancelled")
			case err != nil:
				c.App.Fail("engine: " + err.Error())
			case status != 200:
				c.App.Fail(state.ErrorBody(status, errBuf))
			case quiet:
				jsbridge.Mark("run: answered")
				if res, err := decodeResult(whole); err != nil {
					c.App.Fail(err.Error())
				} else {
					jsbridge.Mark("run: decoded")
					c.App.Finish(res)
				}
			default:
				lines.Flush(apply)
				if c.App.Status == state.StatusRunning {
					c.App.Fail("engine: the answer ended without a result")
				}
			}
			c.update()
		},
	})
	c.env.Lock()
	if id == c.runID && c.App.Status == state.StatusRunning {
		c.cancel = cancel
	}
	c.env.UnlockOnly()
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

// MaxSavedJobs is the largest job list autosave keeps in localStorage.
const MaxSavedJobs = 20000

// AnimateMax is the largest number of jobs a run streams its animation
// frames for by default; beyond it, runs ask for the result only (the
// frames would cost more than the run and the animation cannot show
// them). The "Results only" box overrides it either way.
const AnimateMax = 5000

// resultsOnly tells whether the next run asks for the result alone.
func (c *Root) resultsOnly() bool {
	if c.QuietSet {
		return c.Quiet
	}
	return c.jobCount() > AnimateMax
}

// jobCount is the scenario's number of jobs, generated ones included.
func (c *Root) jobCount() int {
	s := c.App.Scenario
	if len(s.Jobs) == 0 && s.Generator != nil {
		return s.Generator.Jobs
	}
	return len(s.Jobs)
}

func (c *Root) setQuiet(e vugu.DOMEvent) {
	c.QuietSet, c.Quiet = true, e.JSEventTarget().Get("checked").Bool()
}

// renderSoon schedules one render a quarter second from now, unless one
// is scheduled already; the lock is held.
func (c *Root) renderSoon() {
	if c.pumping {
		return
	}
	c.pumping = true
	go func() {
		defer c.recoverGo()
		time.Sleep(250 * time.Millisecond)
		c.env.Lock()
		c.pumping = false
		c.env.UnlockRender()
	}()
}

// update refreshes what derives from the state; the lock is held.
func (c *Root) update() {
	if !c.panels && c.App.Status != state.StatusRunning {
		// The editor and the job table are the heaviest part of the
		// page: mount them one render after the first answer, so the
		// first Gantt chart is not held up by them.
		c.panels = true
		go func() {
			c.env.Lock()
			c.PanelsReady = true
			c.env.UnlockRender()
		}()
	}
	if c.App.Result != nil && c.chart == nil {
		c.chart = gantt.Layout(c.App.Scenario, c.App.Result)
		jsbridge.Mark("run: laid out")
		c.App.Elapsed = float64(time.Since(c.started).Microseconds()) / 1000
		if vs := frames.Views(c.App.Frames); len(vs) > 0 {
			if !contains(vs, c.View) {
				c.View = vs[0]
			}
			// Replay from the start so the frames animate.
			c.App.Player.T = 0
			if !c.IsEmbed || c.autoplay {
				c.play()
			}
		} else if c.IsEmbed && c.autoplay {
			c.play()
		}
	}
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// Event handlers: the render lock is held; long work goes to goroutines.

func (c *Root) runNow()    { go c.run() }
func (c *Root) cancelRun() { c.stopRun() }

func (c *Root) stopRun() {
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
}

func (c *Root) running() bool {
	return c.App.Status == state.StatusRunning || c.comparing
}

func (c *Root) choosePreset(e vugu.DOMEvent) {
	id := e.JSEventTarget().Get("value").String()
	p, ok := state.PresetByID(id)
	if !ok {
		return
	}
	c.App.Edit("load preset "+p.Title, func(s *model.Scenario) {})
	c.loadPreset(id)
	if in, ok := state.FindPolicy(c.Policies, c.App.Scenario.Policy.Name); ok {
		c.App.Scenario = state.ForPolicy(c.App.Scenario, in)
	}
	c.App.Dirty = true
	go c.run()
}

func (c *Root) selectPolicy(name string) {
	in, ok := state.FindPolicy(c.Policies, name)
	if !ok || name == c.App.Scenario.Policy.Name {
		return
	}
	c.App.Edit("policy "+name, func(s *model.Scenario) {
		s.Policy.Name = name
		s.Policy.Params = state.KeepParams(s.Policy.Params, in)
	})
	c.App.PolicyChosen = true
	go c.run()
}

func (c *Root) currentPolicy() sched.Info {
	in, _ := state.FindPolicy(c.Policies, c.App.Scenario.Policy.Name)
	return in
}

func (c *Root) paramValue(p sched.Param) string {
	return state.FormatNumber(c.App.Scenario.Policy.Param(p.Name, p.Default))
}

func (c *Root) paramError() string { return c.ParamErr }

func (c *Root) setParam(p sched.Param, e vugu.DOMEvent) {
	raw := strings.TrimSpace(e.JSEventTarget().Get("value").String())
	v, err := strconv.ParseFloat(raw, 64)
	switch {
	case err != nil:
		c.ParamErr = fmt.Sprintf("%s must be a number; %q is not one", p.Name, raw)
		return
	case p.Integer && v != math.Trunc(v):
		c.ParamErr = fmt.Sprintf("%s must be a whole number; %q has a fraction", p.Name, raw)
		return
	case v < p.Min || v > p.Max:
		c.ParamErr = fmt.Sprintf("%s must be between %s and %s; %s is outside", p.Name, state.FormatNumber(p.Min), state.FormatNumber(p.Max), raw)
		return
	}
	c.ParamErr = ""
	c.App.Edit("set "+p.Name, func(s *model.Scenario) {
		if s.Policy.Params == nil {
			s.Policy.Params = map[string]float64{}
		}
		s.Policy.Params[p.Name] = v
	})
	go c.run()
}

// rename sets the scenario's name (export file names follow it).
func (c *Root) rename(e vugu.DOMEvent) {
	n := strings.TrimSpace(e.JSEventTarget().Get("value").String())
	if len(n) > 128 || n == c.App.Scenario.Name {
		return
	}
	c.App.Edit("rename", func(s *model.Scenario) { s.Name = n })
}

func (c *Root) resetParams() {
	c.App.Edit("reset parameters", func(s *model.Scenario) { s.Policy.Params = nil })
	go c.run()
}

func (c *Root) setSeed(e vugu.DOMEvent) {
	v, err := strconv.ParseUint(strings.TrimSpace(e.JSEventTarget().Get("value").String()), 10, 64)
	if err != nil {
		c.ParamErr = "seed: must be a whole number of 0 or more"
		return
	}
	c.ParamErr = ""
	c.App.Edit("set seed", func(s *model.Scenario) { s.Seed = v })
	go c.run()
}

func (c *Root) seedText() string { return strconv.FormatUint(c.App.Scenario.Seed, 10) }

func (c *Root) paramTip(p sched.Param) string {
	return fmt.Sprintf("%s (default %s, range %s to %s)", p.Doc, state.FormatNumber(p.Default), state.FormatNumber(p.Min), state.FormatNumber(p.Max))
}

func (c *Root) policyTip(in sched.Info) string {
	return in.System + ": " + in.Summary
}

func (c *Root) toggleCompare(name string) { c.Selected[name] = !c.Selected[name] }

func (c *Root) selectedList() []string {
	var out []string
	for _, in := range c.Policies {
		if c.Selected[in.Name] {
			out = append(out, in.Name)
		}
	}
	return out
}

// compare runs every selected policy on the scenario, one after the
// other in the worker, for the Compare view.
func (c *Root) compare() {
	names := c.selectedList()
	if len(names) == 0 || c.comparing {
		return
	}
	c.comparing = true
	c.Compared = nil
	c.CompareErr = ""
	c.CompareDone, c.CompareN = 0, len(names)
	c.CompareFor = fmt.Sprintf("%s, seed %d", c.App.Scenario.Name, c.App.Scenario.Seed)
	base := model.Clone(c.App.Scenario)
	c.compareKey, c.CompareStale = state.CompareKey(base), false
	infos := c.Policies
	go func() {
		defer c.recoverGo()
		var out []*sched.Result
		for _, n := range names {
			in, _ := state.FindPolicy(infos, n)
			body, err := compact.EncodeScenario(state.ForPolicy(base, in))
			var res *sched.Result
			if err == nil {
				res, err = c.request("POST", "/api/run?format=compact", body)
			}
			c.env.Lock()
			if !c.comparing { // cancelled
				c.env.UnlockRender()
				return
			}
			c.CompareDone++
			if err != nil {
				c.CompareErr += n + ": " + err.Error() + "\n"
			} else {
				out = append(out, res)
				c.Compared = append([]*sched.Result(nil), out...)
			}
			c.env.UnlockRender()
		}
		c.env.Lock()
		c.comparing = false
		c.cancel = nil
		c.env.UnlockRender()
	}()
}

// request sends one non-streamed run and decodes its result.
func (c *Root) request(method, path string, body []byte) (*sched.Result, error) {
	done := make(chan struct{})
	var buf []byte
	var status int
	var rerr error
	cancel := c.Engine.Request(method, path, body, jsbridge.Handlers{
		Head:  func(s int) { status = s },
		Chunk: func(b []byte) { buf = append(buf, b...) },
		End:   func(err error) { rerr = err; close(done) },
	})
	c.env.Lock()
	c.cancel = func() { c.comparing = false; cancel() }
	c.env.UnlockOnly()
	<-done
	if rerr != nil {
		return nil, rerr
	}
	if status != 200 {
		return nil, fmt.Errorf("%s", state.ErrorBody(status, buf))
	}
	return decodeResult(buf)
}

// compareRows are the metrics every compared policy reports; partialRows
// the others (most policies report a few of their own), folded away.
func (c *Root) compareRows() []state.CompareRow {
	all, _ := state.SplitRows(state.Compare(c.Compared))
	return all
}

func (c *Root) partialRows() []state.CompareRow {
	_, some := state.SplitRows(state.Compare(c.Compared))
	return some
}

func (c *Root) partialLabel() string {
	n := len(c.partialRows())
	if c.ShowPartial {
		return "Hide the metrics only some policies report"
	}
	if n == 1 {
		return "Show 1 metric only some policies report"
	}
	return fmt.Sprintf("Show %d metrics only some policies report", n)
}

func (c *Root) barStyle(cell state.CompareCell) string {
	return fmt.Sprintf("width: %.1f%%", 100*cell.Bar)
}

func (c *Root) progressStyle() string {
	if c.comparing && c.CompareN > 0 {
		return fmt.Sprintf("width: %.0f%%", 100*float64(c.CompareDone)/float64(c.CompareN))
	}
	return ""
}

func (c *Root) progressNow() string {
	if c.comparing && c.CompareN > 0 {
		return strconv.Itoa(100 * c.CompareDone / c.CompareN)
	}
	return ""
}

func (c *Root) progressText() string {
	if c.comparing {
		return fmt.Sprintf("Comparing: %d of %d policies done", c.CompareDone, c.CompareN)
	}
	if c.resultsOnly() {
		return fmt.Sprintf("Running %s on %s jobs in the engine worker (results only, no animation frames)", c.App.Scenario.Policy.Name, state.FormatNumber(float64(c.jobCount())))
	}
	return fmt.Sprintf("Running %s on %s in the engine worker: %d animation frames so far, %.1f s", c.App.Scenario.Policy.Name,
		state.Count(c.jobCount(), "job"), c.Received, time.Since(c.started).Seconds())
}

// Undo and redo.

func (c *Root) undo() {
	if c.App.Undo() {
		go c.run()
	}
}

func (c *Root) redo() {
	if c.App.Redo() {
		go c.run()
	}
}

func (c *Root) undoTitle() string {
	if l := c.App.UndoLabel(); l != "" {
		return "Undo " + l + " (Ctrl+Z)"
	}
	return "Nothing to undo (Ctrl+Z)"
}

// Share and embed.

func (c *Root) share() {
	c.ShareErr, c.Notice = "", ""
	tok, err := state.ShareToken(c.App.Scenario)
	if err != nil {
		c.ShareErr = err.Error()
		c.ShareURL = ""
		return
	}
	c.ShareURL = jsbridge.PageURL() + "#s=" + tok + state.CompareOption(c.selectedList())
	if jsbridge.Copy(c.ShareURL) {
		c.Notice = "Link copied to the clipboard."
	} else {
		c.Notice = "Copy the link below."
	}
}

func (c *Root) toggleEmbed() { c.ShowEmbed = !c.ShowEmbed; c.ShareErr = "" }

// embedCode is the iframe code of the embed dialog, "" when the dialog
// is closed or the scenario is too long for a link. It is cached: a share
// token deflates the whole scenario.
func (c *Root) embedCode() string {
	if !c.ShowEmbed {
		return ""
	}
	k := embedKey{c.App.Scenario, c.App.Gen, c.EmbedAutoplay, c.EmbedHeight, strings.Join(c.selectedList(), ",")}
	if k != c.embedKey {
		c.embedKey, c.embed = k, c.makeEmbedCode()
	}
	return c.embed
}

func (c *Root) makeEmbedCode() string {
	tok, err := state.ShareToken(c.App.Scenario)
	if err != nil {
		return ""
	}
	base := jsbridge.PageURL()
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[:i+1]
	}
	ap := "0"
	if c.EmbedAutoplay {
		ap = "1"
	}
	h := c.EmbedHeight
	return fmt.Sprintf(`<iframe src="%sembed.html#s=%s%s&autoplay=%s&height=%d" width="100%%" height="%d" style="border:0" title="gridplay: %s" loading="lazy"></iframe>`,
		base, tok, state.CompareOption(c.selectedList()), ap, h, h+70, htmlAttr(c.App.Scenario.Name))
}

// htmlAttr escapes a string for an HTML attribute value.
func htmlAttr(s string) string {
	r := strings.NewReplacer(`&`, "&amp;", `"`, "&quot;", `<`, "&lt;", `>`, "&gt;", `'`, "&#39;")
	return r.Replace(s)
}

func (c *Root) setEmbedAutoplay(e vugu.DOMEvent) {
	c.EmbedAutoplay = e.JSEventTarget().Get("checked").Bool()
}

func (c *Root) setEmbedHeight(e vugu.DOMEvent) {
	if v, err := strconv.Atoi(e.JSEventTarget().Get("value").String()); err == nil && v >= 120 && v <= 2000 {
		c.EmbedHeight = v
	}
}

func (c *Root) copyEmbed() {
	if jsbridge.Copy(c.embedCode()) {
		c.Notice = "Embed code copied to the clipboard."
	}
}

func (c *Root) openURL() string {
	if !c.IsEmbed {
		return "./"
	}
	tok, err := state.ShareToken(c.App.Scenario)
	if err != nil {
		return "./"
	}
	return "./#s=" + tok + state.CompareOption(c.selectedList())
}

// embedStyle: the embed fills its iframe, which embedCode makes 70 px
// taller than the chart height for the bar and the controls; a fixed
// max-height of the chart height used to clip the chart's last rows and
// time axis and leave grey space below.
func (c *Root) embedStyle() string { return "" }

func (c *Root) dismissLinkErr() {
	c.LinkErr = ""
	jsbridge.ClearHash()
}
func (c *Root) dismissNotice() { c.Notice, c.ShareURL, c.ShareErr = "", "", "" }

// Exports.

func (c *Root) fileBase() string {
	n := strings.ToLower(c.App.Scenario.Name)
	var b strings.Builder
	for _, r := range n {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		s = "scenario"
	}
	if len(s) > 40 {
		s = s[:40]
	}
	return "gridplay-" + s
}

// exportPNG offers the Gantt chart with a title (the scenario), the
// policy and its key numbers, and a legend, so the file explains itself.
func (c *Root) exportPNG() {
	s := c.App.Scenario
	sub := "Policy " + s.Policy.Name + ", seed " + strconv.FormatUint(s.Seed, 10)
	if r := c.App.Result; r != nil {
		for _, k := range []string{"makespan", "wait", "utilisation", "mcp", "awrt", "ttr"} {
			if v, ok := r.Metrics[k]; ok {
				sub += " · " + state.MetricLabel(k) + " " + state.FormatNumber(v)
			}
		}
	}
	legend := "Legend: one lane per cluster, one row per node; each bar is a job (labelled by its id, one colour per job); time in seconds. Made with gridplay."
	jsbridge.DownloadChart("canvas#gantt", c.fileBase()+"-gantt.png", s.Name, sub, legend)
}

func (c *Root) exportSchedule() {
	jsbridge.Download(c.fileBase()+"-schedule.csv", "text/csv", state.ScheduleCSV(c.App.Result))
}

// exportMetrics writes the metrics the page shows for this scenario: the
// comparison when it was made for the scenario as it is now, else the
// current run alone (a stale comparison is for another scenario).
func (c *Root) exportMetrics() {
	rs := c.Compared
	if len(rs) == 0 || c.compareKey != state.CompareKey(c.App.Scenario) {
		rs = nil
		if c.App.Result != nil {
			rs = []*sched.Result{c.App.Result}
		}
	}
	jsbridge.Download(c.fileBase()+"-metrics.csv", "text/csv", state.MetricsCSV(rs))
}

func (c *Root) exportJSON() {
	b, err := model.Encode(c.App.Scenario)
	if err != nil {
		c.Notice = "The scenario does not validate yet: " + err.Error()
		return
	}
	jsbridge.Download(c.fileBase()+".json", "application/json", b)
}

// Playback.

// play is called from a DOM event handler or with the lock held.
func (c *Root) play() {
	c.App.Player.Play()
	if c.App.Player.Playing && !c.ticking {
		c.ticking = true
		go c.tick()
	}
}

func (c *Root) pause() { c.App.Player.Pause() }

func (c *Root) toggle() {
	if c.App.Player.Playing {
		c.pause()
	} else {
		c.play()
	}
}

func (c *Root) step(n int) { c.App.Player.Step(n, len(c.App.Frames)) }

func (c *Root) seek(t float64) {
	c.App.Player.Playing = false
	c.App.Player.Seek(t)
}

func (c *Root) setSpeed(v float64) { c.App.Player.Speed = v }

func (c *Root) hasError() bool { return c.App.Err != "" }

func (c *Root) player() *state.Player { return &c.App.Player }

// tick advances the playback clock at about 25 frames a second; render
// requests are not merged by Vugu, so the rate is throttled here.
func (c *Root) tick() {
	defer c.recoverGo()
	const step = 40 * time.Millisecond
	last := time.Now()
	for {
		time.Sleep(step)
		now := time.Now()
		c.env.Lock()
		c.App.Player.Tick(now.Sub(last).Seconds())
		last = now
		if !c.App.Player.Playing {
			c.ticking = false
			c.env.UnlockRender()
			return
		}
		// Only the canvases, the clock and the scrubber change while
		// playing: draw them directly, no page render.
		p := &c.App.Player
		jsbridge.PaintNow(c.chart, p.T, c.View, c.App.Frames, c.frameCount(), frames.PlatformOf(c.App.Scenario),
			Clock(c.chart, p, c.View, c.App.Frames, c.App.Status), ScrubValue(p))
		c.env.UnlockOnly()
	}
}

// Frame views.

func (c *Root) views() []string { return frames.Views(c.App.Frames) }

func (c *Root) viewTitle(v string) string { return frames.Title(v) }

func (c *Root) setView(v string) { c.View = v }

func (c *Root) frameCount() int { return c.App.Player.FrameIndex(len(c.App.Frames)) }

func (c *Root) frameLabel() string {
	return fmt.Sprintf("frame %d of %d", c.frameCount(), len(c.App.Frames))
}

// keys handles the keyboard: space plays and pauses, the arrows step,
// Ctrl+Z undoes and Ctrl+Shift+Z (or Ctrl+Y) redoes.
func (c *Root) keys() {
	for k := range jsbridge.OnKeys() {
		c.key(k)
	}
}

// key handles one key press; the embed takes only play, pause and step.
func (c *Root) key(k jsbridge.Key) {
	defer c.recoverGo()
	{
		c.env.Lock()
		rerun := false
		switch {
		case k.Key == " ":
			c.toggle()
		case k.Key == "ArrowRight":
			c.step(1)
		case k.Key == "ArrowLeft":
			c.step(-1)
		case c.IsEmbed:
		case k.Ctrl && (k.Key == "y" || (k.Key == "z" && k.Shift)):
			rerun = c.App.Redo()
		case k.Ctrl && k.Key == "z":
			rerun = c.App.Undo()
		}
		c.env.UnlockRender()
		if rerun {
			c.run()
		}
	}
}

// autosave writes the scenario to localStorage a moment after it
// changed, and re-runs it when an editor changed it (an import, a table
// edit): it looks five times a second, and a look that finds nothing new
// costs a few comparisons.
func (c *Root) autosave() {
	defer c.recoverGo()
	for {
		time.Sleep(200 * time.Millisecond)
		c.env.Lock()
		var b string
		stale := false
		// The comparison shown is marked stale once the scenario
		// changed after it.
		cmpChanged := false
		// Encoding a whole trace takes a good part of a second in the
		// browser: check only after the scenario changed.
		now := seenKey{c.App.Scenario, c.App.Gen, c.lastRun, len(c.Compared)}
		changed := now != c.seen
		if c.App.Status != state.StatusRunning && !c.comparing {
			// Mark as seen only when the checks below could run: an
			// edit made during a run is looked at after it.
			c.seen = now
		}
		if changed && len(c.Compared) > 0 && !c.comparing && c.compareKey != "" {
			st := state.CompareKey(c.App.Scenario) != c.compareKey
			cmpChanged = st != c.CompareStale
			c.CompareStale = st
		}
		// Not while a run is in flight: writing a big scenario holds the
		// page's thread, and input should not wait for it then.
		if c.App.Dirty && c.App.Status != state.StatusRunning {
			c.App.Dirty = false
			// The browser keeps about 5 MB per site: a whole trace is
			// not kept (the Scenario JSON export keeps it).
			if len(c.App.Scenario.Jobs) <= MaxSavedJobs {
				b, _ = state.SaveText(c.App.Scenario)
			}
		}
		if changed && c.App.Status != state.StatusRunning && !c.comparing && c.lastRun.s != nil &&
			c.lastRun != (runKey{c.App.Scenario, c.App.Gen}) {
			stale = true
		}
		if cmpChanged {
			c.env.UnlockRender()
		} else {
			c.env.UnlockOnly()
		}
		if stale {
			// The run first (run returns once the request is posted),
			// so saving does not hold up the request.
			c.run()
		}
		if b != "" {
			jsbridge.Save(SaveKey, b)
			// The edited scenario is no longer the link's: drop the
			// link from the address bar, so a reload shows the edits.
			if strings.HasPrefix(jsbridge.Hash(), "#s=") {
				jsbridge.ClearHash()
			}
		}
	}
}

// hashes opens a share link pasted into the address bar of a tab that
// already shows the page (only the fragment changes: no reload).
func (c *Root) hashes() {
	for h := range jsbridge.OnHashChange() {
		c.openHash(h)
	}
}

func (c *Root) openHash(h string) {
	defer c.recoverGo()
	if !strings.HasPrefix(h, "#s=") {
		return
	}
	s, err := state.OpenLink(h)
	c.env.Lock()
	rerun := false
	switch {
	case err != nil:
		c.LinkErr = err.Error()
	case s != nil && !sameScenario(s, c.App.Scenario):
		c.App.Edit("open a share link", func(*model.Scenario) {})
		c.App.Scenario = s
		c.App.PolicyChosen = false
		c.Preset, c.LinkErr, c.Hover = "", "", ""
		c.tickCompared(h)
		c.Notice = "Opened the shared scenario " + strconv.Quote(s.Name) + "; Undo brings back the one you had."
		rerun = true
	}
	c.env.UnlockRender()
	if rerun {
		c.run()
	}
}

func sameScenario(a, b *model.Scenario) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

// presetID is the preset shown, "" for the user's own scenario.
func (c *Root) presetID() string {
	if c.App.Scenario != c.presetPtr {
		return ""
	}
	return c.Preset
}

func (c *Root) presetAbout() string {
	if p, ok := state.PresetByID(c.presetID()); ok {
		return p.About
	}
	return "Your own scenario (from a link, your last visit, or your edits)."
}

func (c *Root) barClass() string {
	if c.comparing {
		return "determinate"
	}
	return "indeterminate"
}

func (c *Root) cellClass(cell state.CompareCell) string {
	if cell.Best {
		return "best"
	}
	return ""
}

func (c *Root) paintFrames(v js.Value) {
	jsbridge.PaintFrames(v, c.View, c.viewTitle(c.View), c.App.Frames, c.frameCount(), frames.PlatformOf(c.App.Scenario))
}
