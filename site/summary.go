package main

import (
	"fmt"

	"github.com/vugu/vugu"

	"gridplay/engine/sched"
	"gridplay/site/state"
)

// Summary shows the scenario at a glance and the run's metrics.
type Summary struct {
	App *state.App

	// sum is Summarize of the scenario of key: it adds up every job (a
	// whole trace has 200,000), so once per change, not per render.
	sum state.Summary
	key runKey
}

// Compute runs before each build.
func (c *Summary) Compute(ctx vugu.ComputeCtx) {
	if k := (runKey{c.App.Scenario, c.App.Gen}); k != c.key || c.key.s == nil {
		c.key, c.sum = k, state.Summarize(c.App.Scenario)
	}
}

func (c *Summary) title() string {
	if n := c.sum.Name; n != "" {
		return n
	}
	return "Scenario"
}

func (c *Summary) work() string {
	return state.FormatNumber(c.sum.TotalWork) + " node·s"
}

func (c *Summary) elapsed() string {
	return fmt.Sprintf("%.0f ms", c.App.Elapsed)
}

func (c *Summary) metrics() []state.Metric { return state.Metrics(c.App.Result, c.sum.Deadlines) }

// maxDropsShown caps the dropped jobs listed (a trace can drop thousands).
const maxDropsShown = 20

func (c *Summary) dropped() []sched.Drop {
	d := c.App.Result.Dropped
	return d[:min(len(d), maxDropsShown)]
}

func (c *Summary) droppedTitle() string {
	n := len(c.App.Result.Dropped)
	if n == 1 {
		return "1 job was not scheduled"
	}
	return state.FormatNumber(float64(n)) + " jobs were not scheduled"
}

func (c *Summary) droppedMore() string {
	return fmt.Sprintf("and %d more (the Schedule CSV lists them all)", len(c.App.Result.Dropped)-maxDropsShown)
}
