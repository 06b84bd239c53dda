package state

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// DefaultPolicy is the first page's policy: first come, first served,
// from engine/backfill.
const DefaultPolicy = "fcfs"

// DefaultScenario is the first page's example: one cluster of 16 nodes and
// a dozen jobs of mixed sizes, small enough to read every bar.
func DefaultScenario() *model.Scenario {
	jobs := []struct {
		submit  float64
		size    int
		runtime float64
	}{
		{0, 8, 40}, {2, 4, 25}, {5, 6, 30}, {8, 2, 60}, {10, 16, 20},
		{12, 3, 15}, {15, 5, 35}, {18, 1, 50}, {20, 8, 10}, {24, 4, 45},
		{26, 12, 25}, {30, 2, 20},
	}
	s := &model.Scenario{
		Version: model.Version,
		Name:    "One cluster, twelve jobs",
		Seed:    1,
		Platform: model.Platform{Clusters: []model.Cluster{
			{ID: "c0", Name: "cluster 0", Nodes: 16},
		}},
		Policy: model.Policy{Name: DefaultPolicy},
	}
	for i, j := range jobs {
		s.Jobs = append(s.Jobs, model.Job{
			ID:      fmt.Sprintf("j%d", i+1),
			Submit:  j.submit,
			Size:    j.size,
			Runtime: j.runtime,
		})
	}
	return s
}

// Summary is what the page says about a scenario at a glance.
type Summary struct {
	Name       string
	Clusters   int
	Nodes      int
	Jobs       int
	Policy     string
	TotalWork  float64 // node-seconds
	LastSubmit float64
	// Deadlines: some job has a deadline (HasDeadlines).
	Deadlines bool
}

// Summarize counts a scenario's parts.
func Summarize(s *model.Scenario) Summary {
	if s == nil {
		return Summary{}
	}
	sum := Summary{
		Name:      s.Name,
		Clusters:  len(s.Platform.Clusters),
		Nodes:     s.Platform.TotalNodes(),
		Jobs:      len(s.Jobs),
		Policy:    s.Policy.Name,
		Deadlines: HasDeadlines(s),
	}
	if s.Generator != nil {
		sum.Jobs = s.Generator.Jobs
	}
	for _, j := range s.Jobs {
		sum.TotalWork += float64(j.Size) * j.Runtime
		if j.Submit > sum.LastSubmit {
			sum.LastSubmit = j.Submit
		}
	}
	return sum
}

// Metric is one named value of a result, for display.
type Metric struct {
	Name  string // the metric's key, as the CLI names it
	Value string // the value and its unit (WithUnit)
	Doc   string // hover text (MetricDoc)
}

// Metrics lists a result's metrics sorted by key, with the number of
// jobs scheduled, leaving out those that mean nothing for the scenario
// (MetricShown; deadlines says whether some job has a deadline).
func Metrics(r *sched.Result, deadlines bool) []Metric {
	if r == nil {
		return nil
	}
	vals := make(map[string]float64, len(r.Metrics)+1)
	for k, v := range r.Metrics {
		if MetricShown(k, deadlines) {
			vals[k] = v
		}
	}
	if _, ok := vals["scheduled"]; !ok {
		vals["scheduled"] = float64(len(r.Schedule))
	}
	names := slices.Sorted(maps.Keys(vals))
	out := make([]Metric, len(names))
	for i, n := range names {
		out[i] = Metric{Name: n, Value: WithUnit(n, FormatNumber(vals[n])), Doc: MetricDoc(n)}
	}
	return out
}

// FormatNumber prints a metric with at most three decimals (Decimals).
func FormatNumber(v float64) string { return Decimals(v, 3) }

// Decimals prints v with at most prec decimals, without trailing zeros
// (and 0, not -0).
func Decimals(v float64, prec int) string {
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// JobCount is "1 job", "77,222 jobs".
func JobCount(n int) string {
	if n == 1 {
		return "1 job"
	}
	return csvfmt.Thousands(n) + " jobs"
}

// Count writes n with its noun, singular for one: "1 node", "3 nodes".
func Count(n int, noun string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
