package main

import (
	"github.com/vugu/vugu/js"

	"gridplay/site/frames"
	"gridplay/site/paint"
)

// FramesView is the animation view under the chart: the picture of what
// the policy streams (MUSCLE packing, GA generations, backfilling,
// hybrid status), one tab per kind.
type FramesView struct {
	P *Page
}

// tab is a view's short name, for its tab.
func (c *FramesView) tab(v string) string {
	switch v {
	case "packing":
		return "MUSCLE packing"
	case "ga":
		return "GA generations"
	case "backfill":
		return "Backfilling"
	case "hybrid":
		return "Hybrid status"
	}
	return v
}

func (c *FramesView) paint(v js.Value) {
	p := c.P
	paint.Frames(v, p.View, frames.Title(p.View), p.App.Frames, p.frameCount(), frames.PlatformOf(p.App.Scenario))
}
