package metrics

import (
	"math"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Keys are the metrics Fill adds, in a fixed order.
var Keys = []string{"makespan", "flowtime", "wait", "bsld", "utilisation", "completed",
	"over_deadline", "advance", "awrt", "awwt", "dropped"}

// Fill adds the standard metrics of r's schedule to r.Metrics, keeping any
// value the policy already set.
func Fill(s *model.Scenario, r *sched.Result) {
	if r == nil {
		return
	}
	ds := Join(s, r)
	nodes := totalNodes(s)
	fill(r, values{
		"makespan":      Makespan(ds),
		"flowtime":      Flowtime(ds),
		"wait":          Wait(ds),
		"bsld":          BoundedSlowdown(ds, Tau),
		"utilisation":   Utilisation(ds, nodes),
		"completed":     float64(Completed(ds)),
		"over_deadline": OverDeadline(ds),
		"advance":       Advance(ds),
		"awrt":          AWRT(ds),
		"awwt":          AWWT(ds),
		"dropped":       float64(len(r.Dropped)),
	})
}

// FillOf is Fill given the position in s.Jobs of each placement's job
// (JoinOf). It computes the same values as Fill, operation for operation
// in the same order, but in two passes over the placements instead of a
// Done list and a pass per metric (a whole trace's 200,000 jobs).
//
// So every metric is written twice: as its own function (Makespan, AWRT,
// ..., which the experiments call) and as a sum in valuesOf. A change to
// one must be made in the other; TestFillOfIsFill compares them bit for
// bit. Under node the two passes made a whole-trace EASY request 0.91x
// as long (BenchmarkPageHPC2N/run-easy, with and without them alternated
// three times: 996/894/987 ms against 1,154/963/1,031 ms).
func FillOf(s *model.Scenario, r *sched.Result, jobOf []int32) {
	if r == nil {
		return
	}
	fill(r, valuesOf(s, r, jobOf))
}

type values map[string]float64

func totalNodes(s *model.Scenario) int {
	if s == nil {
		return 0
	}
	return s.Platform.TotalNodes()
}

func fill(r *sched.Result, vals values) {
	if r.Metrics == nil {
		r.Metrics = map[string]float64{}
	}
	for _, k := range Keys {
		if _, set := r.Metrics[k]; !set {
			r.Metrics[k] = vals[k]
		}
	}
}

// valuesOf is what Fill computes from JoinOf(s, r, jobOf), each metric's
// sum over the jobs taken in the same order as its function does.
func valuesOf(s *model.Scenario, r *sched.Result, jobOf []int32) values {
	var sched []sched.Placement
	if s != nil {
		sched = r.Schedule
	}
	// Pass 1: the batch start (firstSubmit) and the last end (Makespan).
	n := 0
	first, end := math.Inf(1), math.Inf(-1)
	for k := range sched {
		if jobOf[k] < 0 {
			continue
		}
		d := done(&sched[k], &s.Jobs[jobOf[k]])
		first = minf(first, d.Submit)
		end = maxf(end, d.End)
		n++
	}
	makespan := 0.0
	if n > 0 {
		makespan = end - first
	}
	// Pass 2: the sums.
	var flow, wait, bsld, busy, over, adv, wrt, wwt, cst float64
	completed, late, dl := 0, 0, 0
	for k := range sched {
		if jobOf[k] < 0 {
			continue
		}
		d := done(&sched[k], &s.Jobs[jobOf[k]])
		flow += d.End - first // GA-MF flowtime
		wait += d.Start - d.Submit
		bsld += maxf(1, (d.End-d.Submit)/maxf(d.Run(), Tau))
		busy += float64(d.Size) * d.Run()
		if d.Deadline == 0 || d.End <= d.Deadline {
			completed++
		}
		if d.Deadline > 0 && d.End > d.Deadline {
			over += d.End - d.Deadline // TITAN eq. 9 term
			late++
		}
		if d.Deadline > 0 {
			adv += d.Deadline - d.End // TITAN eq. 16
			dl++
		}
		c := cost(d)
		wrt += c * (d.End - d.Submit)   // Multisite eq. 3
		wwt += c * (d.Start - d.Submit) // Multisite eq. 4
		cst += c
	}
	v := values{
		"makespan":    makespan,
		"completed":   float64(completed),
		"dropped":     float64(len(r.Dropped)),
		"flowtime":    0,
		"wait":        0,
		"bsld":        0,
		"utilisation": 0,
	}
	if n > 0 {
		v["flowtime"] = flow
		v["wait"] = wait / float64(n)
		v["bsld"] = bsld / float64(n)
	}
	if nodes := totalNodes(s); !(makespan <= 0 || nodes <= 0) { // as Utilisation
		v["utilisation"] = busy / (float64(nodes) * makespan)
	}
	v["over_deadline"], v["advance"], v["awrt"], v["awwt"] = 0, 0, 0, 0
	if late > 0 {
		v["over_deadline"] = over / float64(late)
	}
	if dl > 0 {
		v["advance"] = adv / float64(dl)
	}
	if cst != 0 {
		v["awrt"], v["awwt"] = wrt/cst, wwt/cst
	}
	return v
}

// maxf is math.Max, the common case (x > y or y > x) inlined: equal
// values, NaN and infinities are math.Max's.
func maxf(x, y float64) float64 {
	if x > y {
		return x
	}
	if y > x {
		return y
	}
	return math.Max(x, y)
}

// minf is math.Min, the common case inlined (see maxf).
func minf(x, y float64) float64 {
	if x < y {
		return x
	}
	if y < x {
		return y
	}
	return math.Min(x, y)
}
