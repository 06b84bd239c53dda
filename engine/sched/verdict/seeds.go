package verdict

import (
	"context"
	"fmt"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Seeds wraps e, whose points are Tables, so that
// ExperimentOptions.Seeds = N > 1 runs it once per seed, s to s+N-1 (s =
// Seed, 1 when Seed is 0): its plan is e's plan for each seed in turn,
// each point e's point under its seed with its rows tagged with the seed
// (Row.Seed), and the merge e's merge per seed with the claims decided
// over every seed (Pool). With N <= 1 it is e.
func Seeds(e sched.Experiment) sched.Experiment { return seeded{e} }

// MaxSeeds is the most seeds one run of an experiment accepts.
const MaxSeeds = 100

type seeded struct{ e sched.Experiment }

// runs are the options of each seed's run.
func runs(opt sched.ExperimentOptions) []sched.ExperimentOptions {
	if opt.Seeds <= 1 {
		return []sched.ExperimentOptions{opt}
	}
	first := max(opt.Seed, 1)
	out := make([]sched.ExperimentOptions, opt.Seeds)
	for i := range out {
		out[i] = sched.ExperimentOptions{Seed: first + uint64(i), Quick: opt.Quick}
	}
	return out
}

func (s seeded) Info() sched.ExperimentInfo { return s.e.Info() }

// plans are the plan of each seed's run.
func (s seeded) plans(opt sched.ExperimentOptions) ([]sched.ExperimentOptions, [][]sched.PointInfo, int, error) {
	if opt.Seeds > MaxSeeds {
		return nil, nil, 0, &model.FieldError{Field: "seeds", Msg: fmt.Sprintf("is %d; at most %d seeds are run", opt.Seeds, MaxSeeds)}
	}
	os := runs(opt)
	plans := make([][]sched.PointInfo, len(os))
	n := 0
	for i, o := range os {
		p, err := s.e.Plan(o)
		if err != nil {
			return nil, nil, 0, err
		}
		plans[i], n = p, n+len(p)
	}
	return os, plans, n, nil
}

// locate is the seed run and its point of the whole plan's point k.
func (s seeded) locate(opt sched.ExperimentOptions, k int) (sched.ExperimentOptions, int, error) {
	os, plans, n, err := s.plans(opt)
	if err != nil {
		return opt, 0, err
	}
	if k < 0 || k >= n {
		return opt, 0, sched.PointRangeError(k, n)
	}
	for i, p := range plans {
		if k < len(p) {
			return os[i], k, nil
		}
		k -= len(p)
	}
	return opt, 0, sched.PointRangeError(k, n)
}

func (s seeded) Plan(opt sched.ExperimentOptions) ([]sched.PointInfo, error) {
	if opt.Seeds <= 1 {
		return s.e.Plan(opt)
	}
	os, plans, _, err := s.plans(opt)
	if err != nil {
		return nil, err
	}
	var out []sched.PointInfo
	for i, p := range plans {
		for _, pi := range p {
			out = append(out, sched.PointInfo{Index: len(out), Label: fmt.Sprintf("seed %d, %s", os[i].Seed, pi.Label), Cost: pi.Cost})
		}
	}
	return out, nil
}

func (s seeded) Point(ctx context.Context, opt sched.ExperimentOptions, k int, rec sched.Recorder) (sched.Report, error) {
	if opt.Seeds <= 1 {
		return s.e.Point(ctx, opt, k, rec)
	}
	o, j, err := s.locate(opt, k)
	if err != nil {
		return nil, err
	}
	rep, err := s.e.Point(ctx, o, j, rec)
	if err != nil {
		return nil, err
	}
	t, ok := rep.(*sched.Table)
	if !ok {
		return nil, fmt.Errorf("%s: point %d is %T, not a table: the experiment does not run over seeds", s.e.Info().Name, k, rep)
	}
	tagged := *t
	tagged.Rows = tag(t.Rows, o.Seed)
	tagged.Summary = tag(t.Summary, o.Seed)
	return &tagged, nil
}

func tag(rows []sched.Row, seed uint64) []sched.Row {
	if rows == nil {
		return nil
	}
	out := make([]sched.Row, len(rows))
	for i, r := range rows {
		r.Seed = seed
		out[i] = r
	}
	return out
}

func (s seeded) DecodePoint(opt sched.ExperimentOptions, k int, b []byte) (sched.Report, error) {
	if opt.Seeds <= 1 {
		return s.e.DecodePoint(opt, k, b)
	}
	o, j, err := s.locate(opt, k)
	if err != nil {
		return nil, err
	}
	return s.e.DecodePoint(o, j, b)
}

// Merge merges each seed's points with e's merge, then puts the seeds
// together: the rows and summaries of every seed in order (tagged), the
// paper's rows once, the claims pooled over the seeds, and the notes of
// the first seed after a note naming the seeds.
func (s seeded) Merge(opt sched.ExperimentOptions, parts []sched.Report) (sched.Report, error) {
	if opt.Seeds <= 1 {
		return s.e.Merge(opt, parts)
	}
	name := s.e.Info().Name
	os, plans, n, err := s.plans(opt)
	if err != nil {
		return nil, err
	}
	if len(parts) != n {
		return nil, &sched.PointError{Msg: fmt.Sprintf("%s: merge of %d points, the plan has %d", name, len(parts), n)}
	}
	var tables []*sched.Table
	at := 0
	for i, p := range plans {
		rep, err := s.e.Merge(os[i], parts[at:at+len(p)])
		if err != nil {
			return nil, err
		}
		at += len(p)
		t, ok := rep.(*sched.Table)
		if !ok {
			return nil, fmt.Errorf("%s: the report is %T, not a table: the experiment does not run over seeds", name, rep)
		}
		tables = append(tables, t)
	}
	whole := &sched.Table{Experiment: name, Rows: []sched.Row{}, Paper: tables[0].Paper}
	for i, t := range tables {
		whole.Rows = append(whole.Rows, tag(t.Rows, os[i].Seed)...)
		whole.Summary = append(whole.Summary, tag(t.Summary, os[i].Seed)...)
	}
	if whole.Claims, err = Pool(tables); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	Count(whole)
	whole.Notes = append([]string{
		fmt.Sprintf("%d seeds, %d to %d: every row names its seed; the claims are decided over the seeds (mean and 95%% confidence interval); the notes below are the first seed's", len(os), os[0].Seed, os[len(os)-1].Seed),
	}, tables[0].Notes...)
	return whole, nil
}
