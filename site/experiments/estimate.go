package experiments

import (
	"fmt"
	"time"

	"gridplay/engine/sched"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// The estimate of a full run's time, shown before it starts (issue 37,
// item 8). A run of an experiment in this page measures this device: the
// time its workers spent on its points over the sum of the points' costs
// (sched.PointInfo.Cost, in the experiment's own units, the same in
// quick and full mode) is a worker's time per unit of cost. The full
// plan, made here (making a plan runs nothing), times that rate over the
// workers is the estimate; no run ends before its largest point, so that
// point bounds it from below. It is an estimate: the costs are rough
// sizes, and the device may be busier than when it was measured.

// costs is the total and the largest cost of a plan's points; ok is
// false when a point has no cost (its size is unknown, so the plan cannot
// be scaled).
func costs(plan []sched.PointInfo) (total, largest float64, ok bool) {
	for _, p := range plan {
		if p.Cost <= 0 {
			return 0, 0, false
		}
		total += p.Cost
		largest = max(largest, p.Cost)
	}
	return total, largest, len(plan) > 0
}

// Estimate is the time plan should take on parallel workers at perCost, a
// worker's time per unit of cost; ok is false when the plan's points have
// no costs or the rate is unknown.
func Estimate(plan []sched.PointInfo, perCost time.Duration, parallel int) (d time.Duration, ok bool) {
	total, largest, ok := costs(plan)
	if !ok || perCost <= 0 {
		return 0, false
	}
	spread := total / float64(max(parallel, 1))
	return time.Duration(max(spread, largest) * float64(perCost)), true
}

// PerCost is the rate a finished sweep measured: its workers' time on
// the points (each request from its sending to its answer) per unit of
// cost; ok is false when the sweep is not finished or its plan has no
// costs.
func (s *Sweep) PerCost() (time.Duration, bool) {
	total, _, ok := costs(s.Plan)
	if !s.Finished || !ok || s.busy <= 0 {
		return 0, false
	}
	return time.Duration(float64(s.busy) / total), true
}

// learn keeps the rate of a sweep that just ended on this page's
// workers, for the estimates of the experiment's later runs.
func (c *View) learn(s *Sweep) {
	if s == nil || s.Local == nil {
		return // a remote API: its speed is not this device's
	}
	if r, ok := s.PerCost(); ok {
		if c.perCost == nil {
			c.perCost = map[string]time.Duration{}
		}
		c.perCost[s.Name] = r
	}
}

// estimateText is the sentence shown under the form before a full run
// starts, or "" when the form is for a quick run or a run is going on.
func (c *View) estimateText() string {
	if c.Quick || c.Sweep.Active() || c.Embed || c.Name == "" {
		return ""
	}
	if c.UseCloud {
		return "No estimate of the full run's time on Cloudflare Workers: the estimates measure this device."
	}
	e, found := sched.LookupExperiment(c.Name)
	if !found {
		return ""
	}
	opt, msg := c.options()
	if msg != "" {
		return ""
	}
	plan, err := e.Plan(opt)
	if err != nil {
		return ""
	}
	if _, _, ok := costs(plan); !ok {
		return "No estimate of the full run's time: this experiment's plan does not give its points' sizes."
	}
	rate, known := c.perCost[c.Name]
	if !known {
		return "Run it in Quick mode first: its time on this device gives an estimate of the full run's time here."
	}
	parallel := min(jsbridge.Cores(), MaxParallel)
	d, _ := Estimate(plan, rate, parallel)
	return fmt.Sprintf("Estimated time of the full run: about %s on %s (an estimate, scaled from this experiment's last run on this device by the sizes of the %d points).",
		longDur(d), state.Count(parallel, "browser worker"), len(plan))
}

// longDur writes a duration for a person waiting: seconds, minutes or
// hours, never 0 (an estimate under a second reads "1 s").
func longDur(d time.Duration) string {
	switch {
	case d < 90*time.Second:
		return fmt.Sprintf("%.0f s", max(1, d.Seconds()))
	case d < 90*time.Minute:
		return fmt.Sprintf("%.0f min", d.Minutes())
	}
	return fmt.Sprintf("%.1f h", d.Hours())
}
