package main

import (
	"github.com/vugu/vugu/js"

	"gridplay/site/frames"
	"gridplay/site/gantt"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// The page's painting outside Vugu's renders: the Gantt chart, the frame
// view and the narration, drawn from the page's state onto elements that
// Vugu leaves alone (site/jsbridge gives the canvases and the browser's
// calls). Every render calls these (vg-js-populate), and the playback's
// ticks call them without a render; they draw only what changed.

// ganttKey is what paintGantt drew last, and on which canvas.
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

// lastChart is the chart paintGantt drew last: the first drawing of each
// chart is marked (jsbridge.Mark), for the tests' logs.
var lastChart *gantt.Chart

// paintGantt sizes the canvas in el to its container (sharp on
// high-density screens) and draws ch at simulated time t. The first
// drawing with jobs on it marks the canvas (data-drawn) and records the
// time in globalThis.gridplayFirstGantt (ms since navigation), for the
// browser test.
func paintGantt(el js.Value, ch *gantt.Chart, t float64) {
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
		g := js.Global()
		if g.Get("gridplayFirstGantt").IsUndefined() {
			g.Set("gridplayFirstGantt", jsbridge.Now())
			// main.js starts the engine then on a first visit.
			g.Get("document").Call("dispatchEvent", g.Get("Event").New("gridplay-first-gantt"))
		}
	}
}

// clearGantt empties the Gantt canvas in el (there is no schedule to
// show), keeping its size; nothing when it has no canvas yet.
func clearGantt(el js.Value) {
	v := jsbridge.CanvasOf(el)
	if !v.Truthy() || (lastGantt.el.Truthy() && jsbridge.Same(lastGantt.el, v) && lastGantt.ch == nil) {
		return
	}
	jsbridge.ClearCanvas(v)
	v.Get("dataset").Set("cleared", "1")
	lastGantt = ganttKey{el: v}
}

// paintGanttIn draws the Gantt chart as of time t in the first element
// matching selector (the chart's host, which holds its canvas or gets
// one), without a page render.
func paintGanttIn(selector string, ch *gantt.Chart, t float64) {
	if ch != nil {
		paintGantt(jsbridge.Query(selector), ch, t)
	}
}

// repaintGantt draws the Gantt chart (canvas#gantt) as of time t, without
// a page render.
func repaintGantt(ch *gantt.Chart, t float64) {
	if ch != nil {
		paintGantt(jsbridge.ByID("gantt"), ch, t)
	}
}

// framesKey is what paintFrames drew last: the canvas, the view, the
// run's frames (their count and first) and how many of them.
type framesKey struct {
	el     js.Value
	view   string
	len, n int
	first  *state.Frame
}

var lastFrames framesKey

// paintFrames sizes the canvas in the host el (jsbridge.CanvasIn) and
// draws view from the first n of fs; title is the canvas's accessible
// name.
func paintFrames(el js.Value, view, title string, fs []state.Frame, n int, pl frames.Platform) {
	v := jsbridge.CanvasIn(el, "frames", title)
	if !v.Truthy() {
		return
	}
	v.Get("dataset").Set("view", view)
	v.Call("setAttribute", "aria-label", title)
	// Every page render calls this: the same frame of the same run is
	// not drawn again (a run without frames, the usual big one, draws
	// nothing at all).
	k := framesKey{el: v, view: view, len: len(fs), n: n}
	if len(fs) > 0 {
		k.first = &fs[0]
	}
	if lastFrames.el.Truthy() && jsbridge.Same(k.el, lastFrames.el) && k.view == lastFrames.view && k.len == lastFrames.len &&
		k.n == lastFrames.n && k.first == lastFrames.first {
		return
	}
	c, w, ok := jsbridge.Fit(v, frames.Height)
	if !ok {
		return
	}
	lastFrames = k
	frames.DrawOn(c, view, fs, n, w, frames.Height, pl)
	v.Get("dataset").Set("frames", n)
}

// paintNow draws the Gantt chart and the frame view straight onto their
// canvases and updates the clock and the scrubber, without a Vugu render:
// during playback only these change, and a whole-page render per tick
// would cost more than the frame budget.
func paintNow(ch *gantt.Chart, t float64, view string, fs []state.Frame, n int, pl frames.Platform, clock string, scrub string) {
	repaintGantt(ch, t)
	if view != "" {
		if el := jsbridge.ByID("frames"); el.Truthy() {
			paintFrames(el, view, frames.Title(view), fs, n, pl)
		}
	}
	if el := jsbridge.ByID("gantt-clock"); el.Truthy() {
		el.Set("textContent", clock)
	}
	if el := jsbridge.ByID("gantt-scrubber"); el.Truthy() {
		el.Set("value", scrub)
	}
}

// glossaryURL is the glossary page the narration's terms link to
// (static/glossary.html, next to the page and the embed).
const glossaryURL = "glossary.html"

// paintNarration writes the narration into el as text nodes and links to
// the glossary, never as HTML. It runs after every render
// (vg-js-populate) and on every playback tick, and touches the DOM only
// when the text changed. While the replay plays the element is not a
// live region (a screen reader would be flooded); paused, it is.
func paintNarration(el js.Value, segs []frames.Seg, playing bool) {
	if !el.Truthy() {
		return
	}
	live := "polite"
	if playing {
		live = "off"
	}
	if el.Call("getAttribute", "aria-live").String() != live {
		el.Call("setAttribute", "aria-live", live)
	}
	key := ""
	for _, s := range segs {
		key += s.Term + "\x00" + s.Text + "\x00"
	}
	// The key is a property, not an attribute: Vugu removes attributes
	// its template does not set on every render, and rebuilding the
	// text on every render made the paragraph a moving scroll anchor
	// (the page jumped under the pointer).
	if d := el.Get("gridplayKey"); d.Type() == js.TypeString && d.String() == key {
		return
	}
	doc := js.Global().Get("document")
	el.Set("textContent", "")
	for _, s := range segs {
		if s.Term == "" {
			el.Call("appendChild", doc.Call("createTextNode", s.Text))
			continue
		}
		a := doc.Call("createElement", "a")
		a.Set("href", glossaryURL+"#"+s.Term)
		a.Set("target", "_blank")
		a.Set("rel", "noopener")
		a.Set("className", "term")
		a.Set("title", "Glossary: "+s.Text+" (opens in a new tab)")
		a.Set("textContent", s.Text)
		el.Call("appendChild", a)
	}
	el.Set("gridplayKey", key)
}
