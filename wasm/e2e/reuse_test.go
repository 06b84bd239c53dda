//go:build !js

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestWorkerReuse sends twelve points of titan-fig9 and of gamf-fig7, one
// after another, through the page's engine client with workers reused
// (the default) and with a fresh worker per request, twice each in
// alternation: the answers must be byte for byte the same either way (a
// reused Go instance keeps nothing that changes a result), reuse must
// start no new worker for those requests, and the wall times of both are
// logged side by side.
func TestWorkerReuse(t *testing.T) {
	actx, _, _, url := browser(t, 1280, 800)
	// 48 requests, some of them trace-reading points in fresh workers:
	// a limit of its own on a slow machine.
	ctx, con := longTab(t, actx, 5*time.Minute)
	type round struct {
		Exp     string   `json:"exp"`
		Reuse   bool     `json:"reuse"`
		Ms      float64  `json:"ms"`
		Started int      `json:"started"`
		Bodies  []string `json:"bodies"`
		Errs    []string `json:"errs"`
	}
	var rounds []round
	// The warm-up (engine-client.mjs) uses a worker of the pool: it is
	// done before the rounds count the workers they start.
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	warmEngine(t, ctx)
	err := chromedp.Run(ctx,
		chromedp.Evaluate(`(async () => {
  const E = globalThis.gridplayEngine;
  const body = new TextEncoder().encode(JSON.stringify({quick: true, seed: 1}));
  const one = (path) => new Promise((res) => {
    const parts = [];
    E.request("POST", path, body, () => {}, (c) => parts.push(...c), (e) => res({e, text: new TextDecoder().decode(new Uint8Array(parts))}));
  });
  const out = [];
  for (const exp of ["titan-fig9", "gamf-fig7"]) {
    for (const reuse of [true, false, true, false]) {
      E.reuse(reuse);
      await one("/api/experiments/" + exp + "?point=0"); // the worker of this mode, warm
      const w0 = E.stats().workers;
      const t0 = performance.now();
      const r = {exp, reuse, bodies: [], errs: []};
      for (let k = 0; k < 12; k++) {
        const a = await one("/api/experiments/" + exp + "?point=" + k);
        r.bodies.push(a.text);
        if (a.e) r.errs.push(a.e);
      }
      r.ms = performance.now() - t0;
      r.started = E.stats().workers - w0;
      out.push(r);
    }
  }
  E.reuse(true);
  return out;
})()`, &rounds, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if err != nil {
		t.Fatal(err)
	}
	first := map[string][]string{}
	var log string
	for _, r := range rounds {
		if len(r.Errs) > 0 {
			t.Fatalf("%s (reuse %v): %v", r.Exp, r.Reuse, r.Errs)
		}
		if f, ok := first[r.Exp]; !ok {
			first[r.Exp] = r.Bodies
		} else {
			for k := range f {
				if f[k] != r.Bodies[k] {
					t.Errorf("%s point %d: the answer with reuse %v differs from the first round's", r.Exp, k, r.Reuse)
				}
			}
		}
		if r.Reuse && r.Started != 0 {
			t.Errorf("%s: %d workers started for 12 requests with reuse on", r.Exp, r.Started)
		}
		log += fmt.Sprintf("\n  %-10s reuse %-5v: 12 points one after another in %5.0f ms, %2d workers started", r.Exp, r.Reuse, r.Ms, r.Started)
	}
	t.Logf("points through the engine client:%s", log)
	fmt.Printf("gridplay e2e: worker reuse:%s\n", log)
	con.check(t)
}
