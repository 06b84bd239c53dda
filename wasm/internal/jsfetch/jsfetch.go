//go:build js && wasm

// Package jsfetch reads the traces of static/traces where the engine runs
// without a file system: in the browser's engine worker and on Cloudflare
// Workers. Both main packages set swf.Fetcher = jsfetch.Trace.
package jsfetch

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/url"
	"sync"
	"syscall/js"

	"gridplay/engine/swf"
)

// maxTraceBytes caps a fetched trace (the upload cap of /api/swf).
const maxTraceBytes = swf.MaxUploadBytes

// Trace reads static/traces/NAME where the engine has no file system.
// On Cloudflare Workers it asks the deployment's static assets (the ASSETS
// binding that wasm/cf/wrangler.toml declares); in the browser's engine
// worker it fetches traces/NAME next to the worker's module, which sits at
// the site's root (static/engine-worker.mjs, serving wasm/engineserve). It calls fetch through
// syscall/js: net/http's client would add TLS and HTTP/2 to app.wasm
// (about 5 MB) for a same-origin GET.
//
// What it fetched stays in memory for the instance's later requests (the
// page's engine workers and Cloudflare's isolates serve many), up to
// cacheBytes in all: every point of gamf-fig7 reads the head of the same
// trace.
func Trace(name string) (io.ReadCloser, error) {
	cache.Lock()
	b, ok := cache.m[name]
	cache.Unlock()
	if ok {
		return io.NopCloser(bytes.NewReader(b)), nil
	}
	b, err := fetchTrace(name)
	if err != nil {
		return nil, err
	}
	cache.Lock()
	if cache.size+len(b) <= cacheBytes {
		if cache.m == nil {
			cache.m = map[string][]byte{}
		}
		if _, dup := cache.m[name]; !dup {
			cache.m[name] = b
			cache.size += len(b)
		}
	}
	cache.Unlock()
	return io.NopCloser(bytes.NewReader(b)), nil
}

// cacheBytes caps the traces kept in memory (the three that
// static/traces ships are 4.9 MB compressed in all).
const cacheBytes = 16 << 20

var cache struct {
	sync.Mutex
	m    map[string][]byte
	size int
}

func fetchTrace(name string) ([]byte, error) {
	var fetcher js.Value
	var u string
	// The syumai/workers runtime context (Cloudflare); the browser's
	// engine (wasm/engineserve) has none.
	env := js.Undefined()
	if ctx := js.Global().Get("context"); ctx.Truthy() {
		env = ctx.Get("env")
	}
	if env.Truthy() && env.Get("ASSETS").Truthy() {
		fetcher = env.Get("ASSETS")
		u = "https://assets.invalid/traces/" + url.PathEscape(name)
	} else if loc := js.Global().Get("location"); loc.Truthy() {
		base, err := url.Parse(loc.Get("href").String())
		if err != nil {
			return nil, err
		}
		// The worker's own global object: js.Global() is the runtime's
		// proxy of it here, and fetch called on the proxy throws
		// "Illegal invocation".
		fetcher = js.Global().Get("self")
		u = base.ResolveReference(&url.URL{Path: "traces/" + name}).String()
	} else {
		return nil, fmt.Errorf("no static assets to fetch %s from", name)
	}
	resp, err := await(fetcher.Call("fetch", u))
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %w", name, err)
	}
	if st := resp.Get("status").Int(); st != 200 {
		return nil, fmt.Errorf("fetching %s: status %d", name, st)
	}
	buf, err := await(resp.Call("arrayBuffer"))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	n := arr.Get("length").Int()
	if n > maxTraceBytes {
		return nil, fmt.Errorf("%s is larger than %d bytes", name, maxTraceBytes)
	}
	b := make([]byte, n)
	js.CopyBytesToGo(b, arr)
	return b, nil
}

// await waits for a JavaScript promise.
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- result{v: args[0]}
		return nil
	})
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- result{err: errors.New(js.Global().Get("String").Invoke(args[0]).String())}
		return nil
	})
	p.Call("then", ok, fail)
	r := <-ch
	ok.Release()
	fail.Release()
	return r.v, r.err
}
