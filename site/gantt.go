package main

import (
	"github.com/vugu/vugu/js"

	"gridplay/site/gantt"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// Gantt is the chart with its playback controls.
type Gantt struct {
	Chart   *gantt.Chart
	Player  *state.Player
	OnPlay  func()
	OnPause func()
}

func (c *Gantt) play() {
	if c.OnPlay != nil {
		c.OnPlay()
	}
}

func (c *Gantt) pause() {
	if c.OnPause != nil {
		c.OnPause()
	}
}

func (c *Gantt) clock() string {
	if c.Chart == nil {
		return "waiting for the engine"
	}
	return "t = " + gantt.FormatTick(c.Player.T) + " s of " + gantt.FormatTick(c.Chart.End) + " s"
}

// paint draws the chart after every render (vg-js-populate): Rendered
// runs only for the root's direct children, so a canvas at any depth is
// drawn here.
func (c *Gantt) paint(v js.Value) {
	if c.Chart == nil {
		return
	}
	jsbridge.PaintGantt(v, c.Chart, c.Player.T)
}
