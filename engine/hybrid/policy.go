package hybrid

import (
	"context"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Parameter defaults (see doc.go for why).
const (
	DefaultTs        = 20   // section III: "The value of T_s is considered as 20 seconds"
	DefaultThreshold = 0.1  // the paper gives no value
	DefaultRefMIPS   = 1000 // the paper gives no value
)

// policy is one approach as a sched.Policy.
type policy struct{ ap Approach }

var _ sched.Policy = policy{}

var summaries = [...]string{
	"Hybrid grid, local execution (section III.B.a): Min_TTR_Server in the home cluster only; jobs wait in the JWQ and are discarded when their deadline expires",
	"Hybrid grid, HRS (section III.B.b): Min_TTR_Server at home, Min_TTR_Cluster in the grid when no home server has enough available nodes (Step 2, req > avail)",
	"Hybrid grid, P-HRS (section III.B.c): as HRS, and a job that misses its deadline at home migrates when its performance benefit (eq. 1, overhead eq. 2) exceeds the migration threshold (Step 2)",
}

func (p policy) Info() sched.Info {
	params := []sched.Param{
		{Name: "ts", Default: DefaultTs, Min: 0.001, Max: 1e6, Doc: "status exchange period T_s in seconds (hybrid section III)"},
		{Name: "ref_mips", Default: DefaultRefMIPS, Min: 1, Max: 1e9, Doc: "MIPS of the reference node a job's runtime is given for; run time on a server = runtime x ref_mips / (PEs x speed)"},
		{Name: "live", Default: 0, Min: 0, Max: 1, Doc: "1: decide on the live status instead of the last exchanged one (reference point, not in the paper)"},
	}
	if p.ap != Local {
		params = append(params, sched.Param{Name: "rescue", Default: 0, Min: 0, Max: 1, Doc: "0: a job that fits at home but misses its deadline there is discarded by HRS and weighed by eq. 1 in P-HRS (Step 2 of hybrid section III.A); 1: HRS and P-HRS hand it to the grid scheduler whatever its PB (a reading of III.B.b)"})
		params = append(params, sched.Param{Name: "overlap", Default: 0, Min: 0, Max: 1, Doc: "0: eq. 1 as printed, Remote_Cluster_TTR (the TTR the job would have on the remote cluster now) plus the eq. 2 overhead; 1: the overhead overlaps the remote wait (the job starts at the later of its arrival and the remote server's predicted start)"})
	}
	if p.ap == PHRS {
		params = append(params,
			sched.Param{Name: "threshold", Default: DefaultThreshold, Min: -1e6, Max: 1, Doc: "migration threshold: a job migrates when PB (hybrid eq. 1) exceeds it"},
			sched.Param{Name: "always", Default: 0, Min: 0, Max: 1, Doc: "0: weigh eq. 1 only for jobs whose home TTR exceeds the deadline (Step 2 of hybrid section III.A); 1: for every job that fits at home (section III.B.c taken for every job)"},
		)
	}
	return sched.Info{Name: p.ap.String(), Paper: "004", System: "Hybrid", Summary: summaries[p.ap], Params: params}
}

// Check is what Run refuses before it schedules (sched.Policy).
func (p policy) Check(s *model.Scenario) error {
	cfg, err := configFrom(s.Policy)
	if err != nil {
		return err
	}
	_, err = checkScenario(s, p.ap, cfg)
	return err
}

func (p policy) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	cfg, err := configFrom(s.Policy)
	if err != nil {
		return nil, err
	}
	res, err := Run(ctx, s, p.ap, cfg, rec)
	if err != nil {
		return nil, err
	}
	if cfg.Live {
		res.Notes = append(res.Notes, "decisions used the live status (live=1), not the status exchanged every T_s")
	}
	return res, nil
}

// configFrom reads the policy parameters.
func configFrom(p model.Policy) (Config, error) {
	cfg := Config{
		Ts:        p.Param("ts", DefaultTs),
		Threshold: p.Param("threshold", DefaultThreshold),
		RefMIPS:   p.Param("ref_mips", DefaultRefMIPS),
	}
	// The flags, 0 or 1, each 0 by default.
	for _, f := range []struct {
		name string
		on   *bool
	}{{"always", &cfg.Always}, {"rescue", &cfg.Rescue}, {"live", &cfg.Live}, {"overlap", &cfg.Overlap}} {
		switch p.Param(f.name, 0) {
		case 0:
		case 1:
			*f.on = true
		default:
			return cfg, model.Errf("policy.params."+f.name, "must be 0 or 1")
		}
	}
	return cfg, cfg.check()
}

func init() {
	for _, ap := range []Approach{Local, HRS, PHRS} {
		sched.Register(policy{ap})
	}
}
