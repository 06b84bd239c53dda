package editor

import (
	"math"
	"strconv"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
)

// The browser side of the editor: the canvas and pointer capture. It
// uses vugu/js, which compiles natively to stubs; every function checks
// its element first, so natively (no element) nothing runs.

// jsCanvas adapts a 2D context to Canvas.
type jsCanvas struct{ ctx js.Value }

func (c jsCanvas) Clear(w, h float64) { c.ctx.Call("clearRect", 0, 0, w, h) }

func (c jsCanvas) FillRect(x, y, w, h float64, color string) {
	c.ctx.Set("fillStyle", color)
	c.ctx.Call("fillRect", x, y, w, h)
}

func (c jsCanvas) StrokeRect(x, y, w, h float64, color string, width float64) {
	c.ctx.Set("strokeStyle", color)
	c.ctx.Set("lineWidth", width)
	c.ctx.Call("strokeRect", x, y, w, h)
	c.ctx.Set("lineWidth", 1)
}

func (c jsCanvas) Line(x1, y1, x2, y2 float64, color string, dashed bool) {
	c.ctx.Set("strokeStyle", color)
	if dashed {
		c.ctx.Call("setLineDash", []interface{}{4, 4})
	}
	c.ctx.Call("beginPath")
	c.ctx.Call("moveTo", x1, y1)
	c.ctx.Call("lineTo", x2, y2)
	c.ctx.Call("stroke")
	if dashed {
		c.ctx.Call("setLineDash", []interface{}{})
	}
}

func (c jsCanvas) Text(s string, x, y float64, color, align string) {
	c.ctx.Set("fillStyle", color)
	c.ctx.Set("textAlign", align)
	c.ctx.Call("fillText", s, x, y)
}

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
	el := c.canvas
	if !el.Truthy() {
		return
	}
	l := &c.layout
	dpr := js.Global().Get("devicePixelRatio").Float()
	if dpr < 1 || math.IsNaN(dpr) {
		dpr = 1
	}
	pw, ph := int(l.W*dpr), int(l.H*dpr)
	if el.Get("width").Int() != pw || el.Get("height").Int() != ph {
		el.Set("width", pw)
		el.Set("height", ph)
		el.Get("style").Set("height", strconv.FormatFloat(l.H, 'f', -1, 64)+"px")
	}
	ctx := el.Call("getContext", "2d")
	if !ctx.Truthy() {
		return
	}
	ctx.Call("setTransform", dpr, 0, 0, dpr, 0, 0)
	ctx.Set("font", "12px system-ui, sans-serif")
	ctx.Set("textBaseline", "middle")
	ctx.Set("lineWidth", 1)
	Draw(jsCanvas{ctx}, l, c.clusters(), c.sel(), &c.drag)
	el.Get("dataset").Set("clusters", len(c.clusters()))
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
	if c.hasMove {
		c.release()
	}
	c.hasMove = true
	c.drawn = ""
	c.canvas = el
	c.moveFn = js.FuncOf(func(this js.Value, args []js.Value) interface{} {
		if c.drag.Mode != DragCreate && c.drag.Mode != DragResize || len(args) == 0 {
			return nil
		}
		ev := args[0]
		c.drag.Move(ev.Get("offsetX").Float(), ev.Get("offsetY").Float())
		c.draw()
		return nil
	})
	el.Call("addEventListener", "pointermove", c.moveFn)
	c.downFn = js.FuncOf(func(this js.Value, args []js.Value) interface{} {
		if len(args) > 0 {
			args[0].Call("preventDefault")
		}
		opt := js.Global().Get("Object").New()
		opt.Set("preventScroll", true)
		el.Call("focus", opt)
		return nil
	})
	el.Call("addEventListener", "mousedown", c.downFn)
}

// release removes the canvas listeners.
func (c *Platform) release() {
	if c.canvas.Truthy() {
		c.canvas.Call("removeEventListener", "pointermove", c.moveFn)
		c.canvas.Call("removeEventListener", "mousedown", c.downFn)
	}
	c.moveFn.Release()
	c.downFn.Release()
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

// Destroy releases the pointermove listener.
func (c *Platform) Destroy(ctx vugu.DestroyCtx) {
	if c.hasMove {
		c.release()
		c.hasMove = false
	}
}
