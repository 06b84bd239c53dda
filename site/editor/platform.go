package editor

import (
	"strconv"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"

	"gridplay/engine/model"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// Platform is the platform editor component: the canvas, the cluster
// list with its buttons, and the side panel of the selected cluster.
//
//	<editor:Platform :App="c.App"></editor:Platform>
//
// Its numeric inputs are text inputs with inputmode="decimal", not
// type="number": a number input hands the page "" for text it cannot hold
// (1e400, or "1e" on the way to 1e3), which read as the field's default.
// jobs.ParseFloat names the problem instead.
type Platform struct {
	App *state.App

	// Selected is the selected cluster's index, -1 for none: at first
	// the first cluster.
	Selected int

	layout Layout
	drag   Drag
	drawn  string // signature of what the canvas shows
	// canvas is the element, for drawing during a gesture without a
	// page render.
	canvas js.Value
	// on holds the canvas's pointer listeners (attach).
	on jsbridge.Listeners
	// Msg is the status line (what the last gesture did, or why not),
	// for the scenario at edit count msgGen: an undo or another edit
	// makes it stale.
	Msg    string
	msgGen int
	// drafts keeps the side-panel inputs' texts that the scenario does
	// not hold, by key "field" or "servers[k].field" (serverKey).
	drafts state.Drafts

	// Computed before each build (Compute): the selected cluster's
	// validation messages and the platform-wide ones.
	fieldErrs map[string]string
	platErrs  []string
	// checked is what they were computed for: validating a whole trace
	// takes the page's thread a good part of a second, far too much for
	// every render (a hover renders).
	checked checkKey
}

type checkKey struct {
	s        *model.Scenario
	gen, sel int
}

// Compute validates once per change of the scenario or the selection,
// not once per render.
func (c *Platform) Compute(ctx vugu.ComputeCtx) {
	k := checkKey{c.App.Scenario, c.App.Gen, c.sel()}
	if k == c.checked && c.checked.s != nil {
		return
	}
	c.checked = k
	c.fieldErrs, c.platErrs = Errors(c.App.Scenario, c.sel())
}

func (c *Platform) clusters() []model.Cluster { return c.App.Scenario.Platform.Clusters }

// sel returns the valid selection or -1 (an undo may have removed the
// selected cluster).
func (c *Platform) sel() int {
	if c.Selected < 0 || c.Selected >= len(c.clusters()) {
		return -1
	}
	return c.Selected
}

func (c *Platform) hasSel() bool { return c.sel() >= 0 }

func (c *Platform) selCluster() *model.Cluster {
	if i := c.sel(); i >= 0 {
		return &c.App.Scenario.Platform.Clusters[i]
	}
	return &model.Cluster{}
}

func (c *Platform) choose(i int) {
	c.Selected = i
	c.drafts = state.Drafts{}
}

// typeIn keeps what is being typed in an input (input event); key is
// the field or serverKey. Its blur event calls c.drafts.Leave.
func (c *Platform) typeIn(key string, e vugu.DOMEvent) {
	c.drafts.Type(key, e.PropString("target", "value"))
}

// add appends an 8-node cluster (the button; the canvas draws any size).
func (c *Platform) add() { c.addNodes(8) }

func (c *Platform) addNodes(n int) {
	if len(c.clusters()) >= model.MaxClusters {
		c.say("a platform has at most " + strconv.Itoa(model.MaxClusters) + " clusters")
		return
	}
	idx := 0
	c.App.Edit("add cluster", func(s *model.Scenario) { idx = AddCluster(s, n) })
	c.choose(idx)
	c.say("added " + c.label(idx) + " with " + strconv.Itoa(n) + " nodes")
}

func (c *Platform) remove(i int) {
	if i < 0 || i >= len(c.clusters()) {
		return
	}
	name := c.label(i)
	note := ""
	c.App.Edit("delete "+name, func(s *model.Scenario) { note = RemoveCluster(s, i) })
	c.say("deleted " + name)
	if note != "" {
		c.say(c.Msg + "; " + note)
	}
	if c.Selected >= len(c.clusters()) {
		c.Selected = len(c.clusters()) - 1
	}
	c.drafts.Drop()
}

func (c *Platform) move(i, delta int) {
	j := i + delta
	if j < 0 || j >= len(c.clusters()) {
		return
	}
	name := c.label(i)
	c.App.Edit("move "+name, func(s *model.Scenario) { j = MoveCluster(s, i, delta) })
	c.choose(j)
	c.say("moved " + name + " to position " + strconv.Itoa(j+1))
}

func (c *Platform) resize(i, n int) {
	if i < 0 || i >= len(c.clusters()) || n == c.clusters()[i].Nodes {
		return
	}
	// Try on a copy first, so a refused size leaves no undo step.
	if err := SetNodes(model.Clone(c.App.Scenario), i, n); err != nil {
		c.say(err.Error())
		return
	}
	c.App.Edit("resize "+c.label(i), func(s *model.Scenario) { _ = SetNodes(s, i, n) })
	c.say(c.label(i) + " now has " + strconv.Itoa(n) + " nodes")
}

// say sets the status line for the scenario as it is now.
func (c *Platform) say(m string) { c.Msg, c.msgGen = m, c.App.Gen }

// msg is the status line while the scenario is the one it speaks of.
func (c *Platform) msg() string {
	if c.msgGen != c.App.Gen {
		return ""
	}
	return c.Msg
}

// label names cluster i for messages: its name, else its id.
func (c *Platform) label(i int) string {
	cl := c.clusters()[i]
	if cl.Name != "" {
		return cl.Name
	}
	return cl.ID
}

func (c *Platform) itemLabel(i int) string {
	cl := c.clusters()[i]
	s := c.label(i)
	if s != cl.ID {
		s += " (" + cl.ID + ")"
	}
	return s + " · " + strconv.Itoa(cl.Nodes) + " nodes"
}

func (c *Platform) itemClass(i int) string {
	if i == c.sel() {
		return "pe-item selected"
	}
	return "pe-item"
}

func (c *Platform) pressed(i int) string { return strconv.FormatBool(i == c.sel()) }

// val is the text of a side-panel input: the unparsed text when the
// last entry did not parse, else the model's value.
func (c *Platform) val(field string) string {
	if v, ok := c.drafts.Text(field); ok {
		return v
	}
	cl := *c.selCluster() // a copy: reading a weight creates the copy's weights
	switch field {
	case "name":
		return cl.Name
	case "id":
		return cl.ID
	case "nodes":
		return strconv.Itoa(cl.Nodes)
	}
	if p, unit := clusterNum(&cl, field); p != nil && *p != 0 {
		return strconv.FormatFloat(*p*unit, 'g', -1, 64)
	}
	return ""
}

// err is the message under an input: a parse problem, else the model's.
func (c *Platform) err(field string) string {
	if m := c.drafts.Err(field); m != "" {
		return m
	}
	return c.fieldErrs[field]
}

func (c *Platform) invalid(field string) string { return strconv.FormatBool(c.err(field) != "") }

// set applies a side-panel input (change event).
func (c *Platform) set(field string, e vugu.DOMEvent) {
	i := c.sel()
	if i < 0 {
		return
	}
	v := e.PropString("target", "value")
	c.drafts.Leave(field)
	if v == c.val(field) {
		return
	}
	c.apply(field, v, func(s *model.Scenario) string { return SetField(s, i, field, v) })
}

// apply sets the input key's text v with f, on a copy first: text that
// does not parse stays in the input with its message and leaves no undo
// step.
func (c *Platform) apply(key, v string, f func(s *model.Scenario) string) {
	c.drafts.Leave(key)
	msg := f(model.Clone(c.App.Scenario))
	c.drafts.Keep(key, v, msg)
	if msg != "" {
		return
	}
	c.App.Edit("edit "+c.label(c.sel())+" "+key, func(s *model.Scenario) { f(s) })
}

func (c *Platform) hasWeights() bool { return c.selCluster().Weights != nil }

func (c *Platform) clearWeights() {
	i := c.sel()
	if i < 0 || c.clusters()[i].Weights == nil {
		return
	}
	c.App.Edit("clear CP weights of "+c.label(i), func(s *model.Scenario) { s.Platform.Clusters[i].Weights = nil })
	for _, f := range []string{"wo", "wm", "wi"} {
		c.drafts.Keep(f, "", "")
	}
}

func (c *Platform) servers() []model.Server { return c.selCluster().Servers }

func (c *Platform) hasServers() bool { return len(c.servers()) > 0 }

func (c *Platform) addServer() {
	i := c.sel()
	if i < 0 {
		return
	}
	c.App.Edit("add server to "+c.label(i), func(s *model.Scenario) { AddServer(s, i) })
}

func (c *Platform) removeServer(k int) {
	i := c.sel()
	if i < 0 {
		return
	}
	c.App.Edit("remove server from "+c.label(i), func(s *model.Scenario) { RemoveServer(s, i, k) })
	c.drafts.Drop()
}

func serverKey(k int, field string) string { return "servers[" + strconv.Itoa(k) + "]." + field }

func (c *Platform) serverVal(k int, field string) string {
	if v, ok := c.drafts.Text(serverKey(k, field)); ok {
		return v
	}
	sv := c.servers()[k]
	switch field {
	case "id":
		return sv.ID
	case "nodes":
		return strconv.Itoa(sv.Nodes)
	case "pes":
		return strconv.Itoa(sv.PEs)
	case "speed":
		return strconv.FormatFloat(sv.Speed, 'g', -1, 64)
	}
	return ""
}

func (c *Platform) serverErr(k int, field string) string { return c.err(serverKey(k, field)) }

func (c *Platform) setServer(k int, field string, e vugu.DOMEvent) {
	i := c.sel()
	if i < 0 {
		return
	}
	v := e.PropString("target", "value")
	c.apply(serverKey(k, field), v, func(s *model.Scenario) string { return SetServer(s, i, k, field, v) })
}

// canvasLabel describes the canvas for screen readers.
func (c *Platform) canvasLabel() string {
	n := len(c.clusters())
	return "Platform canvas: " + strconv.Itoa(n) + " clusters joined by a central switch. " +
		"Drag on empty space to draw a cluster; arrow keys select a cluster, plus and minus change its nodes, Delete removes it, A adds one."
}

// Pointer gestures. down and up are Vugu events (they change the state
// and re-render); moves between them only redraw the canvas (attach),
// so a drag does not render the page on every pointer move.

func (c *Platform) down(e vugu.DOMEvent) {
	x, y := e.PropFloat64("offsetX"), e.PropFloat64("offsetY")
	c.drag = c.layout.Begin(x, y)
	c.drawn = "" // the gesture is drawn
	if c.drag.Mode == DragSelect || c.drag.Mode == DragResize {
		c.choose(c.drag.Index)
	}
	capturePointer(e)
}

func (c *Platform) up(e vugu.DOMEvent) {
	d := c.drag
	c.drag = Drag{}
	c.drawn = "" // clear the gesture's preview
	if x, y := e.PropFloat64("offsetX"), e.PropFloat64("offsetY"); d.Mode != DragNone {
		d.Move(x, y)
	}
	switch d.Mode {
	case DragCreate:
		if !d.Moved() {
			c.Selected = -1
			return
		}
		c.addNodes(d.Nodes())
	case DragResize:
		c.resize(d.Index, d.Nodes())
	}
}

// key handles the canvas's keyboard commands.
func (c *Platform) key(e vugu.DOMEvent) {
	n := len(c.clusters())
	i := c.sel()
	switch e.PropString("key") {
	case "ArrowRight", "ArrowDown":
		if n > 0 {
			c.choose((i + 1) % n)
		}
	case "ArrowLeft", "ArrowUp":
		if n > 0 {
			c.choose((i - 1 + n) % n)
		}
	case "+", "=":
		if i >= 0 {
			c.resize(i, min(c.clusters()[i].Nodes+1, model.MaxNodes))
		}
	case "-", "_":
		if i >= 0 && c.clusters()[i].Nodes > 1 {
			c.resize(i, c.clusters()[i].Nodes-1)
		}
	case "Delete", "Backspace":
		if i >= 0 && n > 1 {
			c.remove(i)
		}
	case "Insert", "a":
		c.add()
	default:
		return
	}
	e.PreventDefault()
}

func (c *Platform) nodesStep(delta int) {
	i := c.sel()
	if i < 0 {
		return
	}
	n := c.clusters()[i].Nodes + delta
	if n >= 1 && n <= model.MaxNodes {
		c.resize(i, n)
	}
}
