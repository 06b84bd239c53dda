package script

import (
	"context"
	"fmt"

	"gridplay/engine/backfill"
	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Name is the policy's name in a scenario (policy.name).
const Name = "script"

// Limits: the defaults and caps of the policy's parameters.
const (
	// DefaultStepsPerDecision is the Starlark steps one decision time may
	// take (the schedule call, or every priority call of that time; the
	// top level of the script counts as one decision): about 0.3 s
	// natively. The EASY template takes about 300 a decision on
	// HPC2N.
	DefaultStepsPerDecision = 10_000_000
	// MaxStepsPerDecision caps steps_per_decision.
	MaxStepsPerDecision = 1_000_000_000
	// DefaultStepsTotal is the Starlark steps a whole run may take:
	// about 30 s natively (a step is about 30 ns). On the whole HPC2N
	// trace the SJF template takes 6e5 and the EASY template 1.2e8;
	// issue 38's greedy SJF that sorts the queue at every decision
	// time took 2.3e8.
	DefaultStepsTotal = 1_000_000_000
	// MaxStepsTotal caps steps_total: about 150 s natively, the
	// runner's cap for any run (sched.MaxSteps).
	MaxStepsTotal = 5_000_000_000
	// DefaultScriptBytes is the longest script the policy runs unless
	// script_bytes says more; the templates are under 2 KiB.
	DefaultScriptBytes = 16 << 10
)

var (
	pStepsDecision = sched.Param{Name: "steps_per_decision", Default: DefaultStepsPerDecision, Min: 1000, Max: MaxStepsPerDecision, Integer: true,
		Doc: "Starlark steps one decision time may take (the schedule(ctx) call, or every priority call of that time); over it the run fails naming the time (docs/policies.md, Limits)"}
	pStepsTotal = sched.Param{Name: "steps_total", Default: DefaultStepsTotal, Min: 1000, Max: MaxStepsTotal, Integer: true,
		Doc: "Starlark steps the whole run may take (about 30 ns each natively)"}
	pScriptBytes = sched.Param{Name: "script_bytes", Default: DefaultScriptBytes, Min: 1, Max: model.MaxScriptBytes, Integer: true,
		Doc: "longest policy.script accepted, in bytes (the scenario's own cap is model.MaxScriptBytes, 64 KiB)"}
	params = []sched.Param{pStepsDecision, pStepsTotal, pScriptBytes}
)

func init() {
	sched.Register(&policy{info: sched.Info{
		Name: Name, Paper: "", System: "Classic",
		Summary: "Your own policy in Starlark (policy.script): priority(job) orders the queue for the engine's fcfs, easy or conservative backfilling, or schedule(ctx) starts jobs itself at every decision time (docs/policies.md).",
		Params:  params,
	}})
}

type policy struct{ info sched.Info }

func (p *policy) Info() sched.Info { return p.info }

// limits are a run's parameters, read and checked.
type limits struct {
	perDecision, total uint64
	scriptBytes        int
}

func readLimits(s *model.Scenario) (limits, error) {
	if err := sched.UnknownParam(s.Policy, params, "unknown parameter of script (it has steps_per_decision, steps_total and script_bytes)"); err != nil {
		return limits{}, err
	}
	var v [3]float64
	for k, q := range params {
		x, err := sched.ParamValue(s.Policy, q, true)
		if err != nil {
			return limits{}, err
		}
		v[k] = x
	}
	return limits{perDecision: uint64(v[0]), total: uint64(v[1]), scriptBytes: int(v[2])}, nil
}

// Check is what Run refuses before it schedules: parameters, the
// script's size, syntax and definitions (its top level runs, within
// one decision's budget), the platform its form needs and the jobs.
func (p *policy) Check(s *model.Scenario) error {
	_, _, _, err := p.prepare(context.Background(), s)
	return err
}

func (p *policy) prepare(ctx context.Context, s *model.Scenario) (*machine, *program, limits, error) {
	if s == nil {
		return nil, nil, limits{}, model.Errf("", "no scenario")
	}
	lim, err := readLimits(s)
	if err != nil {
		return nil, nil, lim, err
	}
	src := s.Policy.Script
	if src == "" {
		return nil, nil, lim, model.Errf(Field, "is empty: the script policy runs the Starlark in policy.script, which defines priority(job) or schedule(ctx) (docs/policies.md)")
	}
	if len(src) > lim.scriptBytes {
		return nil, nil, lim, tooLong(len(src), lim.scriptBytes)
	}
	if s.Compat != "" {
		return nil, nil, lim, model.Errf("compat", fmt.Sprintf("the script policy runs gridplay's own job model; compat %q is for fcfs, easy and conservative", s.Compat))
	}
	m := newMachine(ctx, lim.perDecision, lim.total)
	prog, err := load(m, src)
	if err != nil {
		return nil, nil, lim, err
	}
	cl := s.Platform.Clusters
	if prog.Form == Priority && len(cl) != 1 {
		return nil, nil, lim, sched.Refuse(sched.NeedOneCluster, "platform.clusters", fmt.Sprintf("a priority(job) script runs the engine's backfilling on exactly one cluster, got %d (write schedule(ctx) for several)", len(cl)))
	}
	if len(cl) == 0 {
		return nil, nil, lim, model.Errf("platform.clusters", "a schedule(ctx) script needs at least one cluster")
	}
	for k := range cl {
		if cl[k].Nodes < 1 {
			return nil, nil, lim, model.Errf(fmt.Sprintf("platform.clusters[%d].nodes", k), "must be at least 1")
		}
	}
	if err := backfill.JobsError(s); err != nil {
		return nil, nil, lim, err
	}
	return m, prog, lim, nil
}

func (p *policy) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	m, prog, _, err := p.prepare(ctx, s)
	if err != nil {
		return nil, err
	}
	d, err := backfill.Durations(s)
	if err != nil {
		return nil, err
	}
	var res *sched.Result
	if prog.Form == Priority {
		res, err = runPriority(ctx, m, prog, s, d, rec)
	} else {
		res, err = runSchedule(m, prog, s, d, rec)
	}
	if err != nil {
		return nil, err
	}
	res.Metrics["killed"] = float64(d.Killed)
	res.Metrics["dropped"] = float64(len(res.Dropped))
	res.Metrics["script_steps"] = float64(m.th.ExecutionSteps())
	if d.Killed > 0 && prog.Form == Schedule {
		res.Notes = append(res.Notes, fmt.Sprintf("%d jobs ran past their requested time and were killed at it.", d.Killed))
	}
	return res, nil
}

// starlarkStep is a Starlark step in the work units of sched.Work (about
// 30 ns against NsPerStep's 1.5).
const starlarkStep = 20

// Estimate implements sched.Estimator: the backfilling core's own work
// (backfill.CoreWork, EASY's for a schedule script) plus the script's
// steps, guessed at 50 a job for priority(job) and at the core's queue
// visits for priority(job, now) and schedule(ctx), each a Starlark step
// (starlarkStep work steps). A script's own loops are not guessed: the
// step budgets cap them.
func (p *policy) Estimate(s *model.Scenario) (sched.Work, error) {
	lim, err := readLimits(s)
	if err != nil {
		return sched.Work{}, err
	}
	nodes := 0
	for _, c := range s.Platform.Clusters {
		nodes += c.Nodes
	}
	info, err := inspect(s.Policy.Script, lim)
	mode := backfill.EASY
	switch info.Backfill {
	case BackfillNone:
		mode = backfill.FCFS
	case BackfillConservative:
		mode = backfill.Conservative
	}
	core := backfill.CoreWork(mode, s.Jobs, nodes, 1)
	script := 50 * float64(len(s.Jobs))
	if err == nil && (info.Now || info.Form == Schedule) {
		script += backfill.CoreWork(backfill.EASY, s.Jobs, nodes, 1)
	}
	return sched.Work{Steps: core + starlarkStep*script, Field: "jobs", Lower: "the jobs (or cut the trace)"}, nil
}
