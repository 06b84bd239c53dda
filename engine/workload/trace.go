package workload

import (
	"fmt"
	"strings"

	"gridplay/engine/model"
	"gridplay/engine/swf"
)

// traceJobs reads the jobs of a trace reference: the shipped trace's
// jobs as an SWF import reads them (swf.Import: the same conversion and
// submit times as the page's and the CLI's import), those submitted in
// [From, To) (To 0: no end), the first First of them (0: every one, up
// to model.MaxJobs). A first-N cut reads only the head of the trace.
func traceJobs(t *model.TraceRef) ([]model.Job, error) {
	if _, ok := swf.FindShipped(t.Name); !ok {
		names := make([]string, len(swf.Shipped))
		for i, s := range swf.Shipped {
			names[i] = s.Name
		}
		return nil, model.Errf("trace.name", fmt.Sprintf("%q is not a trace shipped with gridplay; the traces are %s", t.Name, strings.Join(names, ", ")))
	}
	file := t.Name + ".swf.gz"
	rc, err := swf.Open(file)
	if err != nil {
		return nil, model.Errf("trace.name", fmt.Sprintf("the trace %s could not be read here: %v", t.Name, err))
	}
	defer rc.Close()
	limit := t.First
	if t.From != 0 || t.To != 0 {
		limit = 0 // the window is cut after the import
	}
	cut, err := swf.Import(file, rc, limit)
	if err != nil {
		return nil, model.Errf("trace", err.Error())
	}
	jobs := cut.Jobs
	if t.From != 0 || t.To != 0 {
		kept := jobs[:0:0]
		for _, j := range jobs {
			if j.Submit >= t.From && (t.To == 0 || j.Submit < t.To) {
				kept = append(kept, j)
				if t.First > 0 && len(kept) == t.First {
					break
				}
			}
		}
		if len(kept) == 0 {
			to := "its end"
			if t.To != 0 {
				to = fmt.Sprintf("%g s", t.To)
			}
			return nil, model.Errf("trace", fmt.Sprintf("no job of %s is submitted between %g s and %s (its %d jobs are submitted from 0 to %g s, as imported)",
				t.Name, t.From, to, len(jobs), lastSubmit(jobs)))
		}
		jobs = kept
	}
	return jobs, nil
}

func lastSubmit(jobs []model.Job) float64 {
	m := 0.0
	for _, j := range jobs {
		m = max(m, j.Submit)
	}
	return m
}
