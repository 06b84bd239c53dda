//go:build !js

package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"gridplay/engine/api"
	"gridplay/engine/model"
)

// crossScenarios are small scenarios that exercise every paper system,
// including the random parts (GA operators, generators, tie-breaks), so
// comparing their bytes across runtimes checks determinism where it can
// break.
func crossScenarios() map[string]*model.Scenario {
	sigma := 0.8
	gen := &model.Generator{Jobs: 24, Rate: 0.2, ExecMin: 5, ExecMax: 100, Alpha: 1, DRMin: 0, DRMax: 5, Sizes: "uniform", SizeMin: 1, SizeMax: 8}
	two := []model.Cluster{
		{ID: "a", Nodes: 16, Speed: 1, MIPS: 1000, Bandwidth: 1000},
		{ID: "b", Nodes: 12, Speed: 2, MIPS: 2000, Bandwidth: 1000, Weights: &model.Weights{O: 4, M: 3, I: 1}},
	}
	out := map[string]*model.Scenario{}
	out["easy"] = &model.Scenario{Version: 1, Seed: 7, Generator: gen,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 16}}},
		Policy:   model.Policy{Name: "easy"}}
	var tj []model.Job
	for i, code := range []string{"cpi", "sweep3d", "fft", "improc", "bitonic", "cpi", "fft", "bitonic"} {
		tj = append(tj, model.Job{ID: fmt.Sprintf("t%d", i), Size: 16, App: &model.App{Code: code},
			Deadline: float64(300 + 60*(i%7)), Priority: 1 + i%5})
	}
	out["titan"] = &model.Scenario{Version: 1, Seed: 3, Jobs: tj,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 16}}},
		Policy:   model.Policy{Name: "titan", Params: map[string]float64{"generations": 150, "round_generations": 20}}}
	out["muscle"] = &model.Scenario{Version: 1, Seed: 5, Generator: gen,
		Platform: model.Platform{Clusters: two},
		Policy:   model.Policy{Name: "muscle", Params: map[string]float64{"generations": 40}}}
	var gj []model.Job
	for i := 0; i < 6; i++ {
		gj = append(gj, model.Job{ID: fmt.Sprintf("g%d", i), Size: 6 + 3*i, Runtime: float64(100 + 40*i), Bandwidth: 20, Sigma: &sigma})
	}
	out["gamf"] = &model.Scenario{Version: 1, Seed: 11, Jobs: gj,
		Platform: model.Platform{Clusters: two},
		Policy:   model.Policy{Name: "gamf", Params: map[string]float64{"generations": 30, "population": 20}}}
	var mj []model.Job
	sites := []string{"s0", "s1", "s2"}
	for i := 0; i < 15; i++ {
		mj = append(mj, model.Job{ID: fmt.Sprintf("m%d", i), Submit: float64(10 * i), Size: 2 + (i*5)%14,
			Runtime: float64(50 + 17*i), Requested: float64(80 + 20*i), Origin: sites[i%3], Data: 1})
	}
	out["multisite"] = &model.Scenario{Version: 1, Seed: 1, Jobs: mj,
		Platform: model.Platform{
			Clusters: []model.Cluster{{ID: "s0", Nodes: 8, H: 1.4}, {ID: "s1", Nodes: 8, H: 1}, {ID: "s2", Nodes: 8, H: 0.6}},
			Network:  &model.Network{Bandwidth: 0.1, MultisiteFactor: 1.3},
		},
		Policy: model.Policy{Name: "multisite-optimal"}}
	var hj []model.Job
	homes := []string{"h0", "h1", "h2"}
	for i := 0; i < 30; i++ {
		hj = append(hj, model.Job{ID: fmt.Sprintf("h%d", i), Submit: float64(7 * i), Size: 1 + i%6,
			Runtime: float64(60 + 13*i), Deadline: float64(7*i + 600 + 20*i), Origin: homes[i%3], Data: 10})
	}
	out["hybrid"] = &model.Scenario{Version: 1, Seed: 9, Jobs: hj,
		Platform: model.Platform{
			Clusters: []model.Cluster{
				{ID: "h0", Nodes: 8, Servers: []model.Server{{ID: "h0a", Nodes: 8, PEs: 2, Speed: 500}}},
				{ID: "h1", Nodes: 12, Servers: []model.Server{{ID: "h1a", Nodes: 4, PEs: 1, Speed: 1000}, {ID: "h1b", Nodes: 8, PEs: 2, Speed: 1500}}},
				{ID: "h2", Nodes: 6, Servers: []model.Server{{ID: "h2a", Nodes: 6, PEs: 4, Speed: 2000}}},
			},
			Network: &model.Network{Bandwidth: 100, Latency: 0.05, MigrationOverhead: 5},
		},
		Policy: model.Policy{Name: "hybrid-phrs"}}
	// Script policies (issue 38): a Starlark priority and schedule.
	for name, s := range scriptScenarios() {
		out[name] = s
	}
	return out
}

// nativeAnswer is what the in-process handler answers to POST path with
// body: the reference every other runtime must match byte for byte.
func nativeAnswer(t *testing.T, path string, body []byte) (int, []byte) {
	t.Helper()
	w := httptest.NewRecorder()
	api.Handler().ServeHTTP(w, httptest.NewRequest("POST", path, bytes.NewReader(body)))
	return w.Code, w.Body.Bytes()
}

// TestCrossScenariosNative makes sure every cross-runtime scenario is
// valid and really schedules jobs natively, so the comparisons below
// compare results, not error messages.
func TestCrossScenariosNative(t *testing.T) {
	for name, s := range crossScenarios() {
		body, err := model.Encode(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		code, out := nativeAnswer(t, "/api/run", body)
		if code != 200 || !bytes.Contains(out, []byte(`"schedule":[{`)) {
			t.Fatalf("%s: native answer %d %.300s", name, code, out)
		}
		if _, again := nativeAnswer(t, "/api/run", body); !bytes.Equal(out, again) {
			t.Fatalf("%s: two native runs differ", name)
		}
	}
}

// TestBrowserWorkerDeterminism posts each cross-runtime scenario to the
// engine in the page's module Web Worker (app.wasm's engine,
// wasm/engineserve) and checks the answer, plain and streamed, is byte for
// byte the native handler's.
func TestBrowserWorkerDeterminism(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 800)
	if err := chromedp.Run(ctx, chromedp.Navigate(url),
		chromedp.WaitReady(`body`),
		chromedp.Poll(`typeof globalThis.gridplayEngine === "object"`, nil)); err != nil {
		t.Fatalf("loading the page: %v", err)
	}
	for name, s := range crossScenarios() {
		body, err := model.Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"/api/run", "/api/run?stream=1", "/api/run?format=csv", "/api/run?format=series"} {
			got, status := workerPost(t, ctx, path, body)
			wantCode, want := nativeAnswer(t, path, body)
			if status != wantCode || !bytes.Equal(got, want) {
				t.Errorf("%s %s: worker answered %d with %d bytes, native %d with %d bytes\nworker: %.300s\nnative: %.300s",
					name, path, status, len(got), wantCode, len(want), got, want)
			}
		}
	}
	// Input shaking: a point and the whole summary (intervals, p values).
	easy, err := model.Encode(crossScenarios()["easy"])
	if err != nil {
		t.Fatal(err)
	}
	shake := []byte(`{"scenario":` + string(easy) + `,"runs":3,"policies":["easy","conservative"]}`)
	for _, path := range []string{"/api/shake?point=2", "/api/shake"} {
		got, status := workerPost(t, ctx, path, shake)
		wantCode, want := nativeAnswer(t, path, shake)
		if wantCode != 200 || status != wantCode || !bytes.Equal(got, want) {
			t.Errorf("%s: worker answered %d with %d bytes, native %d with %d bytes\nworker: %.300s\nnative: %.300s",
				path, status, len(got), wantCode, len(want), got, want)
		}
	}
	con.check(t)
}

// workerPost sends one request through globalThis.gridplayEngine (the
// page's client of the module worker) and returns the body and status.
func workerPost(t *testing.T, ctx context.Context, path string, body []byte) ([]byte, int) {
	t.Helper()
	js := fmt.Sprintf(`new Promise((resolve) => {
  const body = Uint8Array.from(atob(%q), c => c.charCodeAt(0));
  const parts = []; let status = 0;
  globalThis.gridplayEngine.request("POST", %q, body,
    (s) => { status = s; },
    (chunk) => { parts.push(chunk); },
    (err) => {
      if (err) { resolve({status: -1, b64: btoa(err)}); return; }
      let n = 0; for (const p of parts) n += p.length;
      const all = new Uint8Array(n); let o = 0;
      for (const p of parts) { all.set(p, o); o += p.length; }
      let s = ""; for (let i = 0; i < all.length; i += 0x8000) s += String.fromCharCode(...all.subarray(i, i + 0x8000));
      resolve({status, b64: btoa(s)});
    });
})`, base64.StdEncoding.EncodeToString(body), path)
	var res struct {
		Status int    `json:"status"`
		B64    string `json:"b64"`
	}
	if err := chromedp.Run(ctx, chromedp.Evaluate(js, &res, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
		return p.WithAwaitPromise(true)
	})); err != nil {
		t.Fatalf("POST %s in the worker: %v", path, err)
	}
	b, err := base64.StdEncoding.DecodeString(res.B64)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status == -1 {
		t.Fatalf("POST %s in the worker failed: %s", path, b)
	}
	return b, res.Status
}
