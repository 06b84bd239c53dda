package main

import (
	"math"
	"strings"
	"time"

	"gridplay/site/frames"
	"gridplay/site/jsbridge"
)

// The embed (static/embed.html) takes a small postMessage API from the
// course page around it, and tells it where the replay is, so an
// interactive text can drive the chart and follow it. The protocol is
// documented, with a working page, in static/embed-example.html:
//
//	to the embed:   {gridplay: "play"} | {gridplay: "pause"}
//	                {gridplay: "seek", t: seconds} | {gridplay: "seek", step: n}
//	                {gridplay: "load", link: "#s=v1.…[&l=v1.…]"}
//	from the embed: {gridplay: "ready" | "clock" | "error", t, end, playing,
//	                frame, frames, step, policy, name, text}

// embedState is what the embed last told its parent.
type embedState struct {
	t       float64
	playing bool
	step    int
	frame   int
	err     string
	at      time.Time
	ready   bool
}

// embedCommands handles the course page's commands.
func (p *Page) embedCommands() {
	for c := range jsbridge.OnEmbedCommands() {
		p.embedCommand(c)
	}
}

func (p *Page) embedCommand(c jsbridge.EmbedCommand) {
	defer p.recoverGo()
	if c.Cmd == "load" {
		link := c.Link
		if i := strings.IndexByte(link, '#'); i >= 0 {
			link = link[i:]
		} else {
			link = "#" + link
		}
		if msg := p.openLink(link, false); msg != "" {
			jsbridge.PostToParent(jsbridge.EmbedMessage{Kind: "error", Text: msg})
		}
		return
	}
	p.env.Lock()
	switch c.Cmd {
	case "play":
		p.play()
	case "pause":
		p.pause()
	case "seek":
		if !p.goStep(c.Step-1) && !math.IsNaN(c.T) {
			p.seek(c.T)
		}
	}
	p.postClock()
	p.env.UnlockRender()
}

// postClock tells the parent page where the replay is (embed only): on
// every change when paused, at most five times a second while playing.
// The lock is held.
func (p *Page) postClock() {
	if !p.IsEmbed {
		return
	}
	pl := &p.App.Player
	e := &p.embedSent
	if p.App.Err != "" && p.App.Err != e.err {
		e.err = p.App.Err
		jsbridge.PostToParent(jsbridge.EmbedMessage{Kind: "error", Text: p.App.Err, Policy: p.App.Scenario.Policy.Name, Name: p.App.Scenario.Name})
		return
	}
	if p.chart == nil {
		return
	}
	kind := "clock"
	if !e.ready {
		kind, e.ready = "ready", true
	}
	n := p.frameCount()
	changed := kind == "ready" || pl.T != e.t || pl.Playing != e.playing || pl.Stopped != e.step || n != e.frame
	if !changed || (pl.Playing && e.playing && time.Since(e.at) < 200*time.Millisecond) {
		return
	}
	e.t, e.playing, e.step, e.frame, e.at = pl.T, pl.Playing, pl.Stopped, n, time.Now()
	jsbridge.PostToParent(jsbridge.EmbedMessage{Kind: kind, T: pl.T, End: pl.End, Playing: pl.Playing, Frame: n, Frames: len(p.App.Frames),
		Step: pl.Stopped, Policy: p.App.Scenario.Policy.Name, Name: p.App.Scenario.Name, Text: frames.Text(p.narration())})
}
