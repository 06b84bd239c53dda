package sched

import (
	"container/heap"
	"fmt"
	"math"
	"math/bits"
	"sort"

	"gridplay/engine/model"
)

// Work is a policy's estimate of what one run of a scenario costs.
type Work struct {
	// Steps is the count of basic steps (the package doc, "Work
	// estimates").
	Steps float64 `json:"steps"`
	// Field is the input the estimate grows with fastest and that a
	// person can lower, such as "policy.params.round_generations" or
	// "jobs".
	Field string `json:"field"`
	// Lower names, for a person, what to lower to make the run smaller,
	// such as "round_generations, population or window, or the jobs".
	Lower string `json:"lower"`
}

// Estimator is implemented by every policy (engine/all's contract test
// checks it). Estimate returns the work a run of s costs, s as the policy
// would run it (validated, its generator expanded). A parameter out of
// range is the same error Run gives; the estimate itself never fails and
// never simulates.
type Estimator interface {
	Estimate(s *model.Scenario) (Work, error)
}

const (
	// MaxSteps is the largest estimate a run may have: about 150 s
	// natively and 6 minutes in the browser at NsPerStep (engine/runner
	// refuses more). Every shipped preset, experiment run, the benchmark
	// set and the shipped traces whole under fcfs, easy and conservative
	// are far below it (engine/all's and site's tests).
	MaxSteps = 1e11
	// NsPerStep is the native time of one step, in nanoseconds
	// (engine/all/work_bench_test.go measures it).
	NsPerStep = 1.5
	// BrowserSlowdown is how much slower a step runs in the browser's
	// engine worker than natively (engine/all/work_bench_test.go).
	BrowserSlowdown = 2.5
)

// Seconds is the native time w is estimated to take.
func (w Work) Seconds() float64 { return w.Steps * NsPerStep / 1e9 }

// BrowserSeconds is the time w is estimated to take in the browser's
// engine worker.
func (w Work) BrowserSeconds() float64 { return w.Seconds() * BrowserSlowdown }

// Check refuses w when it is over MaxSteps: a *model.FieldError naming
// w.Field with the estimate, the cap and what to lower (w.Lower; the
// runner's estimate fills both in for a policy that leaves them empty).
func (w Work) Check() error {
	if !(w.Steps > MaxSteps) { // NaN is not over the cap: never refuse on it
		return nil
	}
	return model.Errf(w.Field, fmt.Sprintf(
		"this run is estimated at %s steps, about %s natively, over the cap of %s steps (about %s); lower %s",
		Sci(w.Steps), Duration(w.Seconds()), Sci(MaxSteps), Duration(Work{Steps: MaxSteps}.Seconds()), w.Lower))
}

// Sci writes a step count for a person: "4.2e9", or the whole number
// below 10^6.
func Sci(x float64) string {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0):
		return fmt.Sprint(x)
	case x < 1e6:
		return fmt.Sprintf("%.0f", x)
	}
	e := math.Floor(math.Log10(x))
	m := x / math.Pow(10, e)
	if m >= 9.95 { // 9.96e9 rounds to 10.0e9
		m, e = m/10, e+1
	}
	return fmt.Sprintf("%.1fe%d", m, int(e))
}

// Duration writes seconds for a person: "40 s", "150 s", "12 minutes", "3 hours",
// "5 days", "2,000 years".
func Duration(s float64) string {
	switch {
	case math.IsNaN(s):
		return "an unknown time"
	case s < 1:
		return "under a second"
	case s < 300:
		return fmt.Sprintf("%.0f s", s)
	case s < 2*3600:
		return fmt.Sprintf("%.0f minutes", s/60)
	case s < 2*86400:
		return fmt.Sprintf("%.0f hours", s/3600)
	case s < 2*365*86400:
		return fmt.Sprintf("%.0f days", s/86400)
	case s < 1e6*365*86400:
		return fmt.Sprintf("%.0f years", s/(365*86400))
	}
	return "over a million years"
}

// FluidQueue estimates the queue a workload builds without simulating a
// policy. Jobs, in submit order (ties in list order), are served by a
// machine that does work at rate 1 with no packing losses; job i needs
// work[i] (its node-seconds over the machine's nodes: the seconds the
// whole machine would spend on it). It returns, in list order, Q_i: the
// number of earlier jobs not finished when job i arrives.
//
// With shared false the jobs are served one after another in submit
// order (a queue that no job passes: fcfs, TITAN's list schedules); with
// shared true every job in the system gets an equal share of the machine
// (processor sharing), so small jobs pass big ones as they do under
// backfilling. Either way a burst of jobs submitted together gets
// Q_i = i, as in any scheduler. Q_i is a rough figure, not a bound. A
// submit time that is not finite counts as 0, and work that is not a
// finite number above 0 counts as 0. It takes O(n log n).
func FluidQueue(submit, work []float64, shared bool) []float64 {
	n := len(submit)
	ord := make([]int, n)
	for i := range ord {
		ord[i] = i
	}
	at := func(i int) float64 {
		if t := submit[i]; !math.IsNaN(t) && !math.IsInf(t, 0) {
			return t
		}
		return 0
	}
	sort.SliceStable(ord, func(a, b int) bool { return at(ord[a]) < at(ord[b]) })
	q := make([]float64, n)
	if !shared {
		ends := make([]float64, 0, n) // completion times, non-decreasing
		done := 0                     // ends[:done] are at or before the current arrival
		free := math.Inf(-1)
		for _, i := range ord {
			ta, w := at(i), fluidWork(work[i])
			for done < len(ends) && ends[done] <= ta {
				done++
			}
			q[i] = float64(len(ends) - done)
			free = math.Max(free, ta) + w
			ends = append(ends, free)
		}
		return q
	}
	// Every job in the system gets 1/N of the machine, so all progress
	// alike: v is the work each has received since time 0 (virtual
	// time), and a job ends when v reaches v at its arrival plus its
	// work. fin is a min-heap of those end values.
	var fin minHeap
	v, t := 0.0, math.Inf(-1)
	for _, i := range ord {
		ta, w := at(i), fluidWork(work[i])
		for len(fin) > 0 {
			nq := float64(len(fin))
			dt := (fin[0] - v) * nq // time until the first end
			if t+dt > ta {
				v += (ta - t) / nq
				break
			}
			t += dt
			v = fin[0]
			heap.Pop(&fin)
		}
		t = ta
		q[i] = float64(len(fin))
		heap.Push(&fin, v+w)
	}
	return q
}

// CeilLog2 is ceil(log2 n) for n >= 1 (0 below), in integer arithmetic:
// an estimate is the same number on every platform.
func CeilLog2(n int) float64 {
	if n <= 1 {
		return 0
	}
	return float64(bits.Len(uint(n - 1)))
}

// fluidWork is w when it is a finite number above 0, else 0.
func fluidWork(w float64) float64 {
	if !(w > 0) || math.IsInf(w, 0) {
		return 0
	}
	return w
}

// minHeap is a min-heap of float64 (container/heap).
type minHeap []float64

func (h minHeap) Len() int           { return len(h) }
func (h minHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h minHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *minHeap) Push(x any)        { *h = append(*h, x.(float64)) }
func (h *minHeap) Pop() any {
	x := (*h)[len(*h)-1]
	*h = (*h)[:len(*h)-1]
	return x
}
