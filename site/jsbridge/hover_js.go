//go:build js && wasm

package jsbridge

import (
	sjs "syscall/js"

	"github.com/vugu/vugu/js"
)

// The current handlers of OnHover, and its listeners (one chart per
// page).
var (
	hoverFn    func(p Pointer)
	hoverLeave func()
	hoverOn    Listeners
)

// OnHover sends every pointer move over the canvas inside host to move,
// and the pointer leaving it to leave, outside Vugu: a Vugu @mousemove
// handler re-renders the whole page after every event. The listeners
// are added once per host element; later calls only replace the
// handlers.
func OnHover(host js.Value, move func(p Pointer), leave func()) {
	hoverFn, hoverLeave = move, leave
	h := sjs.Value(host)
	if !h.Truthy() || hoverOn.On(host) {
		return
	}
	hoverOn.Release()
	hoverOn.Add(host, "mousemove", func(e js.Value) {
		cv := h.Get("firstElementChild")
		if !cv.Truthy() || hoverFn == nil {
			return
		}
		ev := sjs.Value(e)
		r := cv.Call("getBoundingClientRect")
		cx, cy := ev.Get("clientX").Float(), ev.Get("clientY").Float()
		hoverFn(Pointer{
			X: cx - r.Get("left").Float(), Y: cy - r.Get("top").Float(),
			W: r.Get("width").Float(), H: r.Get("height").Float(),
			ClientX: cx, Buttons: ev.Get("buttons").Int(),
		})
	})
	hoverOn.Add(host, "mouseleave", func(js.Value) {
		if hoverLeave != nil {
			hoverLeave()
		}
	})
}

// SetTip shows text in the tooltip under the canvas inside host (a
// div.tooltip with role status, made the first time), or hides it when
// text is "". The text is set as text, never as HTML.
func SetTip(host js.Value, text string) {
	h := sjs.Value(host)
	if !h.Truthy() {
		return
	}
	tip := h.Get("gridplayTip")
	if !tip.Truthy() {
		if text == "" {
			return
		}
		tip = sjs.Global().Get("document").Call("createElement", "div")
		tip.Set("className", "tooltip")
		tip.Call("setAttribute", "role", "status")
		h.Call("appendChild", tip)
		h.Set("gridplayTip", tip)
	}
	if text == "" {
		tip.Call("remove")
		h.Set("gridplayTip", sjs.Undefined())
		return
	}
	if tip.Get("textContent").String() != text {
		tip.Set("textContent", text)
	}
}
