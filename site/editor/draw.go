package editor

import (
	"strconv"

	"gridplay/engine/model"
	"gridplay/site/gantt"
)

// Canvas is the little the drawing needs from a 2D context: what the
// Gantt chart draws with, and outlines and dashed lines. In the browser
// it is jsbridge.Canvas, tests record the calls.
type Canvas interface {
	gantt.Canvas
	StrokeRect(x, y, w, h float64, color string, width float64)
	DashedLine(x1, y1, x2, y2 float64, color string)
}

// Colours of the canvas.
const (
	colBack     = "#fbfcfe"
	colSwitch   = "#33415c"
	colLink     = "#7d8597"
	colNoLink   = "#c9ced8"
	colText     = "#1d2433"
	colMuted    = "#5c677d"
	colNode     = "#5e81ac"
	colNodeSel  = "#d08770"
	colSelect   = "#bf616a"
	colPreview  = "rgba(94,129,172,0.25)"
	colPrevEdge = "#5e81ac"
)

// Draw paints the platform: the switch, a link per cluster labelled with
// its bandwidth, each cluster's node grid and name, the selection with its
// resize handle, and the gesture in progress (d may be nil).
func Draw(cv Canvas, l *Layout, cs []model.Cluster, selected int, d *Drag) {
	cv.Clear(l.W, l.H)
	cv.FillRect(0, 0, l.W, l.H, colBack)
	sx, sy := l.Switch.Center()
	// Links first, under the boxes.
	for _, b := range l.Boxes {
		c := &cs[b.Index]
		bx := b.Outer.X + b.Outer.W/2
		by := b.Outer.Y
		if c.Bandwidth <= 0 {
			cv.DashedLine(sx, sy+l.Switch.H/2, bx, by, colNoLink)
		} else {
			cv.Line(sx, sy+l.Switch.H/2, bx, by, colLink)
		}
		// The label sits on the link just above its box, which is at
		// least as wide as the label (Lay), so labels never overlap.
		label := LinkLabel(c)
		tw := TextWidth(label)
		cv.FillRect(bx-tw/2, by-17, tw, 15, colBack)
		cv.Text(label, bx, by-9, colMuted, "center")
	}
	cv.FillRect(l.Switch.X, l.Switch.Y, l.Switch.W, l.Switch.H, colSwitch)
	cv.Text("switch", sx, sy, "#ffffff", "center")

	for _, b := range l.Boxes {
		c := &cs[b.Index]
		sel := b.Index == selected
		cv.Text(BoxLabel(c), b.Outer.X, b.Outer.Y+Label/2-1, colText, "left")
		fill := colNode
		if sel {
			fill = colNodeSel
		}
		drawGrid(cv, b, c.Nodes, fill)
		if sel {
			cv.StrokeRect(b.Grid.X-3, b.Grid.Y-3, b.Grid.W+6, b.Grid.H+6, colSelect, 2)
			h := b.Handle
			cv.FillRect(h.X, h.Y, h.W, h.H, colSelect)
		}
	}
	if d == nil || d.Mode == DragNone {
		cv.Text("drag on empty space to draw a cluster", l.W/2, l.H-FreeSpace/2, colNoLink, "center")
	}
	if d != nil && (d.Mode == DragCreate || d.Mode == DragResize) && (d.Mode == DragResize || d.Moved()) {
		r := d.Preview()
		cv.FillRect(r.X, r.Y, r.W, r.H, colPreview)
		cv.StrokeRect(r.X, r.Y, r.W, r.H, colPrevEdge, 1)
		c, rows := d.Dims()
		cv.Text(strconv.Itoa(c)+" × "+strconv.Itoa(rows)+" = "+strconv.Itoa(c*rows)+" nodes", r.X+r.W+6, r.Y+r.H+10, colText, "left")
	}
}

// drawGrid draws n node squares in b's grid; when squares are smaller
// than 3 px, one block with the last row cut, which looks the same and
// keeps big clusters cheap.
func drawGrid(cv Canvas, b Box, n int, fill string) {
	px := b.CellPx
	if px < 3 {
		full := n / b.Cols
		cv.FillRect(b.Grid.X, b.Grid.Y, b.Grid.W, float64(full)*px, fill)
		if rest := n % b.Cols; rest > 0 {
			cv.FillRect(b.Grid.X, b.Grid.Y+float64(full)*px, float64(rest)*px, px, fill)
		}
		return
	}
	gap := 1.0
	for k := 0; k < n; k++ {
		x := b.Grid.X + float64(k%b.Cols)*px
		y := b.Grid.Y + float64(k/b.Cols)*px
		cv.FillRect(x, y, px-gap, px-gap, fill)
	}
}
