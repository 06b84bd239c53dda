package backfill

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

func init() {
	sched.Register(&policy{mode: FCFS, info: sched.Info{
		Name: "fcfs", Paper: "", System: "Classic",
		Summary: "First-come-first-served on one cluster, no backfilling: the queue head waits until it fits and no job passes it. A scenario's compat \"pyss\" runs it under pyss's job model and tie order.",
	}})
	sched.Register(&policy{mode: EASY, info: sched.Info{
		Name: "easy", Paper: "", System: "Classic",
		Summary: "EASY backfilling (Lifka 1995) on one cluster: the queue head gets a reservation; later jobs start early if they do not delay it. Estimates are requested times (multisite section 4.1.2). A scenario's compat \"pyss\" runs it under pyss's job model and tie order.",
	}})
	sched.Register(&policy{mode: Conservative, info: sched.Info{
		Name: "conservative", Paper: "", System: "Classic",
		Summary: "Conservative backfilling (Mu'alem & Feitelson 2001) on one cluster: every waiting job gets a reservation, compressed when a job ends early. Estimates are requested times (multisite section 4.1.2). A scenario's compat \"pyss\" runs it under pyss's job model and tie order.",
	}})
}

type policy struct {
	mode Mode
	info sched.Info
}

func (p *policy) Info() sched.Info { return p.info }

// Check is what Run refuses before it schedules (sched.Policy): a
// platform of other than one cluster, and the jobs Durations cannot read.
func (p *policy) Check(s *model.Scenario) error {
	if s == nil {
		return model.Errf("", "no scenario")
	}
	cl := s.Platform.Clusters
	if len(cl) != 1 {
		return sched.Refuse(sched.NeedOneCluster, "platform.clusters", fmt.Sprintf("%s runs on exactly one cluster, got %d (use a multisite-* policy for several sites)", p.info.Name, len(cl)))
	}
	if cl[0].Nodes < 1 {
		return model.Errf("platform.clusters[0].nodes", "must be at least 1")
	}
	return JobsError(s)
}

func (p *policy) Run(ctx context.Context, s *model.Scenario, rec sched.Recorder) (*sched.Result, error) {
	if err := p.Check(s); err != nil {
		return nil, err
	}
	cl := s.Platform.Clusters
	d, err := Durations(s)
	if err != nil {
		return nil, err
	}
	order := PerInstant
	submit := make([]float64, len(s.Jobs))
	for i := range s.Jobs {
		submit[i] = s.Jobs[i].Submit
	}
	if s.Compat == model.CompatPyss {
		pyssJobs(s, d, submit, cl[0].Nodes)
		order = PerEvent
	}
	jobs := make([]Job, len(s.Jobs))
	for i, j := range s.Jobs {
		jobs[i] = Job{ID: j.ID, Submit: submit[i], Size: d.Size[i]}
		if d.Size[i] > cl[0].Nodes {
			jobs[i].Drop = fmt.Sprintf("needs %d nodes; cluster %s has %d", j.Size, cl[0].ID, cl[0].Nodes)
		}
	}
	sel := &single{size: d.Size, est: d.Est, run: d.Run}
	res, st, err := Run(ctx, Config{Mode: p.mode, Sites: []SiteSpec{{ID: cl[0].ID, Nodes: cl[0].Nodes}}, Jobs: jobs, Sel: sel, Order: order}, rec)
	if err != nil {
		return nil, err
	}
	Finish(res, st, d)
	if s.Compat == model.CompatPyss {
		res.Notes = append(res.Notes, "Run under pyss's job model and tie order (compat pyss): estimate max(requested, run, 1), run max(min(requested, run), 1), whole seconds, processors capped at the machine, one pass per submission and per termination, submissions first.")
	}
	return res, nil
}

// pyssJobs applies pyss's job model (model.Job.Pyss) to sizes and
// durations read by Durations, in place: see the package doc,
// "Compatibility with pyss". submit holds the submit times, nodes the
// machine's processors.
func pyssJobs(s *model.Scenario, d *Dur, submit []float64, nodes int) {
	for i := range s.Jobs {
		p := s.Jobs[i].Pyss(nodes)
		submit[i], d.Size[i], d.Est[i], d.Run[i] = p.Submit, p.Size, p.Est, p.Run
	}
}

// Finish adds the counters and notes every backfilling policy reports.
func Finish(res *sched.Result, st Stats, d *Dur) {
	res.Metrics["backfilled"] = float64(st.Backfilled)
	res.Metrics["killed"] = float64(d.Killed)
	res.Metrics["dropped"] = float64(len(res.Dropped))
	if d.Killed > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d jobs ran past their requested time and were killed at it.", d.Killed))
	}
}

// single is the selector of plain single-cluster backfilling: the earliest
// start on the one site, with the requested time as the estimate.
type single struct {
	size     []int
	est, run []float64
	// part holds the only part of the latest choice: the core copies
	// the parts it keeps (Choice.Parts), so no Select allocates.
	part [1]Part
}

func (s *single) Select(j int, now float64, m *Machine, instantOnly bool) (Choice, bool) {
	p := m.Sites[0].Profile
	start := now
	if instantOnly {
		if !p.Fits(now, s.size[j], s.est[j]) {
			return Choice{}, false
		}
	} else {
		start = p.EarliestStart(now, s.size[j], s.est[j])
		if math.IsInf(start, 1) {
			return Choice{}, false
		}
	}
	s.part[0] = Part{Site: 0, Nodes: s.size[j]}
	return Choice{Start: start, Est: s.est[j], Run: s.run[j], Parts: s.part[:], Key: start}, true
}

// NewSingle is the selector of plain single-cluster backfilling over d,
// the one fcfs, easy and conservative run (engine/script orders its
// queue by a script's priority and runs it).
func NewSingle(d *Dur) Selector { return &single{size: d.Size, est: d.Est, run: d.Run} }

// Improvable implements Bounder: the key is the start time, and an
// earlier start needs size processors free at some instant before it.
func (s *single) Improvable(j int, now float64, res *Choice, m *Machine) bool {
	key := res.Key
	return key > now && m.Sites[0].Profile.MaxFree(now, key) >= s.size[j]
}

// Dur holds each job's size, estimate and actual duration on a reference
// node, read from a scenario.
type Dur struct {
	Size     []int
	Est, Run []float64
	// Killed counts jobs whose runtime exceeds their estimate: they are
	// killed at the estimate.
	Killed int
}

// Durations reads sizes and durations: the estimate is Requested (or
// Runtime when Requested is 0) and the job runs min(Runtime, estimate).
// It returns field-named errors for what backfilling cannot use.
func Durations(s *model.Scenario) (*Dur, error) {
	if err := JobsError(s); err != nil {
		return nil, err
	}
	n := len(s.Jobs)
	d := &Dur{Size: make([]int, n), Est: make([]float64, n), Run: make([]float64, n)}
	for i := range s.Jobs {
		j := &s.Jobs[i]
		est := j.Estimate()
		run := j.Runtime
		if run > est {
			run = est // killed at the requested time
			d.Killed++
		}
		d.Size[i], d.Est[i], d.Run[i] = j.Size, est, run
	}
	return d, nil
}

// JobsError is the error Durations returns for s (every job's problems,
// by field name), without reading the durations: a policy's Check.
func JobsError(s *model.Scenario) error {
	var es model.Errors
	for i := range s.Jobs {
		es = append(es, jobErrors(i, &s.Jobs[i])...)
	}
	return es.Err()
}

// jobErrors lists what backfilling cannot use in job i, by field name. A
// good job costs no allocation (the field names are made on error only).
// A run time of 0 is a job of no length, which backfilling runs; only a
// job with an application model and no run time is refused.
func jobErrors(i int, j *model.Job) model.Errors {
	var es model.Errors
	f := func(name string) string { return "jobs[" + strconv.Itoa(i) + "]" + name }
	if j.Size < 1 {
		es = append(es, model.Errf(f(".size"), "must be at least 1"))
	}
	if j.App != nil && j.Runtime == 0 {
		es = append(es, sched.Refuse(sched.NeedRuntime, f(".runtime"), "backfilling needs a runtime (application models are not supported)"))
	}
	if bad(j.Runtime) {
		es = append(es, model.Errf(f(".runtime"), "must be a finite number >= 0"))
	}
	if bad(j.Requested) {
		es = append(es, model.Errf(f(".requested"), "must be a finite number >= 0"))
	}
	if bad(j.Submit) {
		es = append(es, model.Errf(f(".submit"), "must be a finite number >= 0"))
	}
	return es
}

func bad(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) || x < 0 }
