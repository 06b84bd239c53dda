package analysis

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"slices"
	"strconv"

	"gridplay/engine/csvfmt"
	"gridplay/engine/outputs"
	"gridplay/engine/sched"
	"gridplay/site/experiments"
)

// CDFMetrics are the per-job measures the compare view draws as CDFs,
// with their figure titles and axes (the package doc says why bsld's is
// logarithmic).
var CDFMetrics = []struct {
	Metric, Title, XLabel string
	LogX                  bool
}{
	{"wait", "CDF of the wait per policy", "wait (s)", false},
	{"bsld", "CDF of the bounded slowdown per policy (τ = 10 s)", "bounded slowdown (log scale)", true},
}

// distOf is result r's distribution of metric, or nil.
func distOf(r *sched.Result, metric string) *sched.Dist {
	if r == nil {
		return nil
	}
	if i := slices.IndexFunc(r.Distributions, func(d sched.Dist) bool { return d.Metric == metric }); i >= 0 {
		return &r.Distributions[i]
	}
	return nil
}

// CDFFigure is the empirical CDF of metric for each result (one series
// per policy, as a step function), from the points the engine sends
// (engine/outputs: every step up to 101 distinct values, else the
// percentiles). Nil when no result has the distribution.
func CDFFigure(rs []*sched.Result, metric, title, xlabel string, logX bool) *experiments.Figure {
	f := &experiments.Figure{Spec: experiments.Spec{Metric: metric, Kind: experiments.Line, Title: title, XLabel: xlabel,
		YLabel: "share of jobs ≤ x", Step: true, LogX: logX}}
	type xv struct {
		s string
		v float64
	}
	var xs []xv
	seen := map[string]bool{}
	for _, r := range rs {
		d := distOf(r, metric)
		if d == nil || len(d.CDF) == 0 {
			continue
		}
		s := experiments.Series{Name: r.Policy, Values: map[string]float64{}}
		for _, p := range d.CDF {
			k := strconv.FormatFloat(p.X, 'g', -1, 64)
			s.Values[k] = p.Y
			if !seen[k] {
				seen[k] = true
				xs = append(xs, xv{k, p.X})
			}
		}
		f.Series = append(f.Series, s)
	}
	if len(f.Series) == 0 {
		return nil
	}
	slices.SortFunc(xs, func(a, b xv) int { return cmp.Compare(a.v, b.v) })
	for _, x := range xs {
		f.Xs = append(f.Xs, x.s)
	}
	return f
}

// CDFCSV is the data of the CDF figures: policy,metric,x,F.
func CDFCSV(rs []*sched.Result) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"policy", "metric", "x", "F"})
	for _, m := range CDFMetrics {
		for _, r := range rs {
			if d := distOf(r, m.Metric); d != nil {
				for _, p := range d.CDF {
					w.Write([]string{r.Policy, m.Metric, csvfmt.Float(p.X), csvfmt.Float(p.Y)})
				}
			}
		}
	}
	w.Flush()
	return b.Bytes()
}

// StatRow is one metric of the distributions table: a cell per result.
type StatRow struct {
	Metric, Stat string
	Cells        []string
}

// Stats are the rows of the distributions table: mean, median, p95 and
// max of each measure the results carry (outputs.DistMetrics), one
// column per result.
func Stats(rs []*sched.Result) []StatRow {
	var out []StatRow
	for _, m := range outputs.DistMetrics {
		if !slices.ContainsFunc(rs, func(r *sched.Result) bool { return distOf(r, m) != nil }) {
			continue
		}
		for _, st := range []string{"mean", "median", "p95", "max"} {
			row := StatRow{Metric: m, Stat: st}
			for _, r := range rs {
				d := distOf(r, m)
				if d == nil {
					row.Cells = append(row.Cells, "—")
					continue
				}
				v := map[string]float64{"mean": d.Mean, "median": d.Median, "p95": d.P95, "max": d.Max}[st]
				row.Cells = append(row.Cells, experiments.FormatValue(v))
			}
			out = append(out, row)
		}
	}
	return out
}

// StatsCSV is the distributions table as CSV:
// policy,metric,n,mean,median,p95,max.
func StatsCSV(rs []*sched.Result) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"policy", "metric", "n", "mean", "median", "p95", "max"})
	for _, r := range rs {
		for _, m := range outputs.DistMetrics {
			if d := distOf(r, m); d != nil {
				w.Write([]string{r.Policy, m, strconv.Itoa(d.N), csvfmt.Float(d.Mean), csvfmt.Float(d.Median), csvfmt.Float(d.P95), csvfmt.Float(d.Max)})
			}
		}
	}
	w.Flush()
	return b.Bytes()
}

// MaxSVGPoints is the most points of a time series an exported figure
// draws exactly (see the package doc).
const MaxSVGPoints = 1000

// SeriesFigures are the time series as two figures (busy nodes, queued
// jobs) for export, as step functions of time.
func SeriesFigures(pts []outputs.Point, nodes int, name string) (busy, queue experiments.Figure) {
	busy = experiments.Figure{Spec: experiments.Spec{Kind: experiments.Line, Step: true, Title: name + ": busy nodes (utilisation, of " + strconv.Itoa(nodes) + ")",
		XLabel: "time (s)", YLabel: "busy nodes"}}
	queue = experiments.Figure{Spec: experiments.Spec{Kind: experiments.Line, Step: true, Title: name + ": queue length",
		XLabel: "time (s)", YLabel: "queued jobs"}}
	bs := experiments.Series{Name: "busy nodes", Values: map[string]float64{}}
	qs := experiments.Series{Name: "queued jobs", Values: map[string]float64{}}
	add := func(t, b, q float64) {
		k := strconv.FormatFloat(t, 'g', -1, 64)
		if _, dup := bs.Values[k]; dup {
			return
		}
		busy.Xs = append(busy.Xs, k)
		bs.Values[k], qs.Values[k] = b, q
	}
	if len(pts) <= MaxSVGPoints || len(pts) < 2 {
		for _, p := range pts {
			add(p.T, float64(p.BusyNodes), float64(p.QueuedJobs))
		}
	} else {
		s := &Series{Pts: pts}
		t0, t1 := pts[0].T, pts[len(pts)-1].T
		c := s.Aggregate(t0, t1, MaxSVGPoints)
		step := (t1 - t0) / MaxSVGPoints
		for i := range c.Cover {
			add(t0+float64(i)*step, c.BusyAvg[i], c.QueueAvg[i])
		}
		add(t1, 0, 0)
		suffix := " (averages over " + strconv.Itoa(MaxSVGPoints) + " bins of " + experiments.FormatValue(step) + " s)"
		busy.Title += suffix
		queue.Title += suffix
	}
	queue.Xs = busy.Xs
	busy.Series = []experiments.Series{bs}
	queue.Series = []experiments.Series{qs}
	return busy, queue
}
