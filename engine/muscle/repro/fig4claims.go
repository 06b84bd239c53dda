package repro

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gridplay/engine/sched"
)

// fig4Paper are the paper's Fig. 4 statements (section 5.1) as relative
// MCP gains of MUSCLE in %.
var fig4Paper = []sched.Row{
	{Experiment: "muscle-fig4", X: "40", Policy: "muscle", Metric: "mcp_gain_vs_dll", Value: 12.1},
	{Experiment: "muscle-fig4", X: "40", Policy: "muscle", Metric: "mcp_gain_vs_wrand", Value: 8.4},
	{Experiment: "muscle-fig4", X: "100", Policy: "muscle", Metric: "mcp_gain_vs_dll", Value: 56.7},
	{Experiment: "muscle-fig4", X: "100", Policy: "muscle", Metric: "mcp_gain_vs_wrand", Value: 48.9},
}

// gainTol is how close (relative to the paper's figure) a gain of ours
// must be for a claim of a figure to hold: within 25% of it.
const gainTol = 0.25

// fig4Data reads a merged table's rows.
type fig4Data struct {
	rows   []sched.Row
	levels []int
}

func (d fig4Data) get(x int, policy, metric string) (float64, bool) {
	return findRow(d.rows, strconv.Itoa(x), policy, metric)
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

// fig4Check is one claim of the paper: test computes our value and
// whether the claim holds under a reading; ok false means the run has not
// the data (a level not run).
type fig4Check struct {
	claim, paper string
	test         func(d fig4Data, rd fig4Reading) (ours string, holds, ok bool)
}

func fig4Checks() []fig4Check {
	var cs []fig4Check
	cs = append(cs, fig4Check{
		claim: "Fig. 4a (section 5.1): MUSCLE outperforms DLL and WRAND under all workload levels (lower MCP)",
		paper: "lower MCP than both at every level",
		test: func(d fig4Data, rd fig4Reading) (string, bool, bool) {
			xd, gd := d.gains(rd, rd.DLL, "mcp")
			xw, gw := d.gains(rd, rd.WRAND, "mcp")
			if len(xd) == 0 || len(xw) == 0 {
				return "", false, false
			}
			nd, nw := countPositive(gd), countPositive(gw)
			return fmt.Sprintf("lower at %d of %d levels than DLL, %d of %d than WRAND", nd, len(gd), nw, len(gw)),
				nd == len(gd) && nw == len(gw), true
		}})
	for _, p := range fig4Paper {
		x, _ := strconv.Atoi(p.X)
		short := strings.TrimPrefix(p.Metric, "mcp_gain_vs_")
		paper := p.Value
		cs = append(cs, fig4Check{
			claim: fmt.Sprintf("Fig. 4a (section 5.1): with a mean of %d jobs in the queue MUSCLE outperforms %s in MCP by %.1f%% (holds when ours is within %.0f%% of that figure)",
				x, strings.ToUpper(short), paper, 100*gainTol),
			paper: fmt.Sprintf("%.1f%%", paper),
			test: func(d fig4Data, rd fig4Reading) (string, bool, bool) {
				base := rd.DLL
				if short == "wrand" {
					base = rd.WRAND
				}
				ours, ok1 := d.get(x, rd.Muscle, "mcp")
				b, ok2 := d.get(x, base, "mcp")
				if !ok1 || !ok2 {
					return "", false, false
				}
				g := gain(b, ours)
				return pct(g) + "%", math.Abs(g-paper) <= gainTol*paper, true
			}})
	}
	cs = append(cs, fig4Check{
		claim: "Fig. 4a (section 5.1): the advantage of MUSCLE becomes increasingly pronounced as the workload increases (MCP gain over each baseline never falls from one level to the next)",
		paper: "over DLL 12.1% at 40, 56.7% at 100; over WRAND 8.4%, 48.9%",
		test: func(d fig4Data, rd fig4Reading) (string, bool, bool) {
			xd, gd := d.gains(rd, rd.DLL, "mcp")
			xw, gw := d.gains(rd, rd.WRAND, "mcp")
			if len(xd) < 2 || len(xw) < 2 {
				return "", false, false
			}
			return fmt.Sprintf("vs DLL %s%%, vs WRAND %s%% at %s", slashed(gd, pct), slashed(gw, pct), slashed(xd, strconv.Itoa)),
				nonDecreasing(gd) && nonDecreasing(gw), true
		}})
	pbCheck := func(claim, paper string, in func(x int) bool, worse bool) fig4Check {
		return fig4Check{claim: claim, paper: paper, test: func(d fig4Data, rd fig4Reading) (string, bool, bool) {
			var parts []string
			holds, n := true, 0
			for _, x := range d.levels {
				if !in(x) {
					continue
				}
				m, ok1 := d.get(x, rd.Muscle, "pb")
				b, ok2 := d.get(x, rd.DLL, "pb")
				if !ok1 || !ok2 {
					continue
				}
				n++
				parts = append(parts, fmt.Sprintf("%d: %.3g vs DLL %.3g", x, m, b))
				if worse {
					holds = holds && m > b
				} else {
					holds = holds && m < b
				}
			}
			if n == 0 {
				return "", false, false
			}
			return "PB " + strings.Join(parts, ", "), holds, true
		}}
	}
	cs = append(cs,
		pbCheck("Fig. 4b (section 5.1): when the mean number of jobs in the queue is less than 60, MUSCLE's PB is slightly worse (higher) than DLL's",
			"higher PB than DLL below 60", func(x int) bool { return x < 60 }, true),
		pbCheck("Fig. 4b (section 5.1): in all other cases (60 jobs and more) MUSCLE significantly outperforms DLL in PB (lower)",
			"lower PB than DLL from 60 on", func(x int) bool { return x >= 60 }, false))
	return cs
}

// fig4Claims checks every claim under every reading (sched.VerdictUnder):
// the verdict is the default reading's, or names the readings under which
// the claim holds when it does not hold under the default; Ours gives
// the default's numbers, then every other reading's. A claim whose levels
// were not run is left out.
func fig4Claims(t *sched.Table, levels []int) []sched.Claim {
	d := fig4Data{rows: append(append([]sched.Row(nil), t.Rows...), t.Summary...), levels: levels}
	names := make([]string, len(fig4Readings))
	for i, rd := range fig4Readings {
		names[i] = rd.Name
	}
	var out []sched.Claim
	for _, c := range fig4Checks() {
		if _, _, ok := c.test(d, fig4Readings[0]); !ok {
			continue
		}
		out = append(out, sched.VerdictUnder(c.claim, c.paper, names, func(r string) (bool, string) {
			for _, rd := range fig4Readings {
				if rd.Name == r {
					ours, holds, _ := c.test(d, rd)
					return holds, ours
				}
			}
			return false, ""
		}))
	}
	return out
}

// fig4Notes states, from the rows, what was measured at each level and
// under each reading; no sentence is written ahead of the run.
func fig4Notes(t *sched.Table, quick bool, levels []int) []string {
	d := fig4Data{rows: append(append([]sched.Row(nil), t.Rows...), t.Summary...), levels: levels}
	var notes []string
	if quick {
		notes = append(notes, fmt.Sprintf("quick mode: %d jobs, levels 40 and 100, TITAN population 20 and at most 60 generations per round; not comparable in magnitude with the full run", fig4QuickJobs))
	}
	def := fig4Readings[0]
	for _, x := range levels {
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
			if g, ok := d.get(x, def.gainName(), "mcp_gain_vs_"+b); ok {
				s += fmt.Sprintf("; MUSCLE's MCP is %s %s's", relative(g), strings.ToUpper(b))
				if p, ok := findRow(fig4Paper, strconv.Itoa(x), "muscle", "mcp_gain_vs_"+b); ok {
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
	for _, x := range levels {
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
		for _, x := range levels {
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

// slashed formats v as "a/b/c", each value by f.
func slashed[T any](v []T, f func(T) string) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = f(x)
	}
	return strings.Join(parts, "/")
}

func countPositive(v []float64) int {
	n := 0
	for _, x := range v {
		if x > 0 {
			n++
		}
	}
	return n
}

func nonDecreasing(v []float64) bool {
	for i := 1; i < len(v); i++ {
		if v[i] < v[i-1] {
			return false
		}
	}
	return true
}
