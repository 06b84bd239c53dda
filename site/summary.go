package main

import (
	"fmt"

	"gridplay/site/state"
)

// Summary shows the scenario at a glance and the run's metrics.
type Summary struct {
	App *state.App
}

func (c *Summary) sum() state.Summary { return state.Summarize(c.App.Scenario) }

func (c *Summary) title() string {
	if n := c.sum().Name; n != "" {
		return n
	}
	return "Scenario"
}

func (c *Summary) work() string {
	return state.FormatNumber(c.sum().TotalWork) + " node·s"
}

func (c *Summary) elapsed() string {
	return fmt.Sprintf("%.0f ms", c.App.Elapsed)
}

func (c *Summary) metrics() []state.Metric { return state.Metrics(c.App.Result) }
