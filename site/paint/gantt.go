package paint

import (
	"github.com/vugu/vugu/js"

	"gridplay/site/gantt"
	"gridplay/site/jsbridge"
)

// ganttKey is what Gantt drew last, and on which canvas.
type ganttKey struct {
	el   js.Value
	ch   *gantt.Chart
	t    float64
	win  gantt.Window
	w, h float64
	// mark is the bar outlined (Chart.Mark: the per-job table's hover).
	mark int
}

var lastGantt ganttKey

// lastChart is the chart Gantt drew last: the first drawing of each
// chart is marked (jsbridge.Mark), for the tests' logs.
var lastChart *gantt.Chart

// ganttShown tells whether a chart with jobs on it was drawn yet.
var ganttShown bool

// Gantt sizes the canvas in el to its container (sharp on
// high-density screens) and draws ch at simulated time t. The first
// drawing with jobs on it marks the canvas (data-drawn) and records the
// time (jsbridge.FirstGantt), for the browser tests.
func Gantt(el js.Value, ch *gantt.Chart, t float64) {
	v := jsbridge.CanvasIn(el, "gantt", "Gantt chart of the schedule: a lane per cluster, nodes against time, a colour per job")
	if !v.Truthy() {
		return
	}
	h := gantt.Height(ch)
	// Every page render calls this (vg-js-populate), mostly with nothing
	// changed for the chart (a hover, a progress tick, an edit elsewhere):
	// a canvas of a whole trace then costs the page's thread a
	// rasterisation for nothing. The same drawing is not made twice.
	last := lastGantt
	if last.el.Truthy() && jsbridge.Same(last.el, v) && last.ch == ch && last.t == t && last.win == ch.Win && last.h == h &&
		last.mark == ch.Marked() && last.w == jsbridge.ParentWidth(v) {
		return
	}
	c, w, ok := jsbridge.Fit(v, h)
	if !ok {
		return
	}
	lastGantt = ganttKey{v, ch, t, ch.Win, w, h, ch.Marked()}
	t0 := jsbridge.Now()
	gantt.Draw(c, ch, w, h, t)
	jsbridge.RecordFrameTime(jsbridge.Now() - t0)
	if !v.Get("dataset").Get("cleared").IsUndefined() {
		jsbridge.DeleteData(v, "cleared")
	}
	if ch != lastChart && len(ch.Bars) > 0 {
		lastChart = ch
		jsbridge.Mark("gantt: drawn")
	}
	if len(ch.Bars) > 0 && v.Get("dataset").Get("drawn").IsUndefined() {
		v.Get("dataset").Set("drawn", "1")
		if !ganttShown {
			ganttShown = true
			jsbridge.FirstGantt()
			// main.js starts the engine then on a first visit.
			g := js.Global()
			g.Get("document").Call("dispatchEvent", g.Get("Event").New("gridplay-first-gantt"))
		}
	}
}

// ClearGantt empties the Gantt canvas in el (there is no schedule to
// show), keeping its size; nothing when it has no canvas yet.
func ClearGantt(el js.Value) {
	v := jsbridge.CanvasOf(el)
	if !v.Truthy() || (lastGantt.el.Truthy() && jsbridge.Same(lastGantt.el, v) && lastGantt.ch == nil) {
		return
	}
	jsbridge.ClearCanvas(v)
	v.Get("dataset").Set("cleared", "1")
	lastGantt = ganttKey{el: v}
}

// RepaintGantt draws the Gantt chart (canvas#gantt) as of time t, without
// a page render.
func RepaintGantt(ch *gantt.Chart, t float64) {
	if ch != nil {
		Gantt(jsbridge.ByID("gantt"), ch, t)
	}
}
