package paint

import (
	"github.com/vugu/vugu/js"

	"gridplay/site/frames"
	"gridplay/site/gantt"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// framesKey is what Frames drew last: the canvas, the view, the
// run's frames (their count and first) and how many of them.
type framesKey struct {
	el     js.Value
	view   string
	len, n int
	first  *state.Frame
}

var lastFrames framesKey

// Frames sizes the canvas in the host el (jsbridge.CanvasIn) and
// draws view from the first n of fs; title is the canvas's accessible
// name.
func Frames(el js.Value, view, title string, fs []state.Frame, n int, pl frames.Platform) {
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

// Now draws the Gantt chart and the frame view straight onto their
// canvases and updates the clock and the scrubber, without a Vugu render:
// during playback only these change, and a whole-page render per tick
// would cost more than the frame budget.
func Now(ch *gantt.Chart, t float64, view string, fs []state.Frame, n int, pl frames.Platform, clock string, scrub string) {
	RepaintGantt(ch, t)
	if view != "" {
		if el := jsbridge.ByID("frames"); el.Truthy() {
			Frames(el, view, frames.Title(view), fs, n, pl)
		}
	}
	if el := jsbridge.ByID("gantt-clock"); el.Truthy() {
		el.Set("textContent", clock)
	}
	if el := jsbridge.ByID("gantt-scrubber"); el.Truthy() {
		el.Set("value", scrub)
	}
}
