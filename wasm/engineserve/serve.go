//go:build js && wasm

// Package engineserve is the engine API for the browser's module Web
// Workers (static/engine-worker.mjs): engine/api served straight through
// syscall/js. It is linked into the page's one binary, static/app.wasm,
// whose main calls Main when it finds no document (site/main_wasm.go).
// The binary is built with the tag gridplay_nohttp, so no net/http is
// linked.
//
// Main hands the worker one function, serve(req, onHead, onChunk, onEnd),
// through globalThis.gridplayEngineReady, and waits for calls. req is
// {method, path, type, body}: path with its query, type the body's
// Content-Type, body a Uint8Array or null. onHead(status, contentType,
// serverTiming) comes first; then onChunk(Uint8Array) once per flush (each
// NDJSON frame of a stream) and for the rest at the end; then onEnd().
package engineserve

import (
	"bytes"
	"encoding/json"
	"net/url"
	"runtime"
	"syscall/js"
	"time"

	_ "gridplay/engine/all"
	"gridplay/engine/api"
	"gridplay/engine/swf"
	"gridplay/wasm/internal/jsfetch"
	"gridplay/wasm/internal/warm"
)

// Main serves the engine to the worker and never returns.
func Main() {
	// The experiments that read a trace (gamf-fig7, multisite) fetch it
	// from static/traces next to the worker's module.
	swf.Fetcher = jsfetch.Trace
	holdBallast()
	serve := js.FuncOf(func(_ js.Value, a []js.Value) any {
		if len(a) < 4 {
			return nil
		}
		req, onHead, onChunk, onEnd := a[0], a[1], a[2], a[3]
		r := &api.Request{Method: req.Get("method").String(), Header: api.Header{}, ContentLength: 0}
		u, err := url.Parse(req.Get("path").String())
		if err != nil {
			u = &url.URL{Path: "/"}
		}
		r.Path, r.Query = u.Path, u.Query()
		if t := req.Get("type"); t.Truthy() {
			r.Header.Set("Content-Type", t.String())
		}
		if b := req.Get("body"); b.Truthy() {
			body := make([]byte, b.Get("length").Int())
			js.CopyBytesToGo(body, b)
			r.Body, r.ContentLength = bytes.NewReader(body), int64(len(body))
		}
		// A callback must return before Go can wait on anything.
		go func() {
			w := &writer{h: api.Header{}, onHead: onHead, onChunk: onChunk}
			if r.Path == WarmPath {
				warmUp(w)
			} else {
				api.Serve(w, r)
			}
			w.Flush()
			onEnd.Invoke()
			// The request's garbage is collected before the next one
			// comes, so a reused instance's memory (which WebAssembly
			// never gives back) does not grow by it.
			runtime.GC()
		}()
		return nil
	})
	js.Global().Call("gridplayEngineReady", serve)
	select {}
}

// BallastBytes is the size of a block the engine's instance holds for
// its whole life, untouched: a floor under the collector's heap goal
// (twice the live heap), so that a request of a few MB runs without a
// collection, which in WebAssembly's one thread it would wait for. The
// block holds no pointers, so a cycle does not scan it
// (engine-client.mjs's reuse cap counts its 24 MiB).
const BallastBytes = 24 << 20

var ballast []byte

// holdBallast allocates the block (BallastBytes) and keeps it.
func holdBallast() { ballast = make([]byte, BallastBytes) }

// WarmPath is the worker's own request for the warm-up of a trace import
// (wasm/internal/warm, sent by static/engine-client.mjs): not an API
// route.
const WarmPath = "/_warm"

// warmUp makes the warm-up's requests and answers what it did, as JSON.
func warmUp(w *writer) {
	t0 := time.Now()
	n, err := warm.Run()
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	b, _ := json.Marshal(map[string]any{"requests": n, "ms": float64(time.Since(t0).Microseconds()) / 1000, "error": msg})
	w.h.Set("Content-Type", "application/json")
	w.Write(b)
}

// writer sends the answer to the worker: the head with the first write,
// then what was written at each Flush.
type writer struct {
	h               api.Header
	wrote           bool
	buf             []byte
	onHead, onChunk js.Value
}

func (w *writer) Header() api.Header { return w.h }

func (w *writer) WriteHeader(status int) {
	if w.wrote {
		return
	}
	w.wrote = true
	w.onHead.Invoke(status, w.h.Get("Content-Type"), w.h.Get("Server-Timing"))
}

func (w *writer) Write(b []byte) (int, error) {
	w.WriteHeader(200)
	w.buf = append(w.buf, b...)
	return len(b), nil
}

// Flush sends what was written since the last flush as one chunk.
func (w *writer) Flush() error {
	w.WriteHeader(200)
	if len(w.buf) == 0 {
		return nil
	}
	a := js.Global().Get("Uint8Array").New(len(w.buf))
	js.CopyBytesToJS(a, w.buf)
	w.buf = w.buf[:0]
	w.onChunk.Invoke(a)
	return nil
}
