//go:build js && wasm

package jsbridge

import (
	sjs "syscall/js"

	"github.com/vugu/vugu/js"

	"gridplay/site/gantt"
)

// PaintCanvas sizes the canvas el to its container's width and h CSS
// pixels (sharp on high-density screens) and calls draw with a Canvas on
// it (one that can also draw images, gantt.Imager) and the width. The
// paint time is recorded like the Gantt chart's (RecordFrameTime) under
// globalThis.gridplayPaintTimes[el.id].
func PaintCanvas(el js.Value, h float64, draw func(c gantt.Canvas, w float64)) {
	v := sjs.Value(el)
	ctx, w, ok := fit(v, h)
	if !ok {
		return
	}
	t0 := Now()
	draw(canvas{ctx}, w)
	recordPaint(v.Get("id").String(), Now()-t0)
}

func recordPaint(id string, ms float64) {
	g := sjs.Global()
	m := g.Get("gridplayPaintTimes")
	if !m.Truthy() {
		m = g.Get("Object").New()
		g.Set("gridplayPaintTimes", m)
	}
	a := m.Get(id)
	if !a.Truthy() {
		a = g.Get("Array").New()
		m.Set(id, a)
	}
	if a.Length() < 10000 {
		a.Call("push", ms)
	}
}

// ScrollTable is a windowed table body: only the rows in view are in the
// DOM. The scroll container's scroll events repaint the body at once,
// without a page render (a render of the whole page per scroll event
// would cost more than a frame); hovering a row reports its data-bar.
//
// Vugu sets the body's innerHTML on every render (an element without
// children in a template is rendered as innerHTML ""), so the template
// gives it vg-html="HTML()": the rows of the last scroll position, the
// same that the scroll events paint.
type ScrollTable struct {
	scroller, body sjs.Value
	fns            []sjs.Func
	// Paint returns the body's HTML for the container scrolled to top
	// and height pixels tall.
	Paint func(top, height float64) string
	// Hover is called with the data-bar of the row under the pointer,
	// -1 when it leaves the rows.
	Hover       func(bar int)
	top, height float64
	last        string
	hover       int
}

// Bind attaches t to the scroll container scroller and the table body
// body (replacing an earlier binding), and paints it.
func (t *ScrollTable) Bind(scroller, body js.Value) {
	t.Release()
	t.scroller, t.body = sjs.Value(scroller), sjs.Value(body)
	t.hover = -2
	onScroll := sjs.FuncOf(func(sjs.Value, []sjs.Value) any {
		t.Repaint()
		return nil
	})
	onOver := sjs.FuncOf(func(_ sjs.Value, a []sjs.Value) any {
		bar := -1
		if len(a) > 0 {
			if tr := a[0].Get("target").Call("closest", "tr[data-bar]"); tr.Truthy() {
				if b := tr.Get("dataset").Get("bar"); b.Truthy() {
					bar = atoi(b.String())
				}
			}
		}
		t.setHover(bar)
		return nil
	})
	onLeave := sjs.FuncOf(func(sjs.Value, []sjs.Value) any {
		t.setHover(-1)
		return nil
	})
	opts := sjs.Global().Get("Object").New()
	opts.Set("passive", true)
	t.scroller.Call("addEventListener", "scroll", onScroll, opts)
	t.body.Call("addEventListener", "mouseover", onOver)
	t.body.Call("addEventListener", "mouseleave", onLeave)
	t.fns = []sjs.Func{onScroll, onOver, onLeave}
	t.last = ""
	t.Repaint()
}

func (t *ScrollTable) setHover(bar int) {
	if bar == t.hover || t.Hover == nil {
		return
	}
	t.hover = bar
	t0 := Now()
	t.Hover(bar)
	recordPaint("hover", Now()-t0)
}

// HTML is the body for the last scroll position (the template's
// vg-html); it is what Repaint wrote last.
func (t *ScrollTable) HTML() string {
	if t.Paint == nil {
		return ""
	}
	t.last = t.Paint(t.top, t.height)
	return t.last
}

// Repaint paints the rows for the container's scroll position; the time
// it takes is recorded under gridplayPaintTimes["rows"].
func (t *ScrollTable) Repaint() {
	if !t.scroller.Truthy() || t.Paint == nil {
		return
	}
	t0 := Now()
	t.top, t.height = t.scroller.Get("scrollTop").Float(), t.scroller.Get("clientHeight").Float()
	h := t.Paint(t.top, t.height)
	if h != t.last || t.body.Get("childElementCount").Int() == 0 {
		t.body.Set("innerHTML", h)
		t.last = h
	}
	recordPaint("rows", Now()-t0)
}

// Reset scrolls to the top when top is set; the next render paints the
// rows (after a sort, or new rows).
func (t *ScrollTable) Reset(top bool) {
	if top {
		t.top = 0
		if t.scroller.Truthy() {
			t.scroller.Set("scrollTop", 0)
		}
	}
}

// Release removes the listeners.
func (t *ScrollTable) Release() {
	if t.scroller.Truthy() && len(t.fns) == 3 {
		t.scroller.Call("removeEventListener", "scroll", t.fns[0])
		t.body.Call("removeEventListener", "mouseover", t.fns[1])
		t.body.Call("removeEventListener", "mouseleave", t.fns[2])
	}
	for _, f := range t.fns {
		f.Release()
	}
	t.fns = nil
}

// Bound tells whether t is bound to scroller.
func (t *ScrollTable) Bound(scroller js.Value) bool {
	return t.fns != nil && t.scroller.Equal(sjs.Value(scroller))
}

func atoi(s string) int {
	n, neg := 0, false
	for i, c := range s {
		if i == 0 && c == '-' {
			neg = true
			continue
		}
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		return -n
	}
	return n
}

// PaintGanttIn draws the Gantt chart as of time t in the first element
// matching selector (the chart's host, which holds its canvas or gets
// one), without a page render.
func PaintGanttIn(selector string, ch *gantt.Chart, t float64) {
	if ch != nil {
		PaintGantt(js.Value(sjs.Global().Get("document").Call("querySelector", selector)), ch, t)
	}
}

// RepaintGantt draws the Gantt chart (canvas#gantt) as of time t, without
// a page render.
func RepaintGantt(ch *gantt.Chart, t float64) {
	if ch != nil {
		PaintGantt(byID("gantt"), ch, t)
	}
}
