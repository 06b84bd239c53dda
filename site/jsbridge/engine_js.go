//go:build js && wasm

package jsbridge

import (
	"errors"
	"syscall/js"
)

// WorkerEngine sends requests through globalThis.gridplayEngine, the small
// client in static/main.js that posts {id, method, path, body} to a module
// Web Worker of its pool (one request per worker at a time) and relays the
// answer's head, chunks and end. The cancel function Request returns
// ends that request only: its worker is terminated, others run on.
type WorkerEngine struct {
	// Type gives a request body's Content-Type, "" for JSON (nil: every
	// body is JSON).
	Type func(body []byte) string
}

// Request sends one request; see Handlers for the order of the calls.
func (e WorkerEngine) Request(method, path string, body []byte, h Handlers) func() {
	q := NewQueue[event]()
	go drain(q, h)
	eng := js.Global().Get("gridplayEngine")
	if eng.IsUndefined() {
		q.Push(event{end: true, err: errors.New("engine client missing (static/main.js not loaded)")})
		return func() {}
	}
	var fns funcs
	onHead := js.FuncOf(func(_ js.Value, a []js.Value) any {
		q.Push(event{head: true, status: a[0].Int()})
		return nil
	})
	onChunk := js.FuncOf(func(_ js.Value, a []js.Value) any {
		b := make([]byte, a[0].Get("length").Int())
		js.CopyBytesToGo(b, a[0])
		q.Push(event{chunk: b})
		return nil
	})
	onEnd := js.FuncOf(func(_ js.Value, a []js.Value) any {
		var err error
		if len(a) > 0 && a[0].Truthy() {
			err = errors.New(a[0].String())
		}
		q.Push(event{end: true, err: err})
		fns.release()
		return nil
	})
	fns = funcs{onHead, onChunk, onEnd}
	jsBody, ct := js.Null(), js.Null()
	if body != nil {
		jsBody = js.Global().Get("Uint8Array").New(len(body))
		js.CopyBytesToJS(jsBody, body)
		if e.Type != nil {
			if t := e.Type(body); t != "" {
				ct = js.ValueOf(t)
			}
		}
	}
	id := eng.Call("request", method, path, jsBody, onHead, onChunk, onEnd, ct)
	return func() { eng.Call("cancel", id) }
}

// funcs are the callbacks of one request, released at its end.
type funcs []js.Func

func (fs funcs) release() {
	for _, f := range fs {
		f.Release()
	}
}

type event struct {
	head   bool
	status int
	chunk  []byte
	end    bool
	err    error
}

// drain hands the events of one request to its handlers, in order.
func drain(q *Queue[event], h Handlers) {
	for evs := range q.Batches {
		// Chunks that arrived together are handed over as one: a
		// stream of many small frames costs one call (one lock, one
		// render) per batch, not per frame.
		var run []byte
		flush := func() {
			if run != nil {
				h.Chunk(run)
				run = nil
			}
		}
		for _, e := range evs {
			switch {
			case e.head:
				flush()
				h.Head(e.status)
			case e.end:
				flush()
				h.End(e.err)
				return
			default:
				run = append(run, e.chunk...)
			}
		}
		flush()
	}
}
