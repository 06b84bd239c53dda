package editor

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/site/state"
)

func TestShape(t *testing.T) {
	for n, want := range map[int][2]int{0: {1, 1}, 1: {1, 1}, 2: {2, 1}, 4: {2, 2}, 12: {4, 3}, 16: {4, 4}, 17: {5, 4}, 100: {10, 10}, 65536: {256, 256}} {
		c, r := Shape(n)
		if c != want[0] || r != want[1] {
			t.Errorf("Shape(%d) = %d×%d, want %d×%d", n, c, r, want[0], want[1])
		}
		if n > 0 && c*r < n {
			t.Errorf("Shape(%d) holds only %d", n, c*r)
		}
	}
	// 10 columns of 12 px fit MaxGrid (120 <= 144); 256 do not:
	// 144/256 = 0.5625 px.
	if got := CellFor(10, 10); got != Cell {
		t.Errorf("CellFor(10,10) = %g", got)
	}
	if got := CellFor(256, 256); got != 0.5625 {
		t.Errorf("CellFor(256,256) = %g", got)
	}
}

func clusters(nodes ...int) []model.Cluster {
	var cs []model.Cluster
	for i, n := range nodes {
		cs = append(cs, model.Cluster{ID: fmt.Sprintf("c%d", i), Nodes: n})
	}
	return cs
}

func TestLayAndHitTest(t *testing.T) {
	// Widths: 16 nodes -> 4×4 grid of 12 px = 48 px, boxes at least 64
	// wide. At width 400: x = 28, then 28+64+28 = 120, then 212, then
	// 304; 304+64 = 368 <= 400-28 = 372 fits; the fifth wraps.
	l := Lay(clusters(16, 16, 16, 16, 16), 400)
	wantX := []float64{28, 120, 212, 304, 28}
	for i, b := range l.Boxes {
		if b.Outer.X != wantX[i] {
			t.Errorf("box %d at x=%g, want %g", i, b.Outer.X, wantX[i])
		}
	}
	// Row 1 at Top (120); row 2 at 120 + (18+48) + 28 + 18 = 232.
	if l.Boxes[0].Outer.Y != Top || l.Boxes[4].Outer.Y != 232 {
		t.Errorf("rows at %g and %g", l.Boxes[0].Outer.Y, l.Boxes[4].Outer.Y)
	}
	// Height: 232 + 66 + FreeSpace(150) = 448.
	if l.H != 448 {
		t.Errorf("H = %g", l.H)
	}
	// Boxes never overlap, and stay inside the canvas.
	for i, a := range l.Boxes {
		if a.Outer.X < 0 || a.Outer.X+a.Outer.W > l.W {
			t.Errorf("box %d outside the canvas", i)
		}
		for _, b := range l.Boxes[i+1:] {
			if a.Outer.X < b.Outer.X+b.Outer.W && b.Outer.X < a.Outer.X+a.Outer.W &&
				a.Outer.Y < b.Outer.Y+b.Outer.H && b.Outer.Y < a.Outer.Y+a.Outer.H {
				t.Errorf("boxes %d and %d overlap", i, b.Index)
			}
		}
	}
	b := l.Boxes[1]
	for _, tc := range []struct {
		x, y float64
		want Hit
	}{
		{b.Grid.X + 1, b.Grid.Y + 1, Hit{HitCluster, 1}},
		{b.Outer.X + 2, b.Outer.Y + 2, Hit{HitCluster, 1}}, // the name
		{b.Grid.X + b.Grid.W + 3, b.Grid.Y + b.Grid.H + 3, Hit{HitHandle, 1}},
		{b.Grid.X + b.Grid.W - 2, b.Grid.Y + b.Grid.H - 2, Hit{HitHandle, 1}},
		{200, 20, Hit{HitSwitch, -1}},
		{5, 5, Hit{HitNone, -1}},
		{b.Outer.X + b.Outer.W + 10, b.Outer.Y + 10, Hit{HitNone, -1}},
	} {
		if got := l.HitTest(tc.x, tc.y); got != tc.want {
			t.Errorf("HitTest(%g,%g) = %+v, want %+v", tc.x, tc.y, got, tc.want)
		}
	}
	// A long name widens its box: 24 runes kept, an ellipsis and " · 16"
	// make 30 runes, 6.5*30+6 = 201 px; the next box starts after it.
	cs := clusters(16, 16)
	cs[0].Name = strings.Repeat("n", 40)
	l2 := Lay(cs, 800)
	if l2.Boxes[0].Outer.W != 201 || l2.Boxes[1].Outer.X != 28+201+28 {
		t.Errorf("long name: width %g, next at %g", l2.Boxes[0].Outer.W, l2.Boxes[1].Outer.X)
	}
	if l := Lay(nil, math.NaN()); l.W != MinWidth || l.H != MinHeight {
		t.Errorf("empty layout %gx%g", l.W, l.H)
	}
}

func TestDragCreate(t *testing.T) {
	l := Lay(clusters(4), 600)
	d := l.Begin(300, 250)
	if d.Mode != DragCreate {
		t.Fatalf("mode %d", d.Mode)
	}
	d.Move(303, 254) // less than half a cell: a click
	if d.Moved() {
		t.Error("a 3-4 px move counts as a drag")
	}
	// 48 px right, 36 px down: 4 by 3 cells of 12 px = 12 nodes.
	d.Move(348, 286)
	if !d.Moved() || d.Nodes() != 12 {
		t.Errorf("moved=%v nodes=%d, want 12", d.Moved(), d.Nodes())
	}
	// Dragging up-left draws the same rectangle the other way.
	d.Move(252, 214)
	if d.Nodes() != 12 {
		t.Errorf("up-left nodes = %d", d.Nodes())
	}
	if r := d.Preview(); r != (Rect{X: 252, Y: 214, W: 48, H: 36}) {
		t.Errorf("preview %+v", r)
	}
	// 53 px rounds to 4 cells (4.4), 43 px to 4 (3.6).
	d.Move(353, 293)
	if d.Nodes() != 16 {
		t.Errorf("rounded nodes = %d, want 16", d.Nodes())
	}
	// A huge drag is capped at MaxNodes.
	d.Move(1e9, 1e9)
	if n := d.Nodes(); n < 1 || n > model.MaxNodes {
		t.Errorf("huge drag gives %d nodes", n)
	}
	d.Move(math.NaN(), 0)
	if d.X1 != 1e9 {
		t.Error("NaN moved the drag")
	}
}

func TestDragResize(t *testing.T) {
	l := Lay(clusters(12), 600)
	b := l.Boxes[0]
	d := l.Begin(b.Handle.X+2, b.Handle.Y+2)
	if d.Mode != DragResize || d.Index != 0 {
		t.Fatalf("mode %d index %d", d.Mode, d.Index)
	}
	// Unmoved, the gesture keeps the shape 4×3 = 12.
	if d.Nodes() != 12 {
		t.Errorf("unmoved resize gives %d nodes", d.Nodes())
	}
	// Corner to 6 columns, 5 rows: 30 nodes.
	d.Move(b.Grid.X+6*Cell+2, b.Grid.Y+5*Cell-3)
	if d.Nodes() != 30 {
		t.Errorf("resize gives %d nodes, want 30", d.Nodes())
	}
	// Past the grid's origin: 1×1, not a mirrored grid.
	d.Move(b.Grid.X-100, b.Grid.Y-100)
	if d.Nodes() != 1 {
		t.Errorf("nodes %d", d.Nodes())
	}
	d2 := l.Begin(b.Grid.X+1, b.Grid.Y+1)
	if d2.Mode != DragSelect || d2.Index != 0 {
		t.Errorf("press on grid: mode %d", d2.Mode)
	}
}

func scen() *model.Scenario {
	return &model.Scenario{
		Version:  model.Version,
		Platform: model.Platform{Clusters: clusters(4, 8, 2), Network: &model.Network{Links: []model.Link{{From: "c0", To: "c1", Bandwidth: 10}, {From: "c1", To: "c2", Bandwidth: 5}}}},
		Jobs:     []model.Job{{ID: "a", Size: 1, Runtime: 1, Origin: "c1"}, {ID: "b", Size: 1, Runtime: 1, Origin: "c2"}},
		Events:   []model.Event{{At: 1, Kind: "offline", Cluster: "c1", Nodes: []int{0}}},
		Policy:   model.Policy{Name: "fcfs"},
	}
}

func TestOps(t *testing.T) {
	s := scen()
	if i := AddCluster(s, 6); i != 3 || s.Platform.Clusters[3].ID != "c3" || s.Platform.Clusters[3].Nodes != 6 {
		t.Fatalf("AddCluster: %+v", s.Platform.Clusters)
	}
	if err := s.Validate(); err != nil {
		t.Fatalf("after add: %v", err)
	}
	note := RemoveCluster(s, 1)
	if note != "also removed 2 site links, 1 event, 1 job origin cleared" {
		t.Errorf("note %q", note)
	}
	if len(s.Platform.Clusters) != 3 || s.Platform.Clusters[1].ID != "c2" || s.Jobs[0].Origin != "" || s.Jobs[1].Origin != "c2" || s.Events != nil {
		t.Errorf("after remove: %+v %+v", s.Platform.Clusters, s.Jobs)
	}
	if err := s.Validate(); err != nil {
		t.Errorf("after remove: %v", err)
	}
	// A new cluster reuses the free id c1.
	if i := AddCluster(s, 1); s.Platform.Clusters[i].ID != "c1" {
		t.Errorf("new id %q", s.Platform.Clusters[i].ID)
	}
	if j := MoveCluster(s, 0, -1); j != 0 {
		t.Error("moved the first cluster up")
	}
	if j := MoveCluster(s, 0, 1); j != 1 || s.Platform.Clusters[0].ID != "c2" || s.Platform.Clusters[1].ID != "c0" {
		t.Errorf("move down: %d %+v", j, s.Platform.Clusters)
	}
	if j := MoveCluster(s, 3, 1); j != 3 {
		t.Error("moved the last cluster down")
	}
	// Renaming an id follows its references.
	s.Jobs[1].Origin = "c2"
	if msg := SetField(s, 0, "id", "fast"); msg != "" || s.Jobs[1].Origin != "fast" {
		t.Errorf("rename: %q %+v", msg, s.Jobs[1])
	}
	for _, tc := range []struct{ f, v, msg string }{
		{"speed", "2.5", ""}, {"h", "abc", `"abc" is not a number`}, {"latency_ms", "5", ""},
		{"wm", "1", ""}, {"nodes", "3.5", "not a whole number"}, {"nodes", "0", "between 1 and"}, {"colour", "1", "unknown field"},
	} {
		if got := SetField(s, 0, tc.f, tc.v); !strings.Contains(got, tc.msg) || (tc.msg == "" && got != "") {
			t.Errorf("SetField(%s,%q) = %q, want %q", tc.f, tc.v, got, tc.msg)
		}
	}
	c := s.Platform.Clusters[0]
	if c.Speed != 2.5 || c.Latency != 0.005 || c.Weights == nil || c.Weights.M != 1 || c.Weights.O != 0 {
		t.Errorf("cluster %+v %+v", c, c.Weights)
	}
	if SetField(s, 9, "speed", "1") == "" {
		t.Error("no error for a missing cluster")
	}
}

func TestServers(t *testing.T) {
	s := scen()
	AddServer(s, 1) // takes all 8 nodes
	AddServer(s, 1) // one more node: 9
	c := &s.Platform.Clusters[1]
	if len(c.Servers) != 2 || c.Servers[0].Nodes != 8 || c.Servers[1].Nodes != 1 || c.Nodes != 9 || c.Servers[1].ID != "s1" {
		t.Fatalf("servers %+v nodes %d", c.Servers, c.Nodes)
	}
	if err := s.Validate(); err != nil {
		t.Fatalf("validate: %v", err)
	}
	if msg := SetServer(s, 1, 0, "nodes", "5"); msg != "" || c.Nodes != 6 {
		t.Errorf("SetServer nodes: %q %d", msg, c.Nodes)
	}
	// Resizing puts the difference on the last server: 6 -> 10 gives s1 5.
	if err := SetNodes(s, 1, 10); err != nil || c.Servers[1].Nodes != 5 {
		t.Errorf("SetNodes: %v %+v", err, c.Servers)
	}
	if err := SetNodes(s, 1, 5); err == nil {
		t.Error("SetNodes left the last server without nodes")
	}
	RemoveServer(s, 1, 0)
	if len(c.Servers) != 1 || c.Nodes != 5 {
		t.Errorf("after remove: %+v %d", c.Servers, c.Nodes)
	}
	if err := s.Validate(); err != nil {
		t.Errorf("validate: %v", err)
	}
	RemoveServer(s, 1, 0)
	if c.Servers != nil || c.Nodes != 5 {
		t.Errorf("last server removed: %+v %d", c.Servers, c.Nodes)
	}
}

func TestFieldErrors(t *testing.T) {
	s := scen()
	s.Platform.Clusters[1].Speed = -1
	s.Platform.Clusters[1].Latency = -2
	s.Platform.Clusters[1].Weights = &model.Weights{}
	e, _ := Errors(s, 1)
	if !strings.Contains(e["speed"], "must be 0 (the default) or between") || !strings.Contains(e["latency_ms"], "must not be negative") || !strings.Contains(e["wo"], "at least one weight") {
		t.Errorf("errors %v", e)
	}
	if e, pe := Errors(s, 0); len(e) != 0 || len(pe) != 0 {
		t.Errorf("cluster 0: %v %v", e, pe)
	}
	if e, _ := Errors(s, -1); len(e) != 0 {
		t.Errorf("no cluster: %v", e)
	}
	// Cluster 10's problems are not cluster 1's, though its field starts
	// with "platform.clusters[1" too.
	s = scen()
	for len(s.Platform.Clusters) < 11 {
		AddCluster(s, 2)
	}
	s.Platform.Clusters[10].Speed = -1
	if e, _ := Errors(s, 1); len(e) != 0 {
		t.Errorf("cluster 1 shows cluster 10's errors: %v", e)
	}
	if e, _ := Errors(s, 10); !strings.Contains(e["speed"], "must be 0 (the default) or between") {
		t.Errorf("cluster 10: %v", e)
	}
	s.Platform.Clusters = nil
	if _, pe := Errors(s, -1); len(pe) == 0 || !strings.Contains(pe[0], "at least one cluster") {
		t.Errorf("platform errors %v", pe)
	}
}

func TestLinkLabel(t *testing.T) {
	for _, tc := range []struct {
		c    model.Cluster
		want string
	}{
		{model.Cluster{}, "– Mbit/s"},
		{model.Cluster{Bandwidth: 100}, "100 Mbit/s"},
		{model.Cluster{Bandwidth: 1000, Latency: 0.0025}, "1000 Mbit/s · 2.5 ms"},
		{model.Cluster{Bandwidth: 1e10}, "1e+10 Mbit/s"},
	} {
		if got := LinkLabel(&tc.c); got != tc.want {
			t.Errorf("LinkLabel(%+v) = %q, want %q", tc.c, got, tc.want)
		}
	}
}

// rec records canvas calls.
type rec struct {
	texts []string
	rects int
	lines []bool // dashed
}

func (r *rec) Clear(w, h float64)                                      {}
func (r *rec) FillRect(x, y, w, h float64, color string)               { r.rects++ }
func (r *rec) StrokeRect(x, y, w, h float64, color string, lw float64) {}
func (r *rec) Line(x1, y1, x2, y2 float64, color string)               { r.lines = append(r.lines, false) }
func (r *rec) DashedLine(x1, y1, x2, y2 float64, color string) {
	r.lines = append(r.lines, true)
}
func (r *rec) Text(s string, x, y float64, color, align string) { r.texts = append(r.texts, s) }

func TestDraw(t *testing.T) {
	cs := clusters(12, 70000)
	cs[0].Bandwidth = 100
	cs[0].Name = "alpha"
	l := Lay(cs, 800)
	var r rec
	d := l.Begin(600, 280)
	d.Move(636, 304)
	Draw(&r, &l, cs, 0, &d)
	all := strings.Join(r.texts, "|")
	for _, want := range []string{"switch", "100 Mbit/s", "– Mbit/s", "alpha · 12", "c1 · 70000", "3 × 2 = 6 nodes"} {
		if !strings.Contains(all, want) {
			t.Errorf("texts %q lack %q", all, want)
		}
	}
	if len(r.lines) != 2 || r.lines[0] || !r.lines[1] {
		t.Errorf("links %v: want solid then dashed", r.lines)
	}
	// 12 squares for the small cluster, 2 blocks for the big one (its
	// squares are under 3 px), and a bounded count overall.
	if r.rects > 40 {
		t.Errorf("%d rectangles drawn", r.rects)
	}
}

func TestSignature(t *testing.T) {
	cs := clusters(4, 8)
	base := signature(cs, 0, 600)
	if signature(clusters(4, 8), 0, 600) != base {
		t.Error("equal inputs, different signatures")
	}
	for name, f := range map[string]func() string{
		"selection": func() string { return signature(cs, 1, 600) },
		"width":     func() string { return signature(cs, 0, 601) },
		"nodes":     func() string { c := clusters(4, 9); return signature(c, 0, 600) },
		"bandwidth": func() string { c := clusters(4, 8); c[1].Bandwidth = 1; return signature(c, 0, 600) },
		"latency":   func() string { c := clusters(4, 8); c[0].Latency = 1; return signature(c, 0, 600) },
		"name":      func() string { c := clusters(4, 8); c[0].Name = "x"; return signature(c, 0, 600) },
		"id/name":   func() string { c := clusters(4, 8); c[0].ID, c[0].Name = "c", "0"; return signature(c, 0, 600) },
		"count":     func() string { return signature(clusters(4, 8, 1), 0, 600) },
	} {
		if f() == base {
			t.Errorf("a change of %s keeps the signature", name)
		}
	}
}

// Issue 39: a cluster drawn beside C1 and C2 was "cluster 0 (c0)"; it is
// named in the style of the others.
func TestNewClusterNamedLikeTheOthers(t *testing.T) {
	for _, tt := range []struct {
		ids, names []string
		id, name   string
	}{
		{[]string{"C1", "C2"}, []string{"", ""}, "C3", ""},
		{[]string{"c1", "c2", "c3", "c4"}, []string{"", "", "", ""}, "c5", ""},
		{[]string{"site1", "site3"}, []string{"Umeå", "Lund"}, "site2", "cluster 3"},
		{nil, nil, "c0", ""},
		{[]string{"alpha", "beta"}, []string{"", ""}, "c0", ""},
	} {
		s := &model.Scenario{Version: model.Version}
		for i, id := range tt.ids {
			s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: id, Name: tt.names[i], Nodes: 4})
		}
		c := s.Platform.Clusters[AddCluster(s, 3)]
		if c.ID != tt.id || c.Name != tt.name {
			t.Errorf("beside %v: new cluster %q named %q, want %q named %q", tt.ids, c.ID, c.Name, tt.id, tt.name)
		}
	}
}

// Issue 39: "cluster 0 now has 53 nodes" stayed under the canvas after
// Undo had put the 8 nodes back.
func TestStatusLineGoesWithUndo(t *testing.T) {
	c := &Platform{App: state.New()}
	c.resize(0, 53)
	if !strings.Contains(c.msg(), "now has 53 nodes") {
		t.Fatalf("after a resize: %q", c.msg())
	}
	c.App.Undo()
	if m := c.msg(); m != "" {
		t.Errorf("after Undo the status line says %q", m)
	}
	c.resize(0, 0)
	if c.msg() == "" {
		t.Errorf("a refused size says nothing")
	}
}
