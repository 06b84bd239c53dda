package gantt

import (
	"math"
	"sort"
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

// MaxPlotH caps the height of the rows, in CSS pixels: a machine of
// hundreds of nodes gets thinner rows (down to MinRowH) rather than a
// canvas thousands of pixels tall, which the browser rasterises again at
// every paint.
const MaxPlotH = 720.0

// Height is the canvas height: MaxRowH per row up to MaxPlotH, then
// thinner rows, down to MinRowH.
func Height(ch *Chart) float64 {
	rows := float64(len(ch.Rows))
	if rows == 0 {
		rows = 1
	}
	rowH := math.Max(MinRowH, math.Min(MaxRowH, MaxPlotH/rows))
	return TopPad + rows*rowH + AxisHeight
}

// LODBars is the number of jobs in view above which the chart draws
// each row as runs of busy pixels (level of detail) instead of one
// rectangle per job: a whole trace has 200,000 jobs, most narrower than
// a pixel, and a canvas call per job would freeze the page.
const LODBars = 3000

// RowHeight is the height of one node row on a drawing h pixels high.
func RowHeight(ch *Chart, h float64) float64 {
	rows := max(1, len(ch.Rows))
	plotH := h - TopPad - AxisHeight
	return math.Max(MinRowH, math.Min(MaxRowH, plotH/float64(rows)))
}

// XOf is the x position of time v on a drawing w pixels wide.
func XOf(ch *Chart, w, v float64) float64 {
	t0, t1 := ch.Window()
	return LabelWidth + (v-t0)/(t1-t0)*(w-LabelWidth-RightPad)
}

// TimeAt is the time at x on a drawing w pixels wide.
func TimeAt(ch *Chart, w, x float64) float64 {
	t0, t1 := ch.Window()
	pw := w - LabelWidth - RightPad
	if pw <= 0 {
		return t0
	}
	return t0 + (x-LabelWidth)/pw*(t1-t0)
}

// Draw paints ch on c (w by h pixels) as of simulated time t: a job
// appears once t reaches its start and grows until its end, so replaying
// t from 0 shows the schedule unfold. t >= ch.End shows it whole. Only
// the time window ch.Window() is drawn.
func Draw(c Imager, ch *Chart, w, h, t float64) {
	c.Clear(w, h)
	c.FillRect(0, 0, w, h, "#ffffff")
	rows := len(ch.Rows)
	if rows == 0 {
		c.Text("no nodes", w/2, h/2, "#666666", "center")
		return
	}
	plotW := w - LabelWidth - RightPad
	rowH := RowHeight(ch, h)
	t0, t1 := ch.Window()
	x := func(v float64) float64 { return XOf(ch, w, v) }
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
	for _, row := range ch.Clusters {
		c.Line(LabelWidth, y(row), LabelWidth+plotW, y(row), "#9aa5b1")
	}

	// Time axis.
	base := y(rows)
	c.Line(LabelWidth, base, LabelWidth+plotW, base, "#333333")
	tf := ch.Times()
	for _, v := range tf.Ticks(t0, t1, 8) {
		c.Line(x(v), base, x(v), base+5, "#333333")
		c.Line(x(v), TopPad, x(v), base, "#e1e5ea")
		c.Text(tf.Tick(v), x(v), base+14, "#333333", "center")
	}
	label := tf.Axis()
	if ch.Zoomed() {
		label += ", zoomed: double-click for the whole schedule"
	}
	c.Text(label, LabelWidth+plotW, base+24, "#666666", "right")

	// Jobs: the ones overlapping the window and started by t.
	stopAt := math.Min(t, t1)
	lo, hi := ch.inView(t0, stopAt)
	if hi-lo > LODBars {
		drawLOD(c, ch, lo, hi, t0, t1, stopAt, plotW, rowH, y)
	} else {
		for _, k := range ch.byStart[lo:hi] {
			b := ch.Bars[k]
			segs := ch.Segments(k)
			if b.End < t0 {
				continue
			}
			stop := math.Min(b.End, stopAt)
			x0, x1 := math.Max(x(b.Start), LabelWidth), math.Min(x(stop), LabelWidth+plotW)
			if x1-x0 < 1 {
				x1 = x0 + 1
			}
			col := Color(b.Index)
			// A job on scattered nodes is drawn as several pieces but
			// labelled once, on its tallest piece.
			label, labelH := -1, 0.0
			for k, s := range segs {
				top := y(s.Row) + 1
				hh := float64(s.Rows)*rowH - 2
				c.FillRect(x0, top, x1-x0, hh, col)
				// A white edge parts two jobs of one colour that
				// follow each other on a node.
				if x1-x0 > 3 {
					c.Line(x0, top, x0, top+hh-1, "#ffffff")
				}
				if hh > labelH {
					label, labelH = k, hh
				}
			}
			if label >= 0 && x1-x0 > 14 && labelH >= 9 {
				s := segs[label]
				top := y(s.Row) + 1
				c.Text(ch.Job(k), (x0+x1)/2, top+labelH/2, "#111111", "center")
			}
		}
	}

	drawMark(c, ch, t0, t1, plotW, rowH, y, x)

	// Playback cursor while replaying.
	if t < ch.End && t >= t0 && t <= t1 {
		c.Line(x(t), TopPad, x(t), base, "#d0021b")
	}
}

// HeatMap says whether Draw shows the chart as of time t as a heat map
// of how busy each node is (over LODBars jobs in the window), not as one
// bar per job.
func (ch *Chart) HeatMap(t float64) bool {
	t0, t1 := ch.Window()
	lo, hi := ch.inView(t0, math.Min(t, t1))
	return hi-lo > LODBars
}

type lodKey struct {
	t0, t1, stop float64
	cols, rows   int
}

// lodCache is the last heat map drawn, with the view it shows.
type lodCache struct {
	key  lodKey
	rgba []byte
}

// Imager is a Canvas that can also draw an RGBA image of cols by rows
// pixels scaled into the rectangle (x, y, w, h), unsmoothed: the level
// of detail draws the whole window in one call that way. The page's
// canvas (jsbridge.Canvas) is one.
type Imager interface {
	Canvas
	Image(rgba []byte, cols, rows int, x, y, w, h float64)
}

// drawLOD draws the jobs byStart[lo:hi] as a heat map, one image: per
// row and pixel column, how busy the node is there (white to dark blue).
func drawLOD(c Imager, ch *Chart, lo, hi int, t0, t1, stopAt, plotW, rowH float64, y func(int) float64) {
	cols := max(1, int(plotW))
	rows := len(ch.Rows)
	key := lodKey{t0, t1, stopAt, cols, rows}
	if ch.lod != nil && ch.lod.key == key {
		// The page repaints the same view often (hover, renders):
		// the heat map of a view is computed once.
		c.Image(ch.lod.rgba, cols, rows, LabelWidth, y(0), float64(cols), float64(rows)*rowH)
		return
	}
	busy := make([]float32, rows*cols)
	scale := float64(cols) / (t1 - t0)
	for _, k := range ch.byStart[lo:hi] {
		b := ch.Bars[k]
		s, e := math.Max(b.Start, t0), math.Min(b.End, stopAt)
		if e <= s {
			continue
		}
		a, z := (s-t0)*scale, (e-t0)*scale
		for _, sg := range ch.Segments(k) {
			for r := sg.Row; r < sg.Row+sg.Rows && r < rows; r++ {
				row := busy[r*cols : (r+1)*cols]
				for px := int(a); px < cols && float64(px) < z; px++ {
					// The share of pixel px that [a, z) covers (plain
					// comparisons: math.Min and Max are calls here,
					// for NaN and -0, which these values are not).
					lo, hi := float64(px), float64(px+1)
					if a > lo {
						lo = a
					}
					if z < hi {
						hi = z
					}
					row[px] += float32(hi - lo)
				}
			}
		}
	}
	rgba := make([]byte, 4*rows*cols)
	for i, v := range busy {
		f := float64(v)
		if f > 1 {
			f = 1
		}
		if f <= 0 {
			continue // transparent: the row bands show through
		}
		// From a light to a dark blue as the node gets busier.
		rgba[4*i] = byte(165 - 134*f)
		rgba[4*i+1] = byte(200 - 105*f)
		rgba[4*i+2] = byte(240 - 60*f)
		rgba[4*i+3] = 255
	}
	ch.lod = &lodCache{key, rgba}
	c.Image(rgba, cols, rows, LabelWidth, y(0), float64(cols), float64(rows)*rowH)
}

// Hit returns the index in ch.Bars of the job drawn at (px, py) on a
// w by h drawing as of time t, or -1.
func Hit(ch *Chart, w, h, t, px, py float64) int {
	rows := len(ch.Rows)
	if ch == nil || rows == 0 {
		return -1
	}
	plotW := w - LabelWidth - RightPad
	if px < LabelWidth || px > LabelWidth+plotW || plotW <= 0 {
		return -1
	}
	rowH := RowHeight(ch, h)
	tm := TimeAt(ch, w, px)
	row := int(math.Floor((py - TopPad) / rowH))
	if row < 0 || row >= rows || tm > t {
		return -1
	}
	// Jobs on the row that started by tm, latest first; the tolerance of
	// one pixel lets a pointer find a job narrower than a pixel.
	slack := (TimeAt(ch, w, px+1) - tm)
	if ch.rowBars == nil {
		ch.indexRows()
	}
	list := ch.rowBars[row]
	k := sort.Search(len(list), func(i int) bool { return ch.Bars[list[i]].Start > tm+slack })
	for i := k - 1; i >= 0; i-- {
		b := &ch.Bars[list[i]]
		if tm >= b.Start-slack && tm <= b.End+slack {
			return int(list[i])
		}
		if b.Start+ch.maxDur < tm-slack {
			break // no earlier bar lasts long enough to reach tm
		}
	}
	return -1
}

// drawMark outlines the marked bar (Chart.Mark), at least 3 pixels wide
// so a job narrower than a pixel shows on a whole trace.
func drawMark(c Canvas, ch *Chart, t0, t1, plotW, rowH float64, y func(int) float64, x func(float64) float64) {
	i := ch.Marked()
	if i < 0 {
		return
	}
	b := ch.Bars[i]
	if b.End < t0 || b.Start > t1 {
		return
	}
	x0, x1 := math.Max(x(b.Start), LabelWidth), math.Min(x(b.End), LabelWidth+plotW)
	if x1-x0 < 3 {
		x0, x1 = (x0+x1)/2-1.5, (x0+x1)/2+1.5
	}
	// A dark outline, and a white one inside it: visible on any fill.
	for _, s := range ch.Segments(i) {
		top, bot := y(s.Row), y(s.Row)+float64(s.Rows)*rowH-1
		for k, col := range []string{"#111111", "#ffffff"} {
			d := float64(k)
			c.Line(x0+d, top+d, x1-d, top+d, col)
			c.Line(x0+d, bot-d, x1-d, bot-d, col)
			c.Line(x0+d, top+d, x0+d, bot-d, col)
			c.Line(x1-d, top+d, x1-d, bot-d, col)
		}
	}
}

// indexRows builds rowBars from byStart.
func (ch *Chart) indexRows() {
	n := make([]int32, len(ch.Rows))
	for k := range ch.Bars {
		for _, sg := range ch.Segments(k) {
			for r := sg.Row; r < sg.Row+sg.Rows && r < len(n); r++ {
				n[r]++
			}
		}
	}
	total := 0
	for _, k := range n {
		total += int(k)
	}
	slab := make([]int32, total)
	ch.rowBars = make([][]int32, len(ch.Rows))
	at := 0
	for r, k := range n {
		ch.rowBars[r] = slab[at : at : at+int(k)]
		at += int(k)
	}
	for _, i := range ch.byStart {
		for _, sg := range ch.Segments(i) {
			for r := sg.Row; r < sg.Row+sg.Rows && r < len(n); r++ {
				ch.rowBars[r] = append(ch.rowBars[r], int32(i))
			}
		}
	}
}
