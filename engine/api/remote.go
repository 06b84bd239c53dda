//go:build !gridplay_nohttp

package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"gridplay/engine/sched"
)

// Remote runs the points of an experiment on a gridplay API (api serve,
// wrangler dev, a Cloudflare Workers deployment) and decodes their
// reports for a local merge (sched.FanOut with Remote.Point, then the
// experiment's Merge). The CLI's `experiment -remote URL` uses it.
type Remote struct {
	base    string // URL without a trailing slash
	e       sched.Experiment
	opt     sched.ExperimentOptions
	body    []byte // the options, as JSON
	retries int
	client  *http.Client
	log     io.Writer
	mu      sync.Mutex // guards log
}

// MaxPointBytes caps one point's answer.
const MaxPointBytes = 256 << 20

// NewRemote is a client of the API at raw for experiment e with options
// opt; a failed point is tried retries more times, and each retry is
// logged on log.
func NewRemote(raw string, e sched.Experiment, opt sched.ExperimentOptions, retries int, log io.Writer) (*Remote, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%q is not an http(s) URL such as http://127.0.0.1:8787", raw)
	}
	body, err := json.Marshal(opt)
	if err != nil {
		return nil, err
	}
	return &Remote{
		base: strings.TrimSuffix(raw, "/"), e: e, opt: opt, body: body, retries: retries,
		// No overall timeout: a full point can take minutes. Cancel
		// with Ctrl-C.
		client: &http.Client{},
		log:    log,
	}, nil
}

// post sends the options to path and returns the answer's body, or an
// error naming the status and the API's message.
func (r *Remote) post(ctx context.Context, path string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.base+path, bytes.NewReader(r.body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := r.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, MaxPointBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxPointBytes {
		return nil, fmt.Errorf("answer larger than %d bytes", MaxPointBytes)
	}
	if resp.StatusCode != http.StatusOK {
		again := resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") != ""
		var e struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(b, &e) == nil && e.Error != "" {
			return nil, &statusError{resp.StatusCode, e.Error, again}
		}
		return nil, &statusError{resp.StatusCode, strings.TrimSpace(string(b[:min(len(b), 200)])), again}
	}
	return b, nil
}

type statusError struct {
	status int
	msg    string
	// again: a 503 with Retry-After, the server's word that the request
	// did not run and may be sent again (see Remote.Point).
	again bool
}

func (e *statusError) Error() string { return fmt.Sprintf("status %d: %s", e.status, e.msg) }

// permanent reports whether retrying cannot help: the API refused the
// request itself (4xx other than 408 and 429).
func permanent(err error) bool {
	se, ok := err.(*statusError)
	return ok && se.status >= 400 && se.status < 500 && se.status != 408 && se.status != 429
}

// CheckPlan asks the remote for its plan and compares it with ours: the
// two must run the same engine.
func (r *Remote) CheckPlan(ctx context.Context, plan []sched.PointInfo) error {
	b, err := r.post(ctx, "/api/experiments/"+url.PathEscape(r.e.Info().Name)+"/plan")
	if err != nil {
		return fmt.Errorf("plan: %w", err)
	}
	var got sched.Plan
	if err := json.Unmarshal(b, &got); err != nil {
		return fmt.Errorf("plan: %w", err)
	}
	if len(got.Points) != len(plan) {
		return fmt.Errorf("the remote plan has %d points, ours %d: is it running the same version of gridplay?", len(got.Points), len(plan))
	}
	for i := range plan {
		if got.Points[i] != plan[i] {
			return fmt.Errorf("the remote plan's point %d is %q, ours %q: is it running the same version of gridplay?", i, got.Points[i].Label, plan[i].Label)
		}
	}
	return nil
}

// Point runs point k remotely, retrying a failed attempt up to r.retries
// times with a growing pause, and decodes its report.
//
// A 503 answer with a Retry-After header says the request did not run
// and may be sent again: the point is sent again after a short pause, up
// to MaxResends times in all, without counting as a failed attempt. wrangler
// dev answers so ("Your worker restarted mid-request", Retry-After: 0)
// when its proxy's pooled connection to the worker had been closed by a
// keep-alive timeout (cloudflare/workers-sdk issue 14641).
func (r *Remote) Point(ctx context.Context, k int) (sched.Report, error) {
	path := "/api/experiments/" + url.PathEscape(r.e.Info().Name) + "?point=" + strconv.Itoa(k)
	var last error
	resends := 0
	for attempt := 0; attempt <= r.retries; attempt++ {
		if attempt > 0 {
			r.mu.Lock()
			fmt.Fprintf(r.log, "point %d: attempt %d failed (%v); retrying\n", k, attempt, last)
			r.mu.Unlock()
			if !sleep(ctx, time.Duration(attempt)*500*time.Millisecond) {
				return nil, ctx.Err()
			}
		}
		b, err := r.post(ctx, path)
		for err != nil && ctx.Err() == nil && resends < MaxResends && isResend(err) {
			resends++
			r.mu.Lock()
			fmt.Fprintf(r.log, "point %d: sent again (%v)\n", k, err)
			r.mu.Unlock()
			if !sleep(ctx, time.Duration(resends)*50*time.Millisecond) {
				return nil, ctx.Err()
			}
			b, err = r.post(ctx, path)
		}
		if err == nil {
			return r.e.DecodePoint(r.opt, k, b)
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		last = err
		if permanent(err) {
			break
		}
	}
	return nil, last
}

// MaxResends is how often Point sends a point again on a 503 with
// Retry-After before it counts as a failed attempt.
const MaxResends = 8

func isResend(err error) bool {
	se, ok := err.(*statusError)
	return ok && se.again
}

// sleep waits d, or until ctx is done (false).
func sleep(ctx context.Context, d time.Duration) bool {
	select {
	case <-ctx.Done():
		return false
	case <-time.After(d):
		return true
	}
}
