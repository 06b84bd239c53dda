package sched

import (
	"context"
	"fmt"
	"sort"
)

// Experiment reproduces one table or figure of a paper (design.md
// section 6). Names are fixed: muscle-table2, muscle-fig4, titan-fig9,
// multisite-fig2, multisite-fig3, gamf-fig7, hybrid-table1, hybrid-table3.
type Experiment interface {
	Info() ExperimentInfo
	Run(ctx context.Context, opt ExperimentOptions, rec Recorder) (Report, error)
}

// ExperimentInfo describes an experiment for GET /api/experiments.
type ExperimentInfo struct {
	Name    string `json:"name"`
	Paper   string `json:"paper"`
	Summary string `json:"summary"`
	// Setup documents every choice made where the paper is silent.
	Setup string `json:"setup"`
}

// ExperimentOptions are the knobs every experiment accepts. Zero values
// mean the paper's setting.
type ExperimentOptions struct {
	Seed uint64 `json:"seed,omitempty"`
	// Quick shrinks the experiment (fewer jobs, repetitions or sweep
	// points) for tests and the browser; the report says so in its notes.
	Quick bool `json:"quick,omitempty"`
}

// Report is an experiment's output. Its JSON form is the report itself
// (json.Marshal); its CSV form is the long-format rows.
type Report interface {
	LongRows() []Row
}

// Row is one long-format row: header experiment,x,policy,metric,value.
type Row struct {
	Experiment string  `json:"experiment"`
	X          string  `json:"x"`
	Policy     string  `json:"policy"`
	Metric     string  `json:"metric"` // lower case: mcp, pb, makespan, ...
	Value      float64 `json:"value"`
}

// Table is the common Report: rows plus notes. Paper holds the paper's own
// figures, where it gives them, in the same long format, so readers can put
// ours next to them.
type Table struct {
	Experiment string   `json:"experiment"`
	Rows       []Row    `json:"rows"`
	Paper      []Row    `json:"paper,omitempty"`
	Notes      []string `json:"notes,omitempty"`
}

func (t *Table) LongRows() []Row { return t.Rows }

// Add appends one measured row.
func (t *Table) Add(x, policy, metric string, v float64) {
	t.Rows = append(t.Rows, Row{Experiment: t.Experiment, X: x, Policy: policy, Metric: metric, Value: v})
}

var experiments = map[string]Experiment{}

// RegisterExperiment adds an experiment; a duplicate name is a programming
// error.
func RegisterExperiment(e Experiment) {
	mu.Lock()
	defer mu.Unlock()
	name := e.Info().Name
	if _, dup := experiments[name]; dup {
		panic(fmt.Sprintf("sched: experiment %q registered twice", name))
	}
	experiments[name] = e
}

// LookupExperiment finds an experiment by name.
func LookupExperiment(name string) (Experiment, bool) {
	mu.RLock()
	defer mu.RUnlock()
	e, ok := experiments[name]
	return e, ok
}

// Experiments lists every registered experiment by name.
func Experiments() []ExperimentInfo {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]ExperimentInfo, 0, len(experiments))
	for _, e := range experiments {
		out = append(out, e.Info())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
