package verdict

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gridplay/engine/sched"
	"gridplay/engine/shake"
)

// Tolerances and seeds, for every experiment (package doc).
const (
	// MinSeeds is the fewest seeds a comparing claim is decided over.
	MinSeeds = 5
	// AboutTolerance is how near the paper's number, as a share of it,
	// a value's interval must come for About.
	AboutTolerance = 0.25
	// SimilarTolerance is how near 0 a relative difference's interval
	// must lie for Similar.
	SimilarTolerance = 0.05
)

// Rule decides a claim from its numbers (package doc).
type Rule string

const (
	Above   Rule = "above"
	About   Rule = "about"
	Similar Rule = "similar"
)

// NeedsSeeds is the verdict of a comparing claim run over fewer than
// MinSeeds seeds.
var NeedsSeeds = fmt.Sprintf("%s: needs %d seeds", sched.Undecided, MinSeeds)

// Default is the name of an experiment's default reading set.
const Default = "default"

// Test is one claim of a paper and how it is decided.
type Test struct {
	Claim, Paper string
	Rule         Rule
	// Target is the paper's number, for About.
	Target float64
	// Level marks a claim on one series' level against the paper's
	// number, decided on any number of runs; every other claim compares
	// and needs MinSeeds.
	Level bool
	// Format prints one number ("%.1f%%"); "%.3g" when empty.
	Format string
	// Parts names the numbers Measure returns, when there are several.
	Parts []string
	// Measure is the claim's numbers in this run under reading set set.
	Measure func(set string) []float64
}

// Evaluate evaluates every test under every reading set of one run (""
// is the default set) and fills the table's Claims (set by set, in
// order), Sets and Best.
func Evaluate(t *sched.Table, sets []string, tests []Test) {
	t.Claims = nil
	for _, s := range sets {
		name := s
		if name == "" {
			name = Default
		}
		for _, ts := range tests {
			c := sched.Claim{Claim: ts.Claim, Paper: ts.Paper, Reading: name, Rule: string(ts.Rule),
				Target: ts.Target, Level: ts.Level, Format: ts.Format, Parts: ts.Parts,
				Runs: [][]float64{ts.Measure(s)}}
			Decide(&c)
			t.Claims = append(t.Claims, c)
		}
	}
	Count(t)
}

// Count fills t.Sets and t.Best from t.Claims: the sets in the order of
// their first claim, and the set with the most claims that hold (the
// first of them on a tie; "" when none holds).
func Count(t *sched.Table) {
	t.Sets, t.Best = nil, ""
	at := map[string]int{}
	for _, c := range t.Claims {
		i, ok := at[c.Reading]
		if !ok {
			i = len(t.Sets)
			at[c.Reading] = i
			t.Sets = append(t.Sets, sched.SetCount{Set: c.Reading})
		}
		t.Sets[i].Claims++
		switch {
		case c.Verdict == sched.Holds:
			t.Sets[i].Holds++
		case strings.HasPrefix(c.Verdict, sched.Undecided):
			t.Sets[i].Undecided++
		}
	}
	most := 0
	for _, s := range t.Sets {
		if s.Holds > most {
			most, t.Best = s.Holds, s.Set
		}
	}
}

// BestNote is a sentence naming the set under which the most claims
// hold, for the notes.
func BestNote(t *sched.Table) string {
	var parts []string
	undecided := 0
	for _, s := range t.Sets {
		parts = append(parts, fmt.Sprintf("%s %d of %d", s.Set, s.Holds, s.Claims))
		undecided += s.Undecided
	}
	head := "no claim holds under any reading set"
	if t.Best != "" {
		head = "the most claims hold under the reading set " + t.Best
	}
	s := head + " (claims that hold: " + strings.Join(parts, "; ") + ")"
	if undecided > 0 {
		s += fmt.Sprintf("; %d verdicts are undecided until the run has %d seeds (-seeds %d)", undecided, MinSeeds, MinSeeds)
	}
	return s
}

// Decide sets c's Verdict and Ours from its Runs by its rule.
func Decide(c *sched.Claim) {
	n := len(c.Runs)
	if n == 0 || len(c.Runs[0]) == 0 {
		c.Verdict, c.Ours = sched.Undecided+": no value", "no value"
		return
	}
	format := c.Format
	if format == "" {
		format = "%.3g"
	}
	f := func(v float64) string { return fmt.Sprintf(format, v) }
	ok, nan := true, false
	var ours []string
	for j := range c.Runs[0] {
		xs := make([]float64, 0, n)
		for _, run := range c.Runs {
			v := math.NaN()
			if j < len(run) {
				v = run[j]
			}
			nan = nan || math.IsNaN(v) || math.IsInf(v, 0)
			xs = append(xs, v)
		}
		mean, _, lo, hi := shake.Interval(xs)
		s := f(mean)
		if n > 1 {
			s += " [" + f(lo) + ", " + f(hi) + "]"
		}
		if j < len(c.Parts) {
			s = c.Parts[j] + " " + s
		}
		ours = append(ours, s)
		switch Rule(c.Rule) {
		case Above:
			ok = ok && lo > 0
		case About:
			tol := AboutTolerance * math.Abs(c.Target)
			ok = ok && lo >= c.Target-tol && hi <= c.Target+tol
		case Similar:
			ok = ok && lo >= -SimilarTolerance && hi <= SimilarTolerance
		default:
			ok = false
		}
	}
	c.Ours = strings.Join(ours, "; ")
	if n > 1 {
		c.Ours += " (mean [95% CI] over " + strconv.Itoa(n) + " seeds)"
	}
	switch {
	case nan:
		c.Verdict = sched.Undecided + ": a run has no value"
	case !c.Level && n < MinSeeds:
		c.Verdict = NeedsSeeds
	case ok:
		c.Verdict = sched.Holds
	default:
		c.Verdict = sched.DoesNotHold
	}
}

// Slope is the least-squares slope of ys against xs: a trend over a whole
// sweep, not its two endpoints. NaN for fewer than two distinct xs.
func Slope(xs, ys []float64) float64 {
	n := float64(len(xs))
	if len(xs) != len(ys) || n < 2 {
		return math.NaN()
	}
	mx, my := 0.0, 0.0
	for i := range xs {
		mx += xs[i] / n
		my += ys[i] / n
	}
	sxy, sxx := 0.0, 0.0
	for i := range xs {
		sxy += (xs[i] - mx) * (ys[i] - my)
		sxx += (xs[i] - mx) * (xs[i] - mx)
	}
	if sxx == 0 {
		return math.NaN()
	}
	return sxy / sxx
}

// Pool decides the claims of several runs of an experiment together: the
// claims of tables[0], each with the Runs of the same claim (same index)
// in every table appended, decided again; Sets and Best follow. The
// tables must come from the same experiment, so that their claims match
// one for one; an error says when they do not.
func Pool(tables []*sched.Table) ([]sched.Claim, error) {
	if len(tables) == 0 {
		return nil, nil
	}
	out := make([]sched.Claim, len(tables[0].Claims))
	for i, c := range tables[0].Claims {
		c.Runs = nil
		c.Parts = append([]string(nil), c.Parts...)
		for k, t := range tables {
			if len(t.Claims) != len(out) || t.Claims[i].Claim != c.Claim || t.Claims[i].Reading != c.Reading {
				return nil, fmt.Errorf("run %d's claims do not match the first run's", k)
			}
			c.Runs = append(c.Runs, t.Claims[i].Runs...)
		}
		Decide(&c)
		out[i] = c
	}
	return out, nil
}
