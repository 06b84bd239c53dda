package jobs

import (
	"errors"
	"fmt"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
)

// The browser side of the table: reading a picked file and downloading a
// CSV. It uses vugu/js, which compiles natively to stubs; every function
// checks its JS values first, so natively nothing runs.

// readFile reads the file chosen in the file input of event e, up to
// limit bytes, and calls done from the JS callback that has the bytes
// (done must not take the render lock itself). The input is cleared, so
// picking the same file again imports it again.
func readFile(e vugu.DOMEvent, limit int, done func(name string, data []byte, err error)) {
	input := e.JSEventTarget()
	if !input.Truthy() {
		return
	}
	files := input.Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	file := files.Index(0)
	input.Set("value", "")
	name := file.Get("name").String()
	if size := file.Get("size").Float(); size > float64(limit) {
		go done(name, nil, fmt.Errorf("%s is %.0f MB; the limit is %d MB", name, size/(1<<20), limit>>20))
		return
	}
	var ok, fail js.Func
	release := func() { ok.Release(); fail.Release() }
	ok = js.FuncOf(func(this js.Value, args []js.Value) interface{} {
		defer release()
		arr := js.Global().Get("Uint8Array").New(args[0])
		data := make([]byte, arr.Length())
		js.CopyBytesToGo(data, arr)
		done(name, data, nil)
		return nil
	})
	fail = js.FuncOf(func(this js.Value, args []js.Value) interface{} {
		defer release()
		msg := "the browser could not read the file"
		if len(args) > 0 && args[0].Truthy() {
			msg += ": " + args[0].Call("toString").String()
		}
		done(name, nil, errors.New(msg))
		return nil
	})
	file.Call("arrayBuffer").Call("then", ok, fail)
}
