package main

import (
	"github.com/vugu/vugu"

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
}

// Init builds the page and its views, picks the scenario (share link,
// autosave or the default preset), then loads the policies and runs.
func (c *Root) Init(ctx vugu.InitCtx) {
	c.build()
	p := c.P
	p.env = ctx.EventEnv()
	p.IsEmbed, p.autoplay, p.height = jsbridge.Embed()
	p.loadInitial(jsbridge.Hash(), jsbridge.Load(SaveKey))
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
	p.onPreset = c.Compare.reset
	p.onIdle = c.Compare.checkStale
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
