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
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

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

func TestPlayground(t *testing.T) {
	browser := chromium(t)
	if _, err := os.Stat(filepath.Join(staticDir, "app.wasm")); err != nil {
		if inCI() {
			t.Fatal("static/app.wasm is missing: run ./build.sh first")
		}
		t.Skip("static/app.wasm is missing: run ./build.sh first")
	}
	h, err := devserver.New(staticDir)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h) // loopback, free port
	defer srv.Close()

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(browser),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 900),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
	defer cancelT()

	var con console
	chromedp.ListenTarget(ctx, con.listen)
	// Start the browser and enable the log domain before navigating, so
	// load errors (a 404, a refused MIME type) are seen too.
	if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		return cdplog.Enable().Do(ctx)
	})); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}

	var (
		firstGantt float64
		engine     string
		colored    int
		clock0     string
		errShown   bool
		summary    string
	)
	start := time.Now()
	err = chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/"),
		chromedp.WaitVisible(`canvas#gantt[data-drawn="1"]`, chromedp.ByQuery),
	)
	wall := time.Since(start)
	if err != nil {
		t.Fatalf("the Gantt chart was never drawn: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	err = chromedp.Run(ctx,
		// ms from navigation start (performance.now's origin) to the
		// first drawing with jobs on it.
		chromedp.Evaluate(`globalThis.gridplayFirstGantt || -1`, &firstGantt),
		chromedp.AttributeValue(`.app`, "data-engine", &engine, nil, chromedp.ByQuery),
		chromedp.Evaluate(colouredPixels, &colored),
		chromedp.Text(`.clock`, &clock0, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector(".error") !== null`, &errShown),
		chromedp.Text(`.summary`, &summary, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if errShown {
		t.Error("the page shows an error")
	}
	for _, want := range []string{"16", "12", "fcfs", "makespan"} {
		if !strings.Contains(summary, want) {
			t.Errorf("summary %q lacks %q", summary, want)
		}
	}
	t.Logf("first Gantt drawn %.0f ms after navigation (wall clock from the Navigate call: %v)", firstGantt, wall.Round(time.Millisecond))
	fmt.Printf("gridplay e2e: first Gantt drawn %.0f ms after navigation\n", firstGantt)
	if engine != "done" {
		t.Errorf("the engine worker did not answer: data-engine=%q", engine)
	}
	// The default scenario's 12 jobs cover most of a 16-node chart; a
	// blank or grey-only canvas has no coloured pixels at all.
	if colored < 5000 {
		t.Errorf("only %d coloured pixels on the Gantt canvas", colored)
	}
	if firstGantt <= 0 {
		t.Errorf("globalThis.gridplayFirstGantt not set")
	}

	shot(t, ctx, "page.png", true)

	// Play replays the schedule from t = 0; Pause stops it.
	var clock1, clock2, clock3 string
	err = chromedp.Run(ctx,
		chromedp.Click(`button.play`, chromedp.ByQuery),
		// Wait for the clock to move (no assumption on how fast).
		chromedp.Poll(`document.querySelector(".clock").textContent !== `+strconv.Quote(clock0), nil,
			chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Text(`.clock`, &clock1, chromedp.ByQuery),
		chromedp.Click(`button.pause`, chromedp.ByQuery),
		chromedp.Sleep(100*time.Millisecond),
		chromedp.Text(`.clock`, &clock2, chromedp.ByQuery),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Text(`.clock`, &clock3, chromedp.ByQuery),
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

	if errs := con.list(); len(errs) > 0 {
		t.Logf("console:\n%s", strings.Join(con.all, "\n"))
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// colouredPixels counts saturated pixels on the Gantt canvas: job bars
// are coloured, everything else (background, grid, text) is grey.
const colouredPixels = `(() => {
  const c = document.querySelector("canvas#gantt");
  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) {
    const r = d[i], g = d[i+1], b = d[i+2];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 40) n++;
  }
  return n;
})()`

// shot saves a screenshot to test-artifacts/, and to docs/screenshot.png
// when docs is set (outside CI, so CI leaves the tree clean).
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
	if docs && !inCI() {
		if err := os.MkdirAll("../../docs", 0o755); err == nil {
			os.WriteFile("../../docs/screenshot.png", png, 0o644)
		}
	}
}
