package titan

import (
	"fmt"
	"math"
	"sort"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Amdahl is the parametric scaling curve used for the five codes of Fig. 6
// (a stand-in for a PACE evaluation, section 2.4):
//
//	p_ext(n) = Serial + Work/n + Comm*(n-1) + Log*log2(n)
//
// Serial is the part that does not parallelise, Work the part divided over
// n hosts, Comm a per-extra-host communication cost (all-to-all or
// gather-like exchanges) and Log a cost per communication stage of a
// tree or butterfly pattern. All in seconds. With Comm = Log = 0 the code
// gains from every host (embarrassingly parallel); otherwise the time is
// lowest at some n and grows beyond it, "as the communication costs
// outweigh the computation capability" (section 2.3).
type Amdahl struct {
	Serial, Work, Comm, Log float64
}

// Time implements Predictor; n < 1 counts as 1.
func (a Amdahl) Time(n int) float64 {
	f := float64(max(n, 1))
	return a.Serial + a.Work/f + a.Comm*(f-1) + a.Log*math.Log2(f)
}

// Codes are the five applications of TITAN Fig. 6, by the names jobs use
// in model.App.Code. The paper shows their curves only as a figure,
// without numbers. These parameters were TUNED toward the paper's
// outcome (package doc, "Tuned and untuned"); TextbookCodes is the
// untuned alternative. The shapes they give:
//
//   - cpi: computing pi by integration, embarrassingly parallel; gains
//     from every host.
//   - sweep3d: the ASCI Sweep3D wavefront code; scales well, flattening
//     out towards 16 hosts.
//   - fft: an FFT routine; butterfly exchanges make it fastest at 7 hosts
//     and slower beyond.
//   - improc: an image processing code; fastest at 13 hosts.
//   - bitonic: a bitonic memory sort; communication-bound, fastest at 4
//     hosts and degrading sharply beyond.
//
// The magnitudes (one-host times of 73-316 s) were chosen against the
// 5-11 minute deadlines of section 5's 32-task workload on 16 hosts.
var Codes = map[string]Amdahl{
	"cpi":     {Serial: 1.5, Work: 170, Comm: 0, Log: 0},
	"sweep3d": {Serial: 6, Work: 310, Comm: 0.7, Log: 1.4},
	"fft":     {Serial: 3, Work: 100, Comm: 1.7, Log: 2},
	"improc":  {Serial: 4, Work: 140, Comm: 0.85, Log: 0},
	"bitonic": {Serial: 3, Work: 70, Comm: 3.5, Log: 2.8},
}

// Textbook is the untuned scaling model: Amdahl's law (G.M. Amdahl,
// AFIPS 1967) with a communication term,
//
//	p_ext(n) = T1·(Serial + (1-Serial)/n) + Stage·stages(n),
//
// where stages(n) counts the communication steps of the code's parallel
// pattern as a textbook gives them (A. Grama, A. Gupta, G. Karypis and V.
// Kumar, Introduction to Parallel Computing, 2nd ed., 2003: reduction,
// pipeline, binary-exchange FFT, halo exchange, bitonic sort), each
// costing Stage seconds.
type Textbook struct {
	T1, Serial, Stage float64
	// Pattern is one of "reduce" (log2 n steps: a tree reduction),
	// "pipeline" (n-1: a wavefront filling and draining across n hosts),
	// "butterfly" (log2 n: binary-exchange FFT), "halo" (1 for n > 1: a
	// neighbour exchange of a strip decomposition) and "bitonic"
	// (log2 n·(log2 n+1)/2 compare-split steps).
	Pattern string
}

// Time implements Predictor; n < 1 counts as 1.
func (t Textbook) Time(n int) float64 {
	n = max(n, 1)
	f := float64(n)
	l := math.Log2(f)
	var stages float64
	switch t.Pattern {
	case "reduce", "butterfly":
		stages = l
	case "pipeline":
		stages = f - 1
	case "halo":
		if n > 1 {
			stages = 1
		}
	case "bitonic":
		stages = l * (l + 1) / 2
	}
	return t.T1*(t.Serial+(1-t.Serial)/f) + t.Stage*stages
}

// TextbookCodes are the untuned Fig. 6 codes of the titan-fig9
// experiment's "untuned" reading. One rule for all five, fixed before
// any run and not adjusted after: T1 = 300 s (5 minutes, the shortest
// deadline of section 5, the only time scale the paper gives for its
// tasks), a serial fraction of 0.05 (the 95%-parallel curve of Amdahl's
// law) and 3 s per communication step (1% of T1); only the step count
// differs, by each code's textbook pattern: cpi a reduction of partial
// sums, sweep3d a wavefront pipeline, fft a binary exchange, improc a
// halo exchange, bitonic a bitonic sort. On 1-16 hosts sweep3d is
// fastest on 10 hosts, bitonic on 15 (within 0.1 s from 13 to 16), the
// others on 16; cpi and fft have the same curve (TestTextbookShapes).
var TextbookCodes = map[string]Textbook{
	"cpi":     {T1: 300, Serial: 0.05, Stage: 3, Pattern: "reduce"},
	"sweep3d": {T1: 300, Serial: 0.05, Stage: 3, Pattern: "pipeline"},
	"fft":     {T1: 300, Serial: 0.05, Stage: 3, Pattern: "butterfly"},
	"improc":  {T1: 300, Serial: 0.05, Stage: 3, Pattern: "halo"},
	"bitonic": {T1: 300, Serial: 0.05, Stage: 3, Pattern: "bitonic"},
}

// CodeNames lists the Fig. 6 codes in a fixed order.
var CodeNames = []string{"cpi", "sweep3d", "fft", "improc", "bitonic"}

// Code returns the predictor of a Fig. 6 code by name.
func Code(name string) (Predictor, error) {
	a, ok := Codes[name]
	if !ok {
		return nil, fmt.Errorf("unknown code %q (one of cpi, sweep3d, fft, improc, bitonic)", name)
	}
	return a, nil
}

// fixed is a plain run time, the same on any host count.
type fixed float64

func (f fixed) Time(int) float64 { return float64(f) }

// Fixed is a predictor that ignores the host count: a plain run time.
func Fixed(seconds float64) Predictor { return fixed(seconds) }

// curve interpolates a job's own (n, t) points.
type curve struct {
	n []int
	t []float64
}

// Curve returns a predictor through the given points: linear between
// neighbouring host counts, flat beyond the first and last point. Points
// must have distinct N >= 1 and finite T >= 0; they need not be sorted.
func Curve(points []model.Point) (Predictor, error) {
	if len(points) == 0 {
		return nil, model.Errf("points", "needs at least one point")
	}
	ps := append([]model.Point(nil), points...)
	for i, p := range ps {
		if p.N < 1 {
			return nil, model.Errf(fmt.Sprintf("points[%d].n", i), "must be at least 1")
		}
		if math.IsNaN(p.T) || math.IsInf(p.T, 0) || p.T < 0 {
			return nil, model.Errf(fmt.Sprintf("points[%d].t", i), "must be a finite time >= 0")
		}
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].N < ps[j].N })
	c := curve{}
	for i, p := range ps {
		if i > 0 && p.N == ps[i-1].N {
			return nil, model.Errf("points", fmt.Sprintf("host count %d appears twice", p.N))
		}
		c.n = append(c.n, p.N)
		c.t = append(c.t, p.T)
	}
	return c, nil
}

func (c curve) Time(n int) float64 {
	k := len(c.n)
	if n <= c.n[0] {
		return c.t[0]
	}
	if n >= c.n[k-1] {
		return c.t[k-1]
	}
	i := sort.SearchInts(c.n, n) // c.n[i-1] < n <= c.n[i]
	if c.n[i] == n {
		return c.t[i]
	}
	a, b := c.n[i-1], c.n[i]
	f := float64(n-a) / float64(b-a)
	return c.t[i-1] + f*(c.t[i]-c.t[i-1])
}

// scaled multiplies another predictor's times.
type scaled struct {
	p Predictor
	f float64
}

func (s scaled) Time(n int) float64 { return s.p.Time(n) * s.f }

// Scaled multiplies p's times by factor (e.g. 1/u for a cluster with
// service rate u, MUSCLE section 5).
func Scaled(p Predictor, factor float64) Predictor { return scaled{p, factor} }

// TaskFromJob turns a scenario job into a task: its App (a Fig. 6 code or
// its own points) or its plain Runtime gives the predictor. Errors name the
// job's field (e.g. "app.code"); callers prefix "jobs[i].". They are
// JobError's.
//
// A job with an App may use any host count up to Size (0: any); a job with
// only a Runtime is rigid: its runtime holds on exactly Size hosts.
func TaskFromJob(j model.Job) (Task, error) {
	t := Task{ID: j.ID, Arrival: j.Submit, Deadline: j.Deadline, Priority: j.Priority}
	if err := JobError(&j); err != nil {
		return t, err
	}
	if !hasApp(&j) {
		t.Pred, t.MinHosts, t.MaxHosts = Fixed(j.Runtime), j.Size, j.Size
		return t, nil
	}
	p, _ := appPredictor(j.App) // JobError passed it
	t.Pred, t.MaxHosts = p, j.Size
	return t, nil
}

// JobError is what TaskFromJob refuses in j, or nil, without building a
// task for a job with a plain run time: a policy's Check reads a whole
// trace with it.
func JobError(j *model.Job) error {
	if j.Size < 0 {
		return model.Errf("size", "must not be negative")
	}
	if j.Deadline < 0 || math.IsNaN(j.Deadline) || math.IsInf(j.Deadline, 0) {
		return model.Errf("deadline", "must be a finite time >= 0 (0 means none)")
	}
	if hasApp(j) {
		_, err := appPredictor(j.App)
		return err
	}
	if !(j.Runtime > 0) || math.IsInf(j.Runtime, 0) {
		return sched.Refuse(sched.NeedRuntime, "runtime", "must be > 0 when the job has no app model")
	}
	if j.Size < 1 {
		return model.Errf("size", "must be at least 1 for a job with a plain runtime")
	}
	return nil
}

// hasApp tells whether j's time comes from its application model (a
// code or points) rather than its plain Runtime.
func hasApp(j *model.Job) bool {
	return j.App != nil && (j.App.Code != "" || len(j.App.Points) > 0)
}

// appPredictor is the predictor of an application model: a Fig. 6 code
// or the job's own points, not both. Errors name the field under app.
func appPredictor(a *model.App) (Predictor, error) {
	switch {
	case a.Code != "" && len(a.Points) > 0:
		return nil, model.Errf("app", "give either code or points, not both")
	case a.Code != "":
		p, err := Code(a.Code)
		if err != nil {
			return nil, model.Errf("app.code", err.Error())
		}
		return p, nil
	}
	p, err := Curve(a.Points)
	if err != nil {
		if fe, ok := err.(*model.FieldError); ok {
			return nil, model.Errf("app."+fe.Field, fe.Msg)
		}
		return nil, err
	}
	return p, nil
}
