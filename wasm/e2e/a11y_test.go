//go:build !js

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"gridplay/engine/link"
)

// axe-core is pinned in wasm/e2e/package.json (package-lock.json) and
// installed from there with npm ci the first time a test needs it.
var (
	axeOnce sync.Once
	axeSrc  string
	axeErr  error
)

func axeCore(t *testing.T) string {
	t.Helper()
	axeOnce.Do(func() {
		path := filepath.Join("node_modules", "axe-core", "axe.min.js")
		if _, err := os.Stat(path); err != nil {
			if _, err := exec.LookPath("npm"); err != nil {
				axeErr = fmt.Errorf("npm is not installed, so axe-core (wasm/e2e/package.json) cannot be installed")
				return
			}
			cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
			if out, err := cmd.CombinedOutput(); err != nil {
				axeErr = fmt.Errorf("npm ci in wasm/e2e failed: %v\n%s", err, out)
				return
			}
		}
		b, err := os.ReadFile(path)
		axeSrc, axeErr = string(b), err
	})
	if axeErr != nil {
		if inCI() {
			t.Fatal(axeErr)
		}
		t.Skip(axeErr)
	}
	return axeSrc
}

type axeResult struct {
	Violations []struct {
		ID     string `json:"id"`
		Impact string `json:"impact"`
		Help   string `json:"help"`
		Nodes  []struct {
			Target  []string `json:"target"`
			Summary string   `json:"failureSummary"`
		} `json:"nodes"`
	} `json:"violations"`
	Passes int `json:"passes"`
}

// runAxe checks the page against WCAG 2.1 A and AA with axe-core and
// returns the serious and critical violations, logging the others.
func runAxe(t *testing.T, ctx context.Context, src, where string) []string {
	t.Helper()
	var r axeResult
	err := chromedp.Run(ctx,
		chromedp.Evaluate(src+";true", nil),
		chromedp.Evaluate(`axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, resultTypes: ["violations"]})
  .then(r => ({violations: r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map(n => ({target: n.target.map(String), failureSummary: n.failureSummary}))})), passes: r.passes.length}))`,
			&r, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
	)
	if err != nil {
		t.Fatalf("%s: axe: %v", where, err)
	}
	var bad []string
	for _, v := range r.Violations {
		var nodes []string
		for _, n := range v.Nodes {
			nodes = append(nodes, strings.Join(n.Target, " ")+": "+n.Summary)
		}
		line := fmt.Sprintf("%s [%s] %s: %s", v.ID, v.Impact, v.Help, strings.Join(nodes, " | "))
		if v.Impact == "serious" || v.Impact == "critical" {
			bad = append(bad, line)
		} else {
			t.Logf("%s: axe (%s, not failing): %s", where, v.Impact, line)
		}
	}
	b, _ := json.Marshal(r)
	writeArtifact("axe-"+strings.ReplaceAll(where, " ", "-")+".json", b)
	t.Logf("%s: axe-core found %d violations (%d serious or critical)", where, len(r.Violations), len(bad))
	return bad
}

// The page, with every panel open and a comparison shown, the embed and
// the glossary pass axe-core's WCAG 2.1 AA rules with no serious or
// critical violation (contrast included); the chart's text alternative
// opens from the keyboard and focus is visible.
func TestAccessibility(t *testing.T) {
	src := axeCore(t)
	_, ctx, con, url := browser(t, 1366, 900)
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"), waitDone("muscle"),
		openPanels("script", "params", "platform", "jobs", "compare", "lesson", "share"),
		chromedp.Click(`button.compare`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelectorAll(".cmp-metric").length > 0 && !document.querySelector(".progress:not([hidden])")`, nil, chromedp.WithPollingTimeout(90*time.Second)),
		chromedp.Click(`button.show-table`, chromedp.ByQuery),
		seekTo(0.5),
	)
	if err != nil {
		t.Fatalf("%v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	bad := runAxe(t, ctx, src, "playground")

	// The text alternative of the chart, from the keyboard.
	var rows int
	var outline string
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector(".schedule-alt summary").focus(); true`, nil),
		chromedp.KeyEvent("\r"),
		chromedp.Poll(`document.querySelectorAll(".schedule-table tbody tr").length > 0`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.querySelectorAll(".schedule-table tbody tr").length`, &rows),
		chromedp.Evaluate(`getComputedStyle(document.activeElement).outlineStyle + " " + getComputedStyle(document.activeElement).outlineWidth`, &outline),
	)
	if err != nil {
		t.Fatalf("schedule table: %v", err)
	}
	if rows != 6 {
		t.Errorf("the schedule table has %d rows, want MUSCLE Table 1's 6 jobs", rows)
	}
	if strings.HasPrefix(outline, "none") || strings.HasPrefix(outline, "0") {
		t.Errorf("the focused summary has no visible outline: %q", outline)
	}
	bad = append(bad, runAxe(t, ctx, src, "playground with the schedule table")...)

	// Phone size.
	err = chromedp.Run(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(url+"/"), waitDone("muscle"))
	if err != nil {
		t.Fatal(err)
	}
	bad = append(bad, runAxe(t, ctx, src, "phone")...)
	// "Your policy" fits a phone: the editor within the screen, wide
	// enough to type in.
	var fit struct{ Left, Right, Width, Screen float64 }
	err = chromedp.Run(ctx, openPanels("script"), chromedp.Evaluate(`(() => {
  const r = document.querySelector(".sp-editor").getBoundingClientRect();
  return {left: r.left, right: r.right, width: document.querySelector("#script-text").getBoundingClientRect().width, screen: document.documentElement.clientWidth};
})()`, &fit))
	if err != nil {
		t.Fatal(err)
	}
	if fit.Left < 0 || fit.Right > fit.Screen+0.5 || fit.Width < 200 {
		t.Errorf("the script editor on a phone: %+v, want it within the %v px screen and at least 200 px wide", fit, fit.Screen)
	}
	bad = append(bad, runAxe(t, ctx, src, "phone with Your policy")...)

	// The embed and the glossary.
	tok, _ := embedToken()
	err = chromedp.Run(ctx, chromedp.EmulateViewport(800, 500), chromedp.Navigate(url+"/embed.html#s="+tok+"&autoplay=0"), waitDone("easy"))
	if err != nil {
		t.Fatal(err)
	}
	bad = append(bad, runAxe(t, ctx, src, "embed")...)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/glossary.html"), chromedp.WaitVisible(`dl`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	bad = append(bad, runAxe(t, ctx, src, "glossary")...)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/embed-example.html"), chromedp.WaitVisible(`iframe`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	bad = append(bad, runAxe(t, ctx, src, "embed example")...)
	for _, b := range bad {
		t.Errorf("accessibility: %s", b)
	}
	con.check(t)
}

// embedToken is the share token of classicScenario.
func embedToken() (string, error) { return link.Encode(classicScenario()) }
