package main

import (
	"strings"

	"github.com/vugu/vugu"

	"gridplay/site/experiments"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// Root is the page's layout: it owns the shared Page and the view
// instances, and places them (root.vugu). The views' logic lives in
// their own files (see page.go for the map).
type Root struct {
	App    *state.App
	Engine jsbridge.Engine

	P *Page

	Presets    *Presets
	PolicyMenu *PolicyMenu
	Params     *Params
	Compare    *Compare
	Share      *Share
	Export     *Export
	FramesView *FramesView
	// Outputs (series and per-job table, under the chart) and Analysis
	// (the compare view's distributions, shaking and schedule
	// differences) are the research outputs: outputs.go, analysis.go.
	Outputs  *Outputs
	Analysis *Analysis

	// Experiments is the Experiments view; Tab says which view the page
	// shows: TabPlayground or TabExperiments.
	Experiments *experiments.View
	Tab         string
}

// The page's two views, chosen in the header (and by a #e= link).
const (
	TabPlayground  = "playground"
	TabExperiments = "experiments"
)

// Init builds the page and its views, picks the scenario (share link,
// autosave or the default preset), then loads the policies and runs.
func (c *Root) Init(ctx vugu.InitCtx) {
	c.build()
	p := c.P
	p.env = ctx.EventEnv()
	p.IsEmbed, p.autoplay, p.height = jsbridge.Embed()
	hash := jsbridge.Hash()
	c.Tab = TabPlayground
	if isExperimentLink(hash) {
		// #e=NAME&quick=1&seed=N: the Experiments view, opened on that
		// experiment (an embedded figure shows nothing else).
		c.Tab = TabExperiments
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
	if !p.IsEmbed {
		go p.autosave()
	}
}

// build makes the page and wires the views together.
func (c *Root) build() {
	if c.P == nil {
		c.P = NewPage(c.App, c.Engine)
	}
	p := c.P
	c.Compare = &Compare{}
	c.Compare.attach(p)
	c.Presets = &Presets{P: p}
	c.PolicyMenu = &PolicyMenu{P: p, Compare: c.Compare}
	c.Params = &Params{P: p}
	c.Share = NewShare(p)
	c.Export = &Export{P: p, Compare: c.Compare}
	c.FramesView = &FramesView{P: p}
	c.Outputs = &Outputs{P: p}
	c.Analysis = &Analysis{P: p, Compare: c.Compare}
	p.onFrame = c.Outputs.paintNow
	p.onPreset = c.Compare.reset
	p.onIdle = c.Compare.checkStale
	c.Experiments = &experiments.View{Engine: p.Engine, Embed: p.IsEmbed}
	p.onExperimentLink = c.openExperimentLink
}

func isExperimentLink(h string) bool { return strings.HasPrefix(h, "#e=") }

// setTab shows one of the page's views.
func (c *Root) setTab(tab string) { c.Tab = tab }

// openExperimentLink opens an experiment link pasted into the address bar
// of an open tab (hashchange): the Experiments view on that experiment.
// It runs on a goroutine.
func (c *Root) openExperimentLink(h string) {
	c.P.env.Lock()
	defer c.P.env.UnlockRender()
	c.Tab = TabExperiments
	c.Experiments.Open(h)
}

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

// experimentsURL opens the embedded experiment in the full page.
func (c *Root) experimentsURL() string {
	base := strings.TrimSuffix(jsbridge.PageURL(), "embed.html")
	return base + experiments.Link(c.Experiments.Name, c.Experiments.Options())
}
