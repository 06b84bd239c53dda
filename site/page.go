package main

import (
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/vugu/vugu"

	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/site/gantt"
	"gridplay/site/jsbridge"
	lessonpkg "gridplay/site/lesson"
	"gridplay/site/state"
)

// page.go holds Page, the state every view shares, and how it is
// loaded; run.go, playback.go and session.go the run, the replay and
// autosave. Each view is a component in its own .go/.vugu pair, with a
// P *Page field; Root (root.go) owns the instances, so one view can read
// another's state (Export reads Compare's results).

// SaveKey is the localStorage entry of the autosaved scenario; BigKey
// the IndexedDB entry of one too big for localStorage (SaveKey then
// holds state.BigMarker).
const (
	SaveKey = "gridplay.scenario.v1"
	BigKey  = "scenario"
)

// Page is the state every view of the playground shares. Its fields are
// read and changed with the render lock held: in event handlers (Vugu
// holds it), or in goroutines between env.Lock and env.Unlock*.
type Page struct {
	App    *state.App
	Engine jsbridge.Engine

	env   vugu.EventEnv
	chart *gantt.Chart

	// Policies from GET /api/policies; PolicyErr when they could not be
	// read.
	Policies  []sched.Info
	PolicyErr string

	// Preset is the preset loaded last; presetPtr the scenario it built
	// (see presetID); presetWork its workload as loaded, presetAt and
	// presetSame the last comparison.
	Preset     string
	presetPtr  *model.Scenario
	presetWork presetWorkload
	presetAt   int
	presetSame bool

	// Picked are the policies ticked for comparison (the compare view
	// runs them, share links carry them).
	Picked map[string]bool

	// async is the run in flight, the comparison and the notice;
	// lastRun is the scenario of the last run started.
	async   state.Async
	lastRun runKey
	// pumping is set while a render is scheduled for the frames that
	// streamed in (see run).
	pumping bool

	// Quiet asks for the result without animation frames; QuietSet says
	// the user chose, else the size of the scenario decides (AnimateMax).
	Quiet, QuietSet bool

	// View is the animation view shown under the chart.
	View    string
	ticking bool
	// offstage: the playground is not shown, so its replay does not
	// play; resume: it plays again on its return.
	offstage, resume bool
	replay           replayLog

	// Embed mode (static/embed.html): the Gantt and its controls only.
	IsEmbed  bool
	autoplay bool
	// still: the visitor asks for reduced motion (prefers-reduced-motion),
	// so a run's replay does not start by itself in the playground.
	still bool

	// LinkErr is a share link that could not be opened; LessonErr why
	// the lesson of a link whose scenario was opened could not be.
	LinkErr   string
	LessonErr string

	// Fault is a recovered panic, shown until dismissed (see guard.go).
	Fault string

	// seen is what autosave last looked at.
	seen seenKey
	// restore is the marker of a scenario kept in IndexedDB, to read
	// back before the first run ("" when there is none); bigKept says
	// IndexedDB holds a scenario (dropped when a smaller one is saved).
	restore string
	bigKept bool

	// srcFor is the scenario srcRef was checked for (linkScenario).
	srcFor runKey
	srcRef *model.TraceRef

	// lesson is the lesson shown when it is not the preset's own: one
	// from a link, or the teacher's draft previewed.
	lesson *lessonpkg.Lesson
	// verdicts caches the engine's verdicts (runner.CheckAll) for the
	// scenario verdictFor; refused holds the policies the engine refused
	// it with when they ran, and why.
	verdicts   map[string]state.Verdict
	refused    map[string]state.Verdict
	verdictFor runKey

	// embedSent is what the embed last told its parent page.
	embedSent embedState

	// cost is the question before a long run (cost.go).
	cost costGate

	// subMap caches the jobs' submit times for the narration, for the
	// scenario subFor.
	subMap map[string]float64
	subFor runKey

	// Hooks the views set (Root.build, before Init starts autosave and
	// the hash listener), called with the lock held: onIdle by autosave
	// (it says whether the page must render), onPreset when a preset
	// replaced the scenario, onFrame at each tick of the replay (the time
	// series). onExperimentLink opens a #e= link.
	onIdle           func(changed bool) bool
	onPreset         func()
	onExperimentLink func(h string)
	onFrame          func()
}

// NewPage returns a page showing the default scenario, talking to
// engine.
func NewPage(engine jsbridge.Engine) *Page {
	return &Page{App: state.New(), Engine: engine, Picked: map[string]bool{}}
}

type seenKey struct {
	s       *model.Scenario
	gen     int
	lastRun runKey
}

// runKey says which scenario a run was started for: the scenario and
// its edit count (every change goes through App.Edit, Undo or Redo, or
// replaces the scenario), cheaper to compare than encoded scenarios.
type runKey struct {
	s   *model.Scenario
	gen int
}

// runKey is the current scenario's key.
func (p *Page) runKey() runKey { return runKey{p.App.Scenario, p.App.Gen} }

// tickCompared ticks the policies a share link names for comparison.
func (p *Page) tickCompared(fragment string) {
	if names := state.ComparedPolicies(fragment); len(names) > 0 {
		p.Picked = map[string]bool{}
		for _, n := range names {
			p.Picked[n] = true
		}
	}
}

// pickedList is the ticked policies, in the engine's order.
func (p *Page) pickedList() []string {
	var out []string
	for _, in := range p.Policies {
		if p.Picked[in.Name] {
			out = append(out, in.Name)
		}
	}
	return out
}

// fault shows a recovered panic; the render lock is held.
func (p *Page) fault(v any, stack []byte) {
	p.Fault = faultText(v)
	jsbridge.LogError("gridplay recovered from a panic: " + fmt.Sprint(v) + "\n" + string(stack))
}

// recoverGo ends a goroutine of the page that panicked with a message
// instead of ending the program. Deferred first thing in every goroutine
// the page starts.
func (p *Page) recoverGo() {
	v := recover()
	if v == nil {
		return
	}
	stack := debug.Stack()
	go func() {
		p.env.Lock()
		p.fault(v, stack)
		p.env.UnlockRender()
	}()
}

func (p *Page) dismissLinkErr() {
	p.LinkErr, p.LessonErr = "", ""
	jsbridge.ClearHash()
}

// lessonErrText says what was loaded from a link whose lesson could not
// be opened, and what was not.
func (p *Page) lessonErrText() string {
	return "The scenario of this link was opened and is shown, but its lesson could not be: " + p.LessonErr +
		" Ask for the whole link again to see the lesson."
}

// loadInitial chooses the first scenario: a valid share link wins; a
// broken one is reported and the saved scenario (or the default preset)
// shown instead. Nothing is written to storage here.
func (p *Page) loadInitial(hash, saved string) {
	s, err := state.OpenLink(hash)
	switch {
	case err != nil:
		p.LinkErr = err.Error()
	case s != nil:
		p.App.Scenario = s
		p.Preset = ""
		p.tickCompared(hash)
		if l, err := lessonpkg.FromFragment(hash); err != nil {
			p.LessonErr = err.Error()
		} else {
			p.lesson = l
		}
		return
	}
	if saved != "" && !p.IsEmbed {
		if name, jobs, ok := state.ReadBigMarker(saved); ok {
			// A whole trace, kept in IndexedDB: read back (start)
			// before the first run; the default preset until then.
			p.restore, p.bigKept = saved, true
			p.loadPreset(state.DefaultPreset)
			p.async.Notice = "Reading your last scenario, " + strconv.Quote(name) + " (" + state.JobCount(jobs) + "), back from this browser's storage…"
			return
		}
		// Half-edited work that does not validate yet is still the
		// user's: show it, and let the run name what is wrong.
		if s := state.LoadSaved(saved); s != nil {
			p.App.Scenario = s
			return
		}
	}
	p.loadPreset(state.DefaultPreset)
}

// secondsText writes a time in whole seconds grouped (5,000 s), else as
// FormatNumber does.
func secondsText(v float64) string {
	if v == float64(int(v)) && v < 1e15 {
		return csvfmt.Thousands(int(v)) + " s"
	}
	return state.FormatNumber(v) + " s"
}

// restoreBig reads back the scenario kept in IndexedDB (loadInitial
// found its marker), or says it could not and how to get it back. It
// runs before the first run, outside the lock.
func (p *Page) restoreBig() {
	p.env.Lock()
	marker := p.restore
	p.restore = ""
	p.env.UnlockOnly()
	if marker == "" {
		return
	}
	name, jobs, _ := state.ReadBigMarker(marker)
	s := state.LoadBig(jsbridge.LoadBig(BigKey))
	p.env.Lock()
	defer p.env.UnlockRender()
	if s == nil || len(s.Jobs) != jobs {
		p.bigKept = false
		p.async.Notice = "Your last scenario, " + strconv.Quote(name) + " (" + state.JobCount(jobs) + "), could not be read back from this browser's storage, so the first preset is shown. " +
			"To get it back, import its trace again (Jobs → Import SWF or Batsim…; the shipped traces are in static/traces/)."
		return
	}
	p.App.Scenario = s
	p.Preset, p.presetPtr = "", nil
	p.App.PolicyChosen = true
	p.async.Notice = "Your last scenario, " + strconv.Quote(s.Name) + " (" + state.JobCount(len(s.Jobs)) + "), was read back from this browser's storage."
}

// loadPreset shows preset id's scenario and ticks the policies its paper
// compares.
func (p *Page) loadPreset(id string) {
	pr, ok := state.PresetByID(id)
	if !ok {
		return
	}
	p.App.Scenario = pr.Build()
	p.markPreset()
	p.App.PolicyChosen = false
	p.Preset = id
	p.lesson = nil
	p.Picked = map[string]bool{}
	for _, n := range pr.Compare {
		p.Picked[n] = true
	}
	if p.onPreset != nil {
		p.onPreset()
	}
}

// choosePreset loads a preset as an edit (Undo brings back the scenario
// before it) and runs it; an event handler.
func (p *Page) choosePreset(id string) {
	pr, ok := state.PresetByID(id)
	if !ok {
		return
	}
	p.App.Edit("load preset "+pr.Title, func(s *model.Scenario) {})
	p.loadPreset(id)
	if in, ok := state.FindPolicy(p.Policies, p.App.Scenario.Policy.Name); ok {
		p.App.Scenario = state.ForPolicy(p.App.Scenario, in)
		p.markPreset()
	}
	p.App.Dirty = true
	go p.run()
}

// markPreset records the scenario shown as the preset's.
func (p *Page) markPreset() {
	p.presetPtr = p.App.Scenario
	p.presetWork = workloadOf(p.App.Scenario)
	p.presetAt, p.presetSame = p.App.Gen, true
}

// presetWorkload is what makes a scenario a preset's, besides its
// policy: the platform and the jobs, which its lesson is about.
type presetWorkload struct {
	jobs int
	key  string
}

func workloadOf(s *model.Scenario) presetWorkload {
	b, _ := json.Marshal(struct {
		P model.Platform
		J []model.Job
		G *model.Generator
		E []model.Event
	}{s.Platform, s.Jobs, s.Generator, s.Events})
	return presetWorkload{len(s.Jobs), string(b)}
}

// presetID is the preset shown, "" for the user's own scenario: the
// preset's workload, with any policy and parameters. Edits change the
// scenario in place, so the workload is compared after each.
func (p *Page) presetID() string {
	s := p.App.Scenario
	if p.Preset == "" || s != p.presetPtr {
		return ""
	}
	if p.App.Gen != p.presetAt {
		p.presetAt = p.App.Gen
		p.presetSame = len(s.Jobs) == p.presetWork.jobs && workloadOf(s) == p.presetWork
	}
	if !p.presetSame {
		return ""
	}
	return p.Preset
}

// start runs the scenario and, at the same time, reads the policy list
// (fetchPolicies switches a policy this build lacks to the first one).
func (p *Page) start() {
	defer p.recoverGo()
	go p.fetchPolicies()
	p.restoreBig()
	p.run()
}

// policiesState is "ready" once the policy list is in, "error" when it
// could not be read, "loading" before (data-policies, for the tests).
func (p *Page) policiesState() string {
	switch {
	case len(p.Policies) > 0:
		return "ready"
	case p.PolicyErr != "":
		return "error"
	}
	return "loading"
}

// fetch sends one request to the engine and waits for its whole answer;
// posted, when not nil, is handed the request's cancel. Never call it
// with the render lock held.
func (p *Page) fetch(method, path string, body []byte, posted func(cancel func())) (status int, answer []byte, err error) {
	done := make(chan struct{})
	cancel := p.Engine.Request(method, path, body, jsbridge.Handlers{
		Head:  func(s int) { status = s },
		Chunk: func(b []byte) { answer = append(answer, b...) },
		End:   func(e error) { err = e; close(done) },
	})
	if posted != nil {
		posted(cancel)
	}
	<-done
	return status, answer, err
}

func (p *Page) fetchPolicies() {
	defer p.recoverGo()
	status, body, rerr := p.fetch("GET", "/api/policies", nil, nil)
	p.env.Lock()
	switch {
	case rerr != nil:
		p.PolicyErr = "The list of policies could not be read from the engine (" + rerr.Error() + ")."
	case status != 200:
		p.PolicyErr = state.ErrorBody(status, body)
	default:
		ps, err := state.DecodePolicies(body)
		if err != nil {
			p.PolicyErr = err.Error()
		}
		p.Policies = ps
	}
	rerun := false
	if len(p.Policies) > 0 {
		name := state.ChoosePolicy(p.Policies, p.App.Scenario.Policy.Name)
		if name != p.App.Scenario.Policy.Name {
			p.async.Notice = fmt.Sprintf("Policy %q is not available in this build; showing %q instead.", p.App.Scenario.Policy.Name, name)
			in, _ := state.FindPolicy(p.Policies, name)
			p.App.Scenario = state.ForPolicy(p.App.Scenario, in)
			rerun = true
		}
	}
	p.env.UnlockRender()
	if rerun {
		p.run()
	}
}

// selectPolicy runs the scenario with policy name, keeping the
// parameters it shares with the previous one; an event handler.
func (p *Page) selectPolicy(name string) {
	in, ok := state.FindPolicy(p.Policies, name)
	if !ok || name == p.App.Scenario.Policy.Name {
		return
	}
	p.App.Edit("policy "+name, func(s *model.Scenario) {
		s.Policy.Name = name
		s.Policy.Params = sched.KeepParams(s.Policy.Params, in)
	})
	p.App.PolicyChosen = true
	go p.run()
}

// currentPolicy describes the scenario's policy.
func (p *Page) currentPolicy() sched.Info {
	in, _ := state.FindPolicy(p.Policies, p.App.Scenario.Policy.Name)
	return in
}

// rename sets the scenario's name (export file names follow it).
func (p *Page) rename(e vugu.DOMEvent) {
	n := strings.TrimSpace(e.JSEventTarget().Get("value").String())
	if len(n) > 128 || n == p.App.Scenario.Name {
		return
	}
	p.editKept("rename", func(s *model.Scenario) { s.Name = n })
}

// editKept makes an edit that changes no answer of the run shown (the
// name, a script under another policy): the result stays current, and
// the autosave does not run the scenario again for the same answer.
func (p *Page) editKept(label string, f func(*model.Scenario)) {
	current := p.lastRun == p.runKey()
	p.App.Edit(label, f)
	if current {
		p.lastRun = p.runKey()
	}
}

func (p *Page) undo() {
	if p.App.Undo() {
		go p.run()
	}
}

func (p *Page) redo() {
	if p.App.Redo() {
		go p.run()
	}
}

func (p *Page) undoTitle() string {
	if l := p.App.UndoLabel(); l != "" {
		return "Undo " + l + " (Ctrl+Z)"
	}
	return "Nothing to undo (Ctrl+Z)"
}

// fileBase is the start of every export's file name, from the
// scenario's name.
func (p *Page) fileBase() string {
	n := strings.ToLower(p.App.Scenario.Name)
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

// linkScenario is the scenario a link (or autosave) carries: its jobs
// named as the shipped trace's cut they were read from, while they are.
func (p *Page) linkScenario() *model.Scenario {
	if p.App.Source == nil {
		return p.App.Scenario
	}
	if k := p.runKey(); k != p.srcFor {
		p.srcFor, p.srcRef = k, p.App.SourceOf()
	}
	if p.srcRef == nil {
		return p.App.Scenario
	}
	c := *p.App.Scenario
	r := *p.srcRef
	c.Jobs, c.Trace = nil, &r
	return &c
}

// TraceCutText says which jobs of a trace a reference names: "the first
// 1,000 jobs of KTH-SP2-1996-2".
func TraceCutText(t *model.TraceRef) string {
	s := "the jobs"
	if t.First > 0 {
		s = "the first " + state.JobCount(t.First)
	}
	s += " of " + t.Name
	switch {
	case t.To > 0:
		s += " submitted from " + secondsText(t.From) + " to " + secondsText(t.To)
	case t.From > 0:
		s += " submitted from " + secondsText(t.From) + " on"
	}
	return s
}

// resolveTrace reads the jobs of a scenario that names a shipped trace's
// cut (a share link's, or a saved one) from the engine worker (POST
// /api/expand), and keeps the name for the scenario's links. It runs
// outside the lock, before a run; false when the run cannot go on (the
// state says why, or the scenario was replaced meanwhile).
func (p *Page) resolveTrace() bool {
	p.env.Lock()
	s := p.App.Scenario
	ref := s.Trace
	id := 0
	if ref != nil {
		p.App.Begin()
		id = p.async.Next()
	}
	p.env.UnlockRender()
	if ref == nil {
		return true
	}
	body, err := model.Encode(s)
	var status int
	var buf []byte
	if err == nil {
		status, buf, err = p.fetch("POST", "/api/expand", body, nil)
	}
	var x *model.Scenario
	if err == nil && status == 200 {
		x, err = model.Decode(buf)
	}
	p.env.Lock()
	defer p.env.UnlockRender()
	if p.App.Scenario != s || !p.async.Current(id) {
		return false
	}
	switch {
	case err != nil && err.Error() == jsbridge.ErrCancelled:
		p.App.Cancel()
		return false
	case err != nil:
		p.App.Fail("engine: " + err.Error())
		return false
	case status != 200:
		p.App.Fail(state.ErrorBody(status, buf))
		return false
	}
	p.App.Scenario = x
	p.App.SetSource(ref)
	p.App.Status = state.StatusIdle
	p.async.Notice = "The jobs are " + TraceCutText(ref) + " (a trace shipped with gridplay), as the scenario names them: " + state.JobCount(len(x.Jobs)) + "."
	return true
}

// shareLinkWith is the share link of the scenario with the ticked
// policies and lesson l (none when nil), or the reason there is none.
func (p *Page) shareLinkWith(base string, l *lessonpkg.Lesson) (string, error) {
	tok, err := state.ShareToken(p.linkScenario())
	if err != nil {
		return "", scriptLinkErr(err, p.App.Scenario)
	}
	opt, err := lessonpkg.Option(l)
	if err != nil {
		return "", err
	}
	return base + "#s=" + tok + state.CompareOption(p.pickedList()) + opt, nil
}

func sameScenario(a, b *model.Scenario) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

// openHash opens a share link pasted into the address bar of a tab that
// already shows the page (only the fragment changes: no reload).
func (p *Page) openHash(h string) {
	if strings.HasPrefix(h, "#e=") {
		p.onExperimentLink(h)
		return
	}
	p.openLink(h, true)
}

// openLink opens the share link in fragment h ("#s=…[&l=…]"): the
// scenario (Undo brings back the one before), the policies ticked and
// the lesson. It runs on a goroutine of its own, and returns why the
// link, or its lesson, could not be opened ("" when all of it was).
func (p *Page) openLink(h string, notice bool) (msg string) {
	defer p.recoverGo()
	if !strings.HasPrefix(h, "#s=") {
		return "This is not a gridplay link: it should start with #s=."
	}
	s, err := state.OpenLink(h)
	l, lerr := lessonpkg.FromFragment(h)
	p.env.Lock()
	rerun := false
	switch {
	case err != nil:
		p.LinkErr = err.Error()
		msg = p.LinkErr
	case s != nil:
		if !sameScenario(s, p.App.Scenario) {
			p.App.Edit("open a share link", func(*model.Scenario) {})
			p.App.Scenario = s
			p.App.PolicyChosen = false
			p.Preset = ""
			rerun = true
		}
		p.LinkErr, p.LessonErr = "", ""
		p.tickCompared(h)
		p.setLesson(l)
		if lerr != nil {
			p.LessonErr = lerr.Error()
			msg = p.lessonErrText()
		}
		if notice && rerun {
			p.async.Notice = "Opened the shared scenario " + strconv.Quote(s.Name) + "; Undo brings back the one you had."
		}
	}
	p.env.UnlockRender()
	if rerun {
		p.run()
	}
	return msg
}

// Lesson is the lesson shown: one from a link or the teacher's preview,
// else the preset's own, nil for the user's own scenario.
func (p *Page) Lesson() *lessonpkg.Lesson {
	if p.lesson != nil {
		return p.lesson
	}
	return lessonpkg.Builtin(p.presetID())
}

// goStep moves the replay to step i of the lesson shown; false when
// there is no such step.
func (p *Page) goStep(i int) bool {
	l := p.Lesson()
	if l == nil || i < 0 || i >= len(l.Steps) {
		return false
	}
	p.seek(l.Steps[i].T)
	p.App.Player.Stopped = i + 1
	return true
}

// setLesson shows l (nil for the preset's own) and pauses the replay at
// its steps.
func (p *Page) setLesson(l *lessonpkg.Lesson) {
	p.lesson = l
	p.App.Player.Stops = p.Lesson().Times()
	p.App.Player.Stopped = 0
}

// verdict says whether policy name can run the scenario: the engine's
// answer for every policy (runner.CheckAll, asked once per version of the
// scenario), or a refusal the engine gave when the policy ran.
func (p *Page) verdict(name string) state.Verdict {
	if k := p.runKey(); k != p.verdictFor || p.verdicts == nil {
		p.verdictFor, p.refused = k, nil
		jsbridge.Mark("verdicts: asking the engine")
		// A scenario that does not validate is refused whatever the
		// policy: no policy is greyed for it (the page shows its
		// problems where they are), so verdicts stays empty.
		vs, _ := runner.CheckAll(p.App.Scenario)
		p.verdicts = state.Verdicts(vs, p.App.Scenario)
		jsbridge.Mark("verdicts: answered")
	}
	if v, ok := p.refused[name]; ok {
		return v
	}
	if v, ok := p.verdicts[name]; ok {
		return v
	}
	// The scenario does not validate (the same problem for every
	// policy), or a policy this build of the engine does not have:
	// running it says so.
	return state.Verdict{OK: true}
}

// refuse records that the engine refused the scenario for policy name.
func (p *Page) refuse(name, msg string) {
	p.verdict(name) // resets the caches for a new scenario
	if p.refused == nil {
		p.refused = map[string]state.Verdict{}
	}
	p.refused[name] = state.Refused(name, msg, p.App.Scenario)
}

// applyFix makes the scenario runnable as fix says; an event handler.
func (p *Page) applyFix(f state.Fix) {
	switch {
	case f.Policy != "":
		p.selectPolicy(f.Policy)
	case f.KeepCluster != "":
		p.App.Edit("keep only "+f.KeepCluster, func(s *model.Scenario) { state.KeepOnlyCluster(s, f.KeepCluster) })
		go p.run()
	}
}
