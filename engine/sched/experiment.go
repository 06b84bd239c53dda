package sched

import (
	"context"
	"encoding/json"
	"fmt"

	"gridplay/engine/model"
)

// Experiment reproduces one table or figure of a paper (design.md
// section 6). Names are fixed: muscle-table2, muscle-fig4, titan-fig9,
// multisite-fig2, multisite-fig3, gamf-fig7, hybrid-table1, hybrid-table3.
//
// An experiment is a list of independent points (an x value of a sweep, a
// workload, a policy or a run), so that its points can be fanned out over
// goroutines, browser workers or Cloudflare Workers and merged again:
//
//   - Plan lists the points. It is cheap: it runs nothing.
//   - Point runs point k alone. A point never depends on another: any
//     calibration it needs is computed inside it, or by Plan.
//   - Merge combines the points' reports, in index order, into the whole
//     experiment's report. It runs no simulation: the rows are the points'
//     rows concatenated, and notes and verdicts are computed from them.
//   - DecodePoint reads back the JSON form of a point's report, for a
//     merge of points computed elsewhere.
//
// The contract, tested for every experiment (engine/all's contract
// test): the long CSV of the whole experiment is the CSV header followed
// by the rows of points 0..N-1 in order, and the whole report's JSON is
// Merge of the points' reports decoded from their JSON (MergePoints).
// RunExperiment runs a whole experiment in order; FanOut runs its points
// in parallel, here or elsewhere, for Merge.
type Experiment interface {
	Info() ExperimentInfo
	Plan(opt ExperimentOptions) ([]PointInfo, error)
	Point(ctx context.Context, opt ExperimentOptions, k int, rec Recorder) (Report, error)
	Merge(opt ExperimentOptions, points []Report) (Report, error)
	DecodePoint(opt ExperimentOptions, k int, b []byte) (Report, error)
}

// PointInfo names one point of an experiment's plan.
type PointInfo struct {
	Index int    `json:"index"`
	Label string `json:"label"`
	// Cost is a rough size of the point against the plan's other
	// points (in units of the experiment's own: GA evaluations, jobs x
	// clusters), 0 when unknown. It only orders the points when they are
	// fanned out (Order); no result depends on it.
	Cost float64 `json:"cost,omitempty"`
}

// Plan is the answer of POST /api/experiments/NAME/plan.
type Plan struct {
	Points []PointInfo `json:"points"`
}

// ExperimentInfo describes an experiment for GET /api/experiments.
type ExperimentInfo struct {
	Name    string `json:"name"`
	Paper   string `json:"paper"`
	Summary string `json:"summary"`
	// Setup documents every choice made where the paper is silent.
	Setup string `json:"setup"`
	// Distance says why our numbers differ from the paper's where they
	// do: the causes found, which are the paper's silence and which are
	// our model's, and the reading set that narrows each gap. It names
	// mechanisms, not figures: the figures are the report's.
	Distance string `json:"distance,omitempty"`
}

// ExperimentOptions are the knobs every experiment accepts. Zero values
// mean the paper's setting.
type ExperimentOptions struct {
	Seed uint64 `json:"seed,omitempty"`
	// Quick shrinks the experiment (fewer jobs, repetitions or sweep
	// points) for tests and the browser; the report says so in its notes.
	Quick bool `json:"quick,omitempty"`
	// Seeds, when above 1, runs the experiment for the seeds Seed,
	// Seed+1, ..., Seed+Seeds-1 (1 to Seeds when Seed is 0), each seed's
	// points after the previous seed's, and decides the claims over
	// them (engine/sched/verdict). 0 and 1 mean one run at Seed.
	Seeds int `json:"seeds,omitempty"`
}

// FirstSeed is the seed of a run: Seed, or 1 when it is 0.
func (opt ExperimentOptions) FirstSeed() uint64 {
	if opt.Seed == 0 {
		return 1
	}
	return opt.Seed
}

// Report is an experiment's output. Its JSON form is the report itself
// (json.Marshal); its CSV form is the long-format rows.
type Report interface {
	LongRows() []Row
}

// Row is one long-format row: header experiment,x,policy,metric,value.
//
// Where a paper can be read in more than one way, the experiment runs
// every reading; a row measured under a reading other than the default
// names it in Policy as "policy@reading" (for example
// "dll@seeded"), so that every reading is a series of its own.
type Row struct {
	Experiment string  `json:"experiment"`
	X          string  `json:"x"`
	Policy     string  `json:"policy"`
	Metric     string  `json:"metric"` // lower case: mcp, pb, makespan, ...
	Value      float64 `json:"value"`
	// Seed is the seed of the run the row comes from, when the
	// experiment ran over several seeds (ExperimentOptions.Seeds); 0
	// otherwise.
	Seed uint64 `json:"seed,omitempty"`
}

// Claim is one statement of a paper checked against the run under one
// reading set: the paper's figure or sentence, our numbers computed from
// the rows, and a verdict computed from them too by the claim's rule
// (engine/sched/verdict). No verdict is written by hand.
type Claim struct {
	// Claim is the paper's statement, with its section or figure.
	Claim string `json:"claim"`
	// Paper is the paper's number or wording ("12.1%", "lower").
	Paper string `json:"paper"`
	// Ours is the values this run computed, formatted for reading: over
	// several seeds, each value's mean and 95% confidence interval.
	Ours string `json:"ours"`
	// Reading names the reading set the claim is evaluated under
	// ("default" for the experiment's default reading).
	Reading string `json:"reading,omitempty"`
	// Verdict is Holds, DoesNotHold or Undecided followed by the reason.
	Verdict string `json:"verdict"`
	// Rule, Target and Level say how the verdict follows from Runs
	// (engine/sched/verdict); Format prints one value and Parts names the
	// values of a run.
	Rule   string   `json:"rule,omitempty"`
	Target float64  `json:"target,omitempty"`
	Level  bool     `json:"level,omitempty"`
	Format string   `json:"format,omitempty"`
	Parts  []string `json:"parts,omitempty"`
	// Runs are the values the claim measured, one list per run (seed).
	Runs [][]float64 `json:"runs,omitempty"`
}

// Verdicts. A verdict that is neither Holds nor DoesNotHold starts with
// Undecided and says why ("undecided: needs 5 seeds").
const (
	Holds       = "holds"
	DoesNotHold = "does not hold"
	Undecided   = "undecided"
)

// SetCount counts the verdicts of the claims under one reading set.
type SetCount struct {
	Set       string `json:"set"`
	Claims    int    `json:"claims"`
	Holds     int    `json:"holds"`
	Undecided int    `json:"undecided"`
}

// Table is the common Report: rows plus notes. Paper holds the paper's own
// figures, where it gives them, in the same long format, so readers can put
// ours next to them. Summary holds rows derived from several points
// (means over workloads, ranks); they are JSON only, since the CSV is the
// points' rows. Claims are the paper's statements with computed verdicts,
// every claim under every reading set in turn (Claim.Reading); Sets counts
// them per set, and Best names the set under which the most hold.
type Table struct {
	Experiment string     `json:"experiment"`
	Rows       []Row      `json:"rows"`
	Summary    []Row      `json:"summary,omitempty"`
	Paper      []Row      `json:"paper,omitempty"`
	Claims     []Claim    `json:"claims,omitempty"`
	Sets       []SetCount `json:"sets,omitempty"`
	Best       string     `json:"best,omitempty"`
	Notes      []string   `json:"notes,omitempty"`
}

func (t *Table) LongRows() []Row { return t.Rows }

// Add appends one measured row.
func (t *Table) Add(x, policy, metric string, v float64) {
	t.Rows = append(t.Rows, Row{Experiment: t.Experiment, X: x, Policy: policy, Metric: metric, Value: v})
}

// WithReading is the Policy of a row measured under reading: policy
// under the default reading "", else "policy@reading" (Row).
func WithReading(policy, reading string) string {
	if reading == "" {
		return policy
	}
	return policy + "@" + reading
}

// Find is the value of the first of rows with these x, policy and metric.
func Find(rows []Row, x, policy, metric string) (float64, bool) {
	for _, r := range rows {
		if r.X == x && r.Policy == policy && r.Metric == metric {
			return r.Value, true
		}
	}
	return 0, false
}

// DecodeTable reads a Table from its JSON form (a DecodePoint for
// experiments whose points are Tables).
func DecodeTable(b []byte) (*Table, error) {
	t := &Table{}
	if err := json.Unmarshal(b, t); err != nil {
		return nil, fmt.Errorf("point report: %w", err)
	}
	return t, nil
}

// DecodeTablePoint is DecodeTable for point k of a plan of n points: a
// PointRangeError when k is outside it.
func DecodeTablePoint(k, n int, b []byte) (Report, error) {
	if k < 0 || k >= n {
		return nil, PointRangeError(k, n)
	}
	return DecodeTable(b)
}

// ConcatTables is the first step of a Merge of Table points: a Table
// named experiment with the points' rows in order. Parts must be the n
// points of the plan, each a *Table.
func ConcatTables(experiment string, n int, parts []Report) (*Table, error) {
	if len(parts) != n {
		return nil, &PointError{Msg: fmt.Sprintf("%s: merge of %d points, the plan has %d", experiment, len(parts), n)}
	}
	t := &Table{Experiment: experiment, Rows: []Row{}}
	for i, p := range parts {
		pt, ok := p.(*Table)
		if !ok || pt == nil {
			return nil, fmt.Errorf("%s: point %d is %T, not a table", experiment, i, p)
		}
		t.Rows = append(t.Rows, pt.Rows...)
	}
	return t, nil
}

// PointRangeError is the error for a point index outside the plan.
func PointRangeError(k, n int) error {
	return &PointError{Msg: fmt.Sprintf("point %d is not in the plan: it has points 0 to %d", k, n-1)}
}

// PointError is a bad point index or a bad set of points to merge; the
// API answers it with the field "point".
type PointError struct{ Msg string }

func (e *PointError) Error() string { return e.Msg }

var experiments = registry[Experiment]{what: "experiment"}

// RegisterExperiment adds an experiment; a duplicate name is a programming
// error.
func RegisterExperiment(e Experiment) { experiments.add(e.Info().Name, e) }

// LookupExperiment finds an experiment by name.
func LookupExperiment(name string) (Experiment, bool) { return experiments.get(name) }

// Experiments lists every registered experiment by name.
func Experiments() []ExperimentInfo {
	out := []ExperimentInfo{}
	for _, e := range experiments.sorted() {
		out = append(out, e.Info())
	}
	return out
}

// MergePoints decodes the JSON reports of every point of e's plan, in
// index order, and merges them: the merge of POST
// /api/experiments/NAME/merge and of the page's sweeps.
func MergePoints(e Experiment, opt ExperimentOptions, points []json.RawMessage) (Report, error) {
	plan, err := e.Plan(opt)
	if err != nil {
		return nil, err
	}
	if len(points) != len(plan) {
		return nil, &model.FieldError{Field: "points", Msg: fmt.Sprintf("has %d reports; the plan of %s has %d points", len(points), e.Info().Name, len(plan))}
	}
	parts := make([]Report, len(points))
	for k, b := range points {
		if parts[k], err = e.DecodePoint(opt, k, b); err != nil {
			return nil, &model.FieldError{Field: fmt.Sprintf("points[%d]", k), Msg: err.Error()}
		}
	}
	return e.Merge(opt, parts)
}
