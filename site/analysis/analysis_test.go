package analysis

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	_ "gridplay/engine/all"
	"gridplay/engine/api"
	"gridplay/engine/model"
	"gridplay/engine/outputs"
	"gridplay/engine/rng"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/shake"
	"gridplay/engine/shake/report"
	"gridplay/site/experiments"
	"gridplay/site/gantt"
	"gridplay/site/jsbridge"
)

// scenario is a random one-cluster workload; some jobs are too big (the
// policy drops them), some have deadlines or run past their requested
// time.
func scenario(r *rng.Rand, policy string, n int) *model.Scenario {
	nodes := 4 + r.IntN(12)
	s := &model.Scenario{Version: model.Version, Name: "random", Seed: 3, Policy: model.Policy{Name: policy},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: nodes}}}}
	t := 0.0
	for i := 0; i < n; i++ {
		t += float64(r.IntN(40))
		j := model.Job{ID: fmt.Sprintf("%d", i+1), Submit: t, Size: 1 + r.IntN(nodes+2), Runtime: float64(1 + r.IntN(300))}
		if r.IntN(4) == 0 {
			j.Requested = float64(1 + r.IntN(200))
		}
		if r.IntN(5) == 0 {
			j.Deadline = j.Submit + float64(r.IntN(500))
		}
		s.Jobs = append(s.Jobs, j)
	}
	return s
}

// systemOf is the policy's system, as GET /api/policies tells the page.
func systemOf(policy string) string {
	p, _ := sched.Lookup(policy)
	return p.Info().System
}

func run(t testing.TB, s *model.Scenario) *sched.Result {
	t.Helper()
	res, err := runner.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// The table holds outputs.Jobs' rows, each with the schedule index of its
// placement (the Gantt bar the hover outlines).
func TestTableRowsAndBars(t *testing.T) {
	r := rng.NewPCG(1, 1)
	killed := 0
	for trial := 0; trial < 20; trial++ {
		s := scenario(r, []string{"fcfs", "easy", "conservative"}[trial%3], 60)
		res := run(t, s)
		tab := NewTable(s, res, systemOf(res.Policy))
		if !reflect.DeepEqual(tab.Rows, outputs.Jobs(s, res)) {
			t.Fatal("rows differ from outputs.Jobs")
		}
		dropped := 0
		for i, row := range tab.Rows {
			b := tab.Bar[i]
			if row.State == outputs.Dropped {
				dropped++
				if b != -1 {
					t.Fatalf("dropped job %s has bar %d", row.ID, b)
				}
				continue
			}
			if b < 0 || res.Schedule[b].Job != row.ID || res.Schedule[b].Start != row.Start {
				t.Fatalf("row %d (%s): bar %d", i, row.ID, b)
			}
		}
		if dropped != len(res.Dropped) {
			t.Fatalf("%d dropped rows, %d drops", dropped, len(res.Dropped))
		}
		killed += tab.Counts()[outputs.Killed]
	}
	if killed == 0 {
		t.Error("no job was killed at its requested time: the system's model was not applied")
	}
}

// Sorting by any column, either way, orders the rows by that column,
// puts the rows without a value last, breaks ties by the engine's order,
// and does not depend on the order before.
func TestSort(t *testing.T) {
	r := rng.NewPCG(2, 2)
	s := scenario(r, "easy", 200)
	s.Jobs = append(s.Jobs, model.Job{ID: "x-text", Submit: 5, Size: 1, Runtime: 3}, model.Job{ID: "a-text", Submit: 9, Size: 1, Runtime: 3})
	res := run(t, s)
	tab := NewTable(s, res, systemOf(res.Policy))
	if tab.Counts()[outputs.Dropped] == 0 {
		t.Fatal("the scenario should drop some jobs")
	}
	for _, col := range Columns {
		for _, desc := range []bool{false, true} {
			tab.Sort("", false)
			tab.Sort(col.Key, desc)
			first := append([]int32(nil), tab.order...)
			tab.Sort("bsld", true)
			tab.Sort(col.Key, desc)
			if !reflect.DeepEqual(first, tab.order) {
				t.Fatalf("%s desc=%v: the order depends on the previous sort", col.Key, desc)
			}
			seen := make([]bool, tab.Len())
			for i := 0; i < tab.Len(); i++ {
				seen[tab.At(i)] = true
			}
			for i, ok := range seen {
				if !ok {
					t.Fatalf("%s: row %d missing: not a permutation", col.Key, i)
				}
			}
			for i := 1; i < tab.Len(); i++ {
				a, b := tab.At(i-1), tab.At(i)
				c := compareRows(&tab.Rows[a], &tab.Rows[b], col.Key)
				if c == 2 {
					continue
				}
				if c == -2 {
					t.Fatalf("%s: a row without a value (%d) before one with (%d)", col.Key, a, b)
				}
				if desc {
					c = -c
				}
				if c > 0 || (c == 0 && a > b) {
					t.Fatalf("%s desc=%v: rows %d (%s) and %d (%s) out of order", col.Key, desc, a, Cell(&tab.Rows[a], col.Key), b, Cell(&tab.Rows[b], col.Key))
				}
			}
		}
	}
	// Job ids: numbers by value, before text.
	tab.Sort("job", false)
	if got := tab.Rows[tab.At(0)].ID + "," + tab.Rows[tab.At(1)].ID + "," + tab.Rows[tab.At(9)].ID; got != "1,2,10" {
		t.Errorf("job order starts %s", got)
	}
	if got := tab.Rows[tab.At(tab.Len()-2)].ID + "," + tab.Rows[tab.At(tab.Len()-1)].ID; got != "a-text,x-text" {
		t.Errorf("job order ends %s", got)
	}
}

// compareRows is a reference comparison by column: -1, 0, 1, or 2 when
// neither has a value, -2 when only b has one (a must not come first).
func compareRows(a, b *outputs.Job, col string) int {
	switch col {
	case "job":
		var x, y int
		_, ex := fmt.Sscanf(a.ID, "%d", &x)
		_, ey := fmt.Sscanf(b.ID, "%d", &y)
		switch {
		case ex == nil && ey == nil:
			return cmp.Compare(x, y)
		case ex == nil:
			return -1
		case ey == nil:
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	case "cluster":
		da, db := a.State == outputs.Dropped, b.State == outputs.Dropped
		switch {
		case da && db:
			return 2
		case da:
			return -2
		case db:
			return 2
		}
		return strings.Compare(a.Cluster, b.Cluster)
	case "state":
		return strings.Compare(a.State+"\x00"+a.Reason, b.State+"\x00"+b.Reason)
	}
	x, y := numKey(a, col), numKey(b, col)
	switch {
	case math.IsNaN(x) && math.IsNaN(y):
		return 2
	case math.IsNaN(x):
		return -2
	case math.IsNaN(y):
		return 2
	}
	return cmp.Compare(x, y)
}

// The window holds the rows in view plus the overscan, and a row's texts
// follow the sort order, a dropped job with its reason and no bar.
func TestWindowAndRow(t *testing.T) {
	s := &model.Scenario{Version: model.Version, Policy: model.Policy{Name: "fcfs"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c<b>", Nodes: 2}}}}
	for i := 0; i < 1000; i++ {
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf(`j"%d<img>`, i), Submit: float64(i), Size: 1, Runtime: 2})
	}
	s.Jobs = append(s.Jobs, model.Job{ID: "big", Size: 5, Runtime: 1})
	res := run(t, s)
	tab := NewTable(s, res, systemOf(res.Policy))
	lo, hi := tab.Window(24*500, 240, 24, 5)
	if lo != 495 || hi != 516 {
		t.Errorf("window at row 500 of 10 rows in view: [%d, %d)", lo, hi)
	}
	if lo, hi := tab.Window(-5, 240, 24, 5); lo != 0 || hi != 16 {
		t.Errorf("window at the top: [%d, %d)", lo, hi)
	}
	if lo, hi := tab.Window(1e9, 240, 24, 5); hi != tab.Len() || lo >= hi {
		t.Errorf("window past the end: [%d, %d) of %d", lo, hi, tab.Len())
	}
	cells := make([]string, len(Columns))
	bar, class := tab.Row(500, cells)
	if cells[0] != `j"500<img>` || cells[1] != "c<b>" || cells[len(cells)-1] != "completed" || bar < 0 || class != "ot-completed" {
		t.Errorf("row 500: %q, bar %d, class %q", cells, bar, class)
	}
	tab.Sort("state", true)
	bar, class = tab.Row(0, cells)
	if bar != -1 || class != "ot-dropped" || !strings.HasPrefix(cells[len(cells)-1], "dropped: ") || cells[0] != "big" {
		t.Errorf("the dropped job first in state order descending: %q, bar %d, class %q", cells, bar, class)
	}
}

// The column aggregates keep the series' area: their covered average is
// the series' time average (the utilisation), whatever the number of
// columns; each column's maximum is at least its average.
func TestAggregateKeepsTheAverage(t *testing.T) {
	r := rng.NewPCG(3, 3)
	for trial := 0; trial < 10; trial++ {
		s := scenario(r, "easy", 300)
		res := run(t, s)
		ser := NewSeries(outputs.Jobs(s, res), s.Platform.TotalNodes())
		pts := ser.Pts
		want := outputs.TimeAverage(pts)
		if u := res.Metrics["utilisation"]; math.Abs(want/float64(s.Platform.TotalNodes())-u) > 1e-9 {
			t.Fatalf("series average %v, utilisation %v", want/float64(s.Platform.TotalNodes()), u)
		}
		for _, cols := range []int{1, 7, 300, 5000} {
			c := ser.Aggregate(pts[0].T, pts[len(pts)-1].T, cols)
			area, cover := 0.0, 0.0
			for i := range c.Cover {
				area += c.BusyAvg[i] * c.Cover[i]
				cover += c.Cover[i]
				if c.BusyMax[i] < c.BusyAvg[i]-1e-9 || c.QueueMax[i] < c.QueueAvg[i]-1e-9 {
					t.Fatalf("column %d: max below the average", i)
				}
			}
			if math.Abs(area/cover-want) > 1e-9*math.Max(1, want) || math.Abs(cover-float64(cols)) > 1e-6*float64(cols) {
				t.Fatalf("%d columns: average %v (cover %v), series %v", cols, area/cover, cover, want)
			}
		}
		if p := ser.At(pts[3].T); p != pts[3] {
			t.Fatalf("At(%v) = %+v, want %+v", pts[3].T, p, pts[3])
		}
		if p := ser.At(-1); p.BusyNodes != 0 || p.QueuedJobs != 0 {
			t.Fatalf("before the first point: %+v", p)
		}
	}
}

// rec records drawing calls.
type rec struct {
	rects [][4]float64
	texts []string
	lines int
}

func (r *rec) Clear(w, h float64) {}
func (r *rec) FillRect(x, y, w, h float64, color string) {
	if color == "#3b7dd8" || color == "#a5c8f0" {
		r.rects = append(r.rects, [4]float64{x, y, w, h})
	}
}

// Image records a one-pixel-wide rectangle per column of the image
// with a painted pixel.
func (r *rec) Image(rgba []byte, cols, rows int, x, y, w, h float64) {
	for col := 0; col < cols; col++ {
		for row := 0; row < rows; row++ {
			if rgba[4*(row*cols+col)+3] != 0 {
				r.rects = append(r.rects, [4]float64{x + float64(col)*w/float64(cols), y, w / float64(cols), h})
				break
			}
		}
	}
}

func (r *rec) Line(x1, y1, x2, y2 float64, color string)        { r.lines++ }
func (r *rec) Text(s string, x, y float64, color, align string) { r.texts = append(r.texts, s) }

// The series is drawn up to the playback clock, on the chart's time
// axis, with the values at the clock in words.
func TestSeriesDrawFollowsClock(t *testing.T) {
	s := &model.Scenario{Version: model.Version, Policy: model.Policy{Name: "fcfs"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: 4}}}}
	s.Jobs = []model.Job{{ID: "a", Submit: 0, Size: 4, Runtime: 100}, {ID: "b", Submit: 0, Size: 2, Runtime: 100}}
	res := run(t, s)
	ch := gantt.Layout(s, res)
	ser := NewSeries(outputs.Jobs(s, res), 4)
	var whole, half rec
	ser.Draw(&whole, ch, 800, SeriesHeight, ch.End)
	ser.Draw(&half, ch, 800, SeriesHeight, 100)
	maxX := func(r rec) float64 {
		m := 0.0
		for _, q := range r.rects {
			m = math.Max(m, q[0]+q[2])
		}
		return m
	}
	if got, want := maxX(whole), gantt.XOf(ch, 800, ch.End); math.Abs(got-want) > 1.5 {
		t.Errorf("whole series ends at x %v, the chart's end at %v", got, want)
	}
	if got, want := maxX(half), gantt.XOf(ch, 800, 100); math.Abs(got-want) > 1.5 {
		t.Errorf("at t = 100 the series ends at x %v, want %v", got, want)
	}
	txt := strings.Join(half.texts, "|")
	if !strings.Contains(txt, "t = 100 s: 2 of 4 nodes busy, 0 jobs (0 nodes) queued") {
		t.Errorf("clock text: %q", txt)
	}
	var early rec
	ser.Draw(&early, ch, 800, SeriesHeight, 50)
	if txt := strings.Join(early.texts, "|"); !strings.Contains(txt, "4 of 4 nodes busy, 1 job (2 nodes) queued") {
		t.Errorf("clock text at 50: %q", txt)
	}
}

func wellFormed(t *testing.T, s string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v\n%.300s", err, s)
		}
	}
}

func compared(t *testing.T, s *model.Scenario, policies ...string) []*sched.Result {
	var rs []*sched.Result
	for _, p := range policies {
		c := model.Clone(s)
		c.Policy = model.Policy{Name: p}
		rs = append(rs, run(t, c))
	}
	return rs
}

// The CDF figures have one series per policy with the engine's points;
// the statistics are the distributions' numbers.
func TestCDFAndStats(t *testing.T) {
	r := rng.NewPCG(4, 4)
	s := scenario(r, "fcfs", 300)
	rs := compared(t, s, "fcfs", "easy", "conservative")
	for _, m := range CDFMetrics {
		f := CDFFigure(rs, m.Metric, m.Title, m.XLabel, m.LogX)
		if f == nil || len(f.Series) != 3 {
			t.Fatalf("%s: %v", m.Metric, f)
		}
		for i, ser := range f.Series {
			d := distOf(rs[i], m.Metric)
			if ser.Name != rs[i].Policy || len(ser.Values) != len(d.CDF) {
				t.Fatalf("%s %s: %d values, %d CDF points", m.Metric, ser.Name, len(ser.Values), len(d.CDF))
			}
		}
		svg := experiments.SVG(*f)
		wellFormed(t, svg)
		if strings.Count(svg, "<polyline") != 3 {
			t.Errorf("%s: %d lines", m.Metric, strings.Count(svg, "<polyline"))
		}
	}
	rows := Stats(rs)
	if len(rows) != 4*len(outputs.DistMetrics) {
		t.Fatalf("%d stat rows", len(rows))
	}
	for _, row := range rows {
		for i, r := range rs {
			d := distOf(r, row.Metric)
			want := map[string]float64{"mean": d.Mean, "median": d.Median, "p95": d.P95, "max": d.Max}[row.Stat]
			if row.Cells[i] != experiments.FormatValue(want) {
				t.Errorf("%s %s %s: %v, want %v", r.Policy, row.Metric, row.Stat, row.Cells[i], want)
			}
		}
	}
	if csv := string(StatsCSV(rs)); strings.Count(csv, "\n") != 1+3*len(outputs.DistMetrics) {
		t.Errorf("stats CSV:\n%s", csv)
	}
	if csv := string(CDFCSV(rs)); !strings.HasPrefix(csv, "policy,metric,x,F\n") || !strings.Contains(csv, "\nconservative,bsld,") {
		t.Errorf("CDF CSV:\n%.200s", csv)
	}
	if CDFFigure(nil, "wait", "", "", false) != nil {
		t.Error("a figure without results")
	}
}

// The difference of two schedules agrees with a job-by-job reading of
// them.
func TestCompareSchedules(t *testing.T) {
	r := rng.NewPCG(5, 5)
	s := scenario(r, "fcfs", 150)
	rs := compared(t, s, "fcfs", "easy")
	d := Compare(rs[0], rs[1])
	startB := map[string]float64{}
	for _, p := range rs[1].Schedule {
		startB[p.Job] = p.Start
	}
	earlier, later := 0, 0
	for _, p := range rs[0].Schedule {
		if b, ok := startB[p.Job]; ok {
			if b < p.Start {
				earlier++
			}
			if b > p.Start {
				later++
			}
		}
	}
	if d.Earlier != earlier || d.Later != later || d.Earlier+d.Later+d.Same != len(d.Moves) {
		t.Errorf("earlier %d later %d same %d; want %d, %d", d.Earlier, d.Later, d.Same, earlier, later)
	}
	if d.Earlier == 0 {
		t.Error("EASY should start some jobs earlier than FCFS")
	}
	for i := 1; i < len(d.Moves); i++ {
		if math.Abs(d.Moves[i].Delta) > math.Abs(d.Moves[i-1].Delta) {
			t.Fatal("moves not sorted by size")
		}
	}
	for _, m := range d.Moves {
		if m.Delta != startB[m.Job]-m.StartA {
			t.Fatalf("%s: delta %v", m.Job, m.Delta)
		}
	}
	top := d.Top(MovesForTest)
	if len(top) > MovesForTest || (len(top) > 0 && top[len(top)-1].Delta == 0) {
		t.Errorf("top %d: %v", MovesForTest, top)
	}
	svg := d.Figure(MovesForTest)
	wellFormed(t, svg)
	if n := strings.Count(svg, "<g><title>"); n != len(top) {
		t.Errorf("%d rows drawn, %d moves", n, len(top))
	}
	if csv := d.CSV(); bytes.Count(csv, []byte("\n")) != len(d.Moves)+1 {
		t.Error("the CSV has a line per job placed by both")
	}
	// A job only one schedule has.
	b := *rs[1]
	b.Schedule = b.Schedule[1:]
	d2 := Compare(rs[0], &b)
	if len(d2.OnlyA) != 1 || d2.OnlyA[0] != rs[1].Schedule[0].Job {
		t.Errorf("only in A: %v", d2.OnlyA)
	}
	wellFormed(t, experiments.Stack(svg, d2.Figure(3)))
}

// MovesForTest is the number of moves the tests draw.
const MovesForTest = 12

// The page's summary (engine/shake/report's types) reads engine/shake's JSON
// without losing a field, and writes the CLI's CSV byte for byte.
func TestShakeMirror(t *testing.T) {
	r := rng.NewPCG(6, 6)
	s := scenario(r, "easy", 120)
	sum, err := shake.Run(context.Background(), s, shake.Request{Runs: 6, Policies: []string{"easy", "conservative", "fcfs"}}, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	native, _ := json.Marshal(sum)
	var mine ShakeSummary
	if err := json.Unmarshal(native, &mine); err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(&mine)
	if !bytes.Equal(native, again) {
		t.Fatalf("the mirror loses data:\nengine %.300s\npage   %.300s", native, again)
	}
	var want bytes.Buffer
	if err := report.WriteCSV(&want, sum); err != nil {
		t.Fatal(err)
	}
	if got := mine.CSV(); !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("CSV differs:\nengine %s\npage   %s", want.Bytes(), got)
	}
	rows := mine.Rows()
	if len(rows) == 0 {
		t.Fatal("no rows")
	}
	for _, row := range rows {
		if len(row.Cells) != 3 || len(row.Diffs) != 3 {
			t.Fatalf("%s: %d cells, %d differences", row.Metric, len(row.Cells), len(row.Diffs))
		}
		for _, c := range row.Cells {
			if c.BarLeft < -1e-9 || c.BarLeft+c.BarWidth > 100+1e-6 || c.Dot < c.BarLeft-1e-9 || c.Dot > c.BarLeft+c.BarWidth+1e-9 {
				t.Fatalf("%s %s: interval bar %+v", row.Metric, c.Policy, c)
			}
		}
		for _, d := range row.Diffs {
			txt := DiffText(d)
			if d.Significant != strings.Contains(txt, ": significant") {
				t.Fatalf("%q for %+v", txt, d)
			}
		}
	}
}

// handlerEngine answers requests with the engine's HTTP handler in this
// process, each on its own goroutine, as the page's workers do.
type handlerEngine struct{}

func (handlerEngine) Request(method, path string, body []byte, h jsbridge.Handlers) func() {
	go func() {
		w := httptest.NewRecorder()
		api.Handler().ServeHTTP(w, httptest.NewRequest(method, path, bytes.NewReader(body)))
		h.Head(w.Code)
		h.Chunk(w.Body.Bytes())
		h.End(nil)
	}()
	return func() {}
}

// A shake fanned out as the page does it (plan, points in parallel,
// merge, through experiments.Sweep) gives the bytes of the native run.
func TestShakeSweepMatchesNative(t *testing.T) {
	r := rng.NewPCG(7, 7)
	s := scenario(r, "easy", 80)
	policies := []string{"easy", "fcfs"}
	body, err := ShakeBody(s, 5, policies)
	if err != nil {
		t.Fatal(err)
	}
	var got []byte
	var mu sync.Mutex
	sw := experiments.NewPointSweep(handlerEngine{}, "/api/shake", body, 3, "test", ShakeMergeBody, func(b []byte) string {
		got = b
		return ""
	})
	sw.Update = func(f func()) { mu.Lock(); defer mu.Unlock(); f() }
	mu.Lock()
	sw.Start()
	mu.Unlock()
	deadline := time.Now().Add(60 * time.Second)
	for {
		mu.Lock()
		end := sw.Finished || sw.Err != ""
		mu.Unlock()
		if end {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the sweep did not end")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if sw.Err != "" {
		t.Fatal(sw.Err)
	}
	if len(sw.Plan) != 6 {
		t.Errorf("%d points, want the original and 5 copies", len(sw.Plan))
	}
	sum, err := shake.Run(context.Background(), s, shake.Request{Runs: 5, Policies: policies}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(sum)
	if !bytes.Equal(bytes.TrimSpace(got), want) {
		t.Errorf("page merge differs from the native run:\npage   %.300s\nnative %.300s", got, want)
	}
	for _, bad := range []string{"1", "x", "201", ""} {
		if _, err := ParseRuns(bad); err == nil {
			t.Errorf("ParseRuns(%q) accepted", bad)
		}
	}
}

// The exported series figures are the series itself when it is short,
// and time averages over MaxSVGPoints bins when it is long.
func TestSeriesFigures(t *testing.T) {
	pts := []outputs.Point{{T: 0, BusyNodes: 2, QueuedJobs: 1}, {T: 10, BusyNodes: 4}, {T: 30}}
	busy, queue := SeriesFigures(pts, 4, "x")
	if len(busy.Xs) != 3 || busy.Series[0].Values["10"] != 4 || queue.Series[0].Values["0"] != 1 {
		t.Errorf("short series: %+v %+v", busy, queue)
	}
	wellFormed(t, experiments.Stack(experiments.SVG(busy), experiments.SVG(queue)))
	var long []outputs.Point
	for i := 0; i < 5000; i++ {
		long = append(long, outputs.Point{T: float64(i), BusyNodes: i % 7})
	}
	long = append(long, outputs.Point{T: 5000})
	busy, _ = SeriesFigures(long, 7, "y")
	if len(busy.Xs) != MaxSVGPoints+1 || !strings.Contains(busy.Title, "averages over") {
		t.Errorf("long series: %d points, title %q", len(busy.Xs), busy.Title)
	}
	sum := 0.0
	for _, x := range busy.Xs[:MaxSVGPoints] {
		sum += busy.Series[0].Values[x]
	}
	if got, want := sum/MaxSVGPoints, outputs.TimeAverage(long); math.Abs(got-want) > 1e-9 {
		t.Errorf("bin averages %v, series average %v", got, want)
	}
}

// Issue 39: the series' line read "1 jobs (1 nodes) queued".
func TestNowTextPlurals(t *testing.T) {
	for _, tt := range []struct {
		p     outputs.Point
		nodes int
		want  string
	}{
		{outputs.Point{BusyNodes: 3, QueuedJobs: 1, QueuedNodes: 1}, 10, "3 of 10 nodes busy, 1 job (1 node) queued"},
		{outputs.Point{BusyNodes: 1, QueuedJobs: 0, QueuedNodes: 0}, 1, "1 of 1 node busy, 0 jobs (0 nodes) queued"},
		{outputs.Point{QueuedJobs: 2, QueuedNodes: 9}, 4, "0 of 4 nodes busy, 2 jobs (9 nodes) queued"},
	} {
		if got := NowText(tt.p, tt.nodes); got != tt.want {
			t.Errorf("NowText(%+v, %d) = %q, want %q", tt.p, tt.nodes, got, tt.want)
		}
	}
}
