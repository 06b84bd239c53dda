// Package sched is the shape every scheduling policy and experiment plugs
// into: a small Policy interface, the Result it returns, the Frames it
// streams for animation, and registries that refuse duplicate names.
//
// The paper systems live in their own packages (titan, muscle, backfill,
// multisite, gamf, hybrid) and register themselves in init; engine/all
// imports them all.
//
// # Work estimates
//
// A share link or an upload can ask for days of work: titan accepts a
// population of 1,000 and 100,000 generations a round on 250,000 jobs.
// Every policy therefore estimates, before it runs, what a run of a
// scenario costs (Estimator, Work), and engine/runner refuses a scenario
// whose estimate is over MaxSteps (1e11: about 150 s natively), so
// the CLI, the HTTP API (a 422), the browser's worker and workerd alike,
// naming the field that drives it. The page asks before it starts a run
// estimated over 30 s in the browser, and the embed never starts one on
// its own (site/cost.go).
//
// An estimate counts basic steps: one task placed in one fitness
// evaluation (TITAN, MUSCLE), one gene or job visited in one evaluation
// (GA-MF), one entry of a queue or availability profile visited
// (backfilling, multisite), one server weighed for one job (hybrid),
// plus engine/runner's own steps per job. Each policy package documents
// its formula in its package doc and work.go, with the paper's parameter
// each factor comes from. The estimates are upper-bound-ish: a GA runs
// every generation it may (no early stop), and queue lengths come from a
// fluid model of the workload (FluidQueue). They are cheap to compute: a
// pass over the jobs and a sort, never a simulation.
//
// NsPerStep and BrowserSlowdown turn steps into seconds (BenchmarkWork
// in engine/all measures them). A seconds figure is good to a factor of 3
// or so either way, and is usually high.
package sched

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"sync"

	"gridplay/engine/model"
)

// Policy schedules a scenario. Run must not panic on any scenario that
// passed model validation; a scenario that lacks what the policy needs is a
// *model.FieldError (or model.Errors), and a job that does not fit is a
// Drop in the Result, not an error.
//
// Check answers, without scheduling, whether Run would refuse s: nil, or
// the error Run returns for it. Run makes the same checks first (each
// policy calls one function for both), so the two cannot disagree; a
// page asks every policy at once through engine/runner.CheckAll.
type Policy interface {
	Info() Info
	Check(s *model.Scenario) error
	Run(ctx context.Context, s *model.Scenario, rec Recorder) (*Result, error)
}

// What a policy may need that a scenario lacks: the Need of the
// model.FieldError its Check and Run return, for a page to name in a few
// words and to offer a fix for (another policy, one cluster). A refusal
// with no Need is any other problem of the input.
const (
	// NeedOneCluster: the policy schedules exactly one cluster.
	NeedOneCluster = "one-cluster"
	// NeedRuntime: every job needs a run time above 0 (the policy's
	// model has no use for an application model alone, or for a job of
	// no length).
	NeedRuntime = "runtime"
	// NeedFewerSites: the policy accepts a limited number of sites.
	NeedFewerSites = "fewer-sites"
	// NeedSmallerCluster: the policy accepts clusters up to a size.
	NeedSmallerCluster = "smaller-cluster"
	// NeedFewerJobs: the policy accepts a limited number of jobs.
	NeedFewerJobs = "fewer-jobs"
)

// Refuse is a field error that says what the policy needs (a Need*).
func Refuse(need, field, msg string) *model.FieldError {
	return &model.FieldError{Field: field, Msg: msg, Need: need}
}

// KeepParams returns the entries of ps that in declares, or nil: the
// parameters a scenario keeps when it is run under another policy (the
// page's policy menu, engine/runner.CheckAll).
func KeepParams(ps map[string]float64, in Info) map[string]float64 {
	var out map[string]float64
	for _, p := range in.Params {
		if v, ok := ps[p.Name]; ok {
			if out == nil {
				out = map[string]float64{}
			}
			out[p.Name] = v
		}
	}
	return out
}

// Info describes a policy for `policies`, GET /api/policies and the UI.
type Info struct {
	Name    string  `json:"name"`
	Paper   string  `json:"paper"`   // "000".."004", or "" for classic baselines
	System  string  `json:"system"`  // "MUSCLE", "TITAN", "Multisite", "GA-MF", "Hybrid", "Classic"
	Summary string  `json:"summary"` // one line, cites the paper section
	Params  []Param `json:"params,omitempty"`
}

// Param is one numeric policy parameter with its default and range.
type Param struct {
	Name    string  `json:"name"`
	Default float64 `json:"default"`
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	Doc     string  `json:"doc"` // cites the paper and equation
	// Integer marks a count (a population, generations): a value with a
	// fraction is refused, never truncated.
	Integer bool `json:"integer,omitempty"`
}

// ParamValue reads parameter p of pol (p.Default when it is not set)
// and checks it: within [p.Min, p.Max] and, when integral, a whole
// number. Errors name policy.params.NAME.
func ParamValue(pol model.Policy, p Param, integral bool) (float64, error) {
	x := pol.Param(p.Name, p.Default)
	f := "policy.params." + p.Name
	if math.IsNaN(x) || x < p.Min || x > p.Max {
		return 0, model.Errf(f, fmt.Sprintf("must be between %g and %g", p.Min, p.Max))
	}
	if integral && x != math.Trunc(x) {
		return 0, model.Errf(f, "must be a whole number")
	}
	return x, nil
}

// UnknownParam is the error, with message msg, for the first parameter
// of pol (in ParamNames order) that ps does not list; nil when ps lists
// them all.
func UnknownParam(pol model.Policy, ps []Param, msg string) error {
	for _, name := range pol.ParamNames() {
		if !slices.ContainsFunc(ps, func(p Param) bool { return p.Name == name }) {
			return model.Errf("policy.params."+name, msg)
		}
	}
	return nil
}

// Recorder receives animation frames as they are produced. Returning an
// error stops the run (the client went away or cancelled). A nil Recorder
// is allowed; use Emit to call it.
type Recorder interface {
	Record(f Frame) error
}

// RecorderFunc adapts a function to Recorder.
type RecorderFunc func(Frame) error

func (f RecorderFunc) Record(fr Frame) error { return f(fr) }

// Emit records f on rec when rec is not nil.
func Emit(rec Recorder, f Frame) error {
	if rec == nil {
		return nil
	}
	return rec.Record(f)
}

// Frame is one animation step. Kind says which view draws it; Data is the
// kind's payload, a struct defined by the producing package and documented
// there. Keep payloads compact: the UI plays them back.
//
// Kinds in use: "generation" (GA: best/mean fitness, best schedule),
// "packing" (MUSCLE: composition table, resource space, choice),
// "backfill" (reservation and shadow time behind a backfilled job),
// "transfer" (hybrid: TTRs and benefit of a transfer decision),
// "status" (hybrid: stale vs live status), "event" (kernel events),
// "script" (a Starlark policy's start: engine/script.Decision).
type Frame struct {
	Kind string  `json:"kind"`
	T    float64 `json:"t"` // simulated time, s
	Data any     `json:"data"`
}

// Result is the outcome of one run.
type Result struct {
	Policy   string      `json:"policy"`
	Schedule []Placement `json:"schedule"`
	Dropped  []Drop      `json:"dropped,omitempty"`
	// Metrics by lower-case name (design.md section 5), e.g. "makespan".
	Metrics map[string]float64 `json:"metrics"`
	// Series are per-round or per-time measurements (CP per scheduling
	// round, tasks completed over time), by name.
	Series map[string][]XY `json:"series,omitempty"`
	// Notes explain choices or warnings a reader should see.
	Notes []string `json:"notes,omitempty"`
	// Valid is set by engine/check when the schedule was checked against
	// the policy's model (engine/runner checks every result): true, or
	// false with the Violations found. Nil means not checked.
	Valid      *bool       `json:"valid,omitempty"`
	Violations []Violation `json:"violations,omitempty"`
	// Distributions summarise per-job measures (wait, bounded slowdown,
	// turnaround) of the scheduled jobs: engine/outputs.Distributions,
	// filled by engine/runner. Small whatever the trace size.
	Distributions []Dist `json:"distributions,omitempty"`
}

// Violation is one rule of a schedule broken (engine/check): the job
// (empty for a rule about the whole result), the rule's name and a
// sentence for a person.
type Violation struct {
	Job  string `json:"job,omitempty"`
	Rule string `json:"rule"`
	Msg  string `json:"msg"`
}

// Dist summarises one per-job measure over the scheduled jobs: count,
// mean, median, 95th percentile and maximum, and points (x, F(x)) of its
// empirical CDF (engine/outputs documents the definitions).
type Dist struct {
	Metric string  `json:"metric"`
	N      int     `json:"n"`
	Mean   float64 `json:"mean"`
	Median float64 `json:"median"`
	P95    float64 `json:"p95"`
	Max    float64 `json:"max"`
	CDF    []XY    `json:"cdf,omitempty"`
}

// XY is one point of a series.
type XY struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Placement is where and when one job ran.
type Placement struct {
	Job     string  `json:"job"`
	Cluster string  `json:"cluster"` // cluster id; a multisite run joins ids with "+"
	Start   float64 `json:"start"`
	End     float64 `json:"end"`
	Nodes   int     `json:"nodes"` // node count, summed over Alloc
	// Alloc names the nodes when the policy assigns particular ones.
	Alloc []Alloc `json:"alloc,omitempty"`
	// Why is the policy's own reason for this placement, one sentence
	// for a person, computed from the decision it made (the page's
	// tooltip shows it). Empty when the policy gives none.
	Why string `json:"why,omitempty"`
}

// Alloc is the set of nodes one job holds in one cluster.
type Alloc struct {
	Cluster string `json:"cluster"`
	Nodes   []int  `json:"nodes"`
}

// Drop is a job that could not be scheduled, with the reason a person can
// read.
type Drop struct {
	Job    string `json:"job"`
	Reason string `json:"reason"`
}

// registry holds named values and refuses a duplicate name.
type registry[T any] struct {
	what string
	mu   sync.RWMutex
	m    map[string]T
}

func (r *registry[T]) add(name string, v T) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.m[name]; dup {
		panic(fmt.Sprintf("sched: %s %q registered twice", r.what, name))
	}
	if r.m == nil {
		r.m = map[string]T{}
	}
	r.m[name] = v
}

func (r *registry[T]) get(name string) (T, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	v, ok := r.m[name]
	return v, ok
}

// sorted lists the values by name.
func (r *registry[T]) sorted() []T {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]T, 0, len(r.m))
	for _, name := range slices.Sorted(maps.Keys(r.m)) {
		out = append(out, r.m[name])
	}
	return out
}

var policies = registry[Policy]{what: "policy"}

// Register adds a policy; a duplicate name is a programming error.
func Register(p Policy) { policies.add(p.Info().Name, p) }

// Lookup finds a policy by name.
func Lookup(name string) (Policy, bool) { return policies.get(name) }

// Policies lists every registered policy, by paper then name.
func Policies() []Info {
	out := []Info{}
	for _, p := range policies.sorted() {
		out = append(out, p.Info())
	}
	slices.SortStableFunc(out, func(a, b Info) int { return strings.Compare(a.Paper, b.Paper) })
	return out
}
