package script

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"

	"go.starlark.net/starlark"

	"gridplay/engine/backfill"
	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// prioRun orders the backfilling core's queue by a script's priority
// (package doc, "priority(job)").
type prioRun struct {
	m     *machine
	p     *program
	clock clock
	jobs  []*jobValue
	key   []float64
	have  []bool // key computed (the one-argument form computes it once)
	rank  []int  // position in submit order, then scenario order
}

func runPriority(ctx context.Context, m *machine, p *program, s *model.Scenario, d *backfill.Dur, rec sched.Recorder) (*sched.Result, error) {
	n := len(s.Jobs)
	r := &prioRun{m: m, p: p, jobs: make([]*jobValue, n), key: make([]float64, n), have: make([]bool, n), rank: make([]int, n)}
	cl := s.Platform.Clusters[0]
	jobs := make([]backfill.Job, n)
	for i := range s.Jobs {
		j := &s.Jobs[i]
		r.jobs[i] = newJob(&r.clock, i, j.ID, j.User, j.Submit, d.Size[i], d.Est[i])
		jobs[i] = backfill.Job{ID: j.ID, Submit: j.Submit, Size: d.Size[i]}
		if d.Size[i] > cl.Nodes {
			jobs[i].Drop = fmt.Sprintf("needs %d nodes; cluster %s has %d", j.Size, cl.ID, cl.Nodes)
		}
	}
	for k, i := range order(s) {
		r.rank[i] = k
	}
	mode := map[string]backfill.Mode{BackfillNone: backfill.FCFS, BackfillEASY: backfill.EASY, BackfillConservative: backfill.Conservative}[p.Backfill]
	res, st, err := backfill.Run(ctx, backfill.Config{Mode: mode, Sites: []backfill.SiteSpec{{ID: cl.ID, Nodes: cl.Nodes}},
		Jobs: jobs, Sel: backfill.NewSingle(d), Reorder: r.reorder}, rec)
	if err != nil {
		return nil, err
	}
	backfill.Finish(res, st, d)
	// The why of each placement: its key, as the script computed it
	// (the last time, for a key of now).
	idx := make(map[string]int, n)
	for i := range s.Jobs {
		idx[s.Jobs[i].ID] = i
	}
	tail := ", smallest first; " + p.Backfill + " backfilling"
	for k := range res.Schedule {
		pl := &res.Schedule[k]
		if i, ok := idx[pl.Job]; ok && r.have[i] {
			pl.Why = "priority " + strconv.FormatFloat(r.key[i], 'g', 6, 64) + tail
		}
	}
	return res, nil
}

// less orders jobs by key, then submit order, then scenario order.
func (r *prioRun) less(a, b int) bool {
	if r.key[a] != r.key[b] {
		return r.key[a] < r.key[b]
	}
	return r.rank[a] < r.rank[b]
}

// reorder is the core's Reorder: the keys of the jobs that need one,
// then the waiting jobs sorted by them.
func (r *prioRun) reorder(now float64, w []int) error {
	r.clock.now = now
	if r.p.Now {
		r.m.begin(now, "priority")
		for _, j := range w {
			if err := r.compute(j, now); err != nil {
				return err
			}
		}
		slices.SortFunc(w, func(a, b int) int {
			if r.less(a, b) {
				return -1
			}
			if r.less(b, a) {
				return 1
			}
			return 0
		})
		return nil
	}
	// The one-argument keys never change. The core keeps the order of
	// the jobs a pass leaves waiting and appends arrivals, so the queue
	// is sorted but for its tail of jobs never seen: their keys are
	// computed, and each is inserted by binary search.
	k := len(w)
	for k > 0 && !r.have[w[k-1]] {
		k--
	}
	if k < len(w) {
		r.m.begin(now, "priority")
	}
	for _, j := range w[k:] {
		if err := r.compute(j, now); err != nil {
			return err
		}
	}
	for ; k < len(w); k++ {
		x := w[k]
		if k == 0 || !r.less(x, w[k-1]) {
			continue
		}
		p := sort.Search(k, func(p int) bool { return r.less(x, w[p]) })
		copy(w[p+1:k+1], w[p:k])
		w[p] = x
	}
	return nil
}

// compute calls priority for job j at now.
func (r *prioRun) compute(j int, now float64) error {
	args := starlark.Tuple{r.jobs[j]}
	if r.p.Now {
		args = append(args, starlark.Float(now))
	}
	v, err := r.m.call(r.p.fn, args)
	if err != nil {
		return err
	}
	var k float64
	switch x := v.(type) {
	case starlark.Int:
		k, _ = starlark.AsFloat(x)
	case starlark.Float:
		k = float64(x)
	default:
		return errAt(fnPos(r.p.fn), "priority", now, fmt.Sprintf("priority must return a number (int or float), got %s for job %q", v.Type(), string(r.jobs[j].id)))
	}
	if math.IsNaN(k) {
		return errAt(fnPos(r.p.fn), "priority", now, fmt.Sprintf("priority returned nan for job %q", string(r.jobs[j].id)))
	}
	r.key[j], r.have[j] = k, true
	return nil
}
