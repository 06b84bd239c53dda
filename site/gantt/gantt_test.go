package gantt

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

func scen(nodes ...int) *model.Scenario {
	s := &model.Scenario{}
	for i, n := range nodes {
		s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: fmt.Sprintf("c%d", i), Nodes: n})
	}
	return s
}

func TestLayoutGreedy(t *testing.T) {
	s := scen(4)
	r := &sched.Result{Schedule: []sched.Placement{
		{Job: "a", Cluster: "c0", Start: 0, End: 10, Nodes: 2},
		{Job: "b", Cluster: "c0", Start: 0, End: 5, Nodes: 1},
		{Job: "c", Cluster: "c0", Start: 5, End: 8, Nodes: 2}, // rows 2 (free at 5) and 3
	}}
	ch := Layout(s, r)
	if len(ch.Rows) != 4 || ch.End != 10 {
		t.Fatalf("rows %d end %v", len(ch.Rows), ch.End)
	}
	want := [][]Segment{{{0, 2}}, {{2, 1}}, {{2, 2}}}
	for i := range ch.Bars {
		if !reflect.DeepEqual(ch.Segments(i), want[i]) {
			t.Errorf("%s: %v, want %v", ch.Job(i), ch.Segments(i), want[i])
		}
	}
	assertNoOverlap(t, ch)
}

func TestLayoutAllocAndMultisite(t *testing.T) {
	s := scen(2, 3)
	r := &sched.Result{Schedule: []sched.Placement{
		{Job: "a", Cluster: "c1", Start: 0, End: 4, Nodes: 2, Alloc: []sched.Alloc{{Cluster: "c1", Nodes: []int{0, 2}}}},
		{Job: "m", Cluster: "c0+c1", Start: 4, End: 6, Nodes: 4},
		{Job: "bad", Cluster: "zz", Start: 6, End: 7, Nodes: 1},
		{Job: "oob", Cluster: "c1", Start: 7, End: 8, Nodes: 1, Alloc: []sched.Alloc{{Cluster: "c1", Nodes: []int{99, -1}}}},
	}}
	ch := Layout(s, r)
	if got := ch.Segments(0); !reflect.DeepEqual(got, []Segment{{2, 1}, {4, 1}}) {
		t.Errorf("alloc: %v", got)
	}
	if got := ch.Segments(1); !reflect.DeepEqual(got, []Segment{{0, 4}}) {
		t.Errorf("multisite: %v", got)
	}
	// Unknown clusters and nodes are still drawn, never dropped.
	if len(ch.Segments(2)) == 0 || len(ch.Segments(3)) == 0 {
		t.Errorf("bad placements dropped: %+v", ch.Bars[2:])
	}
	if len(ch.Clusters) != 2 || ch.Clusters[1] != 2 || ch.Rows[2].Cluster != "c1" {
		t.Errorf("bands %+v", ch.Clusters)
	}
}

// assertNoOverlap checks that no row holds two bars at once.
func assertNoOverlap(t *testing.T, ch *Chart) {
	t.Helper()
	for i, a := range ch.Bars {
		for j := i + 1; j < len(ch.Bars); j++ {
			b := ch.Bars[j]
			if a.Start >= b.End || b.Start >= a.End {
				continue
			}
			for _, sa := range ch.Segments(i) {
				for _, sb := range ch.Segments(j) {
					if sa.Row < sb.Row+sb.Rows && sb.Row < sa.Row+sa.Rows {
						t.Errorf("%s and %s share a row", ch.Job(i), ch.Job(j))
					}
				}
			}
		}
	}
}

func TestTicks(t *testing.T) {
	tests := []struct {
		max  float64
		n    int
		want []float64
	}{
		{197, 8, []float64{0, 50, 100, 150}},
		{10, 5, []float64{0, 2, 4, 6, 8, 10}},
		{0.9, 3, []float64{0, 0.5}},
		{0, 5, []float64{0}},
		{-1, 5, []float64{0}},
	}
	for _, tt := range tests {
		if got := TicksIn(0, tt.max, tt.n); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("TicksIn(0, %v, %d) = %v, want %v", tt.max, tt.n, got, tt.want)
		}
	}
}

// Jobs next to each other in the schedule get different colours from a
// colour-blind-safe palette, and every fill carries the dark job label
// with WCAG AA contrast (4.5:1).
func TestColors(t *testing.T) {
	for i := 0; i < 100; i++ {
		if Color(i) == Color(i+1) {
			t.Errorf("jobs %d and %d share colour %s", i, i+1, Color(i))
		}
	}
	lum := func(hex string) float64 {
		var rgb [3]float64
		for k := 0; k < 3; k++ {
			v, _ := strconv.ParseUint(hex[1+2*k:3+2*k], 16, 8)
			c := float64(v) / 255
			if c <= 0.03928 {
				rgb[k] = c / 12.92
			} else {
				rgb[k] = math.Pow((c+0.055)/1.055, 2.4)
			}
		}
		return 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
	}
	label := lum("#111111")
	for _, c := range Palette {
		if r := (lum(c) + 0.05) / (label + 0.05); r < 4.5 {
			t.Errorf("label contrast on %s is %.2f:1", c, r)
		}
	}
}

// rec records drawing calls.
type rec struct {
	rects []string
	texts []string
	lines int
}

func (r *rec) Clear(w, h float64)                                    {}
func (r *rec) Image(rgba []byte, cols, rows int, x, y, w, h float64) {}
func (r *rec) FillRect(x, y, w, h float64, color string) {
	r.rects = append(r.rects, color)
}
func (r *rec) Line(x1, y1, x2, y2 float64, color string) { r.lines++ }
func (r *rec) Text(s string, x, y float64, color, align string) {
	r.texts = append(r.texts, s)
}

func TestDraw(t *testing.T) {
	s := scen(4)
	r := &sched.Result{Schedule: []sched.Placement{
		{Job: "a", Cluster: "c0", Start: 0, End: 100, Nodes: 4},
		{Job: "b", Cluster: "c0", Start: 100, End: 200, Nodes: 2},
	}}
	ch := Layout(s, r)
	var full rec
	Draw(&full, ch, 800, Height(ch), ch.End)
	txt := strings.Join(full.texts, " ")
	for _, want := range []string{"a", "b", "c0/0", "c0/3", "0", "100", "200", "time (s)"} {
		if !strings.Contains(" "+txt+" ", " "+want+" ") {
			t.Errorf("label %q missing from %q", want, txt)
		}
	}
	if !contains(full.rects, Color(0)) || !contains(full.rects, Color(1)) {
		t.Errorf("job colours missing: %v", full.rects)
	}
	// Halfway through, job b has not started.
	var half rec
	Draw(&half, ch, 800, Height(ch), 50)
	if contains(half.rects, Color(1)) || !contains(half.rects, Color(0)) {
		t.Errorf("at t=50: %v", half.rects)
	}
	// No rows: a message, no panic.
	var none rec
	Draw(&none, Layout(scen(), nil), 800, 100, 0)
	if len(none.texts) != 1 {
		t.Errorf("empty chart: %v", none.texts)
	}
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func TestLayoutPrefersBlock(t *testing.T) {
	// At t=1 rows 0, 2 and 3 are free and row 1 is busy: a 2-node job
	// takes the block 2-3 rather than the split 0+2; a 3-node job has no
	// block and takes the lowest free rows.
	s := scen(4)
	r := &sched.Result{Schedule: []sched.Placement{
		{Job: "a", Cluster: "c0", Start: 0, End: 1, Nodes: 1},
		{Job: "b", Cluster: "c0", Start: 0, End: 10, Nodes: 1},
		{Job: "c", Cluster: "c0", Start: 1, End: 5, Nodes: 2},
		{Job: "d", Cluster: "c0", Start: 5, End: 6, Nodes: 3},
	}}
	ch := Layout(s, r)
	if got := ch.Segments(2); !reflect.DeepEqual(got, []Segment{{2, 2}}) {
		t.Errorf("c: %v", got)
	}
	if got := ch.Segments(3); !reflect.DeepEqual(got, []Segment{{0, 1}, {2, 2}}) {
		t.Errorf("d: %v", got)
	}
	assertNoOverlap(t, ch)
}

// A job on scattered nodes is labelled once, not on every piece.
func TestScatteredJobLabelledOnce(t *testing.T) {
	s := scen(6)
	r := &sched.Result{Schedule: []sched.Placement{
		{Job: "spread", Cluster: "c0", Start: 0, End: 100, Nodes: 3, Alloc: []sched.Alloc{{Cluster: "c0", Nodes: []int{0, 2, 4}}}},
	}}
	ch := Layout(s, r)
	if len(ch.Segments(0)) != 3 {
		t.Fatalf("segments %v", ch.Segments(0))
	}
	var d rec
	Draw(&d, ch, 800, Height(ch), ch.End)
	n := 0
	for _, tx := range d.texts {
		if tx == "spread" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the job is labelled %d times", n)
	}
}

// Hit finds, by its per-row index, the job the old scan over every bar
// found: the latest started on the row under the pointer that covers its
// time (within a pixel).
func TestHitMatchesScan(t *testing.T) {
	s := scen(8)
	r := &sched.Result{}
	rng := rng.NewPCG(1, 2)
	for i := 0; i < 300; i++ {
		st := rng.Float64() * 1000
		var nodes []int
		for n := 0; n < 8; n++ {
			if rng.IntN(3) == 0 {
				nodes = append(nodes, n)
			}
		}
		if len(nodes) == 0 {
			nodes = []int{rng.IntN(8)}
		}
		r.Schedule = append(r.Schedule, sched.Placement{Job: fmt.Sprint(i), Cluster: "c0", Start: st, End: st + 1 + rng.Float64()*rng.Float64()*200,
			Nodes: len(nodes), Alloc: []sched.Alloc{{Cluster: "c0", Nodes: nodes}}})
	}
	ch := Layout(s, r)
	const w = 900.0
	h := Height(ch)
	scan := func(px, py float64) int {
		rowH := RowHeight(ch, h)
		tm := TimeAt(ch, w, px)
		row := int(math.Floor((py - TopPad) / rowH))
		slack := TimeAt(ch, w, px+1) - tm
		_, n := ch.inView(0, tm+slack)
		for i := n - 1; i >= 0; i-- {
			b := ch.Bars[ch.byStart[i]]
			if tm < b.Start-slack || tm > b.End+slack {
				continue
			}
			for _, sg := range ch.Segments(ch.byStart[i]) {
				if row >= sg.Row && row < sg.Row+sg.Rows {
					return ch.byStart[i]
				}
			}
		}
		return -1
	}
	found := 0
	for k := 0; k < 4000; k++ {
		px := LabelWidth + rng.Float64()*(w-LabelWidth-RightPad)
		py := TopPad + rng.Float64()*(h-TopPad-AxisHeight)
		want := scan(px, py)
		if got := Hit(ch, w, h, ch.End, px, py); got != want {
			t.Fatalf("Hit(%.1f, %.1f) = %d, the scan finds %d", px, py, got, want)
		}
		if want >= 0 {
			found++
		}
	}
	if found < 1000 {
		t.Errorf("only %d of 4000 points hit a job", found)
	}
}

// A schedule's times: seconds on a short one, days, hours and minutes on
// a long one (a trace), one formatter for the clock, the axis, the hover
// and the narration.
func TestTimesFormat(t *testing.T) {
	short, long := TimesFor(85.8), TimesFor(109256855-342072)
	if short.Long || !long.Long || TimesFor(LongSpan-1).Long || !TimesFor(LongSpan).Long {
		t.Fatalf("long: %v %v", short, long)
	}
	for _, c := range []struct {
		f    Times
		v    float64
		want string
	}{
		{short, 85.8, "85.8 s"}, {short, 0, "0 s"}, {short, -0.0001, "0 s"}, {short, 12.3456, "12.346 s"},
		{long, 342072, "3 d 23 h 01 min"}, {long, 109256855, "1264 d 13 h 08 min"},
		{long, 5 * 86400, "5 d"}, {long, 5*86400 + 12*3600, "5 d 12 h"}, {long, 9000, "2 h 30 min"},
		{long, 3600, "1 h"}, {long, 300, "5 min"}, {long, 42, "42 s"}, {long, -9000, "-2 h 30 min"},
	} {
		if got := c.f.Format(c.v); got != c.want {
			t.Errorf("%+v.Format(%v) = %q, want %q", c.f, c.v, got, c.want)
		}
	}
	if short.Tick(120) != "120" || short.Axis() != "time (s)" || long.Tick(2*86400) != "2 d" || long.Axis() == "time (s)" {
		t.Errorf("ticks %q %q, axes %q %q", short.Tick(120), long.Tick(2*86400), short.Axis(), long.Axis())
	}
	// A long axis ticks at whole days (or weeks, months...), at most
	// about n of them.
	ticks := long.Ticks(342072, 342072+30*86400, 8)
	if len(ticks) == 0 || len(ticks) > 9 {
		t.Fatalf("ticks %v", ticks)
	}
	for _, v := range ticks {
		if math.Mod(v, 86400) != 0 || v < 342072 || v > 342072+30*86400 {
			t.Errorf("tick %v is not a whole day in the window", v)
		}
	}
}

// The chart of a trace begins at its first submit (HPC2N's at
// 342,072 s), not at 0, and zooming and panning stay within it.
func TestChartBeginsAtFirstSubmit(t *testing.T) {
	s := &model.Scenario{Platform: model.Platform{Clusters: []model.Cluster{{ID: "c", Nodes: 4}}},
		Jobs: []model.Job{{ID: "1", Submit: 342072, Size: 2}, {ID: "2", Submit: 342100, Size: 2}}}
	r := &sched.Result{Schedule: []sched.Placement{{Job: "1", Cluster: "c", Start: 342072, End: 442072, Nodes: 2},
		{Job: "2", Cluster: "c", Start: 342100, End: 600000, Nodes: 2}}}
	ch := Layout(s, r)
	if t0, t1 := ch.Window(); ch.Begin != 342072 || t0 != 342072 || t1 != 600000 {
		t.Fatalf("begin %v, window %v..%v", ch.Begin, t0, t1)
	}
	if !ch.Times().Long {
		t.Error("a span of three days is written in seconds")
	}
	if x := XOf(ch, 1000, 342072); x != LabelWidth {
		t.Errorf("the first submit is at x = %v, want the axis' start %v", x, LabelWidth)
	}
	ch.Zoom(342072, 0.5)
	ch.Pan(-1e6)
	if t0, t1 := ch.Window(); t0 != 342072 || t1 <= t0 || t1 > 600000 {
		t.Errorf("zoomed and panned to %v..%v", t0, t1)
	}
	if Origin(&model.Scenario{}, nil) != 0 || Origin(nil, nil) != 0 {
		t.Error("the origin of nothing")
	}
}
