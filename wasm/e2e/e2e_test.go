//go:build !js

// Package e2e drives the built playground in headless Chromium: it serves
// static/ and the API in-process, loads the page and checks that the
// engine worker answered, the Gantt chart is drawn and the console stays
// clean. It needs ./build.sh to have run and Debian's chromium; without
// chromium it skips, except in CI (CI=true), where it fails.
package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gridplay/engine/link"
	"gridplay/site/state"
	"gridplay/wasm/internal/devserver"
)

const staticDir = "../../static"

func inCI() bool { return os.Getenv("CI") == "true" }

// chromium finds the browser, or skips (fails in CI).
func chromium(t *testing.T) string {
	t.Helper()
	for _, p := range []string{os.Getenv("CHROMIUM"), "/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p == "" {
			continue
		}
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if inCI() {
		t.Fatal("chromium is not installed (CI=true): ./build.sh test installs it with apt-get")
	}
	t.Skip("chromium is not installed; skipping the browser test (./build.sh test installs it with apt-get)")
	return ""
}

// console collects console errors, warnings and uncaught exceptions.
type console struct {
	mu   sync.Mutex
	errs []string
	all  []string // every console message, for the log
}

func (c *console) add(format string, a ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.errs = append(c.errs, fmt.Sprintf(format, a...))
}

func (c *console) list() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.errs...)
}

func (c *console) listen(ev any) {
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		var parts []string
		for _, a := range ev.Args {
			if a.Value != nil {
				parts = append(parts, string(a.Value))
			} else {
				parts = append(parts, a.Description)
			}
		}
		msg := fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(parts, " "))
		c.mu.Lock()
		c.all = append(c.all, msg)
		c.mu.Unlock()
		if ev.Type == runtime.APITypeError || ev.Type == runtime.APITypeAssert {
			c.add("%s", msg)
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg := d.Text
		if d.Exception != nil {
			msg += " " + d.Exception.Description
		}
		c.add("uncaught exception: %s", msg)
	case *cdplog.EventEntryAdded:
		if ev.Entry.Level == cdplog.LevelError {
			c.add("log error (%s): %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL)
		}
	}
}

// browser starts headless Chromium against an in-process server of
// static/ and the API, and returns the allocator context (for fresh
// browser contexts), a first tab, the console listener of that tab and
// the server's URL. Everything stops at the end of the test.
func browser(t *testing.T, w, h int) (actx, ctx context.Context, con *console, url string) {
	t.Helper()
	return browserWith(t, w, h, nil)
}

// parallelTests are the tests that called t.Parallel (some start more
// than one browser).
var parallelTests sync.Map

// browserWith is browser with the server's handler wrapped by wrap (nil:
// as it is) and Chromium started with the extra options.
func browserWith(t *testing.T, w, h int, wrap func(http.Handler) http.Handler, extra ...chromedp.ExecAllocatorOption) (actx, ctx context.Context, con *console, url string) {
	t.Helper()
	// Each test has its own browser, profile and server, so the tests
	// run side by side (go test's -parallel, GOMAXPROCS by default): a
	// test spends most of its time waiting on its page. A measurement
	// runs alone.
	if _, again := parallelTests.LoadOrStore(t, true); !again && !measuring {
		t.Parallel()
	}
	path := chromium(t)
	if _, err := os.Stat(filepath.Join(staticDir, "app.wasm")); err != nil {
		if inCI() {
			t.Fatal("static/app.wasm is missing: run ./build.sh first")
		}
		t.Skip("static/app.wasm is missing: run ./build.sh first")
	}
	hd, err := devserver.New(staticDir)
	if err != nil {
		t.Fatal(err)
	}
	if wrap != nil {
		hd = wrap(hd)
	}
	srv := httptest.NewServer(hd) // loopback, free port
	t.Cleanup(srv.Close)
	// A fresh machine's Chromium now and then exits before it listens
	// (seen once in CI, while another test's browser was closing): the
	// start is tried again, with a fresh profile, before the test fails.
	var err2 error
	for try := 1; try <= 3; try++ {
		actx, err2 = startChromium(t, path, w, h, extra)
		if err2 == nil {
			break
		}
		t.Logf("starting chromium (try %d of 3): %v", try, err2)
	}
	if err2 != nil {
		t.Fatalf("starting chromium: %v", err2)
	}
	ctx, con = tab(t, actx)
	return actx, ctx, con, srv.URL
}

// startChromium starts one headless Chromium with its own profile and
// returns its first context, or why it did not start. Everything stops at
// the end of the test.
func startChromium(t *testing.T, path string, w, h int, extra []chromedp.ExecAllocatorOption) (context.Context, error) {
	// Chromium's helper processes may still write to the profile when
	// the browser is closed: remove it best-effort, not via t.TempDir.
	profile, err := os.MkdirTemp("", "gridplay-chromium-")
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() {
		time.Sleep(100 * time.Millisecond)
		os.RemoveAll(profile)
	})
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		// Headless Chromium loads the omnibox popup's two WebUI pages
		// at start, which nothing here shows, and they took more CPU
		// than the rest of the browser's start.
		chromedp.Flag("disable-features", "WebUIOmniboxPopup,WebUIOmniboxAimPopup"),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(w, h),
		// A loaded machine may take long to print the DevTools address.
		chromedp.WSURLReadTimeout(60 * time.Second),
	}
	// GRIDPLAY_JS_FLAGS passes V8 flags, for measurements by hand (e.g.
	// --perf-basic-prof, so that perf names the code of app.wasm).
	if f := os.Getenv("GRIDPLAY_JS_FLAGS"); f != "" {
		opts = append(opts, chromedp.Flag("js-flags", f))
	}
	opts = append(opts, extra...)
	alloc, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelA)
	// The first context starts the browser; tabs in fresh browser
	// contexts hang off it.
	actx, cancelB := chromedp.NewContext(alloc)
	t.Cleanup(cancelB)
	if err := chromedp.Run(actx); err != nil {
		cancelB()
		cancelA()
		return nil, err
	}
	return actx, nil
}

// motionTests are the tests whose tabs (tab) keep the page's motion.
var motionTests sync.Map

// withMotion makes the test's tabs keep motion: a run's replay plays by
// itself, as for most visitors. Other tabs ask for reduced motion
// (prefers-reduced-motion: reduce), where a run shows its finished
// schedule and no replay, which keeps the suite's CPU for its checks.
func withMotion(t *testing.T) { motionTests.Store(t, true) }

// tabLimit is how long a tab may work: 90 s, or GRIDPLAY_E2E_TIMEOUT (a
// Go duration) on a machine too loaded for that.
func tabLimit() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("GRIDPLAY_E2E_TIMEOUT")); err == nil && d > 0 {
		return d
	}
	return 90 * time.Second
}

// tab opens a new tab of the browser, with a console listener and a time
// limit (tabLimit). (A fresh browser, with its own storage, is another
// browser call.)
func tab(t *testing.T, actx context.Context) (context.Context, *console) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	ctx, cancelT := context.WithTimeout(ctx, tabLimit())
	t.Cleanup(cancelT)
	con := &console{}
	chromedp.ListenTarget(ctx, con.listen)
	// Enable the log domain before navigating, so load errors (a 404, a
	// refused MIME type) are seen too. The tab asks for reduced motion
	// unless the test asked for motion (withMotion).
	if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		if _, moving := motionTests.Load(t); !moving {
			still := []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}
			if err := emulation.SetEmulatedMedia().WithFeatures(still).Do(ctx); err != nil {
				return err
			}
		}
		return cdplog.Enable().Do(ctx)
	})); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx, con
}

// noConsoleErrors fails the test on console errors.
func (c *console) check(t *testing.T) {
	t.Helper()
	if errs := c.list(); len(errs) > 0 {
		c.mu.Lock()
		t.Logf("console:\n%s", strings.Join(c.all, "\n"))
		c.mu.Unlock()
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

func TestPlayground(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 800)
	var (
		firstGantt float64
		engine     string
		colored    int
		errShown   bool
		summary    string
	)
	start := time.Now()
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"),
		chromedp.WaitVisible(`canvas#gantt[data-drawn="1"]`, chromedp.ByQuery),
	)
	wall := time.Since(start)
	if err != nil {
		t.Fatalf("the Gantt chart was never drawn: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	err = chromedp.Run(ctx,
		// ms from navigation start (performance.now's origin) to the
		// first drawing with jobs on it.
		chromedp.Evaluate(`globalThis.gridplayTest?.firstGantt || -1`, &firstGantt),
		chromedp.AttributeValue(`.app`, "data-engine", &engine, nil, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector(".run-error:not([hidden]), .link-error:not([hidden])") !== null`, &errShown),
		chromedp.Text(`.summary`, &summary, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if errShown {
		t.Error("the page shows an error")
	}
	// The first visit shows MUSCLE Table 1: 2 clusters, 10 nodes, 6 jobs.
	for _, want := range []string{"MUSCLE Table 1", "10", "6", "muscle", "makespan"} {
		if !strings.Contains(summary, want) {
			t.Errorf("summary %q lacks %q", summary, want)
		}
	}
	t.Logf("first Gantt drawn %.0f ms after navigation (wall clock from the Navigate call: %v)", firstGantt, wall.Round(time.Millisecond))
	fmt.Printf("gridplay e2e: first Gantt drawn %.0f ms after navigation\n", firstGantt)
	if engine != "done" {
		t.Errorf("the engine worker did not answer: data-engine=%q", engine)
	}
	if firstGantt <= 0 {
		t.Errorf("globalThis.gridplayTest.firstGantt not set")
	}
	// A first visit takes its run's answer and the policy list computed
	// by ./build.sh (static/first-run.mjs, engine.preload); the page
	// takes both over, and the engine starts only once the chart is
	// drawn (main.js, engine.holdUntil). The answer computed ahead must
	// be the bytes the engine in the page's worker gives for the same
	// request.
	var pf struct {
		Prefetched, Preloaded, PrefetchHits, Requests int
		StartedMs                                     float64
	}
	var same struct {
		Equal      bool
		Live, Want int
		Err        string
	}
	if err := chromedp.Run(ctx, chromedp.Evaluate(`globalThis.gridplayEngine.stats()`, &pf),
		chromedp.Evaluate(`(async () => {
  const m = await import("./first-run.mjs");
  const enc = new TextEncoder();
  const chunks = [];
  let err = null;
  await new Promise((done) => globalThis.gridplayEngine.request("POST", m.path, enc.encode(m.body), () => {}, (c) => chunks.push(c), (e) => { err = e; done(); }));
  const live = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) { live.set(c, at); at += c.length; }
  const want = enc.encode(m.answer);
  return { Equal: err === null && live.length === want.length && live.every((b, i) => b === want[i]), Live: live.length, Want: want.length, Err: err || "" };
})()`, &same, await)); err != nil {
		t.Fatal(err)
	}
	t.Logf("engine requests %d; prefetched %d, answered ahead %d, taken over by the page %d; engine started %.0f ms after navigation (first Gantt %.0f ms); the engine's live answer to the first run: %d bytes, the one computed ahead %d, equal %v",
		pf.Requests, pf.Prefetched, pf.Preloaded, pf.PrefetchHits, pf.StartedMs, firstGantt, same.Live, same.Want, same.Equal)
	if pf.Prefetched != 0 || pf.Preloaded != 2 || pf.PrefetchHits != 2 {
		t.Errorf("first visit: %d requests prefetched, %d answered ahead, %d taken over by the page; want 0, 2 and 2 (static/first-run.mjs stale?)", pf.Prefetched, pf.Preloaded, pf.PrefetchHits)
	}
	if pf.StartedMs < firstGantt {
		t.Errorf("first visit: the engine started %.0f ms after navigation, before the first chart (%.0f ms): it should wait for it", pf.StartedMs, firstGantt)
	}
	if !same.Equal {
		t.Errorf("the first run's answer computed by ./build.sh differs from the engine's in the page (%d bytes live, %d ahead, error %q)", same.Live, same.Want, same.Err)
	}
	// The run streams packing and generation frames and autoplays them;
	// pause, jump to the end and check the whole schedule is drawn.
	err = chromedp.Run(ctx,
		chromedp.Click(`button.pause:not([disabled]), button.play`, chromedp.ByQuery),
		seekEnd(),
		chromedp.Evaluate(colouredPixels, &colored),
	)
	if err != nil {
		t.Fatal(err)
	}
	// 52 node-seconds of jobs on a 10-node chart: a blank or grey-only
	// canvas has no coloured pixels at all.
	if colored < 3000 {
		t.Errorf("only %d coloured pixels on the Gantt canvas", colored)
	}
	shot(t, ctx, "page.png", true)

	// Play replays the schedule from t = 0; Pause stops it; space
	// toggles; the arrows step.
	var clock0, clock1, clock2, clock3, clock4 string
	err = chromedp.Run(ctx,
		chromedp.Text(`.clock`, &clock0, chromedp.ByQuery),
		chromedp.Click(`button.play`, chromedp.ByQuery),
		// Wait for the clock to move (no assumption on how fast).
		chromedp.Poll(`document.querySelector(".clock").textContent !== `+strconv.Quote(clock0), nil,
			chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Text(`.clock`, &clock1, chromedp.ByQuery),
		chromedp.Click(`button.pause`, chromedp.ByQuery),
		quiet(),
		chromedp.Text(`.clock`, &clock2, chromedp.ByQuery),
		frames(20),
		chromedp.Text(`.clock`, &clock3, chromedp.ByQuery),
		chromedp.Evaluate(`document.activeElement && document.activeElement.blur(); true`, nil),
		chromedp.KeyEvent(kb.ArrowRight),
		chromedp.KeyEvent(kb.ArrowRight),
		chromedp.Poll(`document.querySelector(".clock").textContent !== `+strconv.Quote(clock3), nil,
			chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Text(`.clock`, &clock4, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	shot(t, ctx, "paused.png", false)
	if clock1 == clock0 {
		t.Errorf("Play did not move the clock: %q", clock1)
	}
	if clock2 != clock3 {
		t.Errorf("Pause did not stop the clock: %q then %q", clock2, clock3)
	}
	if clock4 == clock3 {
		t.Errorf("the right arrow did not step: %q", clock4)
	}
	var playing bool
	err = chromedp.Run(ctx,
		chromedp.KeyEvent(" "),
		chromedp.Poll(`document.querySelector("button.pause").disabled === false`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.KeyEvent(" "),
		chromedp.Poll(`document.querySelector("button.pause").disabled === true`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`!document.querySelector("button.pause").disabled`, &playing),
	)
	if err != nil {
		t.Errorf("space did not play and pause: %v", err)
	}
	con.check(t)
}

// colouredPixels counts saturated pixels on the Gantt canvas: job bars
// are coloured, everything else (background, grid, text) is grey.
const colouredPixels = `(() => {
  const c = document.querySelector("canvas#gantt");
  if (!c) return 0;
  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) {
    const r = d[i], g = d[i+1], b = d[i+2];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 40) n++;
  }
  return n;
})()`

// shot saves a screenshot to test-artifacts/, and to docs/screenshot.png
// (the README's picture) when docs is set and GRIDPLAY_SHOTS=docs: a test
// run leaves the tracked files alone.
func shot(t *testing.T, ctx context.Context, name string, docs bool) {
	t.Helper()
	var png []byte
	if err := chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		t.Errorf("screenshot: %v", err)
		return
	}
	dir := "../../test-artifacts"
	if err := os.MkdirAll(dir, 0o755); err == nil {
		os.WriteFile(filepath.Join(dir, name), png, 0o644)
	}
	if docs && os.Getenv("GRIDPLAY_SHOTS") == "docs" {
		if err := os.MkdirAll("../../docs", 0o755); err == nil {
			os.WriteFile("../../docs/screenshot.png", png, 0o644)
		}
	}
}

// writeArtifact saves b to test-artifacts/name.
func writeArtifact(name string, b []byte) {
	dir := "../../test-artifacts"
	if err := os.MkdirAll(dir, 0o755); err == nil {
		os.WriteFile(filepath.Join(dir, name), b, 0o644)
	}
}

// TestPrefetchOnlyOnFirstVisit: main.js hands the page the default
// preset's answer computed ahead only on a first visit. A share link, or a scenario
// saved in the browser, is what the page runs instead: only the policy
// list goes ahead, and the page shows the link's or the saved scenario.
func TestPrefetchOnlyOnFirstVisit(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 800)
	s := classicScenario()
	s.Name = "prefetch check"
	tok, err := link.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	saved, err := state.SaveText(s)
	if err != nil {
		t.Fatal(err)
	}
	type counts struct {
		Prefetched, Preloaded, PrefetchHits int
		StartedMs                           float64
	}
	var viaLink, viaSaved counts
	var title string
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/#s="+tok), waitDone("easy"),
		chromedp.Evaluate(`globalThis.gridplayEngine.stats()`, &viaLink),
		// A scenario saved as autosave keeps it, then the page opened
		// without a link.
		chromedp.Evaluate(`localStorage.setItem("gridplay.scenario.v1", `+strconv.Quote(saved)+`); true`, nil),
		chromedp.Navigate(url+"/"), waitDone("easy"),
		chromedp.Evaluate(`globalThis.gridplayEngine.stats()`, &viaSaved),
		chromedp.Text(`.summary h2`, &title, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		got  counts
	}{{"share link", viaLink}, {"saved scenario", viaSaved}} {
		if c.got.Prefetched != 1 || c.got.Preloaded != 0 || c.got.PrefetchHits != 1 {
			t.Errorf("%s: %d requests prefetched, %d answered ahead, %d taken over; want only the policy list (1, 0, 1)", c.name, c.got.Prefetched, c.got.Preloaded, c.got.PrefetchHits)
		}
		// Nothing was computed ahead: the engine starts at once (before
		// app.wasm has started, so within the page's first second or so).
		if c.got.StartedMs <= 0 || c.got.StartedMs > 3000 {
			t.Errorf("%s: the engine started %.0f ms after navigation; want at once", c.name, c.got.StartedMs)
		}
	}
	if !strings.Contains(title, "prefetch check") {
		t.Errorf("the page opened without a link shows %q, not the saved scenario", title)
	}
	con.check(t)
}

// measurement skips a test that only measures (ratios, memory over a
// soak, frame times, what the browser's optimiser does) unless the suite
// is built for `./build.sh bench` (-tags measure), which writes its
// figures to docs/performance.md.
func measurement(t *testing.T) {
	t.Helper()
	if !measuring {
		t.Skip("a measurement: ./build.sh bench runs it")
	}
}
