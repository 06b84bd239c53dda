//go:build !js

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	_ "gridplay/engine/all"
	"gridplay/engine/sched"
)

// longTab is a tab with a time limit of its own, for sweeps that take
// minutes on a loaded machine.
func longTab(t *testing.T, actx context.Context, d time.Duration) (context.Context, *console) {
	t.Helper()
	ctx, con := tab(t, actx)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), d)
	t.Cleanup(cancel)
	return ctx, con
}

// TestExperimentsInPage runs every experiment (quick mode) in the page's
// Experiments view, its points fanned out over the page's pool of engine
// workers, and checks that the merged report is byte for byte the native
// single-thread run's. It logs the page's wall time against the native
// time measured in the same run.
func TestExperimentsInPage(t *testing.T) {
	actx, _, _, url := browser(t, 1366, 900)
	ctx, con := longTab(t, actx, 20*time.Minute)
	var cores int
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), chromedp.Evaluate(`navigator.hardwareConcurrency`, &cores)); err != nil {
		t.Fatal(err)
	}
	var report []string
	for _, info := range sched.Experiments() {
		name := info.Name
		if only := os.Getenv("GRIDPLAY_EXPERIMENTS"); only != "" && !strings.Contains(","+only+",", ","+name+",") {
			continue
		}
		e, _ := sched.LookupExperiment(name)
		opt := sched.ExperimentOptions{Quick: true, Seed: 1}
		t0 := time.Now()
		native, err := sched.RunExperiment(context.Background(), e, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		nativeT := time.Since(t0)
		want, _ := json.Marshal(native)
		plan, _ := e.Plan(opt)

		var got, ms, par, failed string
		var figures, claims int
		link := fmt.Sprintf("%s/#e=%s&quick=1&seed=1&autoplay=1", url, name)
		fmt.Printf("gridplay e2e experiments: %s (%d points; native %v)...\n", name, len(plan), nativeT.Round(time.Millisecond))
		ectx, cancel := context.WithTimeout(ctx, 8*time.Minute)
		err = chromedp.Run(ectx,
			chromedp.Navigate("about:blank"), // leave the page, so the next navigation loads afresh
			chromedp.Navigate(link),
			chromedp.Poll(`document.querySelector('section.experiments[data-experiment="`+name+`"][data-done="true"]') !== null || document.querySelector("section.experiments .exp-progress .error") !== null`, nil,
				chromedp.WithPollingInterval(200*time.Millisecond)),
			chromedp.Evaluate(`(document.querySelector("section.experiments .exp-progress .error") || {}).textContent || ""`, &failed),
		)
		if err == nil && failed != "" {
			err = fmt.Errorf("the sweep failed: %s", failed)
		}
		if err == nil {
			err = chromedp.Run(ectx,
				chromedp.Evaluate(`globalThis.gridplayPublished.experimentJSON`, &got),
				chromedp.Evaluate(`globalThis.gridplayPublished.experimentMs`, &ms),
				chromedp.Evaluate(`globalThis.gridplayPublished.experimentParallel`, &par),
				chromedp.Evaluate(`document.querySelectorAll("section.experiments .exp-svg svg").length`, &figures),
				chromedp.Evaluate(`document.querySelectorAll("section.experiments .exp-claims tbody tr").length`, &claims),
			)
		}
		cancel()
		if err != nil {
			var progress string
			chromedp.Run(ctx, chromedp.Evaluate(`(document.querySelector(".exp-progress") || {}).textContent || ""`, &progress))
			shot(t, ctx, "experiment-"+name+"-failed.png", false)
			t.Fatalf("%s: %v\nthe view says: %s\nconsole:\n%s", name, err, progress, strings.Join(con.all, "\n"))
		}
		if !bytes.Equal(bytes.TrimSpace([]byte(got)), want) {
			t.Errorf("%s: the page's merged report differs from the native run:\npage   %.300s\nnative %.300s", name, got, want)
		}
		if tab, ok := native.(*sched.Table); ok {
			if len(tab.Claims) != claims {
				t.Errorf("%s: %d claims shown, the report has %d", name, claims, len(tab.Claims))
			}
		}
		pageMs, _ := strconv.ParseFloat(ms, 64)
		line := fmt.Sprintf("%-15s %2d points on %s workers: page %6.0f ms, native -parallel 1 %6.0f ms, ratio %.2f; %d figures, %d claims",
			name, len(plan), par, pageMs, float64(nativeT.Milliseconds()), pageMs/float64(max(nativeT.Milliseconds(), 1)), figures, claims)
		report = append(report, line)
		t.Log(line)
		shot(t, ctx, "experiment-"+name+".png", false)
	}
	t.Logf("navigator.hardwareConcurrency = %d\n%s", cores, strings.Join(report, "\n"))
	fmt.Printf("gridplay e2e experiments (hardwareConcurrency %d):\n%s\n", cores, strings.Join(report, "\n"))
	con.check(t)
}

// TestExperimentCancelRetry cancels a sweep after its first point, then
// Retry finishes it with the native bytes.
func TestExperimentCancelRetry(t *testing.T) {
	actx, _, _, url := browser(t, 1366, 900)
	ctx, con := longTab(t, actx, 10*time.Minute)
	name := "multisite-fig2"
	e, _ := sched.LookupExperiment(name)
	opt := sched.ExperimentOptions{Quick: true, Seed: 1}
	native, err := sched.RunExperiment(context.Background(), e, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(native)
	var status, got string
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/#e="+name+"&quick=1&seed=1"),
		chromedp.WaitVisible(`button.exp-run:not([disabled])`, chromedp.ByQuery),
		chromedp.Click(`button.exp-run`, chromedp.ByQuery),
		chromedp.WaitVisible(`button.exp-cancel`, chromedp.ByQuery),
		chromedp.Click(`button.exp-cancel`, chromedp.ByQuery),
		chromedp.WaitVisible(`button.exp-retry`, chromedp.ByQuery),
		chromedp.Text(`.exp-progress .error`, &status, chromedp.ByQuery),
		chromedp.Click(`button.exp-retry`, chromedp.ByQuery),
		chromedp.WaitVisible(`section.experiments[data-done="true"]`, chromedp.ByQuery),
		chromedp.Evaluate(`globalThis.gridplayPublished.experimentJSON`, &got),
	)
	if err != nil {
		t.Fatalf("%v\nconsole:\n%s", err, strings.Join(con.all, "\n"))
	}
	if !strings.Contains(status, "cancelled") {
		t.Errorf("after Cancel the view says %q", status)
	}
	if !bytes.Equal(bytes.TrimSpace([]byte(got)), want) {
		t.Errorf("after Retry the report differs from the native run")
	}
	con.check(t)
}
