package shake

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"gridplay/engine/metrics"
	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/shake/report"
	"gridplay/engine/workload"
)

// Limits and defaults (package doc).
const (
	MaxRuns     = 1000
	MaxPolicies = 16
	DefaultDrop = 0.01
	DefaultDup  = 0.01
	// DefaultJitterShare is the default jitter as a share of the mean
	// inter-arrival time.
	DefaultJitterShare = 0.1
	// Alpha is the significance level of the comparisons (95%
	// intervals).
	Alpha = 0.05
)

// Request asks for a shaken run of a scenario. Nil fields take their
// defaults; Policies empty means the scenario's policy.
type Request struct {
	Runs     int      `json:"runs"`
	Policies []string `json:"policies,omitempty"`
	// Jitter is the largest shift of a submit time, in seconds.
	Jitter *float64 `json:"jitter,omitempty"`
	// Drop and Dup are the shares of jobs left out and duplicated.
	Drop *float64 `json:"drop,omitempty"`
	Dup  *float64 `json:"dup,omitempty"`
	// Seed of the perturbations; default the scenario's seed.
	Seed *uint64 `json:"seed,omitempty"`
}

// The report's types live in engine/shake/report, a package without the
// runner and the policies, so that the page (app.wasm) reads the same
// types the engine writes.
type (
	Spec    = report.Spec
	Stat    = report.Stat
	Diff    = report.Diff
	Summary = report.Summary
)

// Resolve checks r against s and fills in the defaults; it returns s with
// its generator drawn into jobs, which every point perturbs. Errors name
// the request's field.
func Resolve(s *model.Scenario, r Request) (*model.Scenario, Spec, error) {
	var sp Spec
	if s == nil {
		return nil, sp, model.Errf("scenario", "missing")
	}
	if err := s.Validate(); err != nil {
		return nil, sp, err
	}
	full, err := workload.Expand(s)
	if err != nil {
		return nil, sp, err
	}
	if r.Runs < 1 || r.Runs > MaxRuns {
		return nil, sp, model.Errf("runs", fmt.Sprintf("must be from 1 to %d shaken copies", MaxRuns))
	}
	sp.Runs = r.Runs
	sp.Policies = r.Policies
	if len(sp.Policies) == 0 {
		sp.Policies = []string{s.Policy.Name}
	}
	if len(sp.Policies) > MaxPolicies {
		return nil, sp, model.Errf("policies", fmt.Sprintf("at most %d policies", MaxPolicies))
	}
	seen := map[string]bool{}
	for i, p := range sp.Policies {
		if _, ok := sched.Lookup(p); !ok {
			return nil, sp, model.Errf(fmt.Sprintf("policies[%d]", i), fmt.Sprintf("unknown policy %q (see GET /api/policies)", p))
		}
		if seen[p] {
			return nil, sp, model.Errf(fmt.Sprintf("policies[%d]", i), fmt.Sprintf("policy %q is listed twice", p))
		}
		seen[p] = true
	}
	share := func(field string, v *float64, def float64) (float64, error) {
		if v == nil {
			return def, nil
		}
		if !(*v >= 0 && *v <= 0.5) {
			return 0, model.Errf(field, "must be a share from 0 to 0.5")
		}
		return *v, nil
	}
	if sp.Drop, err = share("drop", r.Drop, DefaultDrop); err != nil {
		return nil, sp, err
	}
	if sp.Dup, err = share("dup", r.Dup, DefaultDup); err != nil {
		return nil, sp, err
	}
	sp.Jitter = DefaultJitterShare * meanInterarrival(full)
	if r.Jitter != nil {
		if j := *r.Jitter; !(j >= 0) || math.IsInf(j, 0) || j > model.MaxTime {
			return nil, sp, model.Errf("jitter", "must be a number of seconds >= 0")
		}
		sp.Jitter = *r.Jitter
	}
	sp.Seed = s.Seed
	if r.Seed != nil {
		sp.Seed = *r.Seed
	}
	return full, sp, nil
}

// meanInterarrival is (last submit - first submit) / (jobs - 1).
func meanInterarrival(s *model.Scenario) float64 {
	if len(s.Jobs) < 2 {
		return 0
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, j := range s.Jobs {
		lo, hi = math.Min(lo, j.Submit), math.Max(hi, j.Submit)
	}
	return (hi - lo) / float64(len(s.Jobs)-1)
}

// Plan lists the points: 0 the original, 1..runs the shaken copies.
func Plan(sp Spec) []sched.PointInfo {
	out := make([]sched.PointInfo, sp.Runs+1)
	for k := range out {
		out[k] = sched.PointInfo{Index: k, Label: label(k)}
	}
	return out
}

func label(k int) string {
	if k == 0 {
		return "original"
	}
	return "copy " + strconv.Itoa(k)
}

// Perturb is shaken copy k (1..runs) of s (package doc); copy 0 is s.
func Perturb(s *model.Scenario, sp Spec, k int) *model.Scenario {
	if k == 0 {
		return s
	}
	c := *s
	r := rng.New(sp.Seed, "shake", "copy", strconv.Itoa(k))
	ids := make(map[string]bool, len(s.Jobs))
	for _, j := range s.Jobs {
		ids[j.ID] = true
	}
	jitter := func(t, v float64) float64 {
		return math.Max(0, t+sp.Jitter*(2*v-1))
	}
	c.Jobs = make([]model.Job, 0, len(s.Jobs))
	suffix := "~" + strconv.Itoa(k)
	for i, j := range s.Jobs {
		u, v, w := r.Float64(), r.Float64(), r.Float64()
		if u < sp.Drop {
			continue
		}
		o := j
		o.Submit = jitter(j.Submit, v)
		c.Jobs = append(c.Jobs, o)
		if u < sp.Drop+sp.Dup {
			d := j
			d.Submit = jitter(j.Submit, w)
			d.ID = j.ID + suffix
			for ids[d.ID] || len(d.ID) > model.MaxNameLen {
				if len(d.ID) >= model.MaxNameLen {
					d.ID = "dup" + suffix + "~" + strconv.Itoa(i)
				}
				d.ID += "~"
			}
			ids[d.ID] = true
			c.Jobs = append(c.Jobs, d)
		}
	}
	if len(c.Jobs) == 0 && len(s.Jobs) > 0 {
		c.Jobs = append(c.Jobs, s.Jobs[0])
	}
	return &c
}

// PolicyRun is one policy's metrics on one point's input.
type PolicyRun struct {
	Policy string `json:"policy"`
	// Metrics are the standard metrics (metrics.Keys) of the run.
	Metrics map[string]float64 `json:"metrics"`
	// Valid is the checker's verdict on the schedule.
	Valid bool `json:"valid"`
}

// PointReport is one point: every policy on one input.
type PointReport struct {
	Spec  Spec        `json:"spec"`
	Point int         `json:"point"`
	Jobs  int         `json:"jobs"`
	Runs  []PolicyRun `json:"runs"`
}

// LongRows are the point's metrics in the long format (experiment
// "shake", x the point's label), so points fan out with sched.FanOut.
func (p *PointReport) LongRows() []sched.Row {
	var rows []sched.Row
	for _, r := range p.Runs {
		for _, k := range metrics.Keys {
			rows = append(rows, sched.Row{Experiment: "shake", X: label(p.Point), Policy: r.Policy, Metric: k, Value: r.Metrics[k]})
		}
	}
	return rows
}

// Point runs every policy of sp on point k's input (Perturb of full, the
// scenario Resolve returned).
func Point(ctx context.Context, full *model.Scenario, sp Spec, k int) (*PointReport, error) {
	if k < 0 || k > sp.Runs {
		return nil, sched.PointRangeError(k, sp.Runs+1)
	}
	in := Perturb(full, sp, k)
	rep := &PointReport{Spec: sp, Point: k, Jobs: len(in.Jobs)}
	for _, p := range sp.Policies {
		s := *in
		if p != in.Policy.Name {
			s.Policy = model.Policy{Name: p} // parameters belong to the policy they were written for
		}
		res, err := runner.Run(ctx, &s, nil)
		if err != nil {
			return nil, fmt.Errorf("%s on %s: %w", p, label(k), err)
		}
		m := make(map[string]float64, len(metrics.Keys))
		for _, key := range metrics.Keys {
			m[key] = res.Metrics[key]
		}
		rep.Runs = append(rep.Runs, PolicyRun{Policy: p, Metrics: m, Valid: res.Valid != nil && *res.Valid})
	}
	return rep, nil
}

// DecodePoint reads a point report from its JSON form.
func DecodePoint(b []byte) (*PointReport, error) {
	p := &PointReport{}
	if err := json.Unmarshal(b, p); err != nil {
		return nil, fmt.Errorf("point report: %w", err)
	}
	return p, nil
}

// TestName says how differences are tested.
const TestName = "paired t test over the same shaken inputs, two-sided, 95% (significant when p < 0.05)"

// higherBetter are the metrics where more is better.
var higherBetter = map[string]bool{"utilisation": true, "completed": true, "advance": true}

// Merge combines the reports of points 0..runs, in index order, into the
// summary (package doc). It runs nothing.
func Merge(sp Spec, points []*PointReport) (*Summary, error) {
	if len(points) != sp.Runs+1 {
		return nil, &sched.PointError{Msg: fmt.Sprintf("merge of %d points; the plan has %d (the original and %d copies)", len(points), sp.Runs+1, sp.Runs)}
	}
	np := len(sp.Policies)
	// vals[p][m][k-1] is metric m of policy p on copy k.
	vals := make([][][]float64, np)
	for p := range vals {
		vals[p] = make([][]float64, len(metrics.Keys))
	}
	sum := &Summary{Spec: sp, Test: TestName, Stats: []Stat{}}
	for k, pt := range points {
		if pt == nil || pt.Point != k || !pt.Spec.Equal(sp) || len(pt.Runs) != np {
			return nil, &sched.PointError{Msg: fmt.Sprintf("point %d is not point %d of this shaken run (its index, spec or policies differ)", k, k)}
		}
		for p, r := range pt.Runs {
			if r.Policy != sp.Policies[p] {
				return nil, &sched.PointError{Msg: fmt.Sprintf("point %d: run %d is %q, want %q", k, p, r.Policy, sp.Policies[p])}
			}
			if !r.Valid {
				sum.Invalid++
			}
			if k == 0 {
				continue
			}
			for m, key := range metrics.Keys {
				v, ok := r.Metrics[key]
				if !ok || math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, &sched.PointError{Msg: fmt.Sprintf("point %d: %s has no finite %s", k, r.Policy, key)}
				}
				vals[p][m] = append(vals[p][m], v)
			}
		}
	}
	for p, pol := range sp.Policies {
		for m, key := range metrics.Keys {
			mean, sd, lo, hi := Interval(vals[p][m])
			sum.Stats = append(sum.Stats, Stat{Policy: pol, Metric: key, N: sp.Runs, Original: points[0].Runs[p].Metrics[key],
				Mean: mean, SD: sd, Low: lo, High: hi})
		}
	}
	for a := 0; a < np; a++ {
		for b := a + 1; b < np; b++ {
			for m, key := range metrics.Keys {
				d := make([]float64, sp.Runs)
				for k := range d {
					d[k] = vals[a][m][k] - vals[b][m][k]
				}
				mean, _, lo, hi := Interval(d)
				diff := Diff{A: sp.Policies[a], B: sp.Policies[b], Metric: key, N: sp.Runs, Mean: mean, Low: lo, High: hi, P: pairedT(d)}
				diff.Significant = sp.Runs >= 2 && diff.P < Alpha
				if diff.Significant {
					aBetter := mean < 0
					if higherBetter[key] {
						aBetter = mean > 0
					}
					diff.Better = sp.Policies[b]
					if aBetter {
						diff.Better = sp.Policies[a]
					}
				}
				sum.Compare = append(sum.Compare, diff)
			}
		}
	}
	sum.Notes = append(sum.Notes, fmt.Sprintf("%d shaken copies: submit times jittered by up to %s s, %s%% of the jobs dropped and %s%% duplicated (seed %d); the original workload is point 0 and is not counted in the statistics.",
		sp.Runs, fmtNum(sp.Jitter), fmtNum(100*sp.Drop), fmtNum(100*sp.Dup), sp.Seed))
	if sp.Runs < 2 {
		sum.Notes = append(sum.Notes, "One shaken copy gives no confidence interval and no test: ask for at least 2 (30 is usual).")
	}
	if sum.Invalid > 0 {
		sum.Notes = append(sum.Notes, fmt.Sprintf("%d runs produced schedules that failed the checker (engine/check); their metrics are included.", sum.Invalid))
	}
	return sum, nil
}

func fmtNum(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

// Run is a whole shaken run in this process: resolve, every point on
// parallel goroutines (sched.FanOut), merge. progress, when not nil, is
// called after each point with the count done (of Runs+1 points).
func Run(ctx context.Context, s *model.Scenario, r Request, parallel int, progress func(done int)) (*Summary, error) {
	full, sp, err := Resolve(s, r)
	if err != nil {
		return nil, err
	}
	parts, err := sched.FanOut(ctx, Plan(sp), parallel, func(ctx context.Context, k int) (sched.Report, error) {
		return Point(ctx, full, sp, k)
	}, progress)
	if err != nil {
		return nil, err
	}
	points := make([]*PointReport, len(parts))
	for k, p := range parts {
		points[k] = p.(*PointReport)
	}
	return Merge(sp, points)
}
