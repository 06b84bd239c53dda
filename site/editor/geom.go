package editor

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"gridplay/engine/model"
)

// Geometry of the platform canvas, in CSS pixels. A cluster is drawn as a
// grid of node squares under its name; its link to the central switch at
// the top is a line labelled with the link's bandwidth.
const (
	// Cell is the side of a node square when drawing a new cluster: a
	// drag over 4 by 3 cells makes a 12-node cluster.
	Cell = 12.0
	// MaxGrid is the largest side of a cluster's node grid; bigger
	// clusters draw smaller squares.
	MaxGrid = 144.0
	// Gap separates boxes; Label is the height of the name above a grid.
	Gap   = 28.0
	Label = 18.0
	// HandleSize is the side of the resize handle at a grid's
	// bottom-right corner.
	HandleSize = 12.0
	// Top is where the first row of clusters starts, below the switch.
	Top = 120.0
	// MinWidth and MinHeight bound the canvas; FreeSpace is the empty
	// band kept below the clusters for drawing new ones.
	MinWidth  = 320.0
	MinHeight = 300.0
	FreeSpace = 150.0
)

// Rect is an axis-aligned rectangle.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether (x, y) is inside r (edges included).
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && x <= r.X+r.W && y >= r.Y && y <= r.Y+r.H
}

// Center is r's centre.
func (r Rect) Center() (x, y float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Box is one cluster on the canvas.
type Box struct {
	// Index is the cluster's index in Platform.Clusters.
	Index int
	// Outer holds the label and the grid; Grid is the node squares.
	Outer, Grid Rect
	Cols        int
	// CellPx is the side of one node square in this box.
	CellPx float64
	Handle Rect
}

// Layout places a platform on a canvas of a given width.
type Layout struct {
	W, H   float64
	Switch Rect
	Boxes  []Box
}

// Shape is the grid of a cluster of n nodes: as square as possible,
// columns first (12 nodes: 4 by 3).
func Shape(n int) (cols, rows int) {
	if n < 1 {
		return 1, 1
	}
	cols = int(math.Ceil(math.Sqrt(float64(n))))
	rows = (n + cols - 1) / cols
	return cols, rows
}

// CellFor is the square size for a grid of cols by rows: Cell, shrunk so
// the grid fits in MaxGrid.
func CellFor(cols, rows int) float64 {
	side := float64(max(cols, rows))
	return math.Min(Cell, MaxGrid/side)
}

// Lay places the clusters left to right in their order, wrapping into
// rows, under a central switch centred at the top.
func Lay(cs []model.Cluster, width float64) Layout {
	if width < MinWidth || math.IsNaN(width) {
		width = MinWidth
	}
	l := Layout{W: width, Switch: Rect{X: width/2 - 60, Y: 14, W: 120, H: 30}}
	x, y, rowH := Gap, Top, 0.0
	for i, c := range cs {
		cols, rows := Shape(c.Nodes)
		px := CellFor(cols, rows)
		gw, gh := float64(cols)*px, float64(rows)*px
		// Room for the name and the link label, so neighbours' texts
		// never overlap.
		w := math.Max(math.Max(gw, 64), math.Max(TextWidth(BoxLabel(&c)), TextWidth(LinkLabel(&c))))
		if x+w > width-Gap && x > Gap {
			x, y = Gap, y+rowH+Gap+Label
			rowH = 0
		}
		grid := Rect{X: x, Y: y + Label, W: gw, H: gh}
		l.Boxes = append(l.Boxes, Box{
			Index:  i,
			Outer:  Rect{X: x, Y: y, W: w, H: Label + gh},
			Grid:   grid,
			Cols:   cols,
			CellPx: px,
			Handle: Rect{X: grid.X + gw - HandleSize/2, Y: grid.Y + gh - HandleSize/2, W: HandleSize, H: HandleSize},
		})
		rowH = math.Max(rowH, Label+gh)
		x += w + Gap
	}
	l.H = math.Max(MinHeight, y+rowH+FreeSpace)
	return l
}

// HitKind says what is under the pointer.
type HitKind int

const (
	HitNone HitKind = iota
	HitCluster
	HitHandle
	HitSwitch
)

// Hit is what is under a point: a cluster (its index), its resize handle,
// the switch, or nothing.
type Hit struct {
	Kind  HitKind
	Index int
}

// HitTest finds what is at (x, y). Handles win over boxes (a handle
// overhangs its grid); later boxes are drawn on top, so they win too.
func (l *Layout) HitTest(x, y float64) Hit {
	for i := len(l.Boxes) - 1; i >= 0; i-- {
		if l.Boxes[i].Handle.Contains(x, y) {
			return Hit{Kind: HitHandle, Index: l.Boxes[i].Index}
		}
	}
	for i := len(l.Boxes) - 1; i >= 0; i-- {
		if l.Boxes[i].Outer.Contains(x, y) {
			return Hit{Kind: HitCluster, Index: l.Boxes[i].Index}
		}
	}
	if l.Switch.Contains(x, y) {
		return Hit{Kind: HitSwitch, Index: -1}
	}
	return Hit{Kind: HitNone, Index: -1}
}

// Drag modes.
const (
	DragNone   = iota
	DragCreate // drawing a new cluster on empty canvas
	DragResize // moving a cluster's resize handle
	DragSelect // pressed on a cluster: selects it on release
)

// Drag is a pointer gesture on the canvas, from press to release.
type Drag struct {
	Mode   int
	Index  int // the cluster resized or selected
	X0, Y0 float64
	X1, Y1 float64
	// CellPx is the square size that converts the drag to nodes; for a
	// resize it is the box's, kept for the whole gesture.
	CellPx float64
}

// Begin starts a gesture at (x, y).
func (l *Layout) Begin(x, y float64) Drag {
	h := l.HitTest(x, y)
	d := Drag{Index: h.Index, X0: x, Y0: y, X1: x, Y1: y, CellPx: Cell}
	switch h.Kind {
	case HitHandle:
		b := l.Boxes[h.Index]
		d.Mode, d.CellPx = DragResize, b.CellPx
		// The gesture runs from the grid's corner, so a press a few
		// pixels off the exact corner does not change the count.
		d.X0, d.Y0 = b.Grid.X, b.Grid.Y
		d.X1, d.Y1 = b.Grid.X+b.Grid.W, b.Grid.Y+b.Grid.H
	case HitCluster:
		d.Mode = DragSelect
	case HitNone:
		d.Mode = DragCreate
	}
	return d
}

// Move updates the gesture to the pointer at (x, y). For a resize, the
// pointer is the grid's new bottom-right corner.
func (d *Drag) Move(x, y float64) {
	if d.Mode == DragNone || math.IsNaN(x) || math.IsNaN(y) {
		return
	}
	d.X1, d.Y1 = x, y
}

// Moved reports whether the gesture went past half a cell: a shorter one
// is a click.
func (d *Drag) Moved() bool {
	return math.Abs(d.X1-d.X0) >= Cell/2 || math.Abs(d.Y1-d.Y0) >= Cell/2
}

// Dims are the columns and rows the gesture covers, each at least 1 and
// the product at most model.MaxNodes.
func (d *Drag) Dims() (cols, rows int) {
	px := d.CellPx
	if px <= 0 || math.IsNaN(px) {
		px = Cell
	}
	dx, dy := math.Abs(d.X1-d.X0), math.Abs(d.Y1-d.Y0)
	if d.Mode == DragResize {
		// The grid grows from its top-left corner: a pointer above or
		// left of it means the smallest grid, not a mirrored one.
		dx, dy = math.Max(0, d.X1-d.X0), math.Max(0, d.Y1-d.Y0)
	}
	cols = int(math.Max(1, math.Round(dx/px)))
	rows = int(math.Max(1, math.Round(dy/px)))
	cols = min(cols, model.MaxNodes)
	rows = min(rows, model.MaxNodes/cols)
	return cols, rows
}

// Nodes is the node count the gesture sets: columns times rows.
func (d *Drag) Nodes() int {
	c, r := d.Dims()
	return c * r
}

// Preview is the rectangle to draw during a create or resize gesture,
// snapped to whole cells.
func (d *Drag) Preview() Rect {
	c, r := d.Dims()
	w, h := float64(c)*d.CellPx, float64(r)*d.CellPx
	x, y := d.X0, d.Y0
	if d.X1 < d.X0 && d.Mode == DragCreate {
		x -= w
	}
	if d.Y1 < d.Y0 && d.Mode == DragCreate {
		y -= h
	}
	return Rect{X: x, Y: y, W: w, H: h}
}

// LinkLabel is the label of a cluster's link to the switch: its bandwidth
// and, when set, its latency.
func LinkLabel(c *model.Cluster) string {
	if c.Bandwidth <= 0 {
		return "– Mbit/s" // drawn dashed: no bandwidth set
	}
	s := Num(c.Bandwidth) + " Mbit/s"
	if c.Latency > 0 {
		s += " · " + Num(c.Latency*1000) + " ms"
	}
	return s
}

// TextWidth estimates the width of s in the canvas's 12 px font (about
// 6.5 px a character, plus a margin); layout only needs an upper bound.
func TextWidth(s string) float64 { return 6.5*float64(utf8.RuneCountInString(s)) + 6 }

// BoxLabel is the text above a cluster's grid: its name (or id), cut to
// 24 characters, and its node count.
func BoxLabel(c *model.Cluster) string {
	name := c.Name
	if name == "" {
		name = c.ID
	}
	if utf8.RuneCountInString(name) > 24 {
		name = string([]rune(name)[:24]) + "…"
	}
	return name + " · " + strconv.Itoa(c.Nodes)
}

// Num formats a number briefly: at most 4 significant digits, no
// exponent below a billion.
func Num(x float64) string {
	if math.Abs(x) >= 1e9 || (x != 0 && math.Abs(x) < 1e-3) {
		return strconv.FormatFloat(x, 'g', 4, 64)
	}
	return strconv.FormatFloat(math.Round(x*1000)/1000, 'f', -1, 64)
}

// NewID is a cluster id no cluster uses, in the style of the ids there
// are: beside C1 and C2 it is C3 (a drawn cluster was "c0" there), and
// the first free number from the lowest in use (c1 beside c0 and c2).
// Without clusters, or with ids of no common style, it is c0, c1, ...
func NewID(cs []model.Cluster) string {
	used := make(map[string]bool, len(cs))
	for _, c := range cs {
		used[c.ID] = true
	}
	prefix, low := "c", 0
	for i, c := range cs {
		p, n, ok := splitID(c.ID)
		if !ok || (i > 0 && p != prefix) {
			prefix, low = "c", 0
			break
		}
		if i == 0 || n < low {
			prefix, low = p, n
		}
	}
	for n := low; ; n++ {
		id := prefix + strconv.Itoa(n)
		if !used[id] {
			return id
		}
	}
}

// splitID splits an id such as "C12" into its letters and its number.
func splitID(id string) (prefix string, n int, ok bool) {
	i := len(id)
	for i > 0 && id[i-1] >= '0' && id[i-1] <= '9' {
		i--
	}
	if i == len(id) || len(id)-i > 6 {
		return "", 0, false
	}
	n, err := strconv.Atoi(id[i:])
	return id[:i], n, err == nil
}

// signature sums up what the canvas draws (every cluster field shown,
// the selection and the width), so a render that changes none of it
// skips the redraw.
func signature(cs []model.Cluster, sel int, width float64) string {
	var b strings.Builder
	fmt.Fprint(&b, sel, " ", width)
	for i := range cs {
		c := &cs[i]
		fmt.Fprintf(&b, "|%q %q %d %g %g", c.ID, c.Name, c.Nodes, c.Bandwidth, c.Latency)
	}
	return b.String()
}
