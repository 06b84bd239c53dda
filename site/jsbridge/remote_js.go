//go:build js && wasm

package jsbridge

import (
	"errors"
	"strings"
	"syscall/js"
)

// RemoteEngine sends requests to a gridplay API at Base (a Cloudflare
// Workers deployment, wrangler dev, api serve) with fetch, instead of the
// page's own engine workers. The API answers any origin (CORS).
type RemoteEngine struct{ Base string }

// Request sends one request with fetch; the returned function aborts it.
func (r RemoteEngine) Request(method, path string, body []byte, h Handlers) func() {
	q := NewQueue[event]()
	go drain(q, h)
	ctrl := js.Global().Get("AbortController").New()
	init := js.Global().Get("Object").New()
	init.Set("method", method)
	init.Set("signal", ctrl.Get("signal"))
	if body != nil {
		b := js.Global().Get("Uint8Array").New(len(body))
		js.CopyBytesToJS(b, body)
		init.Set("body", b)
		hd := js.Global().Get("Object").New()
		hd.Set("content-type", "application/json")
		init.Set("headers", hd)
	}
	var fns funcs
	fail := js.FuncOf(func(_ js.Value, a []js.Value) any {
		msg := "the request to " + r.Base + " failed"
		if len(a) > 0 && a[0].Truthy() {
			if a[0].Get("name").String() == "AbortError" {
				msg = ErrCancelled
			} else {
				msg += ": " + a[0].Call("toString").String()
			}
		}
		q.Push(event{end: true, err: errors.New(msg)})
		fns.release()
		return nil
	})
	gotBuf := js.FuncOf(func(_ js.Value, a []js.Value) any {
		u := js.Global().Get("Uint8Array").New(a[0])
		b := make([]byte, u.Get("length").Int())
		js.CopyBytesToGo(b, u)
		q.Push(event{chunk: b})
		q.Push(event{end: true})
		fns.release()
		return nil
	})
	gotResp := js.FuncOf(func(_ js.Value, a []js.Value) any {
		q.Push(event{head: true, status: a[0].Get("status").Int()})
		a[0].Call("arrayBuffer").Call("then", gotBuf, fail)
		return nil
	})
	fns = funcs{fail, gotBuf, gotResp}
	js.Global().Call("fetch", strings.TrimSuffix(r.Base, "/")+path, init).Call("then", gotResp, fail)
	return func() { ctrl.Call("abort") }
}

// Cores is the number of logical processors the browser reports
// (navigator.hardwareConcurrency), at least 1.
func Cores() int {
	n := js.Global().Get("navigator").Get("hardwareConcurrency")
	if n.Truthy() && n.Int() > 0 {
		return n.Int()
	}
	return 1
}

// DownloadFigure offers the SVG document svg as name.svg or, when png is
// set, drawn on a canvas (at twice its size, on white) as name.png.
func DownloadFigure(name, svg string, png bool) {
	if !png {
		Download(name+".svg", "image/svg+xml", []byte(svg))
		return
	}
	doc := js.Global().Get("document")
	img := js.Global().Get("Image").New()
	var onload, onerr js.Func
	onload = js.FuncOf(func(js.Value, []js.Value) any {
		defer onload.Release()
		defer onerr.Release()
		w, h := img.Get("naturalWidth").Int(), img.Get("naturalHeight").Int()
		c := doc.Call("createElement", "canvas")
		c.Set("width", 2*w)
		c.Set("height", 2*h)
		ctx := c.Call("getContext", "2d")
		ctx.Set("fillStyle", "#fff")
		ctx.Call("fillRect", 0, 0, 2*w, 2*h)
		ctx.Call("scale", 2, 2)
		ctx.Call("drawImage", img, 0, 0)
		offer(name+".png", c)
		return nil
	})
	onerr = js.FuncOf(func(js.Value, []js.Value) any {
		onload.Release()
		onerr.Release()
		LogError("the chart could not be turned into a PNG")
		return nil
	})
	img.Set("onload", onload)
	img.Set("onerror", onerr)
	img.Set("src", "data:image/svg+xml;charset=utf-8,"+js.Global().Call("encodeURIComponent", svg).String())
}
