//go:build !js

package e2e

// Issue 18 leftovers: the tapped job's tooltip and the packing view on a
// phone, and the content of the PNG export.

import (
	"bytes"
	"context"
	"encoding/base64"
	"image"
	_ "image/png"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// phone emulates a 390x844 touch screen.
func phone() chromedp.Action {
	return chromedp.Tasks{
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch),
		emulation.SetTouchEmulationEnabled(true).WithMaxTouchPoints(5),
	}
}

// barPoint finds the page coordinates of a job bar on the Gantt canvas:
// the first saturated pixel of its middle rows.
const barPoint = `(() => {
  const c = document.querySelector("canvas#gantt");
  const r = c.getBoundingClientRect();
  const sx = c.width / r.width, sy = c.height / r.height;
  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  for (let y = Math.floor(c.height * 0.3); y < c.height * 0.7; y += 3)
    for (let x = Math.floor(c.width * 0.2); x < c.width; x += 3) {
      const i = 4 * (y * c.width + x);
      if (Math.max(d[i], d[i+1], d[i+2]) - Math.min(d[i], d[i+1], d[i+2]) > 40)
        return {x: r.left + x / sx + 2, y: r.top + y / sy + 2};
    }
  return null;
})()`

type point struct{ X, Y float64 }

// On a phone, tapping a job shows its details, and they go when a preset
// replaces the chart (a tap leaves no pointer to leave the canvas).
func TestPhoneTooltipGoesWithPreset(t *testing.T) {
	_, ctx, con, url := browser(t, 390, 844)
	var p point
	var tip string
	err := chromedp.Run(ctx, phone(),
		chromedp.Navigate(url+"/"), waitDone("muscle"), seekEnd(),
		chromedp.Evaluate(`document.querySelector("canvas#gantt").scrollIntoView(); true`, nil),
		quiet(),
		chromedp.Evaluate(barPoint, &p),
	)
	if err != nil {
		t.Fatal(err)
	}
	if p.X == 0 {
		t.Fatal("no job bar found on the chart")
	}
	tap := chromedp.ActionFunc(func(ctx context.Context) error {
		pts := []*input.TouchPoint{{X: p.X, Y: p.Y}}
		if err := input.DispatchTouchEvent(input.TouchStart, pts).Do(ctx); err != nil {
			return err
		}
		return input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}).Do(ctx)
	})
	err = chromedp.Run(ctx, tap,
		chromedp.Poll(`!!document.querySelector(".gantt .tooltip")`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Text(`.gantt .tooltip`, &tip, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("tapping a job showed no details: %v", err)
	}
	if !strings.Contains(tip, " on C") || !strings.Contains(tip, "start") {
		t.Errorf("details %q", tip)
	}
	var still bool
	err = chromedp.Run(ctx,
		choosePreset("classic-backfill"), waitDone("easy"),
		quiet(),
		chromedp.Evaluate(`!!document.querySelector(".gantt .tooltip")`, &still),
	)
	if err != nil {
		t.Fatal(err)
	}
	if still {
		t.Error("the tapped job's details stay after the preset changed the chart")
	}
	shot(t, ctx, "phone-after-preset.png", false)
	con.check(t)
}

// On a phone the packing view fits the screen and draws both halves, the
// composition table above the resource space.
func TestPhonePackingView(t *testing.T) {
	_, ctx, con, url := browser(t, 390, 844)
	var fits bool
	var top, bottom int
	err := chromedp.Run(ctx, phone(),
		chromedp.Navigate(url+"/"), waitDone("muscle"),
		chromedp.Click(`button.tab-packing`, chromedp.ByQuery),
		seekEnd(), quiet(),
		chromedp.Evaluate(`(() => { const c = document.querySelector("canvas#frames").getBoundingClientRect(); return c.width > 200 && c.right <= innerWidth && c.left >= 0; })()`, &fits),
		chromedp.Evaluate(pixelsIn("canvas#frames", 0, 0.5), &top),
		chromedp.Evaluate(pixelsIn("canvas#frames", 0.5, 1), &bottom),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !fits {
		t.Error("the packing view is wider than the phone's screen")
	}
	// The table's highlighted composition (yellow) and the resource space
	// with its picks (blue and the job colours) are both drawn.
	if top < 50 || bottom < 50 {
		t.Errorf("coloured pixels: %d in the top half, %d in the bottom half (want both halves drawn)", top, bottom)
	}
	shot(t, ctx, "phone-packing.png", false)
	con.check(t)
}

// pixelsIn counts saturated pixels of a canvas between two heights
// (shares of its height).
func pixelsIn(sel string, from, to float64) string {
	return `(() => {
  const c = document.querySelector(` + "`" + sel + "`" + `);
  const y0 = Math.floor(c.height * ` + ftoa(from) + `), y1 = Math.floor(c.height * ` + ftoa(to) + `);
  const d = c.getContext("2d").getImageData(0, y0, c.width, Math.max(1, y1 - y0)).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (Math.max(d[i], d[i+1], d[i+2]) - Math.min(d[i], d[i+1], d[i+2]) > 40) n++;
  return n;
})()`
}

// The PNG export explains itself: the scenario's name as a title, the
// policy and its numbers, and a legend, around the chart.
func TestPNGExportContent(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	var texts []string
	var href, name string
	var ganttH int
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"), waitDone("muscle"), seekEnd(),
		chromedp.Evaluate(`(() => {
  window.__texts = [];
  const orig = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (s, x, y, w) {
    if (this.canvas.id !== "gantt" && this.canvas.id !== "frames") window.__texts.push(String(s));
    return orig.apply(this, arguments);
  };
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (this.download && this.href.startsWith("data:image/png")) { window.__png = {href: this.href, name: this.download}; return; }
    return click.apply(this, arguments);
  };
  return true;
})()`, nil),
		openPanels("share"),
		chromedp.Click(`button.export-png`, chromedp.ByQuery),
		chromedp.Poll(`!!window.__png`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`window.__texts`, &texts),
		chromedp.Evaluate(`window.__png.href`, &href),
		chromedp.Evaluate(`window.__png.name`, &name),
		chromedp.Evaluate(`document.querySelector("canvas#gantt").height`, &ganttH),
	)
	if err != nil {
		t.Fatalf("%v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{"MUSCLE Table 1", "Policy muscle", "makespan", "Legend:"} {
		if !strings.Contains(all, want) {
			t.Errorf("the PNG's text lacks %q:\n%s", want, all)
		}
	}
	if name != "gridplay-muscle-table-1-gantt.png" {
		t.Errorf("file name %q", name)
	}
	b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(href, "data:image/png;base64,"))
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the export is not a PNG: %v", err)
	}
	writeArtifact("export.png", b)
	if h := img.Bounds().Dy(); h <= ganttH {
		t.Errorf("the PNG is %d px high, the chart alone %d: no room for title and legend", h, ganttH)
	}
	// Dark text pixels in the title band, above the chart.
	dark := 0
	for y := 0; y < img.Bounds().Dy()*8/100; y++ {
		for x := 0; x < img.Bounds().Dx()/2; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r < 0x4000 && g < 0x4000 && bl < 0x4000 {
				dark++
			}
		}
	}
	if dark < 50 {
		t.Errorf("only %d dark pixels in the title band", dark)
	}
	con.check(t)
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
