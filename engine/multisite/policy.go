package multisite

import (
	"context"
	"fmt"

	"gridplay/engine/backfill"
	"gridplay/engine/model"
	"gridplay/engine/sched"
)

var conservativeParam = sched.Param{
	Name: "conservative", Default: 1, Min: 0, Max: 1,
	Doc: "1: conservative backfilling (every waiting job holds a reservation); 0: EASY (only the queue head does). Multisite section 4.1.2.",
}

var strictParam = sched.Param{
	Name: "strict", Default: 0, Min: 0, Max: 1,
	Doc: "0: a job starts at once in the first class with room now (local, remote single site, several sites), else waits in the first class that can hold it; 1: the strict reading, the first class that can ever hold it, waiting there. Multisite section 6.",
}

func init() {
	sched.Register(&policy{strat: Optimal, info: sched.Info{
		Name: "multisite-optimal", Paper: "001", System: "Multisite",
		Summary: "Adaptive multisite co-allocation, optimal resource selection (Alg. 1 with Alg. 2, section 4.1.1): every site and site combination, instant or by reservation; earliest predicted finish (eq. 1-2).",
		Params:  []sched.Param{conservativeParam},
	}})
	sched.Register(&policy{strat: Greedy, info: sched.Info{
		Name: "multisite-greedy", Paper: "001", System: "Multisite",
		Summary: "Adaptive multisite co-allocation, greedy resource selection (Alg. 1, section 4.1.1): fastest nodes first, instant or by reservation; earlier predicted finish (eq. 1-2).",
		Params:  []sched.Param{conservativeParam},
	}})
	sched.Register(&policy{strat: NonAdaptive, info: sched.Info{
		Name: "multisite-nonadaptive", Paper: "001", System: "Multisite",
		Summary: "Non-adaptive multisite baseline (section 6): local site first, then remote single sites, then multisite; starts a job as soon as it can (strict=1: waits in the first class that can hold it).",
		Params:  []sched.Param{conservativeParam, strictParam},
	}})
}

type policy struct {
	strat Strategy
	info  sched.Info
}

func (p *policy) Info() sched.Info { return p.info }

// prepared is a scenario read for a multisite run.
type prepared struct {
	mode   backfill.Mode
	strict bool
	sys    *system
}

// prepare reads the parameters and the platform of s, or returns what
// the policy refuses in them: Check and Run both start here.
func (p *policy) prepare(s *model.Scenario) (*prepared, error) {
	if s == nil {
		return nil, model.Errf("", "no scenario")
	}
	pr := &prepared{mode: backfill.Conservative}
	switch v := s.Policy.Param("conservative", 1); v {
	case 1:
	case 0:
		pr.mode = backfill.EASY
	default:
		return nil, model.Errf("policy.params.conservative", fmt.Sprintf("must be 0 (EASY) or 1 (conservative), got %g", v))
	}
	sys, err := newSystem(s)
	if err != nil {
		return nil, err
	}
	if p.strat == Optimal && sys.n > MaxOptimalSites {
		return nil, sched.Refuse(sched.NeedFewerSites, "platform.clusters", fmt.Sprintf("multisite-optimal enumerates all 2^N-1 site combinations (Alg. 2) and accepts at most %d sites, got %d; use multisite-greedy", MaxOptimalSites, sys.n))
	}
	if p.strat == NonAdaptive {
		switch v := s.Policy.Param("strict", 0); v {
		case 0:
		case 1:
			pr.strict = true
		default:
			return nil, model.Errf("policy.params.strict", fmt.Sprintf("must be 0 or 1, got %g", v))
		}
	}
	pr.sys = sys
	return pr, nil
}

// Check is what Run refuses before it schedules (sched.Policy): the
// parameters, the platform and the jobs, read without building the
// jobs' table.
func (p *policy) Check(s *model.Scenario) error {
	pr, err := p.prepare(s)
	if err != nil {
		return err
	}
	return jobsError(s, pr.sys)
}

func (p *policy) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	pr, err := p.prepare(s)
	if err != nil {
		return nil, err
	}
	jobs, d, err := readJobs(s, pr.sys)
	if err != nil {
		return nil, err
	}
	sel := newSelectorFor(pr.sys, jobs, p.strat, pr.mode)
	sel.strict = pr.strict
	return run(ctx, pr.sys, jobs, d, s, sel, pr.mode, rec)
}

func run(ctx context.Context, sys *system, jobs []job, d *backfill.Dur, s *model.Scenario, sel *selector, mode backfill.Mode, rec sched.Recorder) (*sched.Result, error) {
	cj := make([]backfill.Job, len(jobs))
	for i := range jobs {
		cj[i] = backfill.Job{ID: s.Jobs[i].ID, Submit: s.Jobs[i].Submit, Size: jobs[i].size}
		// Alg. 2 step 1: a request above the total node number of all
		// sites is dropped.
		if jobs[i].size > sys.total {
			cj[i].Drop = fmt.Sprintf("needs %d nodes; all sites together have %d (multisite Alg. 2 step 1)", jobs[i].size, sys.total)
		}
	}
	sites := make([]backfill.SiteSpec, sys.n)
	for i := range sites {
		sites[i] = backfill.SiteSpec{ID: sys.ids[i], Nodes: sys.nodes[i]}
	}
	res, st, err := backfill.Run(ctx, backfill.Config{Mode: mode, Sites: sites, Jobs: cj, Sel: sel}, rec)
	if err != nil {
		return nil, err
	}
	backfill.Finish(res, st, d)
	index := make(map[string]int, len(jobs))
	for i := range jobs {
		index[s.Jobs[i].ID] = i
	}
	sel.explain(res, mode, index)
	// How the jobs ran: on several sites, or on one site other than their
	// origin.
	multi, remote := 0, 0
	for _, pl := range res.Schedule {
		if len(pl.Alloc) > 1 {
			multi++
		} else if i, ok := index[pl.Job]; ok && pl.Cluster != sys.ids[jobs[i].origin] {
			remote++
		}
	}
	res.Metrics["multisite"] = float64(multi)
	res.Metrics["remote"] = float64(remote)
	return res, nil
}
