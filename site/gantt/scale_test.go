package gantt

import (
	"context"
	"runtime"
	"sync"
	"testing"

	_ "gridplay/engine/all"
	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/swf"
)

// counter is a Canvas that only counts calls (the cost of a drawing in
// the browser is about its number of canvas calls), and the pixels its
// images paint.
type counter struct{ rects, lines, texts, images, painted int }

func (c *counter) Image(rgba []byte, cols, rows int, x, y, w, h float64) {
	c.images++
	for i := 3; i < len(rgba); i += 4 {
		if rgba[i] != 0 {
			c.painted++
		}
	}
}

func (c *counter) Clear(w, h float64)                               {}
func (c *counter) FillRect(x, y, w, h float64, color string)        { c.rects++ }
func (c *counter) Line(x1, y1, x2, y2 float64, color string)        { c.lines++ }
func (c *counter) Text(s string, x, y float64, color, align string) { c.texts++ }

var (
	hpcOnce sync.Once
	hpcS    *model.Scenario
	hpcR    *sched.Result
	hpcErr  error
)

// hpc2n is the whole HPC2N trace scheduled with EASY (static/traces).
func hpc2n(tb testing.TB) (*model.Scenario, *sched.Result) {
	tb.Helper()
	hpcOnce.Do(func() {
		path, err := swf.Find("HPC2N-2002-2.2-cln")
		if err != nil {
			hpcErr = err
			return
		}
		tr, err := swf.ReadFile(path)
		if err != nil {
			hpcErr = err
			return
		}
		hpcS = tr.Scenario("easy")
		hpcR, hpcErr = runner.Run(context.Background(), hpcS, nil)
	})
	if hpcErr != nil {
		tb.Fatal(hpcErr)
	}
	return hpcS, hpcR
}

// The whole trace drawn zoomed out costs a bounded number of canvas
// calls (level of detail), not one per job; zoomed in, the jobs in the
// window are drawn one by one and hover finds them.
func TestWholeTraceDrawing(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("natively only: a whole trace: 8 s under node; the page draws and hovers one in the browser suite (TestWholeTraceInPage)")
	}
	if testing.Short() {
		t.Skip("schedules the whole HPC2N trace")
	}
	s, r := hpc2n(t)
	ch := Layout(s, r)
	if len(ch.Bars) < 200000 {
		t.Fatalf("%d bars", len(ch.Bars))
	}
	const w = 1200.0
	h := Height(ch)
	var all counter
	Draw(&all, ch, w, h, ch.End)
	rows := len(ch.Rows)
	// Zoomed out, the jobs are one image, which shows busy nodes; what
	// else is drawn (row bands, axis) does not grow with the jobs.
	if all.images != 1 || all.painted == 0 || all.rects > rows+10 {
		t.Errorf("zoomed out: %d images (%d pixels painted), %d rects for %d bars on %d rows", all.images, all.painted, all.rects, len(ch.Bars), rows)
	}
	// A window of one hour somewhere in the middle: bars are drawn.
	midK := len(ch.Bars) / 2
	mid := ch.Bars[midK]
	ch.Win = Window{T0: mid.Start - 1800, T1: mid.Start + 1800}
	var zoom counter
	Draw(&zoom, ch, w, h, ch.End)
	if zoom.rects == 0 || zoom.texts == 0 {
		t.Errorf("zoomed in: %+v", zoom)
	}
	// Hover over the middle bar's first row, at its start.
	seg := ch.Segments(midK)[0]
	x, y := XOf(ch, w, (mid.Start+min(mid.End, ch.Win.T1))/2), TopPad+(float64(seg.Row)+0.5)*RowHeight(ch, h)
	if i := Hit(ch, w, h, ch.End, x, y); i < 0 || ch.Bars[i].Start > (mid.Start+mid.End)/2 || ch.Bars[i].End < (mid.Start+min(mid.End, ch.Win.T1))/2 {
		t.Errorf("hover at the middle job found %d", i)
	}
	t.Logf("HPC2N, %d jobs, %d rows: whole view 1 image + %d rects; one-hour window %d rects", len(ch.Bars), rows, all.rects, zoom.rects)
}

func BenchmarkWholeTraceLayout(b *testing.B) {
	s, r := hpc2n(b)
	b.ResetTimer()
	for b.Loop() {
		Layout(s, r)
	}
}

func BenchmarkWholeTraceDraw(b *testing.B) {
	s, r := hpc2n(b)
	ch := Layout(s, r)
	h := Height(ch)
	b.ResetTimer()
	for b.Loop() {
		ch.lod = nil // the heat map is cached per view: measure computing it
		var c counter
		Draw(&c, ch, 1200, h, ch.End)
	}
}
