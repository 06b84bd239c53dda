package main

import (
	"strings"

	"github.com/vugu/vugu"

	"gridplay/site/experiments"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// Root is the page's layout: it owns the shared Page and the view
// instances, and places them (root.vugu): the preset cards, then the
// chart with its narration and animation view, the lesson, the policy
// and the summary, and the panels (parameters, platform, jobs, compare,
// lesson editor, share and download), each folded until opened. The
// views' logic lives in their own files (see page.go for the map).
type Root struct {
	P *Page

	Presets       *Presets
	PolicyMenu    *PolicyMenu
	Params        *Params
	Compare       *Compare
	Share         *Share
	Export        *Export
	FramesView    *FramesView
	Narration     *Narration
	LessonCard    *LessonCard
	LessonEditor  *LessonEditor
	ScheduleTable *ScheduleTable
	// ScriptPanel is "Your policy", a Starlark script (script-panel.go).
	ScriptPanel *ScriptPanel

	// Open are the panels unfolded; opened lists the panels opened once:
	// they stay mounted when folded (an editor keeps its state).
	Open   map[string]bool
	opened map[string]bool
	// Outputs (series and per-job table, under the chart) and Analysis
	// (the compare view's distributions, shaking and schedule
	// differences) are the research outputs: outputs.go, analysis.go.
	Outputs  *Outputs
	Analysis *Analysis

	// Experiments is the Experiments view; Tab says which view the page
	// shows: TabPlayground or TabExperiments.
	Experiments *experiments.View
	Tab         string
	// Playground is the playground view (playground.vugu).
	Playground *Playground
	// CostAsk asks before a long run (cost.go).
	CostAsk *CostAsk
}

// panel is one of the folded panels under the chart.
type panel struct{ ID, Label string }

var panels = []panel{
	{"script", "Your policy"},
	{"params", "Parameters"},
	{"platform", "Platform"},
	{"jobs", "Jobs"},
	{"compare", "Compare"},
	{"lesson", "Write a lesson"},
	{"share", "Share & download"},
}

// The page's two views, chosen in the header (and by a #e= link).
const (
	TabPlayground  = "playground"
	TabExperiments = "experiments"
)

// Init builds the page and its views, picks the scenario (share link,
// autosave or the default preset), then loads the policies and runs.
func (c *Root) Init(ctx vugu.InitCtx) {
	p := c.P
	p.IsEmbed, p.autoplay, _ = jsbridge.Embed()
	c.build()
	p.env = ctx.EventEnv()
	p.still = jsbridge.ReducedMotion()
	hash := jsbridge.Hash()
	c.Tab = TabPlayground
	if strings.HasPrefix(hash, "#e=") {
		// #e=NAME&quick=1&seed=N: the Experiments view, opened on that
		// experiment (an embedded figure shows nothing else).
		c.setTab(TabExperiments)
		c.Experiments.Link = hash
		if p.IsEmbed {
			return
		}
		hash = ""
	}
	p.loadInitial(hash, jsbridge.Load(SaveKey))
	go p.start()
	go p.keys()
	go p.hashes()
	if p.IsEmbed {
		go p.embedCommands()
	} else {
		go p.autosave()
	}
}

// build makes the page and wires the views together.
func (c *Root) build() {
	p := c.P
	c.opened, c.Open = map[string]bool{}, map[string]bool{}
	c.Compare = NewCompare(p)
	c.Presets = &Presets{P: p}
	c.PolicyMenu = &PolicyMenu{P: p}
	c.Params = &Params{P: p}
	c.Outputs = &Outputs{P: p}
	c.Export = &Export{P: p, Compare: c.Compare, Outputs: c.Outputs}
	c.Share = NewShare(p)
	c.Share.Export = c.Export
	c.FramesView = &FramesView{P: p}
	c.Narration = &Narration{P: p}
	c.LessonEditor = &LessonEditor{P: p, Share: c.Share}
	c.LessonCard = &LessonCard{P: p, R: c}
	c.ScheduleTable = &ScheduleTable{P: p}
	c.ScriptPanel = &ScriptPanel{P: p}
	c.CostAsk = &CostAsk{P: p}
	c.Analysis = &Analysis{P: p, Compare: c.Compare}
	p.onFrame = c.Outputs.paintNow
	p.onPreset = c.Compare.reset
	p.onIdle = c.Compare.checkStale
	c.Experiments = &experiments.View{Engine: p.Engine, Embed: p.IsEmbed}
	c.Playground = &Playground{R: c}
	p.onExperimentLink = c.openExperimentLink
}

// setTab shows one of the page's views. The playground's replay plays
// only while the playground is shown (Page.setOffstage).
func (c *Root) setTab(tab string) {
	c.Tab = tab
	c.P.setOffstage(tab != TabPlayground)
}

// openExperimentLink opens an experiment link pasted into the address bar
// of an open tab (hashchange): the Experiments view on that experiment.
// It runs on a goroutine.
func (c *Root) openExperimentLink(h string) {
	c.P.env.Lock()
	defer c.P.env.UnlockRender()
	c.setTab(TabExperiments)
	c.Experiments.Open(h)
}

// togglePanel unfolds panel id, or folds it when it is open.
func (c *Root) togglePanel(id string) {
	if c.Open[id] {
		c.Open[id] = false
		return
	}
	c.openPanel(id)
}

// openPanel unfolds panel id (the lesson editor starts from the lesson
// shown the first time).
func (c *Root) openPanel(id string) {
	if id == "lesson" && !c.opened["lesson"] {
		c.LessonEditor.startFrom(c.P.Lesson())
	}
	c.Open[id] = true
	c.opened[id] = true
}

// errSentence and errDetail say why the run failed, in words for people
// and then exactly.
func (c *Root) errSentence() string { return state.Explain(c.P.App.Err, c.P.App.Scenario).Sentence }
func (c *Root) errDetail() string   { return state.Explain(c.P.App.Err, c.P.App.Scenario).Detail }

// progressText says what the engine is doing.
func (c *Root) progressText() string {
	if c.Compare.task.Running() {
		return c.Compare.progressText()
	}
	return c.P.progressText()
}

func (c *Root) barClass() string {
	if c.Compare.task.Running() {
		return "determinate"
	}
	return "indeterminate"
}

// cancel stops the run or the comparison in progress.
func (c *Root) cancel() {
	c.P.async.Stop()
	c.P.async.Compare.Stop()
}

// experimentsURL opens the embedded experiment in the full page.
func (c *Root) experimentsURL() string {
	base := strings.TrimSuffix(jsbridge.PageURL(), "embed.html")
	return base + experiments.Link(c.Experiments.Name, c.Experiments.Options())
}
