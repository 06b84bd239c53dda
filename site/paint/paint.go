// Package paint is how the page writes to the DOM outside Vugu's render.
//
// Vugu (v0.4.0) writes the whole page on every render: each attribute,
// each text and each innerHTML, changed or not, and an innerHTML write
// parses its markup and rebuilds the element's children. Content that is
// large or changes often therefore stays out of the templates: the
// template holds an empty element, whose children Vugu leaves alone, and
// its vg-js-populate callback (run after every render) paints it through
// this package, which writes only what changed: HTML (the SVG figures),
// Gantt (the Gantt chart's canvas), Frames (the frame view's canvas) and
// Narration (text nodes and glossary links, never HTML). The playback's
// ticks call the same painters without a render (Now).
//
// The canvases, the elements and the browser's calls come from
// site/jsbridge (CanvasIn, Fit, ByID). These paint outside Vugu without
// this package, each next to the code it serves:
//   - the job table's editable rows (site/jobs, rowsdom.go);
//   - the outputs' per-job table rows (jsbridge.ScrollTable);
//   - the outputs' series canvas (jsbridge.PaintCanvas);
//   - the platform editor's canvas (site/editor, browser.go);
//   - the Gantt chart's tooltip (jsbridge.SetTip).
package paint

import (
	"hash/fnv"
	"strconv"

	"github.com/vugu/vugu/js"
)

// htmlKey is the property of an element painted by HTML that holds a
// hash of the markup it shows.
const htmlKey = "__gpPaintHTML"

// HTML shows the markup html in el (a vg-js-populate callback's element,
// empty in the template), unless el shows it already: a render that did
// not change the figure leaves its elements in place. html is trusted:
// the page builds it, with every user string escaped.
func HTML(el js.Value, html string) {
	if !el.Truthy() {
		return
	}
	h := fnv.New64a()
	h.Write([]byte(html))
	sum := strconv.FormatUint(h.Sum64(), 36) + "/" + strconv.Itoa(len(html))
	if k := el.Get(htmlKey); k.Truthy() && k.String() == sum {
		return
	}
	el.Set("innerHTML", html)
	el.Set(htmlKey, sum)
}
