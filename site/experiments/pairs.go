package experiments

import (
	"fmt"
	"math"
	"strings"
)

// PairRow is one job of a difference Gantt: when it ran under schedule A
// ([A0, A1]) and under schedule B ([B0, B1]).
type PairRow struct {
	Label          string
	A0, A1, B0, B1 float64
}

// PairsSVG draws a difference Gantt as a standalone SVG document: one row
// per job, its run under A as an outlined grey bar, under B as a filled
// bar (blue when it started earlier under B, orange when later), and an
// arrow from its start under A to its start under B. Colour is never the
// only cue: the row's title and its label say earlier or later and by how
// much.
func PairsSVG(title, nameA, nameB string, rows []PairRow) string {
	const rowH = 18
	top := padT + 24
	h := top + max(1, len(rows))*rowH + padB
	var b strings.Builder
	svgOpen(&b, svgW, h, title)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range rows {
		for _, v := range []float64{r.A0, r.A1, r.B0, r.B1} {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if math.IsInf(lo, 1) {
		lo, hi = 0, 1
	}
	if hi == lo {
		hi = lo + 1
	}
	plotW := float64(svgW - padL - padR)
	x := func(v float64) float64 { return float64(padL) + plotW*(v-lo)/(hi-lo) }
	base := float64(top + len(rows)*rowH)
	xt, xd := ticks(lo, hi, 6)
	for _, t := range xt {
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%.1f" stroke="#ddd"/>`, x(t), x(t), top, base)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`, x(t), base+16, esc(tickLabel(t, xd)))
	}
	fmt.Fprintf(&b, `<line x1="%d" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#333"/>`, padL, float64(padL)+plotW, base, base)
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">time (s)</text>`, float64(padL)+plotW/2, base+34)
	b.WriteString(`<defs><marker id="pair-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0 0L8 4L0 8z" fill="#333"/></marker></defs>`)
	early, late := Palette[0], Palette[1]
	for i, r := range rows {
		y := float64(top + i*rowH)
		d := r.B0 - r.A0
		col, word := late, "later"
		if d < 0 {
			col, word = early, "earlier"
		}
		if d == 0 {
			word = "at the same time"
		}
		what := fmt.Sprintf("%s: starts %s under %s (%s s) than under %s (%s s), %s s", r.Label, word, nameB, FormatValue(r.B0), nameA, FormatValue(r.A0), FormatValue(d))
		fmt.Fprintf(&b, `<g><title>%s</title>`, esc(what))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`, padL-6, y+rowH/2, esc(clip(r.Label, 10)))
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="5" fill="#fff" stroke="#888"/>`, x(r.A0), y+2, math.Max(1, x(r.A1)-x(r.A0)))
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="6" fill="%s"/>`, x(r.B0), y+9, math.Max(1, x(r.B1)-x(r.B0)), col)
		if math.Abs(x(r.B0)-x(r.A0)) >= 3 {
			fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#333" stroke-width="1.2" marker-end="url(#pair-arrow)"/>`, x(r.A0), x(r.B0), y+7.5, y+7.5)
		}
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" dominant-baseline="middle">%s</text>`, svgW-padR+8, y+rowH/2, esc(Signed(d)+" s"))
		b.WriteString(`</g>`)
	}
	// Legend, above the rows.
	ly := padT + 4
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="22" height="5" fill="#fff" stroke="#888"/><text x="%d" y="%d" dominant-baseline="middle">%s</text>`, padL, ly-3, padL+28, ly, esc(clip(nameA, 24)))
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="11" height="6" fill="%s"/><rect x="%d" y="%d" width="11" height="6" fill="%s"/><text x="%d" y="%d" dominant-baseline="middle">%s (earlier, later)</text>`,
		padL+200, ly-3, early, padL+211, ly-3, late, padL+228, ly, esc(clip(nameB, 24)))
	b.WriteString(`</svg>`)
	return b.String()
}

// Signed prints v (FormatValue) with its sign.
func Signed(v float64) string {
	s := FormatValue(v)
	if v > 0 {
		return "+" + s
	}
	return s
}

// clip shortens s to n runes with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// Stack puts standalone SVG documents one under the other in one
// document (each keeps its own size), for a download of several figures.
func Stack(docs ...string) string {
	w, h := 0, 0
	var body strings.Builder
	for _, d := range docs {
		dw, dh := svgSize(d)
		fmt.Fprintf(&body, `<g transform="translate(0 %d)">%s</g>`, h, d)
		h += dh
		w = max(w, dw)
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d">`, w, h, w, h) + body.String() + `</svg>`
}

// svgSize reads the size of a document SVG and PairsSVG made (svgOpen:
// its viewBox is its width and height).
func svgSize(d string) (w, h int) {
	if i := strings.Index(d, ` viewBox="`); i >= 0 {
		fmt.Sscanf(d[i:], ` viewBox="0 0 %d %d"`, &w, &h)
	}
	return w, h
}
