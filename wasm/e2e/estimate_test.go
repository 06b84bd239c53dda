//go:build !js

package e2e

import (
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
	ctx, con := longTab(t, actx, 5*time.Minute)
	var before, after string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#e=titan-fig9&quick=1&seed=1"),
		chromedp.WaitVisible(`button.exp-run:not([disabled])`, chromedp.ByQuery),
		experimentsListed, quiet(),
		chromedp.Click(`input.exp-quick`, chromedp.ByQuery), // untick: the full run
		chromedp.WaitVisible(`p.exp-estimate`, chromedp.ByQuery),
		chromedp.Text(`p.exp-estimate`, &before, chromedp.ByQuery),
		chromedp.Click(`input.exp-quick`, chromedp.ByQuery), // tick: the quick run
		chromedp.Click(`button.exp-run`, chromedp.ByQuery),
		chromedp.WaitVisible(`section.experiments[data-done="true"]`, chromedp.ByQuery),
		chromedp.Click(`input.exp-quick`, chromedp.ByQuery),
		chromedp.Poll(`(document.querySelector("p.exp-estimate") || {}).textContent?.startsWith("Estimated")`, nil),
		chromedp.Text(`p.exp-estimate`, &after, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("%v\nconsole:\n%s", err, strings.Join(con.all, "\n"))
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
