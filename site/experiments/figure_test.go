package experiments

import (
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"gridplay/engine/sched"

	_ "gridplay/engine/all"
)

// wellFormed fails unless s parses as XML to its end.
func wellFormed(t *testing.T, s string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v\n%.300s", err, s)
		}
	}
}

// The figures of the experiments that run in a second are built from a
// real quick run: every layout figure has values, and its SVG is
// well-formed with one legend entry per series.
func TestLayoutsOnQuickRuns(t *testing.T) {
	for _, name := range []string{"titan-fig9", "hybrid-table1", "multisite-fig2", "gamf-fig7", "muscle-table2"} {
		e, ok := sched.LookupExperiment(name)
		if !ok {
			t.Fatalf("%s not registered", name)
		}
		rep, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{Quick: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		tab, ok := rep.(*sched.Table)
		if !ok {
			tab = &sched.Table{Experiment: name, Rows: rep.LongRows()}
		}
		l := Layouts[name]
		figs := Build(l.Figures, tab)
		if len(figs) != len(l.Figures) {
			t.Errorf("%s: %d of %d figures have values", name, len(figs), len(l.Figures))
		}
		for _, f := range figs {
			svg := SVG(f)
			wellFormed(t, svg)
			if n := strings.Count(svg, `dominant-baseline="middle">`) - len(ticksOf(f)); n < len(f.Series) {
				t.Errorf("%s %q: legend has fewer entries than the %d series", name, f.Title, len(f.Series))
			}
		}
		if l.Figures == nil {
			g := Tabulate(tab, l.Table)
			if len(g.Lines) == 0 || len(g.Columns) == 0 {
				t.Errorf("%s: empty table", name)
			}
		}
	}
}

func ticksOf(f Figure) []float64 {
	lo, hi := yRange(f)
	ts, _ := ticks(lo, hi, 5)
	return ts
}

// Paper values are a series of their own, drawn dashed and labelled as
// the paper's; strings are escaped; x values sort numerically.
func TestBuildPaperSeriesAndEscaping(t *testing.T) {
	tab := &sched.Table{Experiment: "muscle-fig4"}
	for _, x := range []string{"100", "20", "60"} {
		tab.Add(x, "muscle", "mcp", 1)
		tab.Add(x, "dll<script>", "mcp", 2)
	}
	tab.Add("mean", "muscle", "mcp", 9) // not numeric: left out of a line chart
	tab.Paper = []sched.Row{{X: "40", Policy: "muscle", Metric: "mcp", Value: 1.5}}
	figs := Build(Layouts["muscle-fig4"].Figures, tab)
	if len(figs) != 1 {
		t.Fatalf("%d figures, want only the MCP one", len(figs))
	}
	f := figs[0]
	if strings.Join(f.Xs, ",") != "20,40,60,100" {
		t.Errorf("xs %v", f.Xs)
	}
	if len(f.Series) != 3 || f.Series[2].Name != "muscle (paper)" || !f.Series[2].Paper {
		t.Errorf("series %+v", f.Series)
	}
	svg := SVG(f)
	wellFormed(t, svg)
	if strings.Contains(svg, "<script>") || !strings.Contains(svg, "dll&lt;script&gt;") {
		t.Errorf("label not escaped")
	}
	if !strings.Contains(svg, `stroke-dasharray="5 3"`) {
		t.Errorf("paper series not dashed")
	}
}

func TestTabulate(t *testing.T) {
	tab := &sched.Table{}
	tab.Add("1000", "hybrid-local", "ttr", 10)
	tab.Add("1000", "hybrid-local", "completed", 900)
	tab.Add("1000", "hybrid-phrs", "ttr", 8.25)
	tab.Paper = []sched.Row{{X: "1000", Policy: "hybrid-phrs", Metric: "ttr_improvement_vs_local", Value: 22.3}}
	g := Tabulate(tab, []string{"ttr", "completed", "utilisation", "ttr_improvement_vs_local"})
	if strings.Join(g.Columns, ",") != "ttr,completed,ttr_improvement_vs_local" {
		t.Errorf("columns %v (empty ones must go)", g.Columns)
	}
	if len(g.Lines) != 3 || g.Lines[1].Cells[0] != "8.25" || g.Lines[1].Cells[1] != "" || !g.Lines[2].Paper || g.Lines[2].Cells[2] != "22.3" {
		t.Errorf("lines %+v", g.Lines)
	}
}

func TestTicks(t *testing.T) {
	ts, dec := ticks(0, 1, 5)
	var labels []string
	for _, v := range ts {
		labels = append(labels, tickLabel(v, dec))
	}
	if strings.Join(labels, " ") != "0.0 0.2 0.4 0.6 0.8 1.0" {
		t.Errorf("ticks %v", labels)
	}
	if got := tickLabel(25000, 0); got != "25k" {
		t.Errorf("25000 -> %q", got)
	}
	if FormatValue(-0.00001) != "0" || FormatValue(1234.6) != "1235" || FormatValue(0.12345) != "0.1235" {
		t.Errorf("FormatValue: %q %q %q", FormatValue(-0.00001), FormatValue(1234.6), FormatValue(0.12345))
	}
}

// A log-scale figure leaves out values at or below 0, ticks at powers of
// ten, and its tooltips show the values themselves.
func TestLogScale(t *testing.T) {
	tab := &sched.Table{}
	tab.Add("20", "muscle", "mcp", 87)
	tab.Add("20", "dll", "mcp", 600000)
	tab.Add("40", "dll", "mcp", 0)
	figs := Build([]Spec{{Metric: "mcp", Kind: Line, Log: true, Title: "t"}}, tab)
	svg := SVG(figs[0])
	wellFormed(t, svg)
	for _, want := range []string{">100<", ">1000<", ">10k<", ">100k<", "dll at 20: 600000", "muscle at 20: 87"} {
		if !strings.Contains(svg, want) {
			t.Errorf("log-scale SVG lacks %q", want)
		}
	}
	if strings.Contains(svg, "dll at 40") {
		t.Errorf("a value of 0 was drawn on a log scale")
	}
}

// ticks ends for values whose spread is below float precision against
// their size (k*step stops moving there): the old loop never ended.
func TestTicksEndOnHugeValues(t *testing.T) {
	done := make(chan []float64)
	go func() {
		out, _ := ticks(1e17, 1e17+16, 5)
		done <- out
	}()
	select {
	case out := <-done:
		if len(out) == 0 || len(out) > 10 {
			t.Errorf("ticks of [1e17, 1e17+16]: %v", out)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ticks of [1e17, 1e17+16] did not end")
	}
}

// Issue 39: the experiments' legends were cut off at the figure's right
// edge (a long name, "multisite-nonadaptive (paper)") and, with many
// series, at its bottom. Every legend name ends inside the figure,
// counting 7.5 units a character at 12 px.
func TestLegendInsideFigure(t *testing.T) {
	f := Figure{Spec: Spec{Title: "t", Kind: Line}, Xs: []string{"1", "2"}}
	for i := 0; i < 22; i++ {
		name := "p" + strings.Repeat("x", i)
		if i == 3 {
			name = "multisite-nonadaptive (paper)"
		}
		f.Series = append(f.Series, Series{Name: name, Values: map[string]float64{"1": 1, "2": float64(i)}})
	}
	s := SVG(f)
	wellFormed(t, s)
	var w, h float64
	fmt.Sscanf(s[strings.Index(s, `width="`):], `width="%g" height="%g"`, &w, &h)
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "text" {
			continue
		}
		var x, y float64
		for _, a := range se.Attr {
			switch a.Name.Local {
			case "x":
				fmt.Sscan(a.Value, &x)
			case "y":
				fmt.Sscan(a.Value, &y)
			}
		}
		txt, _ := d.Token()
		cd, _ := txt.(xml.CharData)
		for _, sr := range f.Series {
			if string(cd) == sr.Name && (x+7.5*float64(utf8.RuneCountInString(sr.Name)) > w || y > h-4) {
				t.Errorf("legend %q at (%v, %v) runs out of the %v×%v figure", sr.Name, x, y, w, h)
			}
		}
	}
}
