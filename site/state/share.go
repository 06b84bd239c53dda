package state

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"gridplay/engine/csvfmt"
	"gridplay/engine/link"
	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// MaxShareURL is the longest share token the Share button hands out, in
// characters: links beyond that break in chat tools, mail clients and
// some browsers' address bars.
const MaxShareURL = 32000

// ShareToken returns the share-link token ("v1....") of s. A scenario
// with a generator is stored as its generator parameters plus the seed
// (its job list is left out); a long explicit job list that does not fit
// a link is an error that explains why and what to do.
func ShareToken(s *model.Scenario) (string, error) {
	c := model.Clone(s)
	if c.Generator != nil {
		c.Jobs = nil
	}
	tok, err := link.Encode(c)
	if fe := model.FirstError(err); fe != nil && fe.Field == "link" {
		// The link itself is too long (the engine's message names its
		// limit constant): say it in words.
		return "", fmt.Errorf("This scenario is too large for a link: its %d jobs are listed one by one. Export it as JSON instead, or use a generated workload (stored in the link as generator parameters plus the seed).", len(c.Jobs))
	}
	if err != nil {
		return "", fmt.Errorf("The scenario cannot be shared until it is valid: %s", Explain(err.Error(), s).Sentence)
	}
	if len(tok) > MaxShareURL {
		return "", fmt.Errorf("This scenario needs a %d-character link, more than the %d a link can safely carry: its %d jobs are listed one by one. Export it as JSON instead, or use a generated workload (stored in the link as generator parameters plus the seed).", len(tok), MaxShareURL, len(c.Jobs))
	}
	return tok, nil
}

// OpenLink reads a scenario from a URL fragment such as "#s=v1....".
// It returns (nil, nil) when the fragment holds no share link.
func OpenLink(fragment string) (*model.Scenario, error) {
	f := strings.TrimPrefix(fragment, "#")
	if !strings.HasPrefix(f, "s=") && !strings.Contains(f, "&s=") {
		return nil, nil
	}
	s, err := link.Decode("#" + f)
	if err != nil {
		// The link's own problems are sentences already; drop the
		// "link: " field prefix, keep the field of a scenario error.
		msg := err.Error()
		if fe := model.FirstError(err); fe != nil && fe.Field == "link" {
			msg = fe.Msg
		}
		return nil, errors.New(msg)
	}
	return s, nil
}

// ComparedPolicies reads the "cmp" option of a share link's fragment
// ("#s=v1.…&cmp=easy,fcfs"): the policies ticked for comparison. Names
// are kept only if they look like policy names.
func ComparedPolicies(fragment string) []string {
	f := strings.TrimPrefix(fragment, "#")
	var out []string
	for _, kv := range strings.Split(f, "&") {
		v, ok := strings.CutPrefix(kv, "cmp=")
		if !ok {
			continue
		}
		for _, n := range strings.Split(v, ",") {
			if n != "" && len(n) <= 40 && strings.Trim(n, "abcdefghijklmnopqrstuvwxyz0123456789-_") == "" && len(out) < 32 {
				out = append(out, n)
			}
		}
	}
	return out
}

// CompareOption is the fragment option carrying ticked policies, "" for
// none.
func CompareOption(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return "&cmp=" + strings.Join(names, ",")
}

// MetricsCSV is the metrics of one or more runs in the long format
// policy,metric,value, policies in the order given, numbers as every CSV
// of gridplay writes them (csvfmt.Float).
func MetricsCSV(rs []*sched.Result) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"policy", "metric", "value"})
	for _, r := range rs {
		if r == nil {
			continue
		}
		for _, m := range slices.Sorted(maps.Keys(r.Metrics)) {
			w.Write([]string{r.Policy, m, csvfmt.Float(r.Metrics[m])})
		}
	}
	w.Flush()
	return b.Bytes()
}

// HigherIsBetter lists the metrics where more is better; every other
// metric (makespan, flowtime, waits, idle time, CP, ...) is a cost.
var HigherIsBetter = map[string]bool{
	"completed": true, "utilisation": true, "utilization": true, "advance": true,
	"avg_advance": true, "within_deadline": true, "throughput": true,
}

// Neutral lists counts that are neither better nor worse when higher
// (how many jobs were backfilled, scheduling rounds): no best is marked.
var Neutral = map[string]bool{"backfilled": true, "rounds": true}

// CompareRow is one metric across the compared policies.
type CompareRow struct {
	Metric string // the metric's key, as the CLI names it
	Unit   string // MetricUnit
	Doc    string // hover text (MetricDoc)
	// All is set when every compared policy reports the metric; the
	// compare view shows these rows first and folds the others away.
	All    bool
	Values []CompareCell
}

// CompareCell is one policy's value of a metric; Bar is its width as a
// share of the row's largest magnitude, in [0, 1].
type CompareCell struct {
	Policy string
	Value  float64
	Text   string
	Bar    float64
	Best   bool
	Have   bool
}

// Compare lays results out as rows of metrics, the best value of each
// row marked (lowest for costs, highest for HigherIsBetter; ties all
// marked, no mark when every value is equal). The metrics that mean
// nothing for the scenario are left out (MetricShown; deadlines says
// whether some job has a deadline).
func Compare(rs []*sched.Result, deadlines bool) []CompareRow {
	seen := map[string]bool{}
	for _, r := range rs {
		if r == nil {
			continue
		}
		for k := range r.Metrics {
			if MetricShown(k, deadlines) {
				seen[k] = true
			}
		}
	}
	metrics := slices.Sorted(maps.Keys(seen))
	rows := make([]CompareRow, 0, len(metrics))
	for _, m := range metrics {
		row := CompareRow{Metric: m, Unit: MetricUnit(m), Doc: MetricDoc(m)}
		maxAbs := 0.0
		best := math.Inf(1)
		if HigherIsBetter[m] {
			best = math.Inf(-1)
		}
		var have []float64
		for _, r := range rs {
			c := CompareCell{}
			if r != nil {
				c.Policy = r.Policy
				if v, ok := r.Metrics[m]; ok && !math.IsNaN(v) {
					c.Value, c.Have, c.Text = v, true, FormatNumber(v)
					maxAbs = math.Max(maxAbs, math.Abs(v))
					have = append(have, v)
					if HigherIsBetter[m] {
						best = math.Max(best, v)
					} else {
						best = math.Min(best, v)
					}
				}
			}
			if !c.Have {
				c.Text = "—"
			}
			row.Values = append(row.Values, c)
		}
		allSame := len(have) > 0
		for _, v := range have {
			if v != have[0] {
				allSame = false
			}
		}
		for i := range row.Values {
			c := &row.Values[i]
			if c.Have && maxAbs > 0 {
				c.Bar = math.Abs(c.Value) / maxAbs
			}
			c.Best = c.Have && !Neutral[m] && !allSame && len(have) > 1 && c.Value == best
		}
		row.All = len(have) == len(row.Values)
		rows = append(rows, row)
	}
	return rows
}
