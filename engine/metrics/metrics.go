package metrics

import (
	"math"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Tau is the bounded-slowdown threshold in seconds.
const Tau = 10.0

// Keys are the metrics Fill adds, in a fixed order.
var Keys = []string{"makespan", "flowtime", "wait", "bsld", "utilisation", "completed",
	"over_deadline", "advance", "awrt", "awwt", "dropped"}

// Fill adds the standard metrics of r's schedule to r.Metrics, keeping any
// value the policy already set. Each placement counts as the job that
// s's index finds under its id (model.JobIndex.Find); placements of
// unknown jobs are skipped. It takes two passes over the placements, not
// a list of jobs and a pass per metric: a whole trace has 200,000 jobs.
func Fill(s *model.Scenario, r *sched.Result) {
	if r == nil {
		return
	}
	var jobOf []int32
	if s != nil {
		ix := model.IndexJobs(s.Jobs)
		jobOf = make([]int32, len(r.Schedule))
		for k := range r.Schedule {
			jobOf[k] = int32(ix.Find(r.Schedule[k].Job))
		}
	}
	vals := valuesOf(s, r, jobOf)
	if r.Metrics == nil {
		r.Metrics = map[string]float64{}
	}
	for _, k := range Keys {
		if _, set := r.Metrics[k]; !set {
			r.Metrics[k] = vals[k]
		}
	}
}

// done is one scheduled job as the metrics see it.
type done struct {
	submit, start, end float64
	deadline           float64 // absolute; 0 means none
	size               int
}

// run is the job's run time as scheduled.
func (d done) run() float64 { return d.end - d.start }

// doneOf is placement p of job j as the metrics see it.
func doneOf(p *sched.Placement, j *model.Job) done {
	// The nodes the job actually held weigh it: for a moldable job
	// (TITAN) Size is only a cap. Size is the fallback for policies
	// that do not report a node count.
	size := p.Nodes
	if size <= 0 {
		size = j.Size
	}
	return done{submit: j.Submit, start: p.Start, end: p.End, deadline: j.Deadline, size: size}
}

// valuesOf computes every metric of Keys, each sum taken over the
// placements in schedule order, skipping those whose jobOf is -1.
func valuesOf(s *model.Scenario, r *sched.Result, jobOf []int32) map[string]float64 {
	var placed []sched.Placement
	if s != nil {
		placed = r.Schedule
	}
	// Pass 1: the batch start Sb (the first submission) and the last end.
	n := 0
	first, end := math.Inf(1), math.Inf(-1)
	for k := range placed {
		if jobOf[k] < 0 {
			continue
		}
		d := doneOf(&placed[k], &s.Jobs[jobOf[k]])
		first = math.Min(first, d.submit)
		end = math.Max(end, d.end)
		n++
	}
	makespan := 0.0
	if n > 0 {
		makespan = end - first // GA-MF section 3: max F_i - min submit_j
	}
	// Pass 2: the sums.
	var flow, wait, bsld, busy, over, adv, wrt, wwt, cst float64
	completed, late, dl := 0, 0, 0
	for k := range placed {
		if jobOf[k] < 0 {
			continue
		}
		d := doneOf(&placed[k], &s.Jobs[jobOf[k]])
		flow += d.end - first // GA-MF section 3 flowtime: sum of F_j - Sb
		wait += d.start - d.submit
		bsld += math.Max(1, (d.end-d.submit)/math.Max(d.run(), Tau)) // bounded slowdown
		busy += float64(d.size) * d.run()                            // node-seconds used
		if d.deadline == 0 || d.end <= d.deadline {
			completed++ // ended by its deadline, or has none
		}
		if d.deadline > 0 && d.end > d.deadline {
			over += d.end - d.deadline // TITAN eq. 9 term
			late++
		}
		if d.deadline > 0 {
			adv += d.deadline - d.end // TITAN eq. 16
			dl++
		}
		c := float64(d.size) * d.run()  // Multisite: Cost_j = W_j (T_end - T_start)
		wrt += c * (d.end - d.submit)   // Multisite eq. 3
		wwt += c * (d.start - d.submit) // Multisite eq. 4
		cst += c
	}
	v := map[string]float64{
		"makespan":      makespan,
		"completed":     float64(completed),
		"dropped":       float64(len(r.Dropped)),
		"flowtime":      0,
		"wait":          0,
		"bsld":          0,
		"utilisation":   0,
		"over_deadline": 0,
		"advance":       0,
		"awrt":          0,
		"awwt":          0,
	}
	if n > 0 {
		v["flowtime"] = flow
		v["wait"] = wait / float64(n)
		v["bsld"] = bsld / float64(n)
	}
	if nodes := totalNodes(s); !(makespan <= 0 || nodes <= 0) {
		v["utilisation"] = busy / (float64(nodes) * makespan)
	}
	if late > 0 {
		v["over_deadline"] = over / float64(late) // mean over the late jobs
	}
	if dl > 0 {
		v["advance"] = adv / float64(dl) // TITAN eq. 16: A_T = sum(d_j - TE_j) / n
	}
	if cst != 0 {
		v["awrt"], v["awwt"] = wrt/cst, wwt/cst // Multisite eqs. 3-4
	}
	return v
}

func totalNodes(s *model.Scenario) int {
	if s == nil {
		return 0
	}
	return s.Platform.TotalNodes()
}
