//go:build js && wasm

package jsbridge

import (
	sjs "syscall/js"

	"github.com/vugu/vugu/js"
)

// Listeners are event listeners a view adds outside Vugu (the job
// table's rows, the per-job table, the editor's canvas), removed together
// when the view binds to a new element or goes.
type Listeners struct{ ls []listener }

type listener struct {
	el  sjs.Value
	typ string
	fn  sjs.Func
}

// Add calls fn with each typ event on el. fn runs inside a JS callback:
// it must not block (start a goroutine to take the render lock).
func (l *Listeners) Add(el js.Value, typ string, fn func(ev js.Value)) {
	f := sjs.FuncOf(func(_ sjs.Value, a []sjs.Value) any {
		if len(a) > 0 {
			fn(js.Value(a[0]))
		}
		return nil
	})
	v := sjs.Value(el)
	v.Call("addEventListener", typ, f)
	l.ls = append(l.ls, listener{v, typ, f})
}

// On tells whether the first listener added is on el.
func (l *Listeners) On(el js.Value) bool { return len(l.ls) > 0 && l.ls[0].el.Equal(sjs.Value(el)) }

// Release removes every listener.
func (l *Listeners) Release() {
	for _, x := range l.ls {
		x.el.Call("removeEventListener", x.typ, x.fn)
		x.fn.Release()
	}
	l.ls = nil
}
