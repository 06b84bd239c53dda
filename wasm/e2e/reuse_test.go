//go:build !js

package e2e

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestWorkerReuse sends the first four points of titan-fig9 and of
// gamf-fig7 (twelve, twice each in alternation, under ./build.sh bench),
// one after another, through the page's engine client with workers
// reused (the default) and with a fresh worker per request: the answers
// must be byte for byte the same either way (a reused Go instance keeps
// nothing that changes a result), reuse must start no new worker for
// those requests, and the wall times of both are logged side by side.
func TestWorkerReuse(t *testing.T) {
	actx, _, _, url := browser(t, 1280, 800)
	// Up to 104 requests (under ./build.sh bench), some of them
	// trace-reading points in fresh workers: a limit of its own on a
	// slow machine.
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
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	// Alternating the modes twice, over twelve points, is for the times
	// (./build.sh bench); a test compares the answers of one round of
	// each, and each fresh worker is a Go instance's start.
	modes, points := "[true, false]", 4
	if measuring {
		modes, points = "[true, false, true, false]", 12
	}
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
    for (const reuse of `+modes+`) {
      E.reuse(reuse);
      await one("/api/experiments/" + exp + "?point=0"); // the worker of this mode, warm
      const w0 = E.stats().workers;
      const t0 = performance.now();
      const r = {exp, reuse, bodies: [], errs: []};
      for (let k = 0; k < `+strconv.Itoa(points)+`; k++) {
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
			t.Errorf("%s: %d workers started for %d requests with reuse on", r.Exp, r.Started, points)
		}
		log += fmt.Sprintf("\n  %-10s reuse %-5v: %d points one after another in %5.0f ms, %2d workers started", r.Exp, r.Reuse, points, r.Ms, r.Started)
	}
	t.Logf("points through the engine client:%s", log)
	fmt.Printf("gridplay e2e: worker reuse:%s\n", log)
	con.check(t)
}

// TestNoSpareWhileCoresBusy sends as many of titan-fig9's largest points at once as
// the browser reports cores (navigator.hardwareConcurrency), in rounds,
// through the page's engine client. With every core busy the client must
// start no spare worker beside them (engine-client.mjs keepSpare): the
// old client started one with each round, whose Go runtime's start took
// its time from the running points, and retired one as each round ended.
// The test reads the pool right after the requests are sent (no idle
// worker, only the workers the requests needed started) and after the
// rounds (none started or retired after the first, on up to 2 cores:
// with more, a round's requests outnumber the `spares` idle workers the
// client keeps, and the ones past them are retired at its end by
// design), and logs a round's time against the same points one at a
// time.
func TestNoSpareWhileCoresBusy(t *testing.T) {
	actx, _, _, url := browser(t, 1280, 800)
	ctx, con := longTab(t, actx, 3*time.Minute)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Cores int `json:"cores"`
		Sent  []struct {
			Idle    int `json:"idle"`
			Started int `json:"started"`
			Needed  int `json:"needed"`
		} `json:"sent"`
		Started int       `json:"started"`
		Retired int       `json:"retired"`
		Round   []float64 `json:"round"`
		Alone   []float64 `json:"alone"`
		Errs    []string  `json:"errs"`
	}
	err := chromedp.Run(ctx, chromedp.Evaluate(`(async () => {
  const E = globalThis.gridplayEngine;
  const cores = Math.max(1, navigator.hardwareConcurrency || 2);
  const body = new TextEncoder().encode(JSON.stringify({quick: true, seed: 1}));
  const errs = [];
  // the sweep's largest points (cost 33,600 GA evaluations each)
  const big = [3, 9, 13, 19, 23, 24];
  const one = (k) => new Promise((res) => {
    const t0 = performance.now();
    E.request("POST", "/api/experiments/titan-fig9?point=" + big[k % big.length], body.slice(), () => {}, () => {}, (e) => {
      if (e) errs.push(e);
      res(performance.now() - t0);
    });
  });
  const alone = [];
  for (let k = 0; k < cores; k++) alone.push(await one(k));
  const sent = [];
  const round = [];
  let s1 = null;
  for (let r = 0; r < 6; r++) {
    const s0 = E.stats();
    const t0 = performance.now();
    const all = [];
    for (let k = 0; k < cores; k++) all.push(one(k));
    const s = E.stats();
    sent.push({idle: s.idle, started: s.workers - s0.workers, needed: Math.max(0, cores - s0.idle)});
    await Promise.all(all);
    round.push(performance.now() - t0);
    if (r === 0) s1 = E.stats();
  }
  const s2 = E.stats();
  return {cores, sent, started: s2.workers - s1.workers, retired: s2.retired - s1.retired, round, alone, errs};
})()`, &got, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Errs) > 0 {
		t.Fatalf("requests failed: %v", got.Errs)
	}
	for r, s := range got.Sent {
		if s.Idle != 0 || s.Started != s.Needed {
			t.Errorf("round %d, %d requests just sent: %d idle workers, %d started (the requests needed %d); want no spare while every core is busy", r, got.Cores, s.Idle, s.Started, s.Needed)
		}
	}
	if got.Cores <= 2 && (got.Started != 0 || got.Retired != 0) {
		t.Errorf("after the first round: %d workers started and %d retired over 5 rounds of %d requests, want none", got.Started, got.Retired, got.Cores)
	}
	line := fmt.Sprintf("%d of titan-fig9's largest points at once on %d cores: rounds of %.0f ms; the same points one at a time: %.0f ms", got.Cores, got.Cores, got.Round, got.Alone)
	t.Log(line)
	fmt.Printf("gridplay e2e: %s\n", line)
	con.check(t)
}
