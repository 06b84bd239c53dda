package frames

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"gridplay/site/gantt"
	"gridplay/site/state"
)

// rec records drawing calls.
type rec struct {
	fills []string
	texts []string
	lines int
}

func (r *rec) Clear(w, h float64) {}
func (r *rec) FillRect(x, y, w, h float64, color string) {
	if color != "#ffffff" && w > 0 && h > 0 {
		r.fills = append(r.fills, color)
	}
}
func (r *rec) Line(x1, y1, x2, y2 float64, color string) { r.lines++ }
func (r *rec) Text(s string, x, y float64, color, align string) {
	r.texts = append(r.texts, s)
}

func fr(kind, data string) state.Frame { return state.Frame{Kind: kind, Data: []byte(data)} }

func TestViews(t *testing.T) {
	fs := []state.Frame{
		fr("packing", `{"op":"round","round":1,"jobs":["J1","J2"]}`),
		fr("packing", `{"op":"row","row":0,"jobs":[0]}`),
		fr("packing", `{"op":"row","row":1,"jobs":[1,0]}`),
		fr("packing", `{"op":"space","c":1,"t":2,"r":6,"cp":4,"eps":[1,0.6]}`),
		fr("packing", `{"op":"pick","c":1,"t":2,"jobs":[1,0]}`),
		fr("generation", `{"n":0,"best":10,"mean":14,"s":{"o":[0,1],"h":["3","c"],"ts":[0,2],"te":[2,5]}}`),
		fr("generation", `{"n":50,"best":8,"mean":9}`),
		fr("backfill", `{"job":"j3","nodes":2,"start":5,"est_end":20,"head":"j1","shadow":30,"mode":"easy"}`),
		fr("status", `{"exchange":1,"free":[3,4],"queue":[0,1],"stale_free":[5,2],"stale_queue":[0,0]}`),
		fr("transfer", `{"job":"j4","from":"c1","to":"c2","remote_ttr":3,"overhead":1,"pb":0.4,"threshold":0.1,"moved":true,"why":"deadline"}`),
	}
	if got := strings.Join(Views(fs), ","); got != "packing,ga,backfill,hybrid" {
		t.Fatalf("Views = %q", got)
	}
	want := map[string][]string{
		"packing":  {"J2+J1", "cluster 2", "pick J2+J1"},
		"ga":       {"best 8", "mean 9", "best schedule", "GA run 1, generation 50"},
		"backfill": {"j3 before j1", "shadow time"},
		"hybrid":   {"j4 c1 → c2"},
	}
	for v, texts := range want {
		r := &rec{}
		DrawOn(r, v, fs, len(fs), 800, Height, Platform{})
		if len(r.fills) == 0 {
			t.Errorf("%s: nothing filled", v)
		}
		all := strings.Join(r.texts, "|")
		for _, s := range texts {
			if !strings.Contains(all, s) {
				t.Errorf("%s: text %q missing from %q", v, s, all)
			}
		}
		// With no frames shown yet, the view says how to start.
		r0 := &rec{}
		DrawOn(r0, v, fs, 0, 800, Height, Platform{})
		if len(r0.texts) != 1 || !strings.Contains(r0.texts[0], "press Play") {
			t.Errorf("%s with 0 frames: %q", v, r0.texts)
		}
	}
	// Garbage payloads are skipped, never a panic.
	bad := []state.Frame{fr("packing", `{"op":`), fr("generation", `[]`), fr("backfill", `"x"`), fr("status", `1`)}
	for _, v := range []string{"packing", "ga", "backfill", "hybrid"} {
		DrawOn(&rec{}, v, bad, len(bad), 300, Height, Platform{})
	}
}

// Several GA runs in one stream: the view shows the latest.
func TestGARuns(t *testing.T) {
	fs := []state.Frame{
		fr("generation", `{"round":1,"c":0,"n":0,"best":10,"mean":12}`),
		fr("generation", `{"round":1,"c":0,"n":1,"best":9,"mean":11}`),
		fr("generation", `{"round":1,"c":1,"n":0,"best":7,"mean":8}`),
		fr("generation", `{"round":1,"c":1,"n":1,"best":5,"mean":6}`),
	}
	r := &rec{}
	DrawOn(r, "ga", fs, len(fs), 800, Height, Platform{})
	all := strings.Join(r.texts, "|")
	if !strings.Contains(all, "GA run 2 (round 1, cluster 2), generation 1") || !strings.Contains(all, "best 5") {
		t.Errorf("texts %q", all)
	}
	r = &rec{}
	DrawOn(r, "ga", fs, 2, 800, Height, Platform{})
	if all := strings.Join(r.texts, "|"); !strings.Contains(all, "GA run 1 (round 1, cluster 1)") {
		t.Errorf("texts %q", all)
	}
}

// The resource space (t, r, cp) of MUSCLE Alg. 3 is r resources starting at
// resource number cp: the highlight must start at cp and be r wide, never
// negative (cp is not a count of free resources).
func TestPackingSpaceGeometry(t *testing.T) {
	fs := []state.Frame{
		fr("packing", `{"op":"round","round":1,"jobs":["J1"]}`),
		fr("packing", `{"op":"row","row":0,"jobs":[0]}`),
		fr("packing", `{"op":"space","c":0,"t":4,"r":1,"cp":3}`),
	}
	r := &geo{}
	DrawOn(r, "packing", fs, len(fs), 800, Height, Platform{})
	if len(r.blue) != 1 {
		t.Fatalf("want one space highlight, got %d", len(r.blue))
	}
	b, bg := r.blue[0], r.grey
	// extent = cp + r = 4 resources; the space is the last quarter.
	if b[2] <= 0 || math.Abs(b[0]-(bg[0]+bg[2]*3/4)) > 1e-9 || math.Abs(b[2]-bg[2]/4) > 1e-9 {
		t.Fatalf("space drawn at x=%v w=%v on a bar at x=%v w=%v; want the last quarter", b[0], b[2], bg[0], bg[2])
	}
	if !strings.Contains(strings.Join(r.texts, "|"), "1 resources from #3") {
		t.Fatalf("texts %q", r.texts)
	}
}

// geo records the resource-space rectangles.
type geo struct {
	rec
	blue [][4]float64
	grey [4]float64
}

func (g *geo) FillRect(x, y, w, h float64, color string) {
	switch color {
	case "#74c0fc":
		g.blue = append(g.blue, [4]float64{x, y, w, h})
	case "#f1f3f5":
		g.grey = [4]float64{x, y, w, h}
	}
}

// The clock labels GA and packing frames by generation and step, not by
// their t (a round time or 0, not the Gantt's time base), and the
// time-based views by their simulated time.
func TestStepLabel(t *testing.T) {
	fs := []state.Frame{
		{Kind: "packing", T: 0, Data: json.RawMessage(`{"c":0}`)},
		{Kind: "generation", T: 0, Data: json.RawMessage(`{"g":1,"best":3,"mean":4}`)},
		{Kind: "packing", T: 0, Data: json.RawMessage(`{"c":0}`)},
		{Kind: "generation", T: 0, Data: json.RawMessage(`{"g":2,"round":3,"best":2,"mean":4}`)},
		{Kind: "backfill", T: 12.5, Data: json.RawMessage(`{}`)},
	}
	for _, tc := range []struct {
		view string
		n    int
		want string
	}{
		{"packing", 0, "packing step 0 of 2"},
		{"packing", 1, "packing step 1 of 2"},
		{"packing", 5, "packing step 2 of 2"},
		{"ga", 0, "generation – (0 of 2 generation frames)"},
		{"ga", 2, "generation 1 (1 of 2 generation frames)"},
		{"ga", 4, "round 3, generation 2 (2 of 2 generation frames)"},
		{"backfill", 4, "backfill event 0 of 1"},
		{"backfill", 5, "backfill event 1 of 1 at t = 12.5 s"},
		{"hybrid", 5, ""},
		{"ga", 99, "round 3, generation 2 (2 of 2 generation frames)"},
		{"ga", -1, "generation – (0 of 2 generation frames)"},
	} {
		if got := StepLabel(tc.view, fs, tc.n, gantt.Times{}); got != tc.want {
			t.Errorf("StepLabel(%q, %d) = %q, want %q", tc.view, tc.n, got, tc.want)
		}
	}
}

// The packing view names jobs by the ids the round frame lists, and
// clusters by their ids; after a job is renamed or deleted the labels
// follow (they used to be positions: J1..Jn, "cluster 2").
func TestPackingNamesJobsAndClustersByID(t *testing.T) {
	fs := []state.Frame{
		fr("packing", `{"op":"round","round":1,"jobs":["alpha","gamma","delta"]}`),
		fr("packing", `{"op":"row","row":0,"jobs":[2]}`),
		fr("packing", `{"op":"row","row":1,"jobs":[1,0]}`),
		fr("packing", `{"op":"space","c":1,"t":2,"r":6,"cp":4,"eps":[1,0.6]}`),
		fr("packing", `{"op":"pick","c":1,"t":2,"jobs":[1,0]}`),
		fr("packing", `{"op":"round","round":2,"jobs":["omega"]}`),
		fr("packing", `{"op":"row","row":0,"jobs":[0]}`),
	}
	pl := Platform{Clusters: []string{"north", "south"}}
	r := &rec{}
	DrawOn(r, "packing", fs, 5, 800, Height, pl)
	got := strings.Join(r.texts, "|")
	for _, want := range []string{"gamma+alpha", "delta", "south, t = 2", "pick gamma+alpha into south"} {
		if !strings.Contains(got, want) {
			t.Errorf("packing texts %q lack %q", got, want)
		}
	}
	if strings.Contains(got, "J1") || strings.Contains(got, "cluster 2") {
		t.Errorf("packing texts %q still name by position", got)
	}
	// The second round's numbering is its own, named by its ids.
	r = &rec{}
	DrawOn(r, "packing", fs, len(fs), 800, Height, pl)
	if got := strings.Join(r.texts, "|"); !strings.Contains(got, "omega") {
		t.Errorf("round 2 texts %q lack omega", got)
	}
}

// The hybrid view adds the servers' free nodes up per cluster (it used to
// draw one bar per server, named as if each were a cluster).
func TestHybridFreeNodesPerCluster(t *testing.T) {
	fs := []state.Frame{
		fr("status", `{"exchange":1,"free":[3,4,1,2],"queue":[0,1,0,0],"stale_free":[5,2,0,0],"stale_queue":[0,0,0,0]}`),
	}
	pl := Platform{Clusters: []string{"c1", "c2"}, Servers: []int{2, 2}}
	r := &rec{}
	DrawOn(r, "hybrid", fs, 1, 800, Height, pl)
	got := strings.Join(r.texts, "|")
	if !strings.Contains(got, "free nodes per cluster") || strings.Contains(got, "c3") {
		t.Errorf("hybrid texts %q", got)
	}
	names, free, stale := perCluster([]int{3, 4, 1, 2}, []int{5, 2, 0, 0}, pl)
	if strings.Join(names, ",") != "c1,c2" || free[0] != 7 || free[1] != 3 || stale[0] != 7 || stale[1] != 0 {
		t.Errorf("perCluster = %v %v %v", names, free, stale)
	}
	// Without server counts the bars are servers, and say so.
	r = &rec{}
	DrawOn(r, "hybrid", fs, 1, 800, Height, Platform{})
	if got := strings.Join(r.texts, "|"); !strings.Contains(got, "free nodes per server") || !strings.Contains(got, "s4") {
		t.Errorf("hybrid texts without platform %q", got)
	}
}

// Axis ends fit the chart's 56 px margin (at most seven characters).
func TestAxisNum(t *testing.T) {
	for v, want := range map[float64]string{2048.663: "2049", 12.345: "12.35", 0.001234: "0.00123", 123456: "123k", -98765432: "-99M", 0: "0"} {
		if got := axisNum(v); got != want || len(got) > 7 {
			t.Errorf("axisNum(%g) = %q, want %q", v, got, want)
		}
	}
}

// rects records filled rectangles with their places.
type rects struct {
	rec
	r [][4]float64
}

func (r *rects) FillRect(x, y, w, h float64, color string) {
	r.rec.FillRect(x, y, w, h, color)
	r.r = append(r.r, [4]float64{x, y, w, h})
}

// Issue 39: the best schedule of TITAN's last GA run (one task, arrived
// late) was a lone square at the right edge of its panel: it was drawn
// from time 0. It spans the panel now, and says what it shows.
func TestGABestScheduleSpansItsRun(t *testing.T) {
	fs := []state.Frame{fr("generation", `{"n":0,"best":10,"mean":10,"s":{"ts":[200],"te":[210]}}`)}
	r := &rects{}
	DrawOn(r, "ga", fs, 1, 800, Height, Platform{})
	bx, bw := 800*0.62+10, 800-(800*0.62+10)-10
	last := r.r[len(r.r)-1]
	if last[0] > bx+1 || last[2] < bw-2 {
		t.Errorf("the task's bar is %v; the panel runs from x %v over %v px", last, bx, bw)
	}
	if all := strings.Join(r.texts, "|"); !strings.Contains(all, "best schedule: 1 task, t = 200–210 s") {
		t.Errorf("texts %q", all)
	}
}
