//go:build js && wasm

package jsbridge

import (
	"sync"
	sjs "syscall/js"

	"github.com/vugu/vugu/js"
)

// Hash is the page's URL fragment, with its "#".
func Hash() string { return sjs.Global().Get("location").Get("hash").String() }

// PageURL is the page's address without the fragment.
func PageURL() string {
	l := sjs.Global().Get("location")
	return l.Get("origin").String() + l.Get("pathname").String()
}

// ClearHash removes the fragment without reloading or adding history.
func ClearHash() {
	h := sjs.Global().Get("history")
	h.Call("replaceState", nil, "", PageURL()+sjs.Global().Get("location").Get("search").String())
}

// Load reads a localStorage entry; "" when missing or unavailable.
func Load(key string) (v string) {
	defer func() {
		if recover() != nil {
			v = ""
		}
	}()
	ls := sjs.Global().Get("localStorage")
	if !ls.Truthy() {
		return ""
	}
	r := ls.Call("getItem", key)
	if r.IsNull() || r.IsUndefined() {
		return ""
	}
	return r.String()
}

// Save writes a localStorage entry; false when storage refused it (full,
// or disabled).
func Save(key, val string) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	g := sjs.Global().Get("gridplayStore")
	if !g.Truthy() {
		return false
	}
	return g.Call("set", key, val).Bool()
}

// await waits for the promise p (one that never rejects) and returns its
// value. Call it outside Vugu's lock, on a goroutine that may block.
func await(p sjs.Value) sjs.Value {
	ch := make(chan sjs.Value, 1)
	p.Call("then", callOnce(func(a []sjs.Value) {
		v := sjs.Undefined()
		if len(a) > 0 {
			v = a[0]
		}
		ch <- v
	}))
	return <-ch
}

// callOnce is a JS function that runs fn and releases itself: for a
// callback JS calls once (a promise's, a timer's).
func callOnce(fn func(a []sjs.Value)) sjs.Func {
	var f sjs.Func
	f = sjs.FuncOf(func(_ sjs.Value, a []sjs.Value) any {
		f.Release()
		fn(a)
		return nil
	})
	return f
}

// SaveBig keeps data under key in IndexedDB (a scenario too big for
// localStorage); false when the browser refused it. It blocks until
// then: call it outside Vugu's lock.
func SaveBig(key string, data []byte) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	g, ok := store("putBig")
	if !ok {
		return false
	}
	b := sjs.Global().Get("Uint8Array").New(len(data))
	sjs.CopyBytesToJS(b, data)
	return await(g.Call("putBig", key, b)).Truthy()
}

// LoadBig reads what SaveBig kept under key; nil when there is nothing
// (or no IndexedDB). It blocks: call it outside Vugu's lock.
func LoadBig(key string) (data []byte) {
	defer func() {
		if recover() != nil {
			data = nil
		}
	}()
	g, ok := store("getBig")
	if !ok {
		return nil
	}
	v := await(g.Call("getBig", key))
	if !v.Truthy() {
		return nil
	}
	data = make([]byte, v.Get("length").Int())
	sjs.CopyBytesToGo(data, v)
	return data
}

// DeleteBig drops what SaveBig kept under key. It blocks: call it
// outside Vugu's lock.
func DeleteBig(key string) {
	defer func() { recover() }()
	if g, ok := store("delBig"); ok {
		await(g.Call("delBig", key))
	}
}

// store is static/main.js's gridplayStore when it has method.
func store(method string) (sjs.Value, bool) {
	g := sjs.Global().Get("gridplayStore")
	return g, g.Truthy() && g.Get(method).Truthy()
}

// Copy puts text on the clipboard (asynchronously); false when the
// browser has no clipboard API here (the page then shows the text).
func Copy(text string) bool {
	g := sjs.Global().Get("gridplayCopy")
	if !g.Truthy() {
		return false
	}
	return g.Invoke(text).Bool()
}

// OnHashChange sends the URL fragment each time it changes (a share link
// opened in a tab that already shows the page changes only the hash).
func OnHashChange() <-chan string {
	ch := make(chan string, 4)
	f := sjs.FuncOf(func(sjs.Value, []sjs.Value) any {
		select {
		case ch <- Hash():
		default:
		}
		return nil
	})
	sjs.Global().Call("addEventListener", "hashchange", f)
	return ch
}

// LogError writes msg to the browser console as an error.
func LogError(msg string) { sjs.Global().Get("console").Call("error", msg) }

// Download offers data as a file.
func Download(name, mime string, data []byte) {
	arr := sjs.Global().Get("Uint8Array").New(len(data))
	sjs.CopyBytesToJS(arr, data)
	sjs.Global().Get("gridplayDownload").Invoke(name, mime, arr)
}

// DownloadChart offers the canvas matching selector as a PNG file with a
// title, a line under it (the policy and the key numbers) and a legend
// line below the chart, so the picture explains itself out of the page.
func DownloadChart(selector, name, title, sub, legend string) {
	doc := sjs.Global().Get("document")
	src := doc.Call("querySelector", selector)
	if !src.Truthy() {
		return
	}
	w, h := src.Get("width").Int(), src.Get("height").Int()
	scale := 1.0
	if cw := src.Get("clientWidth").Float(); cw > 0 {
		scale = float64(w) / cw
	}
	head, foot := int(52*scale), int(28*scale)
	out := doc.Call("createElement", "canvas")
	out.Set("width", w)
	out.Set("height", h+head+foot)
	ctx := out.Call("getContext", "2d")
	ctx.Set("fillStyle", "#ffffff")
	ctx.Call("fillRect", 0, 0, w, h+head+foot)
	ctx.Set("fillStyle", "#111111")
	ctx.Set("textBaseline", "top")
	ctx.Set("font", "bold "+ftoa(16*scale)+"px system-ui, sans-serif")
	ctx.Call("fillText", title, 10*scale, 8*scale)
	ctx.Set("font", ftoa(12*scale)+"px system-ui, sans-serif")
	ctx.Set("fillStyle", "#333333")
	ctx.Call("fillText", sub, 10*scale, 30*scale)
	ctx.Call("drawImage", src, 0, head)
	ctx.Set("fillStyle", "#555555")
	ctx.Call("fillText", legend, 10*scale, float64(h+head)+8*scale)
	offer(name, out)
}

// offer offers the picture on canvas as a PNG file.
func offer(name string, canvas sjs.Value) {
	doc := sjs.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", canvas.Call("toDataURL", "image/png"))
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
}

// ReducedMotion says whether the visitor asks for less motion (the
// prefers-reduced-motion media feature).
func ReducedMotion() bool {
	return sjs.Global().Call("matchMedia", "(prefers-reduced-motion: reduce)").Get("matches").Bool()
}

// Embed reads the embed page's options (static/embed.html sets
// globalThis.gridplayEmbed).
func Embed() (on, autoplay bool, height int) {
	e := sjs.Global().Get("gridplayEmbed")
	if !e.Truthy() {
		return false, false, 0
	}
	return true, e.Get("autoplay").Truthy(), e.Get("height").Int()
}

// OnKeys delivers key presses on a channel (the JS listener must not
// block, so the page handles them on a goroutine of its own).
func OnKeys() <-chan Key {
	ch := make(chan Key, 16)
	f := sjs.FuncOf(func(_ sjs.Value, a []sjs.Value) any {
		k := Key{Key: a[0].String(), Ctrl: a[1].Bool(), Shift: a[2].Bool()}
		select {
		case ch <- k:
		default:
		}
		return nil
	})
	sjs.Global().Get("gridplayKeys").Invoke(f)
	return ch
}

// Yield lets the browser run what waits on the page's thread (input
// events above all) before the calling goroutine goes on: it returns
// from a zero-delay timer. Call it outside Vugu's lock, on a goroutine
// that may block, before work that holds the thread for long.
func Yield() {
	ch := make(chan struct{})
	sjs.Global().Call("setTimeout", callOnce(func([]sjs.Value) { close(ch) }), 0)
	<-ch
}

// AfterPaint returns once the browser has presented a frame (from a
// zero-delay timer started in the next animation frame callback), or
// after 100 ms, whichever comes first: a hidden tab or an offscreen
// frame runs no animation frames. Call it outside Vugu's lock, on a
// goroutine that may block: what was drawn before it is on the screen
// before the work after it.
func AfterPaint() {
	ch := make(chan struct{})
	g := sjs.Global()
	end := sync.OnceFunc(func() { close(ch) })
	// The timer's function stays until the animation frame has come
	// (a hidden tab runs it when shown): it is released there.
	late := sjs.FuncOf(func(sjs.Value, []sjs.Value) any { end(); return nil })
	timer := g.Call("setTimeout", late, 100)
	g.Call("requestAnimationFrame", callOnce(func([]sjs.Value) {
		g.Call("clearTimeout", timer)
		late.Release()
		g.Call("setTimeout", callOnce(func([]sjs.Value) { end() }), 0)
	}))
	<-ch
}

// Now is performance.now() in ms.
func Now() float64 { return sjs.Global().Get("performance").Call("now").Float() }

// ByID returns the element with id, or a falsy value.
func ByID(id string) js.Value {
	return js.Value(sjs.Global().Get("document").Call("getElementById", id))
}

// Query returns the first element matching selector, or a falsy value.
func Query(selector string) js.Value {
	return js.Value(sjs.Global().Get("document").Call("querySelector", selector))
}

// Same tells whether a and b are the same JavaScript value.
func Same(a, b js.Value) bool { return sjs.Value(a).Equal(sjs.Value(b)) }

// DeleteData removes the data-key attribute of element el.
func DeleteData(el js.Value, key string) { sjs.Value(el).Get("dataset").Delete(key) }

// OnScrollRows calls fn with the row under the top of the scrolling
// element el (scrollTop over rowH CSS pixels) each time it changes, at
// most once an animation frame. fn runs inside a JS callback: it must not
// block (start a goroutine to take the render lock).
func OnScrollRows(el js.Value, rowH int, fn func(first int)) {
	v := sjs.Value(el)
	if !v.Truthy() {
		return
	}
	f := sjs.FuncOf(func(_ sjs.Value, a []sjs.Value) any {
		fn(a[0].Int())
		return nil
	})
	sjs.Global().Call("gridplayScrollRows", v, rowH, f)
}

// SetScrollTop scrolls the element el to px CSS pixels from its top.
func SetScrollTop(el js.Value, px float64) {
	if v := sjs.Value(el); v.Truthy() {
		v.Set("scrollTop", px)
	}
}
