package gantt

import (
	"math"
	"strconv"
)

// Canvas is the little of a 2D canvas context the chart needs.
type Canvas interface {
	Clear(w, h float64)
	FillRect(x, y, w, h float64, color string)
	Line(x1, y1, x2, y2 float64, color string)
	// Text draws s with its left end (align "left"), centre ("center")
	// or right end ("right") at x and its middle at y.
	Text(s string, x, y float64, color, align string)
}

// Geometry of the drawing, in CSS pixels.
const (
	LabelWidth = 72.0 // node labels on the left
	AxisHeight = 28.0 // time axis at the bottom
	TopPad     = 8.0
	RightPad   = 16.0
	MinRowH    = 6.0
	MaxRowH    = 22.0
)

// Height is the canvas height that gives every row a readable height.
func Height(ch *Chart) float64 {
	rows := float64(len(ch.Rows))
	if rows == 0 {
		rows = 1
	}
	return TopPad + rows*MaxRowH + AxisHeight
}

// Draw paints ch on c (w by h pixels) as of simulated time t: a job
// appears once t reaches its start and grows until its end, so replaying
// t from 0 shows the schedule unfold. t >= ch.End shows it whole.
func Draw(c Canvas, ch *Chart, w, h, t float64) {
	c.Clear(w, h)
	c.FillRect(0, 0, w, h, "#ffffff")
	rows := len(ch.Rows)
	if rows == 0 {
		c.Text("no nodes", w/2, h/2, "#666666", "center")
		return
	}
	plotW := w - LabelWidth - RightPad
	plotH := h - TopPad - AxisHeight
	rowH := math.Max(MinRowH, math.Min(MaxRowH, plotH/float64(rows)))
	end := ch.End
	if end <= 0 {
		end = 1
	}
	x := func(v float64) float64 { return LabelWidth + v/end*plotW }
	y := func(row int) float64 { return TopPad + float64(row)*rowH }

	// Row bands and node labels.
	for i, r := range ch.Rows {
		if i%2 == 1 {
			c.FillRect(LabelWidth, y(i), plotW, rowH, "#f4f6f8")
		}
		if rowH >= 10 {
			c.Text(r.Cluster+"/"+strconv.Itoa(r.Node), LabelWidth-6, y(i)+rowH/2, "#444444", "right")
		}
	}
	for _, b := range ch.Clusters {
		c.Line(LabelWidth, y(b.Row), LabelWidth+plotW, y(b.Row), "#9aa5b1")
	}

	// Time axis.
	base := y(rows)
	c.Line(LabelWidth, base, LabelWidth+plotW, base, "#333333")
	for _, v := range Ticks(end, 8) {
		c.Line(x(v), base, x(v), base+5, "#333333")
		c.Line(x(v), TopPad, x(v), base, "#e1e5ea")
		c.Text(FormatTick(v), x(v), base+14, "#333333", "center")
	}
	c.Text("time (s)", LabelWidth+plotW, base+24, "#666666", "right")

	// Jobs.
	for _, b := range ch.Bars {
		if t < b.Start {
			continue
		}
		stop := math.Min(b.End, t)
		x0, x1 := x(b.Start), x(stop)
		if x1-x0 < 1 {
			x1 = x0 + 1
		}
		col := Color(b.Index)
		// A job on scattered nodes is drawn as several pieces but
		// labelled once, on its tallest piece.
		label, labelH := -1, 0.0
		for k, s := range b.Segments {
			top := y(s.Row) + 1
			hh := float64(s.Rows)*rowH - 2
			c.FillRect(x0, top, x1-x0, hh, col)
			if hh > labelH {
				label, labelH = k, hh
			}
		}
		if label >= 0 && x1-x0 > 14 && labelH >= 9 {
			s := b.Segments[label]
			top := y(s.Row) + 1
			c.Text(b.Job, (x0+x1)/2, top+labelH/2, "#111111", "center")
		}
	}

	// Playback cursor while replaying.
	if t < ch.End {
		c.Line(x(t), TopPad, x(t), base, "#d0021b")
	}
}

// Hit returns the index in ch.Bars of the job drawn at (px, py) on a
// w by h drawing as of time t, or -1.
func Hit(ch *Chart, w, h, t, px, py float64) int {
	rows := len(ch.Rows)
	if ch == nil || rows == 0 {
		return -1
	}
	plotW := w - LabelWidth - RightPad
	plotH := h - TopPad - AxisHeight
	rowH := math.Max(MinRowH, math.Min(MaxRowH, plotH/float64(rows)))
	end := ch.End
	if end <= 0 {
		end = 1
	}
	if px < LabelWidth || plotW <= 0 {
		return -1
	}
	tm := (px - LabelWidth) / plotW * end
	row := int(math.Floor((py - TopPad) / rowH))
	if row < 0 || row >= rows || tm > t {
		return -1
	}
	for i, b := range ch.Bars {
		if tm < b.Start || tm > b.End {
			continue
		}
		for _, s := range b.Segments {
			if row >= s.Row && row < s.Row+s.Rows {
				return i
			}
		}
	}
	return -1
}
