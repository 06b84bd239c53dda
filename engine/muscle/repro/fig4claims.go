package repro

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gridplay/engine/sched"
	"gridplay/engine/sched/verdict"
)

// fig4Paper are the paper's Fig. 4 statements (section 5.1) as relative
// MCP gains of MUSCLE in %.
var fig4Paper = []sched.Row{
	{Experiment: "muscle-fig4", X: "40", Policy: "muscle", Metric: "mcp_gain_vs_dll", Value: 12.1},
	{Experiment: "muscle-fig4", X: "40", Policy: "muscle", Metric: "mcp_gain_vs_wrand", Value: 8.4},
	{Experiment: "muscle-fig4", X: "100", Policy: "muscle", Metric: "mcp_gain_vs_dll", Value: 56.7},
	{Experiment: "muscle-fig4", X: "100", Policy: "muscle", Metric: "mcp_gain_vs_wrand", Value: 48.9},
}

// fig4Data reads a merged table's rows.
type fig4Data struct {
	rows   []sched.Row
	levels []int
}

func (d fig4Data) get(x int, policy, metric string) (float64, bool) {
	return sched.Find(d.rows, strconv.Itoa(x), policy, metric)
}

// gains are MUSCLE's MCP or PB gains over one baseline of a reading at
// every level where both runs exist.
func (d fig4Data) gains(rd fig4Reading, base, metric string) (xs []int, g []float64) {
	for _, x := range d.levels {
		ours, ok1 := d.get(x, rd.Muscle, metric)
		b, ok2 := d.get(x, base, metric)
		if ok1 && ok2 {
			xs, g = append(xs, x), append(g, gain(b, ours))
		}
	}
	return xs, g
}

// gainAt is MUSCLE's gain in metric over the baseline base at level x
// (NaN when a run is missing).
func (d fig4Data) gainAt(x int, muscle, base, metric string) float64 {
	ours, ok1 := d.get(x, muscle, metric)
	b, ok2 := d.get(x, base, metric)
	if !ok1 || !ok2 {
		return math.NaN()
	}
	return gain(b, ours)
}

// readingOf is the reading of a set ("" or "default" is the default).
func readingOf(set string) fig4Reading {
	for _, rd := range fig4Readings {
		if rd.Name == set {
			return rd
		}
	}
	return fig4Readings[0]
}

// fig4Tests are the claims of section 5.1, each measured on the rows under
// a reading set (engine/sched/verdict decides them): a direction is
// MUSCLE's gain at each level, a trend the least-squares slope of the
// gain over the levels, a figure the gain at its level.
func fig4Tests(d fig4Data) []verdict.Test {
	levels := make([]float64, len(d.levels))
	var byBase []string
	for i, x := range d.levels {
		levels[i] = float64(x)
	}
	for _, b := range []string{"DLL", "WRAND"} {
		for _, x := range d.levels {
			byBase = append(byBase, fmt.Sprintf("%s at %d:", b, x))
		}
	}
	bases := func(set string) [2]string {
		rd := readingOf(set)
		return [2]string{rd.DLL, rd.WRAND}
	}
	var ts []verdict.Test
	ts = append(ts, verdict.Test{
		Claim: "Fig. 4a (section 5.1): MUSCLE outperforms DLL and WRAND under all workload levels (lower MCP)",
		Paper: "lower MCP than both at every level (ours: MCP gain, %)", Rule: verdict.Above, Format: "%.1f%%", Parts: byBase,
		Measure: func(set string) []float64 {
			var v []float64
			for _, b := range bases(set) {
				for _, x := range d.levels {
					v = append(v, d.gainAt(x, readingOf(set).Muscle, b, "mcp"))
				}
			}
			return v
		}})
	for _, p := range fig4Paper {
		x, _ := strconv.Atoi(p.X)
		short := strings.TrimPrefix(p.Metric, "mcp_gain_vs_")
		if !slices.Contains(d.levels, x) {
			continue
		}
		ts = append(ts, verdict.Test{
			Claim: fmt.Sprintf("Fig. 4a (section 5.1): with a mean of %d jobs in the queue MUSCLE outperforms %s in MCP by %.1f%%", x, strings.ToUpper(short), p.Value),
			Paper: fmt.Sprintf("%.1f%%", p.Value), Rule: verdict.About, Target: p.Value, Format: "%.1f%%",
			Measure: func(set string) []float64 {
				b := bases(set)[0]
				if short == "wrand" {
					b = bases(set)[1]
				}
				return []float64{d.gainAt(x, readingOf(set).Muscle, b, "mcp")}
			}})
	}
	if len(d.levels) >= 2 {
		ts = append(ts, verdict.Test{
			Claim: "Fig. 4a (section 5.1): the advantage of MUSCLE becomes increasingly pronounced as the workload increases",
			Paper: "over DLL 12.1% at 40, 56.7% at 100; over WRAND 8.4%, 48.9% (ours: slope of the MCP gain, points of % per 10 jobs in the queue)",
			Rule:  verdict.Above, Format: "%.2f", Parts: []string{"DLL:", "WRAND:"},
			Measure: func(set string) []float64 {
				var v []float64
				for _, b := range bases(set) {
					g := make([]float64, len(d.levels))
					for i, x := range d.levels {
						g[i] = d.gainAt(x, readingOf(set).Muscle, b, "mcp")
					}
					v = append(v, 10*verdict.Slope(levels, g))
				}
				return v
			}})
	}
	pb := func(claim, paper string, in func(x int) bool, worse bool) {
		var xs []int
		var parts []string
		for _, x := range d.levels {
			if in(x) {
				xs, parts = append(xs, x), append(parts, fmt.Sprintf("at %d:", x))
			}
		}
		if len(xs) == 0 {
			return
		}
		sign := 1.0
		if worse {
			sign = -1
		}
		ts = append(ts, verdict.Test{Claim: claim, Paper: paper, Rule: verdict.Above, Format: "%.1f%%", Parts: parts,
			Measure: func(set string) []float64 {
				var v []float64
				for _, x := range xs {
					v = append(v, sign*d.gainAt(x, readingOf(set).Muscle, bases(set)[0], "pb"))
				}
				return v
			}})
	}
	pb("Fig. 4b (section 5.1): when the mean number of jobs in the queue is less than 60, MUSCLE's PB is slightly worse (higher) than DLL's",
		"higher PB than DLL below 60 (ours: MUSCLE's PB above DLL's, %)", func(x int) bool { return x < 60 }, true)
	pb("Fig. 4b (section 5.1): in all other cases (60 jobs and more) MUSCLE significantly outperforms DLL in PB (lower)",
		"lower PB than DLL from 60 on (ours: MUSCLE's PB below DLL's, %)", func(x int) bool { return x >= 60 }, false)
	return ts
}

// notes states, from the rows, what was measured at each level and
// under each reading; no sentence is written ahead of the run.
func (d fig4Data) notes(quick bool) []string {
	var notes []string
	if quick {
		notes = append(notes, fmt.Sprintf("quick mode: %d jobs, levels 40 and 100, TITAN population 20 and at most 60 generations per round; not comparable in magnitude with the full run", fig4QuickJobs))
	}
	def := fig4Readings[0]
	for _, x := range d.levels {
		rate, ok := d.get(x, def.Muscle, "rate")
		if !ok {
			continue
		}
		var q, u, m []string
		for _, pol := range []string{def.Muscle, def.DLL, def.WRAND} {
			qv, _ := d.get(x, pol, "queue")
			uv, _ := d.get(x, pol, "utilisation")
			mv, _ := d.get(x, pol, "mcp")
			q = append(q, fmt.Sprintf("%s %.1f", pol, qv))
			u = append(u, fmt.Sprintf("%.2f", uv))
			m = append(m, fmt.Sprintf("%.4g", mv))
		}
		offered, _ := d.get(x, def.Muscle, "offered")
		s := fmt.Sprintf("queue %d, the three at MUSCLE's rate %.4g jobs/s (offered load %.3f of capacity): measured mean queue %s; utilisation %s; MCP %s",
			x, rate, offered, strings.Join(q, ", "), strings.Join(u, ", "), strings.Join(m, ", "))
		for _, b := range []string{def.DLL, def.WRAND} {
			if g, ok := d.get(x, sched.WithReading("muscle", def.Name), "mcp_gain_vs_"+b); ok {
				s += fmt.Sprintf("; MUSCLE's MCP is %s %s's", relative(g), strings.ToUpper(b))
				if p, ok := sched.Find(fig4Paper, strconv.Itoa(x), "muscle", "mcp_gain_vs_"+b); ok {
					s += fmt.Sprintf(" (paper: %.1f%% below)", p)
				}
			}
		}
		notes = append(notes, s)
	}
	for _, rd := range fig4Readings[1:] {
		var parts []string
		for _, b := range []struct{ short, name string }{{"dll", rd.DLL}, {"wrand", rd.WRAND}} {
			xs, g := d.gains(rd, b.name, "mcp")
			if len(xs) > 0 {
				parts = append(parts, "over "+b.name+" "+listGains(xs, g))
			}
		}
		if len(parts) > 0 {
			notes = append(notes, fmt.Sprintf("reading %s: MCP gain of %s %s", rd.Name, rd.Muscle, strings.Join(parts, "; ")))
		}
	}
	for _, x := range d.levels {
		var parts, behind []string
		for _, g := range fig4Groups {
			for _, r := range append([]fig4Run{g.Calib}, g.Same...) {
				o, ok1 := d.get(x, r.Name, "offered")
				u, ok2 := d.get(x, r.Name, "used")
				if ok1 && ok2 {
					parts = append(parts, fmt.Sprintf("%s %.3f/%.3f", r.Name, u, o))
					if u < trackTol*o {
						behind = append(behind, r.Name)
					}
				}
			}
		}
		if len(parts) > 0 {
			notes = append(notes, fmt.Sprintf("queue %d, utilisation inside the arrival window against the offered load (used/offered, shares of capacity): %s", x, strings.Join(parts, ", ")))
		}
		if len(behind) > 0 {
			notes = append(notes, fmt.Sprintf("queue %d: falling behind the offered load (used below %.1f of it, so the queue grows through the run and the MCP measures the backlog): %s", x, trackTol, strings.Join(behind, ", ")))
		}
	}
	for _, g := range fig4Groups {
		if g.Period > 0 {
			continue
		}
		for _, x := range d.levels {
			if q, ok := d.get(x, g.Calib.Name, "queue"); ok && math.Abs(math.Log(q/float64(x))) > fullTol {
				notes = append(notes, fmt.Sprintf("queue %d: %s's measured mean queue is %.1f after the rate search, more than 10%% from the level; its rows are at that queue", x, g.Calib.Name, q))
			}
		}
	}
	return notes
}

// trackTol is the share of the offered load below which a run's
// utilisation counts as falling behind it (the bound of engine/muscle's
// TestBaselinesTrackOfferedLoad).
const trackTol = 0.9

// relative words a gain: "12.3% below" or "4.0% above".
func relative(g float64) string {
	if g >= 0 {
		return pct(g) + "% below"
	}
	return pct(-g) + "% above"
}

func listGains(xs []int, g []float64) string {
	parts := make([]string, len(xs))
	for i := range xs {
		parts[i] = fmt.Sprintf("%d: %s%%", xs[i], pct(g[i]))
	}
	return strings.Join(parts, ", ")
}

// pct formats a percentage with 4 significant digits, so that a gain of
// 99.97% does not read as 100.0%.
func pct(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }
