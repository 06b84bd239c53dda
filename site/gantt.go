package main

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"

	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/site/frames"
	"gridplay/site/gantt"
	"gridplay/site/jsbridge"
	"gridplay/site/paint"
	"gridplay/site/state"
)

// Gantt is the page's chart with its playback controls (Page.play,
// pause, step and seek); the clock names the position of the frames of
// the view shown below it, or says why there is no chart.
type Gantt struct {
	P *Page

	Tip string
	// dragX is where a drag that pans the zoomed chart last was
	// (clientX); dragging says a button went down on the chart.
	dragX    float64
	dragging bool

	// tipFor is the chart Tip describes: a tapped job's tooltip (a phone
	// has no pointer leaving the canvas) goes when the chart changes.
	tipFor *gantt.Chart
	// host is the element holding the canvas and the tooltip, which
	// Vugu does not touch (jsbridge.SetTip).
	host js.Value
}

// LabelX is the left edge of the plot (pans are measured from it).
const LabelX = gantt.LabelWidth

// Compute drops a tooltip that describes another chart than the one
// shown (a preset or a run replaced it).
func (c *Gantt) Compute(ctx vugu.ComputeCtx) {
	if c.P.chart != c.tipFor {
		c.Tip, c.tipFor = "", nil
	}
}

// speedIs says whether the speed multiplier v is selected; 1 is the
// default replay of the whole schedule in state.Duration seconds.
func (c *Gantt) speedIs(v float64) bool {
	m := c.mult()
	return math.Abs(m-v) < 1e-9
}

func (c *Gantt) mult() float64 {
	span := c.P.App.Player.End - c.P.App.Player.Start
	if c.P.App.Player.Speed <= 0 || span <= 0 {
		return 1
	}
	return c.P.App.Player.Speed / (span / state.Duration)
}

func (c *Gantt) speed(e vugu.DOMEvent) {
	v, err := strconv.ParseFloat(e.JSEventTarget().Get("value").String(), 64)
	span := c.P.App.Player.End - c.P.App.Player.Start
	if err != nil || v <= 0 || span <= 0 {
		return
	}
	c.P.App.Player.Speed = v * span / state.Duration
}

// ScrubValue is the scrubber position, 0 to 1000.
func ScrubValue(p *state.Player) string {
	return strconv.Itoa(int(math.Round(p.Progress() * 1000)))
}

func (c *Gantt) scrub(e vugu.DOMEvent) {
	v, err := strconv.ParseFloat(e.JSEventTarget().Get("value").String(), 64)
	if err != nil {
		return
	}
	c.P.seek(c.P.App.Player.At(v / 1000))
}

func (c *Gantt) clock() string {
	return Clock(c.P.chart, &c.P.App.Player, c.P.View, c.P.App.Frames, c.P.App.Status)
}

// Clock is the playback position as text.
// The Gantt chart runs in simulated seconds; the frames of view are
// spread evenly over the replay and named by frames.StepLabel (by
// generation or step when they are not in simulated time).
func Clock(ch *gantt.Chart, p *state.Player, view string, fs []state.Frame, status string) string {
	if ch == nil {
		switch status {
		case state.StatusError:
			return "no schedule: the engine stopped with the message above"
		case state.StatusCancelled:
			return "no schedule: the run was cancelled"
		case state.StatusRunning:
			return "waiting for the engine"
		}
		return "no schedule yet"
	}
	// The playback runs to the later of the schedule's end and the last
	// frame (a status exchange may come after the last job): the clock
	// counts to the same end, so it never reads "200 s of 197.7 s".
	end := math.Max(ch.End, p.End)
	t := math.Min(p.T, end)
	tf := ch.Times()
	s := "t = " + tf.Format(math.Round(t*10)/10) + " of " + tf.Format(math.Round(end*10)/10)
	n := frames.Shown(view, fs, p)
	if l := frames.StepLabel(view, fs, n, tf); l != "" {
		s += " · " + l
	} else if len(fs) > 0 {
		s += fmt.Sprintf(" · frame %d of %d", n, len(fs))
	}
	return s
}

// paint draws the chart after every render (vg-js-populate): Rendered
// runs only for the root's direct children, so a canvas at any depth is
// drawn here.
func (c *Gantt) paint(v js.Value) {
	c.host = v
	jsbridge.OnHover(v, c.hover, c.leave)
	if c.Tip == "" {
		jsbridge.SetTip(v, "")
	}
	if c.P.chart == nil {
		// No schedule (an error, a cancelled run): the canvas must not
		// keep the last one's drawing as if it were this scenario's.
		// While a run is in flight the last drawing stays, so a quick
		// run does not flash.
		if c.P.App.Status != state.StatusRunning {
			paint.ClearGantt(v)
		}
		return
	}
	paint.Gantt(v, c.P.chart, c.P.App.Player.T)
}

// leave hides the tooltip and ends a drag (the pointer left the chart).
func (c *Gantt) leave() {
	c.Tip, c.dragging = "", false
	jsbridge.SetTip(c.host, "")
}

// Zoom and pan: the buttons zoom about the middle of the window,
// Ctrl+wheel (a pinch on a touchpad) about the pointer; a drag pans a
// zoomed chart; a double click shows the whole schedule again. A plain
// wheel keeps scrolling the page.

func (c *Gantt) zoom(f float64) {
	if c.P.chart == nil {
		return
	}
	t0, t1 := c.P.chart.Window()
	c.P.chart.Zoom((t0+t1)/2, f)
}

func (c *Gantt) whole() {
	if c.P.chart != nil {
		c.P.chart.Win = gantt.Window{}
	}
}

func (c *Gantt) zoomed() bool { return c.P.chart != nil && c.P.chart.Zoomed() }

// canvasX is the pointer's x on the Gantt canvas and the canvas width.
func canvasX(e vugu.DOMEvent) (x, w float64, ok bool) {
	cv := js.Global().Get("document").Call("getElementById", "gantt")
	if !cv.Truthy() {
		return 0, 0, false
	}
	r := cv.Call("getBoundingClientRect")
	return e.JSEvent().Get("clientX").Float() - r.Get("left").Float(), r.Get("width").Float(), true
}

func (c *Gantt) wheel(e vugu.DOMEvent) {
	ev := e.JSEvent()
	if c.P.chart == nil || !(ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool()) {
		return
	}
	e.PreventDefault()
	x, w, ok := canvasX(e)
	if !ok {
		return
	}
	f := 0.8
	if ev.Get("deltaY").Float() > 0 {
		f = 1.25
	}
	c.P.chart.Zoom(gantt.TimeAt(c.P.chart, w, x), f)
}

func (c *Gantt) down(e vugu.DOMEvent) {
	c.dragX = e.JSEvent().Get("clientX").Float()
	c.dragging = true
}

// hover shows the details of the job under the pointer, or pans a
// zoomed chart under a drag. It runs outside Vugu (jsbridge.OnHover): it
// paints the chart and the tooltip itself and renders nothing, so a
// pointer moving over the chart costs no page render.
func (c *Gantt) hover(p jsbridge.Pointer) {
	if c.P.chart == nil {
		return
	}
	if c.dragging && p.Buttons&1 != 0 && c.P.chart.Zoomed() {
		c.P.chart.Pan(gantt.TimeAt(c.P.chart, p.W, LabelX) - gantt.TimeAt(c.P.chart, p.W, LabelX+p.ClientX-c.dragX))
		c.dragX = p.ClientX
		paint.RepaintGantt(c.P.chart, c.P.App.Player.T)
		c.setTip("")
		return
	}
	i := gantt.Hit(c.P.chart, p.W, p.H, c.P.App.Player.T, p.X, p.Y)
	if i < 0 {
		c.setTip("")
		return
	}
	c.setTip(JobDetails(c.P.App.Scenario, c.P.App.Result, c.P.App.Frames, c.P.chart.Bars[i].Index, c.P.chart.Times()))
}

// setTip shows text as the tooltip of the chart shown.
func (c *Gantt) setTip(text string) {
	c.Tip, c.tipFor = text, c.P.chart
	jsbridge.SetTip(c.host, text)
}

// JobDetails describes placement i of r: the job, where and when it ran,
// its wait, and why it went there when a frame says so; times as tf
// writes them.
func JobDetails(s *model.Scenario, r *sched.Result, fs []state.Frame, i int, tf gantt.Times) string {
	if r == nil || i < 0 || i >= len(r.Schedule) {
		return ""
	}
	p := r.Schedule[i]
	var b strings.Builder
	fmt.Fprintf(&b, "%s on %s: %s, start %s, end %s", p.Job, p.Cluster, state.Count(p.Nodes, "node"), tf.Format(p.Start), tf.Format(p.End))
	if s != nil {
		for _, j := range s.Jobs {
			if j.ID == p.Job {
				fmt.Fprintf(&b, "; submitted at %s, asked for %s, waited %s", tf.Format(j.Submit), state.Count(j.Size, "node"), tf.Format(p.Start-j.Submit))
				if j.Deadline > 0 {
					late := "met"
					if p.End > j.Deadline {
						late = "missed by " + tf.Format(p.End-j.Deadline)
					}
					fmt.Fprintf(&b, "; deadline %s (%s)", tf.Format(j.Deadline), late)
				}
				break
			}
		}
	}
	b.WriteString(". ")
	b.WriteString(Why(r.Policy, p, fs))
	return b.String()
}

// Why explains a placement from the run's frames where they tell (a
// backfilling decision, a hybrid transfer) or the placement carries the
// policy's own reason, else from the policy's rule.
func Why(policy string, p sched.Placement, fs []state.Frame) string {
	if p.Why != "" {
		return p.Why
	}
	for _, f := range fs {
		switch f.Kind {
		case "backfill":
			var d frames.Backfill
			if json.Unmarshal(f.Data, &d) == nil && d.Job == p.Job {
				return fmt.Sprintf("Backfilled: it is estimated to end by %s s, so it does not delay %s, whose reservation starts at the shadow time %s s.", state.FormatNumber(d.EstEnd), d.Head, state.FormatNumber(d.Shadow))
			}
		case "transfer":
			var d frames.Transfer
			if json.Unmarshal(f.Data, &d) == nil && d.Job == p.Job && d.Moved {
				return fmt.Sprintf("Moved from %s to %s (%s; performance benefit %s, hybrid eq. 1).", d.From, d.To, d.Why, state.FormatNumber(d.PB))
			}
		}
	}
	switch {
	case strings.HasPrefix(policy, "muscle"):
		return "Packed by MUSCLE's composition table into the cluster of smallest ε (eq. 3), then ordered by TITAN's GA."
	case policy == "dll" || policy == "wrand":
		return "Sent to its cluster by " + policy + ", then ordered by TITAN's GA."
	case strings.HasPrefix(policy, "titan"):
		return "Placed by " + policy + " on the hosts that give the best predicted cost."
	case policy == "gamf" || policy == "gama" || policy == "cbs":
		return "Allocated by " + policy + " (GA-MF section 4)."
	case strings.HasPrefix(policy, "multisite"):
		return "Placed by " + policy + " where its predicted finish was earliest (multisite eqs. 1-2)."
	case strings.HasPrefix(policy, "hybrid"):
		return "Ran on its home cluster (" + policy + ")."
	}
	return "Started by " + policy + " as soon as enough nodes were free in queue order."
}
