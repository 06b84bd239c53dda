package experiments

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"gridplay/engine/sched"
	"gridplay/site/state"
)

// Kind is how a figure is drawn.
type Kind int

const (
	// Line draws one line per series over a numeric x axis.
	Line Kind = iota
	// Bars draws a group of bars per x category, one bar per series.
	Bars
)

// Spec says how to draw one metric of an experiment: which metric, as
// what kind of chart, over which x values and with which axis labels (the
// paper's).
type Spec struct {
	Metric string
	Kind   Kind
	Title  string
	XLabel string
	YLabel string
	// X keeps only rows whose x satisfies it (nil: every row whose x
	// fits the kind: numeric for Line).
	X func(x string) bool
	// Policy keeps only rows of matching policies (nil: all).
	Policy func(p string) bool
	// Log draws the y axis on a log scale (values that span decades;
	// values at or below 0 are left out).
	Log bool
	// ByPolicy draws the policies as the x categories, with one series
	// for our values and one for the paper's (bars of one x value, such
	// as the means or ranks of a summary).
	ByPolicy bool
	// Step draws a Line series as a step function (each value holds
	// until the next x: an empirical CDF, a time series) without a
	// marker at every point; LogX puts x on a logarithmic axis (x > 0
	// only: other x values are left out).
	Step, LogX bool
}

// defaultsOnly keeps the policies under the default reading (no
// "@reading").
func defaultsOnly(p string) bool { return !strings.Contains(p, "@") }

func xIs(v string) func(string) bool { return func(x string) bool { return x == v } }

// Layout is an experiment's presentation: its figures, and the metrics
// shown as a table (rows x and policy, a column per metric).
type Layout struct {
	Figures []Spec
	// Table lists the metrics of the table view; nil means every metric.
	Table []string
}

// Layouts are the paper figures and tables, by experiment name. An
// experiment without one is shown as a table of every row.
var Layouts = map[string]Layout{
	"muscle-table2": {Table: []string{"compositions"}},
	"muscle-fig4": {Figures: []Spec{
		{Metric: "mcp", Kind: Line, Log: true, Title: "MUSCLE Fig. 4a: mean cluster performance (MCP, eq. 7)", XLabel: "workload: mean number of jobs in the queue", YLabel: "MCP (log scale)"},
		{Metric: "pb", Kind: Line, Log: true, Title: "MUSCLE Fig. 4b: performance balance (PB, eq. 8)", XLabel: "workload: mean number of jobs in the queue", YLabel: "PB (log scale)"},
		{Metric: "queue", Kind: Line, Title: "Measured mean queue of each policy", XLabel: "workload level x", YLabel: "mean jobs in the queue"},
		{Metric: "mcp_gain_vs_dll", Kind: Bars, Title: "MUSCLE's MCP gain over DLL (%)", XLabel: "mean queue", YLabel: "%"},
		{Metric: "mcp_gain_vs_wrand", Kind: Bars, Title: "MUSCLE's MCP gain over WRAND (%)", XLabel: "mean queue", YLabel: "%"},
	}},
	"titan-fig9": {Figures: []Spec{
		{Metric: "completed", Kind: Line, Title: "TITAN Fig. 9: tasks completed over time", XLabel: "time (s)", YLabel: "tasks completed", Policy: defaultsOnly},
		{Metric: "makespan", Kind: Bars, ByPolicy: true, Title: "TITAN: makespan per policy and reading", XLabel: "", YLabel: "makespan (s)", X: xIs("all")},
		{Metric: "advance", Kind: Bars, ByPolicy: true, Title: "TITAN eq. 16: average advance time", XLabel: "", YLabel: "advance time (s)", X: xIs("all")},
		{Metric: "makespan", Kind: Line, Title: "TITAN Fig. 7: GA convergence per population", XLabel: "generation", YLabel: "best makespan (s)",
			Policy: func(p string) bool { return strings.HasPrefix(p, "titan-pop") }},
	}},
	"multisite-fig2": {Figures: multisiteSpecs("Fig. 2")},
	"multisite-fig3": {Figures: multisiteSpecs("Fig. 3")},
	"gamf-fig7": {Figures: []Spec{
		{Metric: "makespan", Kind: Bars, Title: "GA-MF Fig. 7: makespan per workload", XLabel: "workload", YLabel: "makespan (s)", Policy: defaultsOnly,
			X: func(x string) bool { _, err := strconv.Atoi(x); return err == nil }},
		{Metric: "flowtime", Kind: Bars, Title: "GA-MF Fig. 8: flowtime per workload", XLabel: "workload", YLabel: "flowtime (s)", Policy: defaultsOnly,
			X: func(x string) bool { _, err := strconv.Atoi(x); return err == nil }},
		{Metric: "makespan", Kind: Bars, ByPolicy: true, Title: "Rank by mean makespan (1 = best)", YLabel: "rank", X: xIs("rank")},
		{Metric: "flowtime", Kind: Bars, ByPolicy: true, Title: "Rank by mean flowtime (1 = best)", YLabel: "rank", X: xIs("rank")},
		{Metric: "makespan", Kind: Bars, ByPolicy: true, Title: "Mean makespan per method and reading", YLabel: "makespan (s)", X: xIs("mean")},
		{Metric: "flowtime", Kind: Bars, ByPolicy: true, Title: "Mean flowtime per method and reading", YLabel: "flowtime (s)", X: xIs("mean")},
	}},
	"hybrid-table1": {Figures: hybridSpecs("number of jobs"), Table: hybridTable},
	"hybrid-table3": {Figures: hybridSpecs("number of clusters"), Table: hybridTable},
}

var hybridTable = []string{"ttr", "completed", "utilisation", "ttr_improvement_vs_local", "ttr_improvement_vs_hrs", "completed_improvement_vs_local", "completed_improvement_vs_hrs", "utilisation_improvement_vs_local", "utilisation_improvement_vs_hrs"}

func hybridSpecs(x string) []Spec {
	return []Spec{
		{Metric: "ttr", Kind: Line, Title: "Hybrid: total time to release (TTR)", XLabel: x, YLabel: "TTR (s)", Policy: defaultsOnly},
		{Metric: "completed", Kind: Line, Title: "Hybrid: jobs completed", XLabel: x, YLabel: "jobs", Policy: defaultsOnly},
		{Metric: "ttr_improvement_vs_local", Kind: Bars, ByPolicy: true, Title: "P-HRS's TTR improvement over local, average (%)", YLabel: "%", X: xIs("avg")},
		{Metric: "completed_improvement_vs_local", Kind: Bars, ByPolicy: true, Title: "P-HRS's jobs completed, improvement over local, average (%)", YLabel: "%", X: xIs("avg")},
	}
}

func multisiteSpecs(fig string) []Spec {
	x := "multisite overhead factor"
	keep := func(p string) bool { return !strings.Contains(p, "/") }
	return []Spec{
		{Metric: "awrt", Kind: Line, Title: "Multisite " + fig + ": average weighted response time (eq. 3)", XLabel: x, YLabel: "AWRT (s)", Policy: keep},
		{Metric: "awwt", Kind: Line, Title: "Multisite " + fig + ": average weighted wait time (eq. 4)", XLabel: x, YLabel: "AWWT (s)", Policy: keep},
		{Metric: "awrt_ratio", Kind: Line, Title: "Non-adaptive AWRT over adaptive", XLabel: x, YLabel: "ratio"},
	}
}

// Series is one line or one bar colour: a policy (or a policy under a
// reading), or the paper's values for it.
type Series struct {
	Name  string
	Paper bool
	// Values by x label; for Line charts the x labels parse as numbers.
	Values map[string]float64
	raw    map[string]float64 // the values before a log scale
}

// value is the value shown for x: the one before a log scale, if any.
func (s Series) value(x string, v float64) float64 {
	if s.raw != nil {
		return s.raw[x]
	}
	return v
}

// Figure is a chart ready to draw.
type Figure struct {
	Spec
	// Xs are the x labels in order (numeric order for Line).
	Xs     []string
	Series []Series
}

// Build makes the figures of spec list specs from the rows of t (ours) and
// its paper rows. A figure with no value is left out.
func Build(specs []Spec, t *sched.Table) []Figure {
	var out []Figure
	for _, sp := range specs {
		f := Figure{Spec: sp}
		xs := map[string]bool{}
		var order []string // x labels in the order they appear
		add := func(rows []sched.Row, paper bool) {
			idx := map[string]int{}
			for _, r := range rows {
				if r.Metric != sp.Metric || (sp.Policy != nil && !sp.Policy(r.Policy)) {
					continue
				}
				if sp.X != nil && !sp.X(r.X) {
					continue
				}
				if sp.X == nil && sp.Kind == Line {
					if _, err := strconv.ParseFloat(r.X, 64); err != nil {
						continue
					}
				}
				name, xl := r.Policy, r.X
				if sp.ByPolicy {
					name, xl = "ours", r.Policy
					if paper {
						name = "paper"
					}
				}
				i, ok := idx[name]
				if !ok {
					i = len(f.Series)
					idx[name] = i
					label := name
					if paper && !sp.ByPolicy {
						label = name + " (paper)"
					}
					f.Series = append(f.Series, Series{Name: label, Paper: paper, Values: map[string]float64{}})
				}
				if _, dup := f.Series[i].Values[xl]; !dup {
					f.Series[i].Values[xl] = r.Value
				}
				if !xs[xl] {
					xs[xl] = true
					order = append(order, xl)
				}
			}
		}
		add(t.Rows, false)
		add(t.Summary, false)
		add(t.Paper, true)
		if len(f.Series) == 0 {
			continue
		}
		if sp.ByPolicy {
			f.Xs = order
		} else {
			f.Xs = orderXs(xs, t)
		}
		out = append(out, f)
	}
	return out
}

// orderXs orders x labels numerically when they all are numbers, else in
// the order they first appear in the table's rows.
func orderXs(set map[string]bool, t *sched.Table) []string {
	var xs []string
	numeric := true
	for x := range set {
		xs = append(xs, x)
		if _, err := strconv.ParseFloat(x, 64); err != nil {
			numeric = false
		}
	}
	if numeric {
		sort.Slice(xs, func(i, j int) bool {
			a, _ := strconv.ParseFloat(xs[i], 64)
			b, _ := strconv.ParseFloat(xs[j], 64)
			return a < b
		})
		return xs
	}
	first := map[string]int{}
	n := 0
	for _, rows := range [][]sched.Row{t.Rows, t.Summary, t.Paper} {
		for _, r := range rows {
			if _, ok := first[r.X]; !ok {
				first[r.X] = n
				n++
			}
		}
	}
	sort.SliceStable(xs, func(i, j int) bool { return first[xs[i]] < first[xs[j]] })
	return xs
}

// Grid is a table view: one line per (x, policy), a column per metric.
type Grid struct {
	Columns []string
	Lines   []GridLine
}

// GridLine is one line of a Grid; Cells holds "" where the metric has no
// value.
type GridLine struct {
	X, Policy string
	Paper     bool
	Cells     []string
}

// Tabulate lays the rows (and the paper's rows, marked) of t out as a
// Grid of the metrics named (all metrics when nil), in the order lines
// first appear.
func Tabulate(t *sched.Table, metrics []string) Grid {
	if metrics == nil {
		seen := map[string]bool{}
		for _, rows := range [][]sched.Row{t.Rows, t.Summary} {
			for _, r := range rows {
				if !seen[r.Metric] {
					seen[r.Metric] = true
					metrics = append(metrics, r.Metric)
				}
			}
		}
	}
	col := map[string]int{}
	for i, m := range metrics {
		col[m] = i
	}
	g := Grid{Columns: metrics}
	type key struct {
		x, p  string
		paper bool
	}
	line := map[key]int{}
	add := func(rows []sched.Row, paper bool) {
		for _, r := range rows {
			c, ok := col[r.Metric]
			if !ok {
				continue
			}
			k := key{r.X, r.Policy, paper}
			i, ok := line[k]
			if !ok {
				i = len(g.Lines)
				line[k] = i
				g.Lines = append(g.Lines, GridLine{X: r.X, Policy: r.Policy, Paper: paper, Cells: make([]string, len(metrics))})
			}
			g.Lines[i].Cells[c] = FormatValue(r.Value)
		}
	}
	add(t.Rows, false)
	add(t.Summary, false)
	add(t.Paper, true)
	// drop metrics with no value at all
	keep := make([]bool, len(metrics))
	for _, l := range g.Lines {
		for i, c := range l.Cells {
			if c != "" {
				keep[i] = true
			}
		}
	}
	g.Columns = kept(metrics, keep)
	for li := range g.Lines {
		g.Lines[li].Cells = kept(g.Lines[li].Cells, keep)
	}
	return g
}

// kept is the entries of xs that keep marks.
func kept(xs []string, keep []bool) []string {
	var out []string
	for i, x := range xs {
		if keep[i] {
			out = append(out, x)
		}
	}
	return out
}

// FormatValue prints a value with at most four significant decimals.
func FormatValue(v float64) string {
	a := math.Abs(v)
	prec := 0
	switch {
	case a == 0 || a >= 1000:
	case a >= 100:
		prec = 1
	case a >= 1:
		prec = 2
	default:
		prec = 4
	}
	return state.Decimals(v, prec)
}
