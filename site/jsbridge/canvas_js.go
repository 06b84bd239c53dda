//go:build js && wasm

package jsbridge

import (
	"math"
	"strconv"
	"strings"
	sjs "syscall/js"

	"github.com/vugu/vugu/js"
	"honnef.co/go/js/dom/v2"
)

// Canvas is a canvas's 2D context, prepared by Fit or Size: it draws what
// site/gantt, site/frames and site/editor draw (their Canvas, and
// gantt.Imager).
type Canvas struct {
	ctx *dom.CanvasRenderingContext2D
}

func (c Canvas) Clear(w, h float64) { c.ctx.ClearRect(0, 0, w, h) }

func (c Canvas) FillRect(x, y, w, h float64, color string) {
	c.ctx.SetFillStyle(color)
	c.ctx.FillRect(x, y, w, h)
}

func (c Canvas) Line(x1, y1, x2, y2 float64, color string) {
	c.ctx.SetStrokeStyle(color)
	c.ctx.BeginPath()
	// Half-pixel offsets keep one-pixel lines sharp.
	c.ctx.MoveTo(math.Round(x1)+0.5, math.Round(y1)+0.5)
	c.ctx.LineTo(math.Round(x2)+0.5, math.Round(y2)+0.5)
	c.ctx.Stroke()
}

// DashedLine is Line in dashes.
func (c Canvas) DashedLine(x1, y1, x2, y2 float64, color string) {
	c.ctx.Call("setLineDash", []any{4, 4})
	c.Line(x1, y1, x2, y2, color)
	c.ctx.Call("setLineDash", []any{})
}

// StrokeRect outlines a rectangle with lines width pixels wide.
func (c Canvas) StrokeRect(x, y, w, h float64, color string, width float64) {
	c.ctx.SetStrokeStyle(color)
	c.ctx.Set("lineWidth", width)
	c.ctx.StrokeRect(x, y, w, h)
	c.ctx.SetLineWidth(1)
}

// scratch is the OffscreenCanvas an Image goes through: putImageData
// ignores the context's scale, drawImage does not. (A detached <canvas>
// froze headless Chromium's second drawImage.)
var scratch sjs.Value

// Image draws an RGBA image of cols by rows pixels into (x, y, w, h),
// unsmoothed (the Gantt chart's level of detail).
func (c Canvas) Image(rgba []byte, cols, rows int, x, y, w, h float64) {
	if cols <= 0 || rows <= 0 || len(rgba) < 4*cols*rows {
		return
	}
	g := sjs.Global()
	if !scratch.Truthy() {
		scratch = g.Get("OffscreenCanvas").New(cols, rows)
	}
	if scratch.Get("width").Int() != cols || scratch.Get("height").Int() != rows {
		scratch.Set("width", cols)
		scratch.Set("height", rows)
	}
	data := g.Get("Uint8ClampedArray").New(4 * cols * rows)
	sjs.CopyBytesToJS(data, rgba[:4*cols*rows])
	scratch.Call("getContext", "2d").Call("putImageData", g.Get("ImageData").New(data, cols, rows), 0, 0)
	ctx := c.ctx.Value
	ctx.Set("imageSmoothingEnabled", false)
	ctx.Call("drawImage", scratch, x, y, w, h)
}

func (c Canvas) Text(s string, x, y float64, color, align string) {
	c.ctx.SetFillStyle(color)
	c.ctx.SetTextAlign(align)
	c.ctx.FillText(s, x, y, -1)
}

// CanvasIn returns the canvas to draw on for host: host itself when it is
// a canvas, else the canvas inside it, created (with id and an accessible
// name) the first time. Vugu gets the empty host, not the canvas: it
// would reset a canvas's size at every render, but leaves alone the
// children of an element that has none in its template.
func CanvasIn(el js.Value, id, label string) js.Value {
	host := sjs.Value(el)
	if !host.Truthy() {
		return el
	}
	if c := CanvasOf(el); sjs.Value(c).Truthy() {
		return c
	}
	c := sjs.Global().Get("document").Call("createElement", "canvas")
	c.Set("id", id)
	c.Call("setAttribute", "role", "img")
	c.Call("setAttribute", "aria-label", label)
	host.Call("appendChild", c)
	return js.Value(c)
}

// CanvasOf is host itself when it is a canvas, else its first child (a
// canvas made by CanvasIn, or nothing).
func CanvasOf(el js.Value) js.Value {
	host := sjs.Value(el)
	if !host.Truthy() || strings.EqualFold(host.Get("nodeName").String(), "canvas") {
		return el
	}
	return js.Value(host.Get("firstElementChild"))
}

// ClearCanvas empties canvas el, keeping its size.
func ClearCanvas(el js.Value) {
	v := sjs.Value(el)
	v.Call("getContext", "2d").Call("clearRect", 0, 0, v.Get("width"), v.Get("height"))
}

// Fit sizes canvas el to its container's width and h CSS pixels (Size)
// and returns its prepared 2D context and width.
func Fit(el js.Value, h float64) (Canvas, float64, bool) {
	if !sjs.Value(el).Truthy() {
		return Canvas{}, 0, false
	}
	w := ParentWidth(el)
	c, ok := Size(el, w, h, true)
	return c, w, ok
}

// Size makes canvas el w by h CSS pixels, sharp on high-density screens
// (its style's width too when styleWidth, else its CSS sets that), and
// returns its prepared 2D context.
func Size(el js.Value, w, h float64, styleWidth bool) (Canvas, bool) {
	v := sjs.Value(el)
	if !v.Truthy() {
		return Canvas{}, false
	}
	cv, ok := dom.WrapElement(v).(*dom.HTMLCanvasElement)
	if !ok {
		return Canvas{}, false
	}
	dpr := sjs.Global().Get("devicePixelRatio").Float()
	if dpr < 1 || math.IsNaN(dpr) {
		dpr = 1
	}
	pw, ph := int(w*dpr), int(h*dpr)
	if cv.Width() != pw || cv.Height() != ph {
		cv.SetWidth(pw)
		cv.SetHeight(ph)
		style := v.Get("style")
		if styleWidth {
			style.Set("width", sjs.ValueOf(ftoa(w)+"px"))
		}
		style.Set("height", sjs.ValueOf(ftoa(h)+"px"))
	}
	ctx := cv.GetContext2d()
	ctx.SetTransform(dpr, 0, 0, dpr, 0, 0)
	ctx.SetFont("12px system-ui, sans-serif")
	ctx.SetTextBaseline("middle")
	ctx.SetLineWidth(1)
	return Canvas{ctx}, true
}

// ParentWidth is the width canvas el takes: its parent's, or 960 px.
func ParentWidth(el js.Value) float64 {
	if p := sjs.Value(el).Get("parentElement"); p.Truthy() {
		if cw := p.Get("clientWidth").Float(); cw > 120 {
			return cw
		}
	}
	return 960
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
