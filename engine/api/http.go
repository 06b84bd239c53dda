//go:build !gridplay_nohttp

package api

import (
	"errors"
	"net/http"
)

// Handler returns the API as an http.Handler (natively, and under
// github.com/syumai/workers on Cloudflare Workers). It serves paths under
// /api/ and answers 404 for anything else, so it can be mounted at the
// root of a worker or next to a static file server.
func Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v == errAbort {
				panic(http.ErrAbortHandler)
			} else if v != nil {
				panic(v)
			}
		}()
		Serve(httpWriter{w}, &Request{
			Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: Header(r.Header),
			ContentLength: r.ContentLength, Body: r.Body, Ctx: r.Context(),
		})
	})
}

// httpWriter adapts an http.ResponseWriter.
type httpWriter struct{ w http.ResponseWriter }

func (h httpWriter) Header() Header              { return Header(h.w.Header()) }
func (h httpWriter) WriteHeader(status int)      { h.w.WriteHeader(status) }
func (h httpWriter) Write(b []byte) (int, error) { return h.w.Write(b) }

// Flush sends what was written; a writer that cannot flush is not an
// error (the answer then arrives at its end).
func (h httpWriter) Flush() error {
	if err := http.NewResponseController(h.w).Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	return nil
}
