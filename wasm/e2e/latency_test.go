//go:build !js

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"gridplay/engine/swf"
)

// latencyJS records, for every pointer move on the page, when the browser
// received it (event.timeStamp) and the time from then to the page's
// handler running: the input latency a person feels. It starts a new
// record.
const latencyJS = `(() => {
  globalThis.__lat = [];
  if (!globalThis.__latOn) {
    globalThis.__latOn = true;
    document.addEventListener("pointermove", (ev) => globalThis.__lat.push([ev.timeStamp, performance.now() - ev.timeStamp]), { passive: true });
  }
  return true;
})()`

// TestCancelAndLatencyAtScale imports the first 20,000 HPC2N jobs through
// the file picker and cancels the import, imports them again, cancels the
// EASY run that follows, runs it again with Retry, and measures the input
// latency while that run is in flight (real pointer moves sent through the
// DevTools protocol about every 10 ms: 8 ms apart plus the protocol's
// round trips; the run is in flight for 110-190 ms here, and with moves
// 25 ms apart only two got in on a fast run, too few for a figure; with
// fewer than three in, it runs again, up to five runs): the
// page must stay usable while the engine works in its worker, and a
// pointer move must not render it. The latency is logged (target: under 50 ms),
// with the longest the page then blocks to take the answer in (decoding
// and laying out the schedule), which is not in flight.
func TestCancelAndLatencyAtScale(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	src, err := swf.Find("HPC2N-2002-2.2-cln")
	if err != nil {
		t.Fatal(err)
	}
	cut := cutTrace(t, src, 0, 20000)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)

	// Cancel during the import: nothing changes, and the table says so.
	var notice, count0, count1 string
	// The whole trace (202,871 jobs, seconds to import): the cancel
	// reaches the import in flight however fast this machine is.
	err = chromedp.Run(ctx,
		chromedp.Text(`.jt-count`, &count0, chromedp.ByQuery),
		chromedp.SetUploadFiles(`input.jt-swf`, []string{src}, chromedp.ByQuery),
		chromedp.WaitVisible(`button.jt-cancel`, chromedp.ByQuery),
		chromedp.Click(`button.jt-cancel`, chromedp.ByQuery),
		chromedp.Poll(`(document.querySelector(".jt-notice")?.textContent || "").includes("Cancelled")`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Text(`.jt-notice`, &notice, chromedp.ByQuery),
		chromedp.Text(`.jt-count`, &count1, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("cancel during the import: %v", err)
	}
	if count1 != count0 {
		t.Errorf("a cancelled import changed the jobs: %q -> %q", count0, count1)
	}

	// Import again; the EASY run starts on its own: cancel it.
	var runErr string
	// The page presses Cancel itself the moment the run shows as running
	// (a mutation observer): the run is over in a few hundred
	// milliseconds, less than a round trip of the test driver through a
	// page busy rendering 20,000 jobs.
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`(() => {
  const app = document.querySelector(".app");
  const o = new MutationObserver(() => {
    if (app.dataset.engine !== "running" || document.querySelector(".jt-count")?.textContent !== "20,000 jobs") return;
    const b = document.querySelector(".progress button.cancel");
    if (b) { o.disconnect(); b.click(); }
  });
  o.observe(app, {attributes: true, subtree: true, childList: true, characterData: true});
  return true;
})()`, nil),
		chromedp.SetUploadFiles(`input.jt-swf`, []string{cut}, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector(".app").dataset.engine === "cancelled" || (document.querySelector(".app").dataset.engine === "done" && document.querySelector(".jt-count")?.textContent === "20,000 jobs")`, nil,
			chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Text(`.run-cancelled`, &runErr, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("cancel during the run: %v", err)
	}
	if !strings.Contains(runErr, "cancelled") {
		t.Errorf("after Cancel the page says %q", runErr)
	}
	// A cancel is not an error, and the chart of the run before is not
	// shown as this one's: the canvas is cleared, or gone (issue 39: a
	// red "engine error" badge, the previous chart and its "Answered in"
	// stayed).
	var after struct {
		Badge, Status string
		Cleared, Red  bool
		Answered      bool
	}
	if err := chromedp.Run(ctx, chromedp.Poll(`(c => !c || c.dataset.cleared === "1")(document.querySelector("canvas#gantt"))`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`({Badge: document.querySelector(".header .status").textContent, Status: document.querySelector(".header .status").dataset.status,
  Cleared: (c => !c || c.dataset.cleared === "1")(document.querySelector("canvas#gantt")), Red: !!document.querySelector(".run-error:not([hidden])"),
  Answered: [...document.querySelectorAll(".summary dt")].some(d => d.textContent === "Answered in")})`, &after)); err != nil {
		var dump string
		chromedp.Run(ctx, chromedp.Evaluate(`JSON.stringify({engine: document.querySelector(".app").dataset.engine, canvas: Object.assign({}, document.querySelector("canvas#gantt")?.dataset), host: document.querySelector(".canvas-host")?.innerHTML.slice(0, 200), status: document.querySelector(".header .status")?.textContent})`, &dump))
		t.Errorf("after Cancel: %v (%s)", err, dump)
	}
	if after.Badge != "run cancelled" || after.Status != "cancelled" || !after.Cleared || after.Red || after.Answered {
		t.Errorf("after Cancel: %+v", after)
	}

	// Retry, and move the pointer over the page while the run is in
	// flight. The run is in flight for about 110-190 ms here, and a render
	// of the page in that time (with a collection of its 20,000 jobs)
	// lets few moves through: if fewer than three got in, the run is made
	// again with Run, up to five runs in all, and the moves of every run
	// count.
	var lat []float64
	// counted lists each counted move as "arrival:latency" in ms, its
	// arrival relative to the answer (negative: before it).
	var counted, flights []string
	var start, drawn, answeredAt float64
	var marks []mark
	for run := 1; run <= 5 && len(lat) < 3; run++ {
		button := `.run-cancelled button.retry`
		if run > 1 {
			button = `button.run.primary`
		}
		if err := chromedp.Run(ctx, chromedp.Evaluate(latencyJS, nil), chromedp.Evaluate(`globalThis.gridplayTest.marks.length = 0; true`, nil),
			chromedp.Click(button, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		moves, inFlight := 0, true
		deadline := time.Now().Add(90 * time.Second)
		for time.Now().Before(deadline) {
			x, y := 300+float64(moves%200), 300+float64(moves%50)
			if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
				return input.DispatchMouseEvent(input.MouseMoved, x, y).Do(ctx)
			})); err != nil {
				t.Fatal(err)
			}
			moves++
			var st struct {
				Answered float64      `json:"answered"`
				Lat      [][2]float64 `json:"lat"`
			}
			chromedp.Run(ctx, chromedp.Evaluate(`({answered: (globalThis.gridplayTest?.marks.find(m => m.name === "run: answered") || {t: 0}).t, lat: globalThis.__lat})`, &st))
			if st.Answered > 0 {
				answeredAt = st.Answered
				for _, l := range st.Lat {
					if l[0] < st.Answered {
						lat = append(lat, l[1])
						counted = append(counted, fmt.Sprintf("%.0f:%.0f", l[0]-st.Answered, l[1]))
					}
				}
				inFlight = false
				break
			}
			time.Sleep(8 * time.Millisecond)
		}
		if inFlight {
			t.Fatal("the run did not answer within 90 s")
		}
		var done string
		err = chromedp.Run(ctx, waitDone("easy"), chromedp.AttributeValue(`.app`, "data-engine", &done, nil, chromedp.ByQuery),
			chromedp.Evaluate(`globalThis.gridplayTest?.marks`, &marks))
		if err != nil || done != "done" {
			t.Fatalf("run %d after the cancelled one: %v %q", run, err, done)
		}
		for _, m := range marks {
			switch m.Name {
			case "run: start":
				start = m.T
			case "gantt: drawn":
				drawn = m.T
			}
		}
		flights = append(flights, fmt.Sprintf("%.0f ms", answeredAt-start))
	}
	worst, q95 := 0.0, 0.0
	if len(lat) > 0 {
		worst, q95 = lat[0], p95(lat)
		for _, v := range lat {
			worst = max(worst, v)
		}
	}
	// A few samples at least, or the figure means nothing.
	if len(lat) < 3 {
		t.Errorf("only %d pointer moves reached the page during %d runs", len(lat), len(flights))
	}
	// A page that rendered on every move would let only one or two
	// through a run: pointer moves must render nothing.
	var movesRendered int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`globalThis.__r0 = globalThis.gridplayTest?.renders || 0; true`, nil)); err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 20; k++ {
		if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
			return input.DispatchMouseEvent(input.MouseMoved, 320+float64(7*k), 310+float64(3*k)).Do(ctx)
		})); err != nil {
			t.Fatal(err)
		}
		time.Sleep(8 * time.Millisecond)
	}
	if err := chromedp.Run(ctx, quiet(), chromedp.Evaluate(`(globalThis.gridplayTest?.renders || 0) - globalThis.__r0`, &movesRendered)); err != nil {
		t.Fatal(err)
	}
	if movesRendered != 0 {
		t.Errorf("20 pointer moves over the idle page rendered it %d times", movesRendered)
	}
	t.Logf("20,000 HPC2N jobs with EASY after Retry: in flight %s (%d runs); input latency over %d pointer moves in flight: max %.1f ms, p95 %.1f ms (target under 50 ms); each move's arrival before the answer and its latency, ms: %s; the page then took the answer in and drew it in %.0f ms (the last run); steps of the last run:%s",
		strings.Join(flights, ", "), len(flights), len(lat), worst, q95, strings.Join(counted, " "), drawn-answeredAt, marksSince(marks, start))
	fmt.Printf("gridplay e2e: input latency while a 20,000-job run is in flight: max %.1f ms, p95 %.1f ms over %d pointer moves (target under 50 ms)\n", worst, q95, len(lat))
	con.check(t)
}
