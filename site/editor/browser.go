package editor

import (
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"

	"gridplay/site/jsbridge"
)

// The browser side of the editor: the canvas and pointer capture. It
// uses vugu/js, which compiles natively to stubs; every function checks
// its element first, so natively (no element) nothing runs.

// paint lays the platform out for the canvas's width and draws it after
// every render (vg-js-populate).
func (c *Platform) paint(el js.Value) {
	if !el.Truthy() {
		return
	}
	c.canvas = el
	// The canvas is 100% wide in CSS (so it never holds the page wider
	// than the screen); its own client width is the layout's width, the
	// space pointer offsets are measured in.
	w := el.Get("clientWidth").Float()
	if w <= 0 {
		w = 640
	}
	// Every page render (also each animation tick) calls paint: redraw
	// only when what is drawn changed.
	sig := signature(c.clusters(), c.sel(), w)
	if sig == c.drawn && c.drag.Mode == DragNone {
		return
	}
	c.drawn = sig
	c.layout = Lay(c.clusters(), w)
	c.draw()
}

// draw repaints from the current layout and gesture.
func (c *Platform) draw() {
	l := &c.layout
	cv, ok := jsbridge.Size(c.canvas, l.W, l.H, false)
	if !ok {
		return
	}
	Draw(cv, l, c.clusters(), c.sel(), &c.drag)
	c.canvas.Get("dataset").Set("clusters", len(c.clusters()))
}

// attach adds the pointermove listener once the canvas exists
// (vg-js-create). The listener only updates the gesture and redraws the
// canvas: it changes no shared state, so it takes no lock.
func (c *Platform) attach(el js.Value) {
	if !el.Truthy() {
		return
	}
	// The page may replace the canvas element (a sibling appearing before
	// it shifts Vugu's positions): drop the old listener, draw afresh.
	c.on.Release()
	c.drawn = ""
	c.canvas = el
	c.on.Add(el, "pointermove", func(ev js.Value) {
		if c.drag.Mode != DragCreate && c.drag.Mode != DragResize {
			return
		}
		c.drag.Move(ev.Get("offsetX").Float(), ev.Get("offsetY").Float())
		c.draw()
	})
	// A press focuses the canvas without scrolling the page or starting
	// a text selection under a drag.
	c.on.Add(el, "mousedown", func(ev js.Value) {
		ev.Call("preventDefault")
		opt := js.Global().Get("Object").New()
		opt.Set("preventScroll", true)
		el.Call("focus", opt)
	})
}

// capturePointer keeps the gesture's events on the canvas when the
// pointer leaves it.
func capturePointer(e vugu.DOMEvent) {
	t := e.JSEventTarget()
	if !t.Truthy() {
		return
	}
	if id := e.Prop("pointerId"); id != nil {
		t.Call("setPointerCapture", id)
	}
}

// Destroy releases the canvas listeners.
func (c *Platform) Destroy(ctx vugu.DestroyCtx) { c.on.Release() }
