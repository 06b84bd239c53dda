//go:build !js

package e2e

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestFullRunEstimate: with Quick unticked, the Experiments view says
// before the run what the full run should take (issue 37, item 8): first
// that a quick run is needed to measure this device, then, after one, an
// estimate with a positive duration, called an estimate. It asserts no
// time: the figure depends on the machine.
func TestFullRunEstimate(t *testing.T) {
	actx, _, _, url := browser(t, 1366, 900)
	// Minutes: the page's first load and a quick sweep on a loaded
	// machine (the Cancel/Retry test allows as long).
	ctx, con := longTab(t, actx, 10*time.Minute)
	var before, after string
	steps := []struct {
		what string
		act  chromedp.Action
	}{
		{"open the page", chromedp.Tasks{
			chromedp.Navigate(url + "/#e=titan-fig9&quick=1&seed=1"),
			chromedp.WaitVisible(`button.exp-run:not([disabled])`, chromedp.ByQuery),
			experimentsListed, quiet(),
		}},
		{"untick Quick", chromedp.Tasks{
			chromedp.Click(`input.exp-quick`, chromedp.ByQuery),
			chromedp.WaitVisible(`p.exp-estimate`, chromedp.ByQuery),
			chromedp.Text(`p.exp-estimate`, &before, chromedp.ByQuery),
		}},
		{"run the quick version", chromedp.Tasks{
			chromedp.Click(`input.exp-quick`, chromedp.ByQuery),
			chromedp.Click(`button.exp-run`, chromedp.ByQuery),
			chromedp.WaitVisible(`section.experiments[data-done="true"]`, chromedp.ByQuery),
		}},
		{"untick Quick again", chromedp.Tasks{
			chromedp.Click(`input.exp-quick`, chromedp.ByQuery),
			chromedp.Poll(`(document.querySelector("p.exp-estimate") || {}).textContent?.startsWith("Estimated")`, nil),
			chromedp.Text(`p.exp-estimate`, &after, chromedp.ByQuery),
		}},
	}
	for _, st := range steps {
		t0 := time.Now()
		err := chromedp.Run(ctx, st.act)
		t.Logf("%s: %.1f s", st.what, time.Since(t0).Seconds())
		if err != nil {
			var controls string
			dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			chromedp.Run(dctx, chromedp.Evaluate(`(document.querySelector(".exp-controls") || {}).outerHTML || "no controls"`, &controls))
			cancel()
			t.Fatalf("%s: %v\ncontrols: %.2000s\nconsole:\n%s", st.what, err, controls, strings.Join(con.all, "\n"))
		}
	}
	t.Logf("before the quick run: %q\nafter it: %q", before, after)
	if !strings.Contains(before, "Quick mode first") {
		t.Errorf("before any run the view says %q", before)
	}
	m := regexp.MustCompile(`Estimated time of the full run: about ([0-9.]+) (s|min|h) `).FindStringSubmatch(after)
	if m == nil {
		t.Fatalf("no duration in %q", after)
	}
	if v, err := strconv.ParseFloat(m[1], 64); err != nil || v <= 0 {
		t.Errorf("the estimate %q is not a positive duration", m[1]+" "+m[2])
	}
	if !strings.Contains(after, "an estimate") {
		t.Errorf("the text does not say it is an estimate: %q", after)
	}
	con.check(t)
}
