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
	Clusters []ClusterBand
	Bars     []Bar
	End      float64
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

// Window is the span shown: Win when set, else [0, End].
func (ch *Chart) Window() (t0, t1 float64) {
	end := ch.End
	if end <= 0 {
		end = 1
	}
	if ch.Win.T1 > ch.Win.T0 {
		return ch.Win.T0, ch.Win.T1
	}
	return 0, end
}

// Zoomed tells whether a window narrower than the whole schedule is set.
func (ch *Chart) Zoomed() bool { return ch.Win.T1 > ch.Win.T0 }

// Zoom scales the window by f around time at (f < 1 zooms in), keeping
// it within [0, End] and at least a second wide.
func (ch *Chart) Zoom(at, f float64) {
	t0, t1 := ch.Window()
	end := math.Max(ch.End, 1)
	span := math.Min(end, math.Max(1, (t1-t0)*f))
	if span >= end {
		ch.Win = Window{}
		return
	}
	n0 := at - (at-t0)*span/(t1-t0)
	ch.setWin(n0, span, end)
}

// Pan moves the window by dt seconds.
func (ch *Chart) Pan(dt float64) {
	if !ch.Zoomed() {
		return
	}
	t0, t1 := ch.Window()
	ch.setWin(t0+dt, t1-t0, math.Max(ch.End, 1))
}

func (ch *Chart) setWin(t0, span, end float64) {
	t0 = math.Max(0, math.Min(t0, end-span))
	ch.Win = Window{T0: t0, T1: t0 + span}
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

// ClusterBand is the block of rows of one cluster.
type ClusterBand struct {
	ID        string
	Row, Rows int
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
// sort of int32 indices, cluster lookups by map once per placement, and
// every bar's segments in one shared slice.
func Layout(s *model.Scenario, r *sched.Result) *Chart {
	ch := &Chart{}
	type band struct{ first, nodes int }
	bands := make(map[string]band, len(s.Platform.Clusters))
	for _, c := range s.Platform.Clusters {
		bands[c.ID] = band{len(ch.Rows), c.Nodes}
		ch.Clusters = append(ch.Clusters, ClusterBand{ID: c.ID, Row: len(ch.Rows), Rows: c.Nodes})
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
	order := make([]int32, len(sc))
	for i := range order {
		order[i] = int32(i)
	}
	// By start, ties in schedule order (as a stable sort would).
	slices.SortFunc(order, func(a, b int32) int {
		if c := cmp.Compare(sc[a].Start, sc[b].Start); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	bars := make([]Bar, len(sc))
	slab := make([]Segment, 0, len(sc)+len(sc)/4)
	var rows []int
	for _, i := range order {
		p := &sc[i]
		b := Bar{Index: int(i), Start: p.Start, End: p.End}
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
		b.seg, b.nseg = int32(at), int32(len(slab)-at)
		bars[i] = b
		if p.End > ch.End {
			ch.End = p.End
		}
	}
	ch.Bars, ch.segs, ch.jobs = bars, slab, sc
	ch.index()
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

// Color is the fill of the i-th job: the palette in turn, so neighbours
// in the schedule never look alike.
func Color(i int) string {
	if i < 0 {
		i = -i
	}
	return Palette[i%len(Palette)]
}

// Ticks returns about n round tick values from 0 to max (steps of 1, 2 or
// 5 times a power of ten).
func Ticks(max float64, n int) []float64 {
	if max <= 0 || n < 1 || math.IsInf(max, 0) || math.IsNaN(max) {
		return []float64{0}
	}
	raw := max / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for i := 0; ; i++ {
		v := float64(i) * step
		if v > max*(1+1e-9) {
			break
		}
		out = append(out, v)
	}
	return out
}

// TicksIn returns about n round tick values between t0 and t1.
func TicksIn(t0, t1 float64, n int) []float64 {
	if t0 == 0 {
		return Ticks(t1, n)
	}
	span := t1 - t0
	if span <= 0 || math.IsInf(span, 0) || math.IsNaN(span) || n < 1 {
		return []float64{t0}
	}
	steps := Ticks(span, n)
	step := span
	if len(steps) > 1 {
		step = steps[1]
	}
	var out []float64
	for v := math.Ceil(t0/step) * step; v <= t1*(1+1e-12); v += step {
		out = append(out, v)
	}
	return out
}

// FormatTick prints a tick value without trailing zeros.
func FormatTick(v float64) string {
	s := fmt.Sprintf("%.3f", v)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}
