package api

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/url"
)

// The routes are written against these few types instead of net/http's,
// so that the browser's engine (wasm/engineserve, in the page's binary
// built with the tag gridplay_nohttp) links no net/http: that package
// brings crypto/tls, x509 and their tables, a third of the engine's
// binary, which a Web Worker never uses. Handler (http.go, without the tag) adapts net/http to them.

// Request is what a route reads of an HTTP request.
type Request struct {
	Method string
	// Path is the URL path; Query its decoded query.
	Path  string
	Query url.Values
	// Header holds the request headers by canonical name
	// ("Content-Type").
	Header Header
	// ContentLength is the body's length, -1 when unknown.
	ContentLength int64
	Body          io.Reader
	// Ctx is the request's context (nil means context.Background).
	Ctx context.Context
}

// Context is the request's context.
func (r *Request) Context() context.Context {
	if r.Ctx == nil {
		return context.Background()
	}
	return r.Ctx
}

// ResponseWriter is what a route writes its answer to: the subset of
// http.ResponseWriter it uses.
type ResponseWriter interface {
	Header() Header
	WriteHeader(status int)
	Write(b []byte) (int, error)
}

// Flusher is a ResponseWriter that can send what was written so far at
// once: each NDJSON frame of a stream is flushed.
type Flusher interface {
	Flush() error
}

// Header maps canonical header names to values (http.Header's shape, so
// that one converts to the other and shares the map).
type Header map[string][]string

// Set sets the header key (a canonical name) to v.
func (h Header) Set(key, v string) { h[key] = []string{v} }

// Get is the first value of the header key (a canonical name), or "".
func (h Header) Get(key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// The statuses the routes answer.
const (
	statusOK                    = 200
	statusNoContent             = 204
	statusBadRequest            = 400
	statusNotFound              = 404
	statusMethodNotAllowed      = 405
	statusRequestEntityTooLarge = 413
	statusUnprocessableEntity   = 422
	statusInternalServerError   = 500
	statusServiceUnavailable    = 503
)

// errAbort is re-panicked by Serve's recovery (see Handler: it stands
// for http.ErrAbortHandler, which aborts a response on purpose).
var errAbort = errors.New("api: abort handler")

// Call answers one request in this process, in memory: the native side
// of the benchmark (wasm/internal/bench) and the browser worker's warm-up
// (wasm/internal/warm). target is the path with its query.
func Call(method, target, contentType string, body []byte) (status int, answer []byte) {
	u, err := url.Parse(target)
	if err != nil {
		return statusBadRequest, []byte(err.Error())
	}
	r := &Request{Method: method, Path: u.Path, Query: u.Query(), Header: Header{},
		ContentLength: int64(len(body)), Body: bytes.NewReader(body)}
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	w := &memWriter{h: Header{}}
	Serve(w, r)
	if w.status == 0 {
		w.status = statusOK
	}
	return w.status, w.body.Bytes()
}

// memWriter keeps an answer in memory (Call).
type memWriter struct {
	h      Header
	status int
	body   bytes.Buffer
}

func (w *memWriter) Header() Header { return w.h }
func (w *memWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}
func (w *memWriter) Write(b []byte) (int, error) {
	w.WriteHeader(statusOK)
	return w.body.Write(b)
}
