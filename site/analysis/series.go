package analysis

import (
	"math"
	"sort"
	"strconv"

	"gridplay/engine/outputs"
	"gridplay/site/gantt"
	"gridplay/site/state"
)

// Geometry of the series plot, in CSS pixels: two panels (busy nodes,
// queued jobs) on the Gantt chart's time axis (same left and right
// margins, gantt.XOf), each PanelH high.
const (
	PanelH      = 64.0
	panelGap    = 22.0
	seriesTop   = 22.0
	seriesAxisH = 22.0
	// SeriesHeight is the canvas height.
	SeriesHeight = seriesTop + 2*PanelH + panelGap + seriesAxisH
)

// Series is the time series of one run drawn under the Gantt chart.
type Series struct {
	Pts []outputs.Point
	// Nodes is the platform's node count (the busy panel's scale);
	// MaxQueue the most jobs queued at once (the queue panel's).
	Nodes, MaxQueue int

	cache *seriesCache
}

// NewSeries prepares the series of a per-job table for drawing.
func NewSeries(rows []outputs.Job, nodes int) *Series {
	s := &Series{Pts: outputs.Series(rows), Nodes: nodes}
	for _, p := range s.Pts {
		s.MaxQueue = max(s.MaxQueue, p.QueuedJobs)
		s.Nodes = max(s.Nodes, p.BusyNodes)
	}
	return s
}

// At is the state at time t: the last point at or before t (zero before
// the first).
func (s *Series) At(t float64) outputs.Point {
	i := sort.Search(len(s.Pts), func(i int) bool { return s.Pts[i].T > t })
	if i == 0 {
		return outputs.Point{T: t}
	}
	return s.Pts[i-1]
}

// Bins are the series aggregated over the pixel columns of a window:
// per column, the time average and the maximum of the busy nodes and of
// the queued jobs over the part of the column the series covers (Cover,
// in column widths, 0 to 1).
type Bins struct {
	BusyAvg, BusyMax   []float64
	QueueAvg, QueueMax []float64
	Cover              []float64
}

type seriesKey struct {
	t0, t1 float64
	cols   int
}

type seriesCache struct {
	key  seriesKey
	cols *Bins
	img  []byte
	stop int
}

// Aggregate is the series over cols columns spanning [t0, t1]: one pass
// over the points in the window, whatever the number of columns.
func (s *Series) Aggregate(t0, t1 float64, cols int) *Bins {
	c := &Bins{BusyAvg: make([]float64, cols), BusyMax: make([]float64, cols),
		QueueAvg: make([]float64, cols), QueueMax: make([]float64, cols), Cover: make([]float64, cols)}
	if cols <= 0 || !(t1 > t0) || len(s.Pts) == 0 {
		return c
	}
	scale := float64(cols) / (t1 - t0)
	// The first point whose span [T_k, T_k+1) reaches t0.
	k := sort.Search(len(s.Pts), func(i int) bool { return s.Pts[i].T > t0 })
	k = max(0, k-1)
	for ; k+1 < len(s.Pts) && s.Pts[k].T < t1; k++ {
		p := &s.Pts[k]
		a, z := math.Max(p.T, t0), math.Min(s.Pts[k+1].T, t1)
		if z <= a {
			continue
		}
		ca, cz := (a-t0)*scale, (z-t0)*scale
		busy, queue := float64(p.BusyNodes), float64(p.QueuedJobs)
		for col := int(ca); col < cols && float64(col) < cz; col++ {
			w := math.Min(cz, float64(col+1)) - math.Max(ca, float64(col))
			if w <= 0 {
				continue
			}
			c.BusyAvg[col] += busy * w
			c.QueueAvg[col] += queue * w
			c.Cover[col] += w
			c.BusyMax[col] = math.Max(c.BusyMax[col], busy)
			c.QueueMax[col] = math.Max(c.QueueMax[col], queue)
		}
	}
	for col := range c.Cover {
		if w := c.Cover[col]; w > 0 {
			c.BusyAvg[col] /= w
			c.QueueAvg[col] /= w
		}
	}
	return c
}

// Draw paints the series on c (w by h pixels) on the time axis of ch (its
// window and margins) as of simulated time t: the panels fill up to t,
// with a cursor there while t is before the end, as the Gantt chart
// does.
func (s *Series) Draw(c gantt.Imager, ch *gantt.Chart, w, h, t float64) {
	c.Clear(w, h)
	c.FillRect(0, 0, w, h, "#ffffff")
	if ch == nil {
		return
	}
	t0, t1 := ch.Window()
	plotW := w - gantt.LabelWidth - gantt.RightPad
	cols := max(1, int(plotW))
	key := seriesKey{t0, t1, cols}
	if s.cache == nil || s.cache.key != key {
		s.cache = &seriesCache{key: key, cols: s.Aggregate(t0, t1, cols), stop: -1}
	}
	agg := s.cache.cols
	// Columns drawn: those that start before t.
	stop := cols
	if t < t1 {
		stop = max(0, min(cols, int(math.Ceil((t-t0)*float64(cols)/(t1-t0)))))
	}
	x := func(v float64) float64 { return gantt.XOf(ch, w, v) }
	tops := [2]float64{seriesTop, seriesTop + PanelH + panelGap}
	scales := [2]float64{float64(max(1, s.Nodes)), float64(max(1, s.MaxQueue))}
	names := [2]string{"busy", "queued"}
	for p := 0; p < 2; p++ {
		top := tops[p]
		c.FillRect(gantt.LabelWidth, top, plotW, PanelH, "#f4f6f8")
		c.Text(strconv.Itoa(int(scales[p])), gantt.LabelWidth-6, top+6, "#666666", "right")
		c.Text("0", gantt.LabelWidth-6, top+PanelH-6, "#666666", "right")
		c.Line(gantt.LabelWidth, top+PanelH, gantt.LabelWidth+plotW, top+PanelH, "#9aa5b1")
	}
	base := tops[1] + PanelH
	tf := ch.Times()
	for _, v := range tf.Ticks(t0, t1, 8) {
		c.Line(x(v), seriesTop, x(v), base, "#e1e5ea")
		c.Line(x(v), base, x(v), base+4, "#333333")
		c.Text(tf.Tick(v), x(v), base+13, "#333333", "center")
	}
	if s.cache.img == nil || s.cache.stop != stop {
		s.cache.img = s.image(agg, cols, stop, scales, s.cache.img)
		s.cache.stop = stop
	}
	c.Image(s.cache.img, cols, int(2*PanelH+panelGap), gantt.LabelWidth, tops[0], float64(cols), 2*PanelH+panelGap)
	// The panels' names, over them (the left margin holds the scale).
	for p := 0; p < 2; p++ {
		c.Text(names[p], gantt.LabelWidth-6, tops[p]+PanelH/2, "#444444", "right")
	}
	// The values at the clock.
	now := s.At(math.Min(t, ch.End))
	c.Text("t = "+tf.Format(math.Round(math.Min(t, math.Max(ch.End, 0))*10)/10)+": "+NowText(now, s.Nodes), gantt.LabelWidth, 10, "#222222", "left")
	if t < ch.End && t >= t0 && t <= t1 {
		c.Line(x(t), seriesTop, x(t), base, "#d0021b")
	}
}

// NowText says what the series hold at one moment: "3 of 10 nodes busy,
// 1 job (1 node) queued".
func NowText(now outputs.Point, nodes int) string {
	return strconv.Itoa(now.BusyNodes) + " of " + state.Count(nodes, "node") + " busy, " +
		state.Count(now.QueuedJobs, "job") + " (" + state.Count(now.QueuedNodes, "node") + ") queued"
}

// The panels' colours: the time average, and the maximum above it.
var (
	avgRGB = [3]byte{59, 125, 216}
	maxRGB = [3]byte{165, 200, 240}
)

// image renders the columns before stop as an RGBA image of cols by the
// two panels' height (one pixel per CSS pixel), reusing buf.
func (s *Series) image(agg *Bins, cols, stop int, scales [2]float64, buf []byte) []byte {
	rows := int(2*PanelH + panelGap)
	n := 4 * cols * rows
	if cap(buf) < n {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	clear(buf)
	ph := int(PanelH)
	offs := [2]int{0, ph + int(panelGap)}
	avgs := [2][]float64{agg.BusyAvg, agg.QueueAvg}
	maxs := [2][]float64{agg.BusyMax, agg.QueueMax}
	for p := 0; p < 2; p++ {
		for col := 0; col < stop; col++ {
			if agg.Cover[col] <= 0 {
				continue
			}
			ha := int(math.Round(avgs[p][col] / scales[p] * float64(ph)))
			hm := int(math.Round(maxs[p][col] / scales[p] * float64(ph)))
			if avgs[p][col] > 0 && ha == 0 {
				ha = 1 // a little is not nothing
			}
			for y := 0; y < min(hm, ph); y++ {
				rgb := maxRGB
				if y < ha {
					rgb = avgRGB
				}
				i := 4 * ((offs[p]+ph-1-y)*cols + col)
				buf[i], buf[i+1], buf[i+2], buf[i+3] = rgb[0], rgb[1], rgb[2], 255
			}
		}
	}
	return buf
}
