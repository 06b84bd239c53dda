package metrics

import (
	"math"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Tau is the bounded-slowdown threshold in seconds.
const Tau = 10.0

// Done is one scheduled job as the metrics see it.
type Done struct {
	Submit, Start, End float64
	// Deadline is absolute; 0 means none.
	Deadline float64
	Size     int
}

// Run is the job's run time as scheduled.
func (d Done) Run() float64 { return d.End - d.Start }

// Join pairs each placement of r with its job in s, in schedule order.
// Placements of unknown jobs are skipped.
func Join(s *model.Scenario, r *sched.Result) []Done {
	if s == nil || r == nil {
		return nil
	}
	ix := model.IndexJobs(s.Jobs)
	jobOf := make([]int32, len(r.Schedule))
	for k := range r.Schedule {
		jobOf[k] = int32(ix.Find(r.Schedule[k].Job))
	}
	return JoinOf(s, r, jobOf)
}

// JoinOf is Join given the position in s.Jobs of each placement's job
// (jobOf[k] for placement k, -1 to skip it), found once for a whole run
// (check.Placed).
func JoinOf(s *model.Scenario, r *sched.Result, jobOf []int32) []Done {
	if s == nil || r == nil {
		return nil
	}
	out := make([]Done, 0, len(r.Schedule))
	for k := range r.Schedule {
		p := &r.Schedule[k]
		i := jobOf[k]
		if i < 0 {
			continue
		}
		out = append(out, done(p, &s.Jobs[i]))
	}
	return out
}

// done is placement p of job j as the metrics see it.
func done(p *sched.Placement, j *model.Job) Done {
	// The nodes the job actually held weigh it: for a moldable job
	// (TITAN) Size is only a cap. Size is the fallback for policies
	// that do not report a node count.
	size := p.Nodes
	if size <= 0 {
		size = j.Size
	}
	return Done{Submit: j.Submit, Start: p.Start, End: p.End, Deadline: j.Deadline, Size: size}
}

func firstSubmit(ds []Done) float64 {
	t := math.Inf(1)
	for _, d := range ds {
		t = math.Min(t, d.Submit)
	}
	return t
}

// Makespan is the time from the first submission to the last end:
// max_i F_i - min_j submit_j (GA-MF section 3, makespan).
func Makespan(ds []Done) float64 {
	if len(ds) == 0 {
		return 0
	}
	end := math.Inf(-1)
	for _, d := range ds {
		end = math.Max(end, d.End)
	}
	return end - firstSubmit(ds)
}

// Flowtime is the sum over jobs of F_j - Sb, the end time measured from
// the batch start Sb, the first submission (GA-MF section 3, flowtime:
// sum of T_j^w + T_j^e = sum of F_j - Sb).
func Flowtime(ds []Done) float64 {
	if len(ds) == 0 {
		return 0
	}
	sb := firstSubmit(ds)
	sum := 0.0
	for _, d := range ds {
		sum += d.End - sb // GA-MF flowtime
	}
	return sum
}

// Wait is the mean of start - submit.
func Wait(ds []Done) float64 {
	if len(ds) == 0 {
		return 0
	}
	sum := 0.0
	for _, d := range ds {
		sum += d.Start - d.Submit
	}
	return sum / float64(len(ds))
}

// BoundedSlowdown is the mean of max(1, (wait + run) / max(run, tau)).
func BoundedSlowdown(ds []Done, tau float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	sum := 0.0
	for _, d := range ds {
		sum += math.Max(1, (d.End-d.Submit)/math.Max(d.Run(), tau))
	}
	return sum / float64(len(ds))
}

// Busy is the node-seconds used: sum of size x run.
func Busy(ds []Done) float64 {
	sum := 0.0
	for _, d := range ds {
		sum += float64(d.Size) * d.Run()
	}
	return sum
}

// Utilisation is Busy / (nodes x makespan).
func Utilisation(ds []Done, nodes int) float64 {
	m := Makespan(ds)
	if m <= 0 || nodes <= 0 {
		return 0
	}
	return Busy(ds) / (float64(nodes) * m)
}

// Idle is the plain idle time: the node-seconds of the makespan not used
// by any job, nodes x makespan - Busy (TITAN's weighted form, eq. 8, is in
// engine/titan).
func Idle(ds []Done, nodes int) float64 {
	return math.Max(0, float64(nodes)*Makespan(ds)-Busy(ds))
}

// Completed counts the jobs that end by their deadline; a job without a
// deadline counts when it is scheduled.
func Completed(ds []Done) int {
	n := 0
	for _, d := range ds {
		if d.Deadline == 0 || d.End <= d.Deadline {
			n++
		}
	}
	return n
}

// OverDeadline is the mean lateness max(te_j - d_j, 0) of the late jobs
// (TITAN eq. 9 sums the same terms over all jobs).
func OverDeadline(ds []Done) float64 {
	sum, n := 0.0, 0
	for _, d := range ds {
		if d.Deadline > 0 && d.End > d.Deadline {
			sum += d.End - d.Deadline // TITAN eq. 9 term
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// Advance is TITAN eq. 16, the average advance time A_T = sum(d_j -
// TE_j) / n over the n jobs with a deadline; late jobs count negatively.
func Advance(ds []Done) float64 {
	sum, n := 0.0, 0
	for _, d := range ds {
		if d.Deadline > 0 {
			sum += d.Deadline - d.End // TITAN eq. 16
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// cost is Multisite's resource consumption Cost_j = W_j (T_end - T_start).
func cost(d Done) float64 { return float64(d.Size) * d.Run() }

// AWRT is the average weighted response time, Multisite eq. 3:
// sum Cost_j (T_end - T_submit) / sum Cost_j.
func AWRT(ds []Done) float64 {
	num, den := 0.0, 0.0
	for _, d := range ds {
		c := cost(d)
		num += c * (d.End - d.Submit) // Multisite eq. 3
		den += c
	}
	if den == 0 {
		return 0
	}
	return num / den
}

// AWWT is the average weighted wait time, Multisite eq. 4:
// sum Cost_j (T_start - T_submit) / sum Cost_j.
func AWWT(ds []Done) float64 {
	num, den := 0.0, 0.0
	for _, d := range ds {
		c := cost(d)
		num += c * (d.Start - d.Submit) // Multisite eq. 4
		den += c
	}
	if den == 0 {
		return 0
	}
	return num / den
}
