//go:build !js

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	_ "gridplay/engine/all"
	"gridplay/engine/api"
	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/site/state"
)

// TestWorkerd compares the engine API served by workerd (wrangler dev,
// the Cloudflare Workers runtime, running wasm/api) with the same handler
// in-process: the same scenario must give the same bytes. ./build.sh test
// starts wrangler and sets GRIDPLAY_WORKERD_URL; without it the test skips.
func TestWorkerd(t *testing.T) {
	base := os.Getenv("GRIDPLAY_WORKERD_URL")
	if base == "" {
		t.Skip("GRIDPLAY_WORKERD_URL is not set (./build.sh test sets it when wrangler is installed)")
	}
	waitReady(t, strings.TrimSuffix(base, "/")+"/api/policies")
	body, err := model.Encode(state.DefaultScenario())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ method, path string }{
		{"POST", "/api/run"},
		{"POST", "/api/run?stream=1"},
		{"GET", "/api/policies"},
		{"GET", "/api/experiments"},
	} {
		var rd io.Reader
		if tc.method == "POST" {
			rd = bytes.NewReader(body)
		}
		req, _ := http.NewRequest(tc.method, strings.TrimSuffix(base, "/")+tc.path, rd)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.method, tc.path, err)
		}
		got, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		w := httptest.NewRecorder()
		if tc.method == "POST" {
			rd = bytes.NewReader(body)
		}
		api.Handler().ServeHTTP(w, httptest.NewRequest(tc.method, tc.path, rd))
		if resp.StatusCode != w.Code {
			t.Errorf("%s %s: workerd status %d, native %d", tc.method, tc.path, resp.StatusCode, w.Code)
		}
		if !bytes.Equal(got, w.Body.Bytes()) {
			t.Errorf("%s %s: workerd and native bytes differ:\nworkerd %.300s\nnative  %.300s", tc.method, tc.path, got, w.Body.Bytes())
		} else {
			t.Logf("%s %s: %d identical bytes", tc.method, tc.path, len(got))
		}
	}
	// Every paper system, random parts included (crossScenarios), and
	// script policies whose errors the API answers (scriptErrors).
	all := crossScenarios()
	for name, s := range scriptErrors() {
		all[name] = s
	}
	for name, s := range all {
		body, err := model.Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"/api/run", "/api/run?stream=1"} {
			resp, err := http.Post(strings.TrimSuffix(base, "/")+path, "application/json", bytes.NewReader(body))
			if err != nil {
				t.Fatalf("%s %s: %v", name, path, err)
			}
			got, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			code, want := nativeAnswer(t, path, body)
			if resp.StatusCode != code || !bytes.Equal(got, want) {
				t.Errorf("%s %s: workerd answered %d with %d bytes, native %d with %d bytes\nworkerd %.300s\nnative  %.300s",
					name, path, resp.StatusCode, len(got), code, len(want), got, want)
			} else {
				t.Logf("%s %s: %d identical bytes", name, path, len(got))
			}
		}
	}
}

// waitReady polls url until it answers 200; wrangler takes a second or
// two to start workerd.
func waitReady(t *testing.T, url string) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("workerd at %s never became ready: %v", url, err)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// TestWorkerdExperiments fans every experiment's points (quick mode) out
// over workerd, eight requests at a time, as `experiment NAME -remote URL
// -parallel 8` does, and merges them here: the JSON and CSV must be the
// bytes of the native single-thread run. An experiment of pagePoints
// (the costliest: see there) sends only those points to workerd, and
// each answer must be the bytes of the same point run natively. gamf-fig7 and
// multisite read their traces from the deployment's static assets. It
// also merges on workerd (POST /api/experiments/NAME/merge) for one
// experiment.
func TestWorkerdExperiments(t *testing.T) {
	base := os.Getenv("GRIDPLAY_WORKERD_URL")
	if base == "" {
		t.Skip("GRIDPLAY_WORKERD_URL is not set (./build.sh test sets it when wrangler is installed)")
	}
	base = strings.TrimSuffix(base, "/")
	waitReady(t, base+"/api/policies")
	for _, info := range sched.Experiments() {
		t.Run(info.Name, func(t *testing.T) {
			e, _ := sched.LookupExperiment(info.Name)
			opt := sched.ExperimentOptions{Quick: true}
			ctx := context.Background()
			plan, err := e.Plan(opt)
			if err != nil {
				t.Fatal(err)
			}
			var log strings.Builder
			rc, err := api.NewRemote(base, e, opt, 2, &log)
			if err != nil {
				t.Fatal(err)
			}
			if err := rc.CheckPlan(ctx, plan); err != nil {
				t.Fatal(err)
			}
			if only, ok := pagePoints[info.Name]; ok {
				for _, k := range only {
					if k >= len(plan) {
						t.Fatalf("point %d of pagePoints is past the plan's %d points", k, len(plan))
					}
					remote, err := rc.Point(ctx, k)
					if err != nil {
						t.Fatalf("point %d over workerd: %v\n%s", k, err, log.String())
					}
					native, err := e.Point(ctx, opt, k, nil)
					if err != nil {
						t.Fatal(err)
					}
					a, _ := json.Marshal(remote)
					b, _ := json.Marshal(native)
					if !bytes.Equal(a, b) {
						t.Fatalf("point %d over workerd differs from the native one:\nworkerd %.400s\nnative  %.400s", k, a, b)
					}
				}
				t.Logf("points %v of %d over workerd: each the native point's bytes", only, len(plan))
				return
			}
			// The native run goes beside the fan-out, on the core the
			// remote points leave idle (its time, logged, is then not a
			// quiet machine's).
			type wholeRun struct {
				rep sched.Report
				err error
				d   time.Duration
			}
			whole := make(chan wholeRun, 1)
			go func() {
				t0 := time.Now()
				var w wholeRun
				w.rep, w.err = sched.RunExperiment(ctx, e, opt, nil)
				w.d = time.Since(t0)
				whole <- w
			}()
			over := fmt.Sprintf("%d points over workerd", len(plan))
			t0 := time.Now()
			parts, err := sched.FanOut(ctx, plan, 8, rc.Point, nil)
			if err != nil {
				t.Fatalf("%v\n%s", err, log.String())
			}
			tw := time.Since(t0)
			w := <-whole
			if w.err != nil {
				t.Fatal(w.err)
			}
			native, tn := w.rep, w.d
			merged, err := e.Merge(opt, parts)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := json.Marshal(merged)
			b, _ := json.Marshal(native)
			var ca, cb bytes.Buffer
			api.WriteRowsCSV(&ca, merged.LongRows())
			api.WriteRowsCSV(&cb, native.LongRows())
			if !bytes.Equal(a, b) || !bytes.Equal(ca.Bytes(), cb.Bytes()) {
				t.Fatalf("workerd fan-out differs from the native run:\nworkerd %.400s\nnative  %.400s", a, b)
			}
			t.Logf("%s (8 at a time) in %v, native %v: %d identical JSON bytes, %d CSV bytes%s",
				over, tw.Round(time.Millisecond), tn.Round(time.Millisecond), len(a), ca.Len(), strings.ReplaceAll("\n"+log.String(), "\n", "\n    "))
		})
	}
	// The merge endpoint on workerd answers what the native merge does.
	e, _ := sched.LookupExperiment("hybrid-table1")
	opt := sched.ExperimentOptions{Quick: true}
	plan, _ := e.Plan(opt)
	req := api.MergeRequest{Options: opt}
	for k := range plan {
		rep, err := e.Point(context.Background(), opt, k, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(rep)
		req.Points = append(req.Points, b)
	}
	body, _ := json.Marshal(req)
	resp, err := http.Post(base+"/api/experiments/hybrid-table1/merge", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	code, want := nativeAnswer(t, "/api/experiments/hybrid-table1/merge", body)
	if resp.StatusCode != code || !bytes.Equal(got, want) {
		t.Errorf("merge on workerd: %d %.300s\nnative %d %.300s", resp.StatusCode, got, code, want)
	}
}

// TestWorkerdAssets checks that the Cloudflare Worker (wasm/cf/entry.mjs)
// sends the playground's binary as their pre-compressed brotli files to
// a browser that accepts brotli, with Vary: Accept-Encoding, and never
// the .br files by their own names. (Locally, wrangler's proxy
// re-encodes for a client that also accepts gzip, so the test asks for
// brotli alone; on Cloudflare the edge negotiates.)
func TestWorkerdAssets(t *testing.T) {
	base := os.Getenv("GRIDPLAY_WORKERD_URL")
	if base == "" {
		t.Skip("GRIDPLAY_WORKERD_URL is not set (./build.sh test sets it when wrangler is installed)")
	}
	base = strings.TrimSuffix(base, "/")
	waitReady(t, base+"/api/policies")
	for _, f := range []string{"app.wasm", "main.js"} {
		want, err := os.ReadFile(staticDir + "/" + f + ".br")
		if err != nil {
			t.Fatal(err)
		}
		req, _ := http.NewRequest("GET", base+"/"+f, nil)
		req.Header.Set("Accept-Encoding", "br")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "br" || !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") || !bytes.Equal(got, want) {
			t.Errorf("%s: status %d, encoding %q, vary %q, %d bytes (the .br file has %d)", f, resp.StatusCode,
				resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"), len(got), len(want))
		} else {
			t.Logf("%s: %d bytes of brotli", f, len(got))
		}
	}
	for path, status := range map[string]int{"/": 200, "/app.wasm.br": 404, "/app.wasm.gz": 404, "/traces/KTH-SP2-1996-2.swf.gz": 200} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != status {
			t.Errorf("GET %s: status %d, want %d", path, resp.StatusCode, status)
		}
	}
}
