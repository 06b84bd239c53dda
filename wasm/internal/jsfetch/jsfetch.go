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
	"slices"
	"sync"
	"syscall/js"

	"gridplay/engine/swf"
)

// maxTraceBytes caps a fetched trace (the upload cap of /api/swf).
const maxTraceBytes = swf.MaxUploadBytes

// Trace reads static/traces/NAME where the engine has no file system:
// from the ASSETS binding on Cloudflare Workers (wasm/cf/wrangler.toml),
// else traces/NAME next to the worker's module. It calls fetch through
// syscall/js: net/http's client would add TLS and HTTP/2 to app.wasm.
//
// The body is read from its stream as the reader reads, and closing the
// reader cancels the rest, so a reader of a trace's head (swf.LoadEach)
// fetches only its first chunks. What was read stays in memory for the
// instance's later requests, up to cacheBytes in all; a later reader
// fetches again, skipping it, only if it reads past it.
func Trace(name string) (io.ReadCloser, error) {
	cache.Lock()
	e, ok := cache.m[name]
	cache.Unlock()
	if ok && e.whole {
		return io.NopCloser(bytes.NewReader(e.b)), nil
	}
	s := &stream{name: name}
	if ok {
		// Known to exist: the fetch waits until the reader needs it.
		s.buf = e.b[:len(e.b):len(e.b)]
		return s, nil
	}
	// Fetched now, so that a missing trace fails here (swf tries the
	// names a trace may have in turn).
	if err := s.open(); err != nil {
		return nil, err
	}
	return s, nil
}

// cacheBytes caps the traces kept in memory.
const cacheBytes = 16 << 20

// entry is what an instance keeps of a trace: its first bytes, or all of
// it (whole).
type entry struct {
	b     []byte
	whole bool
}

var cache struct {
	sync.Mutex
	m    map[string]entry
	size int
}

// keep stores what a reader read of name, unless the cache already holds
// as much or it would pass cacheBytes.
func keep(name string, b []byte, whole bool) {
	cache.Lock()
	defer cache.Unlock()
	old, ok := cache.m[name]
	if ok && (old.whole || len(old.b) >= len(b)) {
		return
	}
	if cache.size-len(old.b)+len(b) > cacheBytes {
		return
	}
	if cache.m == nil {
		cache.m = map[string]entry{}
	}
	cache.m[name] = entry{b: b[:len(b):len(b)], whole: whole}
	cache.size += len(b) - len(old.b)
}

// stream reads a trace from the network as it is read. buf holds every
// byte known so far (a cached head, then what came), pos is where the
// reader is; skip is how many bytes of the response still to drop (those
// a cached head already holds).
type stream struct {
	name   string
	buf    []byte
	pos    int
	opened bool
	reader js.Value // the body's stream reader; undefined once read whole
	skip   int
	eof    bool
	err    error
}

func (s *stream) Read(p []byte) (int, error) {
	for s.pos >= len(s.buf) {
		if s.err != nil {
			return 0, s.err
		}
		if s.eof {
			return 0, io.EOF
		}
		if err := s.more(); err != nil {
			s.err = err
		}
	}
	n := copy(p, s.buf[s.pos:])
	s.pos += n
	return n, nil
}

// Close cancels what the response has not delivered and keeps what was
// read (whole, when the reader reached the end).
func (s *stream) Close() error {
	if s.opened && !s.eof && s.reader.Truthy() {
		s.reader.Call("cancel")
	}
	if s.err == nil && len(s.buf) > 0 {
		keep(s.name, s.buf, s.eof)
	}
	return nil
}

// more appends the response's next chunk to buf (opening it first), or
// sets eof at its end.
func (s *stream) more() error {
	if !s.opened {
		if err := s.open(); err != nil {
			return err
		}
		if s.eof || !s.reader.Truthy() {
			return nil
		}
	}
	r, err := await(s.reader.Call("read"))
	if err != nil {
		return fmt.Errorf("reading %s: %w", s.name, err)
	}
	if r.Get("done").Bool() {
		s.eof = true
		return nil
	}
	return s.add(r.Get("value"))
}

// add appends a chunk (a Uint8Array) to buf, after dropping what skip
// says.
func (s *stream) add(chunk js.Value) error {
	n := chunk.Get("length").Int()
	if s.skip >= n {
		s.skip -= n
		return nil
	}
	if len(s.buf)+n-s.skip > maxTraceBytes {
		return fmt.Errorf("%s is larger than %d bytes", s.name, maxTraceBytes)
	}
	if s.skip > 0 {
		chunk = chunk.Call("subarray", s.skip)
		n -= s.skip
		s.skip = 0
	}
	// A cached head has no room past its end (keep clips it): Grow
	// copies it out.
	at := len(s.buf)
	s.buf = slices.Grow(s.buf, n)[:at+n]
	js.CopyBytesToGo(s.buf[at:], chunk)
	return nil
}

// open fetches the trace and takes its body's reader; what buf already
// holds is skipped. A response without a body stream is read whole.
func (s *stream) open() error {
	s.opened = true
	s.skip = len(s.buf)
	resp, err := fetchTrace(s.name)
	if err != nil {
		return err
	}
	if body := resp.Get("body"); body.Truthy() && body.Get("getReader").Truthy() {
		s.reader = body.Call("getReader")
		return nil
	}
	buf, err := await(resp.Call("arrayBuffer"))
	if err != nil {
		return fmt.Errorf("reading %s: %w", s.name, err)
	}
	if err := s.add(js.Global().Get("Uint8Array").New(buf)); err != nil {
		return err
	}
	s.eof = true
	return nil
}

// fetchTrace starts the GET of the trace and checks its status.
func fetchTrace(name string) (js.Value, error) {
	var fetcher js.Value
	var u string
	// The syumai/workers runtime context (Cloudflare only).
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
			return js.Undefined(), err
		}
		// The worker's own global object: js.Global() is the runtime's
		// proxy of it here, and fetch called on the proxy throws
		// "Illegal invocation".
		fetcher = js.Global().Get("self")
		u = base.ResolveReference(&url.URL{Path: "traces/" + name}).String()
	} else {
		return js.Undefined(), fmt.Errorf("no static assets to fetch %s from", name)
	}
	resp, err := await(fetcher.Call("fetch", u))
	if err != nil {
		return js.Undefined(), fmt.Errorf("fetching %s: %w", name, err)
	}
	if st := resp.Get("status").Int(); st != 200 {
		return js.Undefined(), fmt.Errorf("fetching %s: status %d", name, st)
	}
	return resp, nil
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
