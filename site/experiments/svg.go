package experiments

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"gridplay/site/gantt"
	"gridplay/site/state"
)

// Palette is Okabe and Ito's colour-blind-safe palette; each series also
// has its own marker shape, so no reading depends on colour alone.
var Palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"}

// Figure size in SVG user units.
const (
	svgW = 720
	svgH = 380
	padL = 74
	padR = 190 // the legend
	padT = 40
	padB = 56
)

// styleOf is the palette index of each series: a paper series takes the
// colour and marker of the series of the same policy.
func styleOf(f Figure) []int {
	idx := map[string]int{}
	out := make([]int, len(f.Series))
	next := 0
	for i, s := range f.Series {
		base := strings.TrimSuffix(s.Name, " (paper)")
		k, ok := idx[base]
		if !ok {
			k = next
			next++
			idx[base] = k
		}
		out[i] = k
	}
	return out
}

// SVG draws f as a standalone SVG document. Paper series are drawn dashed
// with hollow markers and "(paper)" in the legend.
func SVG(f Figure) string {
	var b strings.Builder
	// Many bar groups: their labels are turned, and the figure grows
	// to hold them.
	rot := f.Kind == Bars && len(f.Xs) > 8
	svgH, padB := svgH, padB
	if rot {
		svgH += 100
		padB += 100
	}
	// The legend takes the room its names need: the plot keeps its
	// width and the figure grows (at 12 px a character is at most about
	// 7.5 units wide), and grows downwards for many series.
	svgW, padR := svgW, padR
	if need := legendWidth(f); need > padR {
		svgW += need - padR
		padR = need
	}
	if need := padT + 20*len(f.Series) + 16; need > svgH {
		svgH = need
	}
	svgOpen(&b, svgW, svgH, f.Title)
	if f.Log {
		f = logValues(f)
	}
	lo, hi := yRange(f)
	plotW, plotH := float64(svgW-padL-padR), float64(svgH-padT-padB)
	y := func(v float64) float64 { return float64(padT) + plotH*(1-(v-lo)/(hi-lo)) }
	// y grid and ticks
	yt, yd := ticks(lo, hi, 5)
	if f.Log {
		yt, yd = nil, 0
		for k := math.Ceil(lo); k <= hi; k++ {
			yt = append(yt, k)
		}
	}
	for _, t := range yt {
		yy := y(t)
		label := tickLabel(t, yd)
		if f.Log {
			label = tickLabel(math.Pow(10, t), 0)
		}
		fmt.Fprintf(&b, `<line x1="%d" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#ddd"/>`, padL, float64(padL)+plotW, yy, yy)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`, padL-6, yy, esc(label))
	}
	fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%.1f" stroke="#333"/>`, padL, padL, padT, float64(padT)+plotH)
	fmt.Fprintf(&b, `<line x1="%d" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#333"/>`, padL, float64(padL)+plotW, y(math.Max(lo, 0)), y(math.Max(lo, 0)))
	labelY := float64(svgH - padB + 18)
	switch f.Kind {
	case Line:
		drawLines(&b, f, plotW, y, labelY)
	default:
		drawBars(&b, f, plotW, y, lo, labelY, rot)
	}
	// axis labels
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`, float64(padL)+plotW/2, svgH-12, esc(f.XLabel))
	fmt.Fprintf(&b, `<text transform="translate(16 %.1f) rotate(-90)" text-anchor="middle">%s</text>`, float64(padT)+plotH/2, esc(f.YLabel))
	// legend
	st := styleOf(f)
	for i, s := range f.Series {
		lx, ly := svgW-padR+16, padT+8+i*20
		col := Palette[st[i]%len(Palette)]
		dash := ""
		if s.Paper {
			dash = ` stroke-dasharray="5 3"`
		}
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="2"%s/>`, lx, lx+22, ly, ly, col, dash)
		marker(&b, st[i], float64(lx+11), float64(ly), col, s.Paper)
		fmt.Fprintf(&b, `<text x="%d" y="%d" dominant-baseline="middle">%s</text>`, lx+28, ly, esc(s.Name))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// svgOpen starts a standalone SVG document of w by h with its title, as
// its accessible name and as a heading.
func svgOpen(b *strings.Builder, w, h int, title string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s" font-family="system-ui, sans-serif" font-size="12">`,
		w, h, w, h, esc(title))
	fmt.Fprintf(b, `<title>%s</title><rect width="100%%" height="100%%" fill="#fff"/>`, esc(title))
	fmt.Fprintf(b, `<text x="%d" y="22" font-size="14" font-weight="600">%s</text>`, padL, esc(title))
}

// legendWidth is the room the legend's names need, in SVG units: the
// line and marker (44) and the longest name.
func legendWidth(f Figure) int {
	n := 0
	for _, s := range f.Series {
		n = max(n, utf8.RuneCountInString(s.Name))
	}
	return 44 + int(math.Ceil(7.5*float64(n))) + 8
}

func drawLines(b *strings.Builder, f Figure, plotW float64, y func(float64) float64, labelY float64) {
	// xOf is the axis position of an x label: its value, or its
	// logarithm on a log axis; ok is false for a value the axis cannot
	// show.
	xOf := func(x string) (float64, bool) {
		v, err := strconv.ParseFloat(x, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, false
		}
		if f.LogX {
			if v <= 0 {
				return 0, false
			}
			return math.Log10(v), true
		}
		return v, true
	}
	xmin, xmax := math.Inf(1), math.Inf(-1)
	for _, x := range f.Xs {
		if v, ok := xOf(x); ok {
			xmin, xmax = math.Min(xmin, v), math.Max(xmax, v)
		}
	}
	if math.IsInf(xmin, 1) {
		xmin, xmax = 0, 1
	}
	if xmax == xmin {
		xmin, xmax = xmin-1, xmax+1
	}
	px := func(v float64) float64 { return float64(padL) + 8 + (plotW-16)*(v-xmin)/(xmax-xmin) }
	if f.LogX {
		// Ticks at the powers of ten, labelled with their value.
		for e := math.Ceil(xmin - 1e-9); e <= xmax+1e-9; e++ {
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`, px(e), labelY, esc(tickLabel(math.Pow(10, e), max(0, int(-e)))))
		}
	} else {
		xt, xd := ticks(xmin, xmax, 6)
		for _, t := range xt {
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`, px(t), labelY, esc(tickLabel(t, xd)))
		}
	}
	st := styleOf(f)
	for i, s := range f.Series {
		col := Palette[st[i]%len(Palette)]
		var pts []string
		var marks strings.Builder // drawn over the line
		lastY := math.NaN()
		for _, x := range f.Xs {
			v, ok := s.Values[x]
			xv, okx := xOf(x)
			if !ok || !okx {
				continue
			}
			if f.Step && !math.IsNaN(lastY) {
				// Each value holds until the next x.
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", px(xv), lastY))
			}
			lastY = y(v)
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", px(xv), y(v)))
			if !f.Step {
				marker(&marks, st[i], px(xv), y(v), col, s.Paper)
				fmt.Fprintf(&marks, `<title>%s at %s: %s</title>`, esc(s.Name), esc(x), esc(FormatValue(s.value(x, v))))
			}
		}
		dash := ""
		if s.Paper {
			dash = ` stroke-dasharray="5 3"`
		}
		fmt.Fprintf(b, `<polyline fill="none" stroke="%s" stroke-width="2"%s points="%s"><title>%s</title></polyline>`, col, dash, strings.Join(pts, " "), esc(s.Name))
		b.WriteString(marks.String())
	}
}

func drawBars(b *strings.Builder, f Figure, plotW float64, y func(float64) float64, lo, labelY float64, rot bool) {
	n := len(f.Xs)
	if n == 0 {
		return
	}
	group := plotW / float64(n)
	bw := group * 0.8 / float64(len(f.Series))
	base := y(math.Max(lo, 0))
	st := styleOf(f)
	for xi, x := range f.Xs {
		gx := float64(padL) + group*float64(xi) + group*0.1
		label := clip(x, 26)
		if rot {
			cx := gx + group*0.4
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="end" transform="rotate(-40 %.1f %.1f)">%s</text>`, cx, labelY-6, cx, labelY-6, esc(label))
		} else {
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`, gx+group*0.4, labelY, esc(label))
		}
		for si, s := range f.Series {
			v, ok := s.Values[x]
			if !ok {
				continue
			}
			col := Palette[st[si]%len(Palette)]
			top, bot := y(v), base
			if top > bot {
				top, bot = bot, top
			}
			fill := col
			extra := ""
			if s.Paper {
				fill = "#fff"
				extra = fmt.Sprintf(` stroke="%s" stroke-width="1.5" stroke-dasharray="4 2"`, col)
			}
			fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"%s><title>%s, %s: %s</title></rect>`,
				gx+bw*float64(si), top, math.Max(bw-1, 1), math.Max(bot-top, 0.5), fill, extra, esc(s.Name), esc(x), esc(FormatValue(s.value(x, v))))
		}
	}
}

// logValues is f with every value v > 0 replaced by log10(v) (the
// others left out): a log scale drawn on a linear one. The tooltips
// still show the values themselves.
func logValues(f Figure) Figure {
	g := f
	g.Series = make([]Series, len(f.Series))
	for i, s := range f.Series {
		vs := map[string]float64{}
		for x, v := range s.Values {
			if v > 0 {
				vs[x] = math.Log10(v)
			}
		}
		g.Series[i] = Series{Name: s.Name, Paper: s.Paper, Values: vs, raw: s.Values}
	}
	return g
}

// marker draws series i's marker shape at (x, y): circle, square,
// triangle, diamond, cross, in turn.
func marker(b *strings.Builder, i int, x, y float64, col string, hollow bool) {
	fill := col
	if hollow {
		fill = "#fff"
	}
	switch i % 5 {
	case 0:
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s" stroke="%s" stroke-width="1.5"/>`, x, y, fill, col)
	case 1:
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="7" height="7" fill="%s" stroke="%s" stroke-width="1.5"/>`, x-3.5, y-3.5, fill, col)
	case 2:
		fmt.Fprintf(b, `<path d="M%.1f %.1fl4.5 8h-9z" fill="%s" stroke="%s" stroke-width="1.5"/>`, x, y-4.5, fill, col)
	case 3:
		fmt.Fprintf(b, `<path d="M%.1f %.1fl4.5 4.5l-4.5 4.5l-4.5-4.5z" fill="%s" stroke="%s" stroke-width="1.5"/>`, x, y-4.5, fill, col)
	default:
		fmt.Fprintf(b, `<path d="M%.1f %.1fl8 8m0-8l-8 8" stroke="%s" stroke-width="2"/>`, x-4, y-4, col)
	}
}

// yRange is the value range of f, widened to include 0 for bars and to a
// non-empty interval.
func yRange(f Figure) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, s := range f.Series {
		for _, v := range s.Values {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				continue
			}
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if math.IsInf(lo, 1) {
		return 0, 1
	}
	if !f.Log && (f.Kind == Bars || lo > 0 && lo < hi*0.5) {
		lo = math.Min(lo, 0)
		hi = math.Max(hi, 0)
	}
	if hi == lo {
		hi = lo + math.Max(math.Abs(lo)*0.1, 1)
	}
	pad := (hi - lo) * 0.05
	if lo != 0 {
		lo -= pad
	}
	return lo, hi + pad
}

// ticks are about n round values covering [lo, hi] (gantt.TicksIn), and
// the decimals their step needs.
func ticks(lo, hi float64, n int) ([]float64, int) {
	dec := 0
	if hi > lo && !math.IsInf(hi-lo, 0) {
		dec = max(0, int(-math.Floor(math.Log10(gantt.TickStep(hi-lo, n))+1e-9)))
	}
	return gantt.TicksIn(lo, hi, n), dec
}

// tickLabel prints a tick with dec decimals, thousands as k and millions
// as M.
func tickLabel(v float64, dec int) string {
	a := math.Abs(v)
	switch {
	case a >= 1e6:
		return state.Decimals(v/1e6, 2) + "M"
	case a >= 1e4:
		return state.Decimals(v/1e3, 1) + "k"
	}
	s := strconv.FormatFloat(v, 'f', dec, 64)
	if s == "-0" {
		s = "0"
	}
	return s
}

func esc(s string) string { return html.EscapeString(s) }
