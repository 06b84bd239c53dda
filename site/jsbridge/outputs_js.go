//go:build js && wasm

package jsbridge

import (
	"strconv"
	"strings"
	sjs "syscall/js"

	"github.com/vugu/vugu/js"
)

// PaintCanvas sizes the canvas el to its container's width and h CSS
// pixels (sharp on high-density screens) and calls draw with a Canvas on
// it and the width. The paint time is recorded under
// gridplayTest.paintTimes[el.id] (testhooks_js.go).
func PaintCanvas(el js.Value, h float64, draw func(c Canvas, w float64)) {
	c, w, ok := Fit(el, h)
	if !ok {
		return
	}
	t0 := Now()
	draw(c, w)
	recordPaint(sjs.Value(el).Get("id").String(), Now()-t0)
}

// A ScrollTable (types.go) repaints its body in the scroll event itself,
// without a page render; hovering a row reports its data-bar. The body
// is a skeleton made once (a spacer row, a pool of rows of Cols cells, a
// spacer row), which a repaint writes in place in one call to
// static/main.js (gridplayPaintRows): a cell's text only where it
// changed, the rows' positions and classes, the spacers' heights. A lost
// skeleton is made again at the next repaint (intact).
type scrollState struct {
	scroller, body sjs.Value
	on             Listeners
	top, height    float64
	hover          int

	first sjs.Value // the skeleton's first row (a spacer)
	pool  int       // its rows between the spacers
	cells []string
	buf   []byte
}

// Bind attaches t to the scroll container scroller and the table body
// body (replacing an earlier binding), and paints it.
func (t *ScrollTable) Bind(scroller, body js.Value) {
	t.Release()
	t.scroller, t.body = sjs.Value(scroller), sjs.Value(body)
	t.hover = -2
	t.pool = 0
	t.on.Add(scroller, "scroll", func(js.Value) { t.Repaint() })
	t.on.Add(body, "mouseover", func(ev js.Value) {
		bar := -1
		if tr := ev.Get("target").Call("closest", "tr[data-bar]"); tr.Truthy() {
			if n, err := strconv.Atoi(tr.Get("dataset").Get("bar").String()); err == nil {
				bar = n
			}
		}
		t.setHover(bar)
	})
	t.on.Add(body, "mouseleave", func(js.Value) { t.setHover(-1) })
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

// skeleton makes the body's spacers and a pool of n hidden rows.
func (t *ScrollTable) skeleton(n int) {
	var b strings.Builder
	spacer := `<tr class="ot-spacer" aria-hidden="true"><td colspan="` + strconv.Itoa(t.Cols) + `" style="height:0px"></td></tr>`
	b.WriteString(spacer)
	for k := 0; k < n; k++ {
		b.WriteString(`<tr hidden>`)
		for c := 0; c < t.Cols; c++ {
			if c < len(t.Num) && t.Num[c] {
				b.WriteString(`<td class="num"></td>`)
			} else {
				b.WriteString(`<td></td>`)
			}
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(spacer)
	t.body.Set("innerHTML", b.String())
	t.first = t.body.Get("firstElementChild")
	t.pool = n
}

// intact tells whether the skeleton made last is still the body's
// children.
func (t *ScrollTable) intact() bool {
	return t.pool > 0 && t.first.Truthy() && t.body.Get("firstElementChild").Equal(t.first)
}

// Repaint paints the rows for the container's scroll position; the time
// it takes is recorded under gridplayTest.paintTimes["rows"].
func (t *ScrollTable) Repaint() {
	if !t.scroller.Truthy() || t.Window == nil || t.Row == nil || t.Cols <= 0 {
		return
	}
	t0 := Now()
	t.top, t.height = t.scroller.Get("scrollTop").Float(), t.scroller.Get("clientHeight").Float()
	lo, hi, n := t.Window(t.top, t.height)
	if hi-lo > t.pool || !t.intact() {
		t.skeleton(max(hi-lo, t.pool, 1))
	}
	if len(t.cells) != t.Cols {
		t.cells = make([]string, t.Cols)
	}
	titled := 0
	for c := 0; c < t.Cols && c < len(t.Titled); c++ {
		if t.Titled[c] {
			titled |= 1 << c
		}
	}
	const sep = '\x1f'
	b := t.buf[:0]
	b = strconv.AppendFloat(b, float64(lo)*t.RowH, 'f', 0, 64)
	b = append(b, sep)
	b = strconv.AppendFloat(b, float64(n-hi)*t.RowH, 'f', 0, 64)
	b = append(b, sep)
	b = strconv.AppendInt(b, int64(hi-lo), 10)
	for i := lo; i < hi; i++ {
		bar, class := t.Row(i, t.cells)
		b = append(b, sep)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, sep)
		b = strconv.AppendInt(b, int64(bar), 10)
		b = append(b, sep)
		b = append(b, class...)
		for _, txt := range t.cells {
			b = append(b, sep)
			// A user's text with the separator in it (a control
			// character) shows a space there instead.
			b = append(b, strings.ReplaceAll(txt, string(sep), " ")...)
		}
	}
	t.buf = b
	sjs.Global().Call("gridplayPaintRows", t.body, t.Cols, titled, string(b))
	recordPaint("rows", Now()-t0)
}

// Reset scrolls to the top, for new rows; the next render paints them.
func (t *ScrollTable) Reset() {
	t.top = 0
	if t.scroller.Truthy() {
		t.scroller.Set("scrollTop", 0)
	}
}

// Release removes the listeners.
func (t *ScrollTable) Release() { t.on.Release() }

// Bound tells whether t is bound to scroller.
func (t *ScrollTable) Bound(scroller js.Value) bool { return t.on.On(scroller) }
