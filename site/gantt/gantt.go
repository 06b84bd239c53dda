// Package gantt lays a schedule out as a Gantt chart (one row per node,
// time across) and draws it on any Canvas. It has no browser code: the page
// passes a Canvas backed by a <canvas> element (site/jsbridge), and tests
// pass a recorder.
package gantt

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/site/state"
)

// Row is one node of one cluster.
type Row struct {
	Cluster string
	Node    int
}

// Segment is a run of consecutive rows a job holds.
type Segment struct {
	Row, Rows int
}

// Bar is one job on the chart. It holds no pointer (its job's id and its
// segments are looked up through the Chart, Job and Segments), so that
// the garbage collector of the page skips the bars of a whole trace
// instead of tracing 200,000 of them at every cycle.
type Bar struct {
	Index      int // position in the schedule; picks the colour
	Start, End float64
	seg, nseg  int32 // its segments: Chart.segs[seg : seg+nseg]
}

// Chart is a laid-out schedule.
type Chart struct {
	Rows []Row
	// Clusters gives the first row of each cluster, in row order.
	Clusters []int
	Bars     []Bar
	// Begin and End are the schedule's span: from the first submit
	// (Origin) to the last end. A trace keeps its own times, so Begin
	// may be far from 0 (HPC2N's first job arrives at 342,072 s).
	Begin, End float64
	// jobs are the placements laid out (Job gives a bar's id); segs
	// the segments of every bar, end to end.
	jobs []sched.Placement
	segs []Segment
	// Win is the time window shown (zoom and pan); the zero Window
	// shows the whole schedule.
	Win Window

	// byStart lists Bars by start time (then index); maxDur is the
	// longest bar. Together they find the bars in a window without a
	// pass over all of them.
	byStart []int
	starts  []float64
	maxDur  float64
	lod     *lodCache
	// mark is the bar outlined (Mark) plus one; 0 marks none.
	mark int
	// rowBars lists, per row, the bars on it by start (then index). It
	// is built by the first Hit: a hover then searches one row's bars,
	// not every bar of a trace.
	rowBars [][]int32
}

// Mark outlines bar i (an index in Bars) on the next drawing, over the
// jobs and the heat map (the per-job table's hover); -1 marks none.
func (ch *Chart) Mark(i int) {
	if i < 0 || i >= len(ch.Bars) {
		ch.mark = 0
		return
	}
	ch.mark = i + 1
}

// Marked is the bar Mark outlines, or -1.
func (ch *Chart) Marked() int { return ch.mark - 1 }

// Window is a span of simulated time, T0 < T1.
type Window struct{ T0, T1 float64 }

// Window is the span shown: Win when set, else the whole schedule,
// [Begin, End] (at least a second).
func (ch *Chart) Window() (t0, t1 float64) {
	if ch.Zoomed() {
		return ch.Win.T0, ch.Win.T1
	}
	return ch.Begin, ch.Begin + ch.span()
}

// span is the length of the whole schedule, at least a second.
func (ch *Chart) span() float64 { return math.Max(ch.End-ch.Begin, 1) }

// Zoomed tells whether a window narrower than the whole schedule is set.
func (ch *Chart) Zoomed() bool { return ch.Win.T1 > ch.Win.T0 }

// Zoom scales the window by f around time at (f < 1 zooms in), keeping
// it within [Begin, End] and at least a second wide.
func (ch *Chart) Zoom(at, f float64) {
	t0, t1 := ch.Window()
	whole := ch.span()
	span := math.Min(whole, math.Max(1, (t1-t0)*f))
	if span >= whole {
		ch.Win = Window{}
		return
	}
	n0 := at - (at-t0)*span/(t1-t0)
	ch.setWin(n0, span)
}

// Pan moves the window by dt seconds.
func (ch *Chart) Pan(dt float64) {
	if !ch.Zoomed() {
		return
	}
	t0, t1 := ch.Window()
	ch.setWin(t0+dt, t1-t0)
}

func (ch *Chart) setWin(t0, span float64) {
	t0 = math.Max(ch.Begin, math.Min(t0, ch.Begin+ch.span()-span))
	ch.Win = Window{T0: t0, T1: t0 + span}
}

// Times is the formatter of the chart's times (TimesFor its span).
func (ch *Chart) Times() Times { return TimesFor(ch.End - ch.Begin) }

// Origin is where the time axis of a run of s begins: the first submit
// of its jobs (a trace's own time, not 0), or the first start when that
// is earlier or s lists no jobs (a generated workload: then 0, where
// generated arrivals begin).
func Origin(s *model.Scenario, r *sched.Result) float64 {
	o := math.Inf(1)
	if s != nil {
		for i := range s.Jobs {
			o = math.Min(o, s.Jobs[i].Submit)
		}
		if len(s.Jobs) == 0 {
			o = 0
		}
	}
	if r != nil {
		for i := range r.Schedule {
			o = math.Min(o, r.Schedule[i].Start)
		}
	}
	if math.IsInf(o, 1) || math.IsNaN(o) {
		return 0
	}
	return o
}

// inView returns the range [lo, hi) of byStart holding every bar that
// may overlap [t0, t1]: started by t1 and, given the longest bar, not
// ended before t0.
func (ch *Chart) inView(t0, t1 float64) (lo, hi int) {
	hi = sort.Search(len(ch.starts), func(i int) bool { return ch.starts[i] > t1 })
	lo = sort.Search(len(ch.starts), func(i int) bool { return ch.starts[i] >= t0-ch.maxDur })
	return min(lo, hi), hi
}

// index sorts the bars by start for inView.
func (ch *Chart) index() {
	ch.byStart = make([]int, len(ch.Bars))
	for i := range ch.byStart {
		ch.byStart[i] = i
	}
	// By start, ties by index (what a stable sort gives).
	slices.SortFunc(ch.byStart, func(a, b int) int {
		if c := cmp.Compare(ch.Bars[a].Start, ch.Bars[b].Start); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	ch.starts = make([]float64, len(ch.Bars))
	ch.maxDur = 0
	for k, i := range ch.byStart {
		ch.starts[k] = ch.Bars[i].Start
		ch.maxDur = math.Max(ch.maxDur, ch.Bars[i].End-ch.Bars[i].Start)
	}
}

// Layout places every job of r on node rows of s's clusters. A placement
// that names its nodes (Alloc) is drawn on them; otherwise it takes the
// first block of consecutive nodes free at its start time, or failing
// that the lowest-numbered free nodes (a space-sharing cluster does not
// care which nodes a job gets, and a block is easier to read). A placement that does not fit the
// rows (an engine bug or a stale chart) is still drawn, on the first rows,
// rather than dropped silently.
//
// It runs on the page's thread, so it is written for a whole trace: one
// sort of the bars by start (index), cluster lookups by map once per placement, and
// every bar's segments in one shared slice.
func Layout(s *model.Scenario, r *sched.Result) *Chart {
	ch := &Chart{}
	type band struct{ first, nodes int }
	bands := make(map[string]band, len(s.Platform.Clusters))
	for _, c := range s.Platform.Clusters {
		bands[c.ID] = band{len(ch.Rows), c.Nodes}
		ch.Clusters = append(ch.Clusters, len(ch.Rows))
		for n := 0; n < c.Nodes; n++ {
			ch.Rows = append(ch.Rows, Row{Cluster: c.ID, Node: n})
		}
	}
	if r == nil {
		ch.index()
		return ch
	}
	// busyUntil[row] is when the row's current job ends.
	busyUntil := make([]float64, len(ch.Rows))
	sc := r.Schedule
	ch.Bars = make([]Bar, len(sc))
	for i := range sc {
		ch.Bars[i] = Bar{Index: i, Start: sc[i].Start, End: sc[i].End}
		if sc[i].End > ch.End {
			ch.End = sc[i].End
		}
	}
	// The jobs are placed by start, ties in schedule order: the order
	// of byStart.
	ch.index()
	slab := make([]Segment, 0, len(sc)+len(sc)/4)
	var rows []int
	for _, i := range ch.byStart {
		p := &sc[i]
		rows = rows[:0]
		if len(p.Alloc) > 0 {
			for _, a := range p.Alloc {
				bd, ok := bands[a.Cluster]
				if !ok {
					continue
				}
				for _, n := range a.Nodes {
					if n >= 0 && n < bd.nodes {
						rows = append(rows, bd.first+n)
					}
				}
			}
		} else if bd, ok := bands[p.Cluster]; ok && p.Nodes > 0 {
			busy := busyUntil[bd.first : bd.first+bd.nodes]
			rows = contiguous(rows, busy, p.Nodes, p.Start)
			if len(rows) == 0 {
				rows = lowestFree(rows, busy, p.Nodes, p.Start)
			}
			for k := range rows {
				rows[k] += bd.first
			}
		} else {
			need := p.Nodes
			for _, id := range strings.Split(p.Cluster, "+") {
				bd, ok := bands[id]
				if !ok {
					continue
				}
				for n := 0; n < bd.nodes && need > 0; n++ {
					if busyUntil[bd.first+n] <= p.Start {
						rows = append(rows, bd.first+n)
						need--
					}
				}
			}
		}
		if len(rows) == 0 && len(ch.Rows) > 0 {
			for n := 0; n < p.Nodes && n < len(ch.Rows); n++ {
				rows = append(rows, n)
			}
		}
		if !slices.IsSorted(rows) {
			slices.Sort(rows)
		}
		for _, row := range rows {
			if p.End > busyUntil[row] {
				busyUntil[row] = p.End
			}
		}
		at := len(slab)
		slab = appendSegments(slab, rows)
		ch.Bars[i].seg, ch.Bars[i].nseg = int32(at), int32(len(slab)-at)
	}
	ch.segs, ch.jobs = slab, sc
	ch.Begin = math.Min(Origin(s, r), ch.End)
	return ch
}

// Job is the id of the job of bar i.
func (ch *Chart) Job(i int) string { return ch.jobs[ch.Bars[i].Index].Job }

// Segments are the runs of rows bar i holds.
func (ch *Chart) Segments(i int) []Segment {
	b := &ch.Bars[i]
	return ch.segs[b.seg : b.seg+b.nseg : b.seg+b.nseg]
}

// contiguous appends to out the first run of need consecutive rows free
// at t, or nothing; a job drawn as one block is easier to follow.
func contiguous(out []int, busy []float64, need int, t float64) []int {
	run := 0
	for i, b := range busy {
		if b > t {
			run = 0
			continue
		}
		run++
		if run == need {
			for k := 0; k < need; k++ {
				out = append(out, i-need+1+k)
			}
			return out
		}
	}
	return out
}

// lowestFree appends to out the lowest-numbered rows free at t, at most
// need.
func lowestFree(out []int, busy []float64, need int, t float64) []int {
	n := 0
	for i, b := range busy {
		if n == need {
			break
		}
		if b <= t {
			out = append(out, i)
			n++
		}
	}
	return out
}

// appendSegments joins sorted rows into runs of consecutive rows,
// appended to out.
func appendSegments(out []Segment, rows []int) []Segment {
	at := len(out)
	for _, r := range rows {
		if n := len(out); n > at && out[n-1].Row+out[n-1].Rows == r {
			out[n-1].Rows++
			continue
		}
		out = append(out, Segment{Row: r, Rows: 1})
	}
	return out
}

// Palette is the job fills: Paul Tol's "light" scheme, made to stay
// distinguishable for colour-blind readers and to carry dark labels
// (its pale grey is left out: it reads as empty). Jobs are labelled by
// id too, so colour is never the only cue.
var Palette = []string{"#77aadd", "#ee8866", "#eedd88", "#ffaabb", "#99ddff", "#44bb99", "#bbcc33", "#aaaa00"}

// Color is the fill of the i-th job (i >= 0): the palette in turn, so
// neighbours in the schedule never look alike.
func Color(i int) string { return Palette[i%len(Palette)] }

// TickStep is the round step (1, 2 or 5 times a power of ten) that cuts
// span (> 0) into at most about n parts.
func TickStep(span float64, n int) float64 {
	step := math.Pow(10, math.Floor(math.Log10(span/float64(n))))
	for _, m := range []float64{1, 2, 5, 10} {
		if span/(step*m) <= float64(n) {
			return step * m
		}
	}
	return step
}

// TicksIn returns about n round tick values between t0 and t1: the
// multiples of TickStep.
func TicksIn(t0, t1 float64, n int) []float64 {
	span := t1 - t0
	if span <= 0 || math.IsInf(span, 0) || math.IsNaN(span) || n < 1 {
		return []float64{t0}
	}
	return multiples(t0, t1, TickStep(span, n))
}

// multiples are the multiples of step from t0 to t1.
func multiples(t0, t1, step float64) []float64 {
	if math.Abs(t0/step) > 1<<52 || math.Abs(t1/step) > 1<<52 {
		// Values so large against their spread that k*step no longer
		// moves when k does: the two ends are the ticks.
		return []float64{t0, t1}
	}
	var out []float64
	for k := math.Ceil(t0 / step); k*step <= t1+step*1e-9; k++ {
		out = append(out, k*step)
	}
	return out
}

// LongSpan is the span from which a schedule's times are written in
// days, hours and minutes: a day. A trace spans years (HPC2N 3.5, from
// t = 342,072 s), where "t = 109256855 s" says little.
const LongSpan = 86400

// Times writes the times of one schedule; every time the page shows
// (the clock, the axes, the hover, the narration) goes through it. A
// schedule shorter than LongSpan is in seconds ("85.8 s"); a longer one
// in days, hours and minutes ("3 d 23 h 01 min", "5 d", "2 h 30 min"),
// a time under a minute still in seconds.
type Times struct{ Long bool }

// TimesFor is the formatter of a schedule spanning span seconds.
func TimesFor(span float64) Times { return Times{Long: span >= LongSpan} }

// Format writes t, a time or a duration in seconds, with its unit.
func (f Times) Format(t float64) string {
	if !f.Long || math.Abs(t) < 59.5 || math.IsNaN(t) || math.IsInf(t, 0) {
		return state.FormatNumber(t) + " s"
	}
	sign := ""
	if t < 0 {
		sign, t = "-", -t
	}
	m := int64(math.Round(t / 60))
	d, h, mi := m/1440, m%1440/60, m%60
	// Parts that are zero at the end are left out: "5 d", "5 d 12 h".
	switch {
	case d > 0 && h == 0 && mi == 0:
		return fmt.Sprintf("%s%d d", sign, d)
	case d > 0 && mi == 0:
		return fmt.Sprintf("%s%d d %02d h", sign, d, h)
	case d > 0:
		return fmt.Sprintf("%s%d d %02d h %02d min", sign, d, h, mi)
	case h > 0 && mi == 0:
		return fmt.Sprintf("%s%d h", sign, h)
	case h > 0:
		return fmt.Sprintf("%s%d h %02d min", sign, h, mi)
	}
	return fmt.Sprintf("%s%d min", sign, mi)
}

// Tick writes a tick of a time axis: the number alone when the axis is
// in seconds (its label says so), else Format's text.
func (f Times) Tick(v float64) string {
	if !f.Long {
		return state.FormatNumber(v)
	}
	return f.Format(v)
}

// Axis is the label of a time axis.
func (f Times) Axis() string {
	if f.Long {
		return "time (days, hours, minutes)"
	}
	return "time (s)"
}

// longSteps are the tick steps of a long schedule's axis: whole minutes,
// hours, days, weeks, months (30 days) and years (365 days).
var longSteps = []float64{60, 300, 600, 1800, 3600, 2 * 3600, 3 * 3600, 6 * 3600, 12 * 3600,
	86400, 2 * 86400, 7 * 86400, 14 * 86400, 30 * 86400, 60 * 86400, 91 * 86400, 182 * 86400,
	365 * 86400, 730 * 86400, 1825 * 86400, 3650 * 86400}

// Ticks returns at most about n tick values between t0 and t1: round
// numbers of seconds (TicksIn), or for a long schedule multiples of the
// first of longSteps that needs no more than n ticks.
func (f Times) Ticks(t0, t1 float64, n int) []float64 {
	span := t1 - t0
	if !f.Long || span <= 0 || math.IsInf(span, 0) || math.IsNaN(span) || n < 1 {
		return TicksIn(t0, t1, n)
	}
	step := longSteps[len(longSteps)-1]
	for _, s := range longSteps {
		if span/s <= float64(n) {
			step = s
			break
		}
	}
	return multiples(t0, t1, step)
}
