package outputs

import (
	"encoding/csv"
	"io"
	"math"
	"strconv"

	"gridplay/engine/check"
	"gridplay/engine/csvfmt"
	"gridplay/engine/metrics"
	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/engine/workload"
)

// States of a job in the per-job table.
const (
	Completed = "completed"
	Killed    = "killed"
	Dropped   = "dropped"
	Late      = "late"
)

// Job is one row of the per-job table. A dropped job has only ID, Submit,
// State and Reason.
type Job struct {
	ID         string  `json:"job"`
	Cluster    string  `json:"cluster,omitempty"`
	Start      float64 `json:"start"`
	End        float64 `json:"end"`
	Nodes      int     `json:"nodes"`
	Submit     float64 `json:"submit"`
	Wait       float64 `json:"wait"`
	Turnaround float64 `json:"turnaround"`
	BSLD       float64 `json:"bsld"`
	State      string  `json:"state"`
	Reason     string  `json:"reason,omitempty"`
}

// BSLD is the bounded slowdown max(1, (wait + run) / max(run, tau)) with
// tau = metrics.Tau (10 s).
func BSLD(wait, run float64) float64 {
	return math.Max(1, (wait+run)/math.Max(run, metrics.Tau))
}

// Jobs is the per-job table of res, a run of s (package doc). Placements
// and drops of jobs s does not have are left out.
func Jobs(s *model.Scenario, res *sched.Result) []Job {
	if s == nil || res == nil {
		return nil
	}
	policy := res.Policy
	if policy == "" {
		policy = s.Policy.Name
	}
	return JobsOf(s, res, check.SystemOf(policy))
}

// JobsOf is Jobs for a run under the model of system (sched.Info.System,
// which says whether a job is killed at its requested time), for a
// program that does not link the policies' registry (the page reads the
// system from GET /api/policies).
func JobsOf(s *model.Scenario, res *sched.Result, system string) []Job {
	if s == nil || res == nil {
		return nil
	}
	ix := model.IndexJobs(s.Jobs)
	jobOf := check.Placed(ix, res.Schedule)
	kills := check.Kills(system)
	out := make([]Job, 0, len(res.Schedule)+len(res.Dropped))
	for k := range res.Schedule {
		p := &res.Schedule[k]
		i := jobOf[k]
		if i < 0 {
			continue
		}
		j := &s.Jobs[i]
		r := Job{ID: p.Job, Cluster: p.Cluster, Start: p.Start, End: p.End, Nodes: p.Nodes, Submit: j.Submit,
			Wait: p.Start - j.Submit, Turnaround: p.End - j.Submit, State: Completed}
		r.BSLD = BSLD(r.Wait, p.End-p.Start)
		switch {
		case kills && check.Killed(j):
			r.State = Killed
		case j.Deadline > 0 && p.End > j.Deadline:
			r.State = Late
		}
		out = append(out, r)
	}
	for _, d := range res.Dropped {
		i := ix.Find(d.Job)
		if i < 0 {
			continue
		}
		out = append(out, Job{ID: d.Job, Submit: s.Jobs[i].Submit, State: Dropped, Reason: d.Reason})
	}
	return out
}

// JobsHeader is the per-job CSV header: the schedule CSV's five columns
// first (design.md section 4), then the added ones.
var JobsHeader = []string{"job", "cluster", "start", "end", "nodes", "submit", "wait", "turnaround", "bsld", "state", "reason"}

// WriteJobsCSV writes the per-job table under JobsHeader. Numbers are in
// their shortest exact decimal form; a dropped job's cluster, times and
// nodes are empty.
func WriteJobsCSV(w io.Writer, rows []Job) error {
	cw := csv.NewWriter(w)
	cw.Write(JobsHeader)
	f := csvfmt.Float
	for k := range rows {
		r := &rows[k]
		if r.State == Dropped {
			cw.Write([]string{r.ID, "", "", "", "", f(r.Submit), "", "", "", r.State, r.Reason})
			continue
		}
		cw.Write([]string{r.ID, r.Cluster, f(r.Start), f(r.End), strconv.Itoa(r.Nodes), f(r.Submit), f(r.Wait), f(r.Turnaround), f(r.BSLD), r.State, ""})
	}
	cw.Flush()
	return cw.Error()
}

// WriteRunCSV writes res, a run of s, as CSV: with format "csv" the
// per-job table (WriteJobsCSV), with "series" the time series
// (WriteSeriesCSV), of s with its generator expanded (workload.Expand)
// as the run scheduled it; `run -format csv|series` and POST
// /api/run?format=csv|series answer it.
func WriteRunCSV(w io.Writer, s *model.Scenario, res *sched.Result, format string) error {
	full, err := workload.Expand(s)
	if err != nil {
		return err
	}
	rows := Jobs(full, res)
	if format == "csv" {
		return WriteJobsCSV(w, rows)
	}
	return WriteSeriesCSV(w, Series(rows))
}
