package outputs

import (
	"bufio"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gridplay/engine/check"
	"gridplay/engine/csvfmt"
	"gridplay/engine/metrics"
	"gridplay/engine/model"
	"gridplay/engine/sched"
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
	bw := bufio.NewWriterSize(w, 64<<10)
	b := make([]byte, 0, 256)
	b = appendRecord(b, JobsHeader...)
	for k := range rows {
		r := &rows[k]
		if len(b) > 60<<10 {
			if _, err := bw.Write(b); err != nil {
				return err
			}
			b = b[:0]
		}
		b = appendField(b, r.ID)
		b = append(b, ',')
		if r.State == Dropped {
			b = appendField(b, "")
			b = append(b, ",,,,"...)
			b = appendFloat(b, r.Submit)
			b = append(b, ",,,,"...)
			b = append(b, r.State...)
			b = append(b, ',')
			b = appendField(b, r.Reason)
			b = append(b, '\n')
			continue
		}
		b = appendField(b, r.Cluster)
		b = append(b, ',')
		b = appendFloat(b, r.Start)
		b = append(b, ',')
		b = appendFloat(b, r.End)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(r.Nodes), 10)
		b = append(b, ',')
		b = appendFloat(b, r.Submit)
		b = append(b, ',')
		b = appendFloat(b, r.Wait)
		b = append(b, ',')
		b = appendFloat(b, r.Turnaround)
		b = append(b, ',')
		b = appendFloat(b, r.BSLD)
		b = append(b, ',')
		b = append(b, r.State...)
		b = append(b, ",\n"...)
	}
	if _, err := bw.Write(b); err != nil {
		return err
	}
	return bw.Flush()
}

// appendFloat writes a number as every CSV of gridplay does
// (csvfmt.Float): the shortest exact decimal, no exponent.
func appendFloat(b []byte, v float64) []byte { return csvfmt.AppendFloat(b, v) }

// appendField appends one CSV field, quoted when encoding/csv would quote
// it (a comma, quote or line break, a leading space, or `\.`), so the
// bytes are those of a csv.Writer.
func appendField(b []byte, f string) []byte {
	if !needsQuotes(f) {
		return append(b, f...)
	}
	b = append(b, '"')
	for i := 0; i < len(f); i++ {
		if f[i] == '"' {
			b = append(b, '"', '"')
			continue
		}
		b = append(b, f[i])
	}
	return append(b, '"')
}

func needsQuotes(f string) bool {
	if f == "" {
		return false
	}
	if f == `\.` || strings.ContainsAny(f, ",\"\r\n") {
		return true
	}
	r, _ := utf8.DecodeRuneInString(f)
	return unicode.IsSpace(r)
}

func appendRecord(b []byte, fields ...string) []byte {
	for i, f := range fields {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendField(b, f)
	}
	return append(b, '\n')
}
