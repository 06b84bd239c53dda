//go:build js && wasm

package jsbridge

import (
	"math"
	"strconv"
	"strings"
	sjs "syscall/js"

	"github.com/vugu/vugu/js"
	"honnef.co/go/js/dom/v2"

	"gridplay/site/gantt"
)

// canvas adapts a 2D context to gantt.Canvas.
type canvas struct {
	ctx *dom.CanvasRenderingContext2D
}

func (c canvas) Clear(w, h float64) { c.ctx.ClearRect(0, 0, w, h) }

func (c canvas) FillRect(x, y, w, h float64, color string) {
	c.ctx.SetFillStyle(color)
	c.ctx.FillRect(x, y, w, h)
}

func (c canvas) Line(x1, y1, x2, y2 float64, color string) {
	c.ctx.SetStrokeStyle(color)
	c.ctx.BeginPath()
	// Half-pixel offsets keep one-pixel lines sharp.
	c.ctx.MoveTo(math.Round(x1)+0.5, math.Round(y1)+0.5)
	c.ctx.LineTo(math.Round(x2)+0.5, math.Round(y2)+0.5)
	c.ctx.Stroke()
}

// scratch is the OffscreenCanvas an Image goes through: putImageData
// ignores the context's scale for sharp high-density drawing, drawImage
// does not. It is an OffscreenCanvas, not a detached <canvas> element:
// in headless Chromium (software raster) the second drawImage from a
// detached canvas never returned, which froze the page on a whole trace.
var scratch sjs.Value

// Image draws an RGBA image of cols by rows pixels into (x, y, w, h),
// unsmoothed (gantt.Imager: the chart's level of detail).
func (c canvas) Image(rgba []byte, cols, rows int, x, y, w, h float64) {
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

var _ gantt.Imager = canvas{}

func (c canvas) Text(s string, x, y float64, color, align string) {
	c.ctx.SetFillStyle(color)
	c.ctx.SetTextAlign(align)
	c.ctx.FillText(s, x, y, -1)
}

// paintKey is what PaintGantt drew last, and on which canvas.
type paintKey struct {
	el   sjs.Value
	ch   *gantt.Chart
	t    float64
	win  gantt.Window
	w, h float64
	// mark is the bar outlined (Chart.Mark: the per-job table's hover).
	mark int
}

var last paintKey

// lastChart is the chart PaintGantt drew last: the first drawing of each
// chart is marked (jsbridge.Mark), for the tests' logs.
var lastChart *gantt.Chart

// PaintGantt sizes the canvas el to its container (sharp on high-density
// screens) and draws ch at simulated time t. The first drawing with jobs
// on it marks the canvas (data-drawn) and records the time in
// globalThis.gridplayFirstGantt (ms since navigation), for the browser
// test.
func PaintGantt(el js.Value, ch *gantt.Chart, t float64) {
	v := canvasIn(sjs.Value(el), "gantt", "Gantt chart of the schedule: a lane per cluster, nodes against time, a colour per job")
	if !v.Truthy() {
		return
	}
	h := gantt.Height(ch)
	// Every page render calls this (vg-js-populate), mostly with nothing
	// changed for the chart (a hover, a progress tick, an edit elsewhere):
	// a canvas of a whole trace then costs the page's thread a
	// rasterisation for nothing. The same drawing is not made twice.
	if last.el.Truthy() && last.el.Equal(v) && last.ch == ch && last.t == t && last.win == ch.Win && last.h == h &&
		last.mark == ch.Marked() && last.w == parentWidth(v) {
		return
	}
	ctx, w, ok := fit(v, h)
	if !ok {
		return
	}
	last = paintKey{v, ch, t, ch.Win, w, h, ch.Marked()}
	t0 := Now()
	gantt.Draw(canvas{ctx}, ch, w, h, t)
	RecordFrameTime(Now() - t0)
	if ds := v.Get("dataset"); !ds.Get("cleared").IsUndefined() {
		ds.Delete("cleared")
	}
	if ch != lastChart && len(ch.Bars) > 0 {
		lastChart = ch
		Mark("gantt: drawn")
	}
	if len(ch.Bars) > 0 && v.Get("dataset").Get("drawn").IsUndefined() {
		v.Get("dataset").Set("drawn", "1")
		g := sjs.Global()
		if g.Get("gridplayFirstGantt").IsUndefined() {
			g.Set("gridplayFirstGantt", g.Get("performance").Call("now"))
			// main.js starts the engine then on a first visit.
			doc := g.Get("document")
			doc.Call("dispatchEvent", g.Get("Event").New("gridplay-first-gantt"))
		}
	}
}

// ClearGantt empties the Gantt canvas in el (there is no schedule to
// show), keeping its size; nothing when it has no canvas yet.
func ClearGantt(el js.Value) {
	host := sjs.Value(el)
	if !host.Truthy() {
		return
	}
	v := host
	if !strings.EqualFold(host.Get("nodeName").String(), "canvas") {
		v = host.Get("firstElementChild")
	}
	if !v.Truthy() || (last.el.Truthy() && last.el.Equal(v) && last.ch == nil) {
		return
	}
	v.Call("getContext", "2d").Call("clearRect", 0, 0, v.Get("width"), v.Get("height"))
	v.Get("dataset").Set("cleared", "1")
	last = paintKey{el: v}
}

// canvasIn returns the canvas to draw on for host: host itself when it is
// a canvas, else the canvas inside it, created (with id and an accessible
// name) the first time. The page gives Vugu an empty host element, not the
// canvas: Vugu removes, at every render, the attributes it did not set on
// an element it renders, which for a canvas are its size, so that it came
// back cleared at 300 by 150 and had to be drawn again in full after every
// render (at whole-trace scale, a canvas of several MB re-allocated and a
// heat map redrawn for each hover). Vugu leaves the children of an element
// that has none in its template alone.
func canvasIn(host sjs.Value, id, label string) sjs.Value {
	if !host.Truthy() {
		return host
	}
	if strings.EqualFold(host.Get("nodeName").String(), "canvas") {
		return host
	}
	if c := host.Get("firstElementChild"); c.Truthy() {
		return c
	}
	c := sjs.Global().Get("document").Call("createElement", "canvas")
	c.Set("id", id)
	c.Call("setAttribute", "role", "img")
	c.Call("setAttribute", "aria-label", label)
	host.Call("appendChild", c)
	return c
}

// fit sizes canvas v to its container's width and h CSS pixels (sharp on
// high-density screens) and returns its prepared 2D context and width.
func fit(v sjs.Value, h float64) (*dom.CanvasRenderingContext2D, float64, bool) {
	if !v.Truthy() {
		return nil, 0, false
	}
	cv, ok := dom.WrapElement(v).(*dom.HTMLCanvasElement)
	if !ok {
		return nil, 0, false
	}
	w := parentWidth(v)
	dpr := sjs.Global().Get("devicePixelRatio").Float()
	if dpr < 1 || math.IsNaN(dpr) {
		dpr = 1
	}
	pw, ph := int(w*dpr), int(h*dpr)
	if cv.Width() != pw || cv.Height() != ph {
		cv.SetWidth(pw)
		cv.SetHeight(ph)
		style := v.Get("style")
		style.Set("width", sjs.ValueOf(ftoa(w)+"px"))
		style.Set("height", sjs.ValueOf(ftoa(h)+"px"))
	}
	ctx := cv.GetContext2d()
	ctx.SetTransform(dpr, 0, 0, dpr, 0, 0)
	ctx.SetFont("12px system-ui, sans-serif")
	ctx.SetTextBaseline("middle")
	ctx.SetLineWidth(1)
	return ctx, w, true
}

// parentWidth is the width a canvas takes: its parent's, or 960 px.
func parentWidth(v sjs.Value) float64 {
	if p := v.Get("parentElement"); p.Truthy() {
		if cw := p.Get("clientWidth").Float(); cw > 120 {
			return cw
		}
	}
	return 960
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
