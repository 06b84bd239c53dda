//go:build !gridplay_nohttp

package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"gridplay/engine/api"
	"gridplay/engine/sched"

	_ "gridplay/engine/muscle/repro"
)

// A 503 with Retry-After (wrangler dev's "Your worker restarted
// mid-request") is sent again without using up the point's retries; a
// 503 without it is a failed attempt; a server that keeps answering 503
// with Retry-After is given up on after MaxResends resends in all.
func TestRemoteSendsAgainOnRetryAfter(t *testing.T) {
	e, ok := sched.LookupExperiment("muscle-table2")
	if !ok {
		t.Fatal("no muscle-table2")
	}
	opt := sched.ExperimentOptions{Quick: true}
	serve := func(fail func(n int32) (status int, retryAfter bool)) (*httptest.Server, *atomic.Int32) {
		var n atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Query().Has("point") {
				if st, ra := fail(n.Add(1)); st != 0 {
					if ra {
						w.Header().Set("Retry-After", "0")
					}
					http.Error(w, "Your worker restarted mid-request.", st)
					return
				}
			}
			api.Handler().ServeHTTP(w, r)
		}))
		t.Cleanup(srv.Close)
		return srv, &n
	}
	var log strings.Builder

	// Five resends, no retry allowed: the point still comes back.
	srv, n := serve(func(n int32) (int, bool) {
		if n <= 5 {
			return http.StatusServiceUnavailable, true
		}
		return 0, false
	})
	rc, err := api.NewRemote(srv.URL, e, opt, 0, &log)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rc.Point(context.Background(), 0); err != nil || n.Load() != 6 {
		t.Errorf("after 5 answers 503 with Retry-After and no retries: %v, %d requests", err, n.Load())
	}
	if strings.Count(log.String(), "sent again") != 5 {
		t.Errorf("log: %q", log.String())
	}

	// A plain 503 is a failed attempt: with no retries, the point fails.
	srv, n = serve(func(n int32) (int, bool) { return http.StatusServiceUnavailable, false })
	rc, _ = api.NewRemote(srv.URL, e, opt, 0, &log)
	if _, err := rc.Point(context.Background(), 0); err == nil || n.Load() != 1 {
		t.Errorf("a 503 without Retry-After and no retries: %v, %d requests", err, n.Load())
	}

	// Always 503 with Retry-After: MaxResends resends in all, then the
	// attempts left (one retry), then the error.
	srv, n = serve(func(n int32) (int, bool) { return http.StatusServiceUnavailable, true })
	rc, _ = api.NewRemote(srv.URL, e, opt, 1, &log)
	if _, err := rc.Point(context.Background(), 0); err == nil || !strings.Contains(err.Error(), "503") || n.Load() != int32(2+api.MaxResends) {
		t.Errorf("always 503 with Retry-After, one retry: %v, %d requests, want %d", err, n.Load(), 2+api.MaxResends)
	}
}
