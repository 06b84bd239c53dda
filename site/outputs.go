package main

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"

	"gridplay/engine/model"
	"gridplay/engine/outputs"
	"gridplay/engine/sched"
	"gridplay/engine/workload"
	"gridplay/site/analysis"
	"gridplay/site/experiments"
	"gridplay/site/jsbridge"
	"gridplay/site/paint"
	"gridplay/site/state"
)

// Outputs is the view under the Gantt chart with the run's research
// outputs (site/analysis): the time series of busy nodes and queued jobs,
// following the playback clock, and the per-job table, sortable, with
// only the rows in view in the DOM; hovering a row outlines its job on
// the chart. Both export as the CLI writes them.
type Outputs struct {
	P *Page

	// Table and Series are built from the result forRes, for the
	// scenario as it was run; Err says why there are none.
	Table  *analysis.Table
	Series *analysis.Series
	Err    string
	// BuildMs is how long building them took (shown to the tests).
	BuildMs float64
	forRes  *sched.Result
	scroll  jsbridge.ScrollTable
	nodes   int
	name    string
}

// RowH is the height of a table row in CSS pixels (style.css: .ot tr).
const RowH = 24.0

// tableRows is the most rows the table shows without scrolling.
const tableRows = 15

// Compute starts building the outputs of a new result.
func (c *Outputs) Compute(ctx vugu.ComputeCtx) {
	r := c.P.App.Result
	if r == c.forRes {
		return
	}
	c.forRes, c.Table, c.Series, c.Err = r, nil, nil, ""
	if r == nil {
		return
	}
	if c.P.runKey() != c.P.lastRun {
		c.Err = "The scenario changed after this run: the table and the series follow the next run."
		return
	}
	// The policy's system says whether jobs are killed at their
	// requested time: wait for the policy list.
	in, ok := state.FindPolicy(c.P.Policies, r.Policy)
	if !ok && c.P.PolicyErr == "" {
		c.forRes = nil
		return
	}
	go c.build(r, c.P.App.Scenario, in.System)
}

// build computes the table and the series on a goroutine of its own, so
// the chart is painted first; it takes the lock to publish them.
func (c *Outputs) build(r *sched.Result, s *model.Scenario, system string) {
	defer c.P.recoverGo()
	time.Sleep(time.Millisecond)
	t0 := time.Now()
	full, err := workload.Expand(s)
	var tab *analysis.Table
	var ser *analysis.Series
	if err == nil {
		tab = analysis.NewTable(full, r, system)
		ser = analysis.NewSeries(tab.Rows, full.Platform.TotalNodes())
	}
	ms := float64(time.Since(t0).Microseconds()) / 1000
	c.P.env.Lock()
	defer c.P.env.UnlockRender()
	if c.forRes != r {
		return
	}
	if err != nil {
		c.Err = "The jobs of the generator could not be drawn: " + err.Error()
		return
	}
	c.Table, c.Series, c.BuildMs = tab, ser, ms
	c.nodes, c.name = full.Platform.TotalNodes(), s.Name
	c.scroll.Reset()
}

// ready says the table and the series are built: the view shows them,
// and its helpers read them, only then (vg-if="c.ready()").
func (c *Outputs) ready() bool { return c.Table != nil && c.Series != nil }

// paintSeries draws the series canvas after every render; playback
// paints it through Outputs.paintNow.
func (c *Outputs) paintSeries(v js.Value) {
	if !c.ready() || c.P.chart == nil {
		return
	}
	ch, t := c.P.chart, c.P.App.Player.T
	jsbridge.PaintCanvas(v, analysis.SeriesHeight, func(cv jsbridge.Canvas, w float64) {
		c.Series.Draw(cv, ch, w, analysis.SeriesHeight, t)
	})
	v.Get("dataset").Set("t", strconv.FormatFloat(t, 'f', -1, 64))
}

// paintNow draws the series at the playback clock without a render
// (Page.onFrame); the lock is held.
func (c *Outputs) paintNow() {
	if el := js.Global().Get("document").Call("getElementById", "series"); el.Truthy() {
		c.paintSeries(el)
	}
}

// bindRows attaches the windowed body to the table's scroll container
// after every render, and repaints it. It populates the body: Vugu would
// empty an element without children and without a populate.
func (c *Outputs) bindRows(body js.Value) {
	v := body.Call("closest", ".ot-scroll")
	if !c.ready() {
		return
	}
	c.scroll.Window = c.window
	c.scroll.Row = c.Table.Row
	c.scroll.Cols, c.scroll.Num, c.scroll.Titled, c.scroll.RowH = len(analysis.Columns), columnsNum, columnsTitled, RowH
	c.scroll.Hover = c.hover
	if !c.scroll.Bound(v) {
		c.scroll.Bind(v, body)
		return
	}
	c.scroll.Repaint()
}

// rowsOverscan is the number of rows painted beyond the visible ones on
// each side (the body is repainted in the scroll event itself).
const rowsOverscan = 2

// window is the rows to paint for the container scrolled to top (a
// scroll event: no lock, no render), of the table's n.
func (c *Outputs) window(top, height float64) (lo, hi, n int) {
	t := c.Table
	if t == nil {
		return 0, 0, 0
	}
	lo, hi = t.Window(top, height, RowH, rowsOverscan)
	return lo, hi, t.Len()
}

// columnsNum and columnsTitled mark the per-job table's right-aligned
// columns and those whose text may be cut (job, cluster, state: the
// title shows all of it).
var columnsNum, columnsTitled = func() (num, titled []bool) {
	for _, c := range analysis.Columns {
		num = append(num, c.Num)
		titled = append(titled, c.Key == "state" || c.Key == "cluster" || c.Key == "job")
	}
	return num, titled
}()

// hover outlines the row's job on the Gantt chart and repaints the chart
// (a DOM event outside Vugu: no lock, no render).
func (c *Outputs) hover(bar int) {
	ch := c.P.chart
	if ch == nil || c.forRes != c.P.App.Result {
		return
	}
	ch.Mark(bar)
	paint.RepaintGantt(ch, c.P.App.Player.T)
	if el := js.Global().Get("document").Call("getElementById", "gantt"); el.Truthy() {
		el.Get("dataset").Set("mark", fmt.Sprint(ch.Marked()))
	}
}

// sort orders the table by column key; the same column again reverses
// the order.
func (c *Outputs) sort(key string) {
	t := c.Table
	if t == nil {
		return
	}
	desc := false
	if t.Col == key {
		desc = !t.Desc
	}
	t.Sort(key, desc) // the next render paints the rows in the new order
}

func (c *Outputs) ariaSort(key string) string {
	return state.AriaSort(c.Table.Col == key, c.Table.Desc)
}

func (c *Outputs) sortMark(key string) string { return state.SortMark(c.ariaSort(key)) }

// scrollStyle sizes the table's scroll container: up to tableRows rows
// in view, plus the header.
func (c *Outputs) scrollStyle() string {
	n := max(1, min(tableRows, c.Table.Len()))
	return fmt.Sprintf("height: %.0fpx", float64(n+1)*RowH+4)
}

// caption counts the rows by state.
func (c *Outputs) caption() string {
	t := c.Table
	m := t.Counts()
	parts := []string{state.Count(t.Len(), "job")}
	for _, st := range []string{outputs.Completed, outputs.Late, outputs.Killed, outputs.Dropped} {
		if m[st] > 0 {
			parts = append(parts, state.FormatNumber(float64(m[st]))+" "+st)
		}
	}
	return strings.Join(parts, " · ")
}

// average checks the series against the utilisation metric: the time
// average of the busy nodes over the platform's nodes.
func (c *Outputs) average() string {
	if c.nodes == 0 {
		return ""
	}
	avg := outputs.TimeAverage(c.Series.Pts)
	s := fmt.Sprintf("Time average: %s busy nodes of %d, utilisation %s", experiments.FormatValue(avg), c.nodes, experiments.FormatValue(avg/float64(c.nodes)))
	if u, ok := c.forRes.Metrics["utilisation"]; ok {
		s += " (the run's utilisation metric: " + experiments.FormatValue(u) + ")"
	}
	return s + "."
}

func (c *Outputs) fileBase() string { return c.P.fileBase() + "-" + c.forRes.Policy }

// exportJobs offers the per-job table as CSV, the bytes of
// run -format csv.
func (c *Outputs) exportJobs() {
	if c.Table != nil {
		downloadCSV(c.fileBase()+"-jobs.csv", func(w io.Writer) error { return outputs.WriteJobsCSV(w, c.Table.Rows) })
	}
}

// downloadCSV offers what write writes as a CSV file, unless it fails.
func downloadCSV(name string, write func(w io.Writer) error) {
	var b bytes.Buffer
	if err := write(&b); err == nil {
		jsbridge.Download(name, "text/csv", b.Bytes())
	}
}

// exportSeriesCSV offers the series as CSV, the bytes of
// run -format series.
func (c *Outputs) exportSeriesCSV() {
	if c.Series != nil {
		downloadCSV(c.fileBase()+"-series.csv", func(w io.Writer) error { return outputs.WriteSeriesCSV(w, c.Series.Pts) })
	}
}

// seriesSVG is the series as two stacked figures.
func (c *Outputs) seriesSVG() string {
	busy, queue := analysis.SeriesFigures(c.Series.Pts, c.nodes, c.name+", "+c.forRes.Policy)
	return experiments.Stack(experiments.SVG(busy), experiments.SVG(queue))
}

func (c *Outputs) exportSeries(png bool) {
	if c.Series != nil {
		jsbridge.DownloadFigure(c.fileBase()+"-series", c.seriesSVG(), png)
	}
}

func (c *Outputs) buildText() string { return fmt.Sprintf("%.0f", c.BuildMs) }
