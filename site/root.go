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
	App    *state.App
	Engine jsbridge.Engine

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
	// Experiments is the Experiments view (site/experiments), in its
	// panel; a link "#e=NAME…" opens it.
	Experiments *experiments.View

	// Open are the panels unfolded; opened lists the panels opened once:
	// they stay mounted when folded (an editor keeps its state).
	Open   map[string]bool
	opened map[string]bool
}

// panel is one of the folded panels under the chart.
type panel struct{ ID, Label string }

var panels = []panel{
	{"params", "Parameters"},
	{"platform", "Platform"},
	{"jobs", "Jobs"},
	{"compare", "Compare"},
	{"lesson", "Write a lesson"},
	{"share", "Share & download"},
	{"experiments", "Experiments"},
}

// Init builds the page and its views, picks the scenario (share link,
// autosave or the default preset), then loads the policies and runs.
func (c *Root) Init(ctx vugu.InitCtx) {
	c.build()
	p := c.P
	p.env = ctx.EventEnv()
	p.IsEmbed, p.autoplay, p.height = jsbridge.Embed()
	hash := jsbridge.Hash()
	if strings.HasPrefix(hash, "#e=") {
		// An experiment link: the playground shows its default
		// scenario, and the Experiments panel the experiment.
		c.Experiments.Link = hash
		c.Experiments.Embed = p.IsEmbed
		c.openPanel("experiments")
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
	if c.P == nil {
		c.P = NewPage(c.App, c.Engine)
	}
	p := c.P
	c.opened, c.Open = map[string]bool{}, map[string]bool{}
	c.Compare = &Compare{}
	c.Compare.attach(p)
	c.Presets = &Presets{P: p}
	c.PolicyMenu = &PolicyMenu{P: p}
	c.Params = &Params{P: p}
	c.Export = &Export{P: p, Compare: c.Compare}
	c.Share = NewShare(p)
	c.Share.Export = c.Export
	c.FramesView = &FramesView{P: p}
	c.Narration = &Narration{P: p}
	c.LessonEditor = &LessonEditor{P: p, Share: c.Share}
	c.LessonCard = &LessonCard{P: p, Editor: c.LessonEditor, OpenPanel: c.openPanel}
	c.ScheduleTable = &ScheduleTable{P: p}
	c.Experiments = &experiments.View{Engine: p.Engine}
	p.onPreset = c.Compare.reset
	p.onIdle = c.Compare.checkStale
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

// mounted says panel id's content is in the page: it was opened once.
func (c *Root) mounted(id string) bool { return c.opened[id] }

// errSentence and errDetail say why the run failed, in words for people
// and then exactly.
func (c *Root) errSentence() string { return state.Explain(c.P.App.Err, c.P.App.Scenario).Sentence }
func (c *Root) errDetail() string   { return state.Explain(c.P.App.Err, c.P.App.Scenario).Detail }

// progressText says what the engine is doing.
func (c *Root) progressText() string {
	if c.Compare.busy {
		return c.Compare.progressText()
	}
	return c.P.progressText()
}

func (c *Root) barClass() string {
	if c.Compare.busy {
		return "determinate"
	}
	return "indeterminate"
}

// cancel stops the run or the comparison in progress.
func (c *Root) cancel() {
	c.P.stopRun()
	c.Compare.stop()
}

// fault shows a panic recovered in an event handler (guard.go).
func (c *Root) fault(v any, stack []byte) { c.P.fault(v, stack) }
