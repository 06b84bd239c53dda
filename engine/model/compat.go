package model

import "math"

// PyssJob is a job under pyss's job model (Scenario.Compat = CompatPyss),
// as engine/backfill runs it and engine/check checks it.
type PyssJob struct {
	Submit   float64
	Size     int
	Est, Run float64
}

// Pyss applies pyss's job model (its base/prototype.py,
// _job_input_to_job) to j on a machine of the given processors: a job
// with no run time (0) runs 1 s with a 1 s estimate and is submitted at
// max(submit, 1); any other job has estimate floor(max(q, run, 1)) and
// run floor(max(min(q, run), 1)), q being its requested time (the run
// time when it has none: the model's definition); processors are capped
// at the machine, at least 1. engine/backfill's package doc sets this
// against gridplay's own conventions.
func (j *Job) Pyss(machine int) PyssJob {
	p := PyssJob{Submit: j.Submit, Size: max(min(j.Size, machine), 1)}
	if j.Runtime <= 0 {
		p.Est, p.Run, p.Submit = 1, 1, math.Max(j.Submit, 1)
		return p
	}
	q := j.Estimate()
	p.Est = math.Floor(math.Max(math.Max(q, j.Runtime), 1))
	p.Run = math.Floor(math.Max(math.Min(q, j.Runtime), 1))
	return p
}
