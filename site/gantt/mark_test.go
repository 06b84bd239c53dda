package gantt

import (
	"math"
	"testing"

	"gridplay/engine/sched"
)

// lineRec records the dark lines drawn.
type lineRec struct {
	rec
	dark [][4]float64
}

func (r *lineRec) Line(x1, y1, x2, y2 float64, color string) {
	if color == "#111111" {
		r.dark = append(r.dark, [4]float64{x1, y1, x2, y2})
	}
}

// A marked bar is outlined around its rows and times, at least 3 pixels
// wide, over the heat map too; Mark(-1) removes the outline.
func TestMark(t *testing.T) {
	s := scen(4)
	r := &sched.Result{Schedule: []sched.Placement{
		{Job: "a", Cluster: "c0", Start: 0, End: 100, Nodes: 2},
		{Job: "b", Cluster: "c0", Start: 100, End: 100.01, Nodes: 1},
	}}
	ch := Layout(s, r)
	if ch.Marked() != -1 {
		t.Fatal("a new chart marks a bar")
	}
	var none lineRec
	Draw(&none, ch, 800, Height(ch), ch.End)
	ch.Mark(0)
	var one lineRec
	Draw(&one, ch, 800, Height(ch), ch.End)
	if len(one.dark)-len(none.dark) != 4 {
		t.Fatalf("%d dark lines for the mark", len(one.dark)-len(none.dark))
	}
	box := one.dark[len(one.dark)-4:]
	if x0, x1 := XOf(ch, 800, 0), XOf(ch, 800, 100); box[0][0] != math.Max(x0, LabelWidth) || box[0][2] != x1 {
		t.Errorf("outline from %v to %v, bar from %v to %v", box[0][0], box[0][2], x0, x1)
	}
	rowH := RowHeight(ch, Height(ch))
	if top, bot := box[0][1], box[1][1]; top != TopPad || math.Abs(bot-(TopPad+2*rowH-1)) > 1e-9 {
		t.Errorf("outline rows %v..%v", top, bot)
	}
	ch.Mark(1)
	var thin lineRec
	Draw(&thin, ch, 800, Height(ch), ch.End)
	b := thin.dark[len(thin.dark)-4:]
	if w := b[0][2] - b[0][0]; w < 3 {
		t.Errorf("a job narrower than a pixel is outlined %v pixels wide", w)
	}
	ch.Mark(-1)
	var off lineRec
	Draw(&off, ch, 800, Height(ch), ch.End)
	if len(off.dark) != len(none.dark) || ch.Marked() != -1 {
		t.Error("Mark(-1) leaves an outline")
	}
	ch.Mark(7)
	if ch.Marked() != -1 {
		t.Error("a bar out of range is marked")
	}
}
