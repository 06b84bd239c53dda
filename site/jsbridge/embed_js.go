//go:build js && wasm

package jsbridge

import (
	"math"
	sjs "syscall/js"
)

// OnEmbedCommands delivers the commands posted to this window by its
// parent page: window "message" events whose data is an object
// {gridplay: "play" | "pause" | "seek" | "load", ...}. Messages from any
// other window, or of another shape, are ignored.
func OnEmbedCommands() <-chan EmbedCommand {
	ch := make(chan EmbedCommand, 16)
	g := sjs.Global()
	f := sjs.FuncOf(func(_ sjs.Value, a []sjs.Value) any {
		// A message is a stranger's data: a malformed one is dropped,
		// never allowed to end the page's program.
		defer func() { recover() }()
		ev := a[0]
		if !ev.Get("source").Equal(g.Get("parent")) || g.Get("parent").Equal(g) {
			return nil
		}
		d := ev.Get("data")
		if d.Type() != sjs.TypeObject || d.IsNull() {
			return nil
		}
		c := d.Get("gridplay")
		if c.Type() != sjs.TypeString {
			return nil
		}
		cmd := EmbedCommand{Cmd: c.String(), T: math.NaN(), Step: -1}
		if t := d.Get("t"); t.Type() == sjs.TypeNumber {
			cmd.T = t.Float()
		}
		if s := d.Get("step"); s.Type() == sjs.TypeNumber {
			cmd.Step = s.Int()
		}
		if l := d.Get("link"); l.Type() == sjs.TypeString {
			// A link is at most a few MB (the engine refuses more).
			if v := l.String(); len(v) <= 4<<20 {
				cmd.Link = v
			}
		}
		select {
		case ch <- cmd:
		default:
		}
		return nil
	})
	g.Call("addEventListener", "message", f)
	return ch
}

// PostToParent posts m to the parent page (any origin: the embed shows
// what its parent linked, so its clock is no secret).
func PostToParent(m EmbedMessage) {
	g := sjs.Global()
	parent := g.Get("parent")
	if !parent.Truthy() || parent.Equal(g) {
		return
	}
	o := g.Get("Object").New()
	o.Set("gridplay", m.Kind)
	o.Set("t", m.T)
	o.Set("end", m.End)
	o.Set("playing", m.Playing)
	o.Set("frame", m.Frame)
	o.Set("frames", m.Frames)
	o.Set("step", m.Step)
	o.Set("policy", m.Policy)
	o.Set("name", m.Name)
	o.Set("text", m.Text)
	parent.Call("postMessage", o, "*")
}
