package main

import (
	"io"
	"strconv"

	"gridplay/engine/model"
	"gridplay/engine/outputs"
	"gridplay/engine/sched"
	"gridplay/site/gantt"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// Export offers the chart as PNG, the schedule and the metrics as CSV
// and the scenario as JSON.
type Export struct {
	P *Page
	// Compare is the page's compare view: the metrics export writes its
	// comparison when it was made for the scenario as it is.
	Compare *Compare
	// Outputs is the outputs view, whose per-job table the schedule
	// export writes.
	Outputs *Outputs
}

// png offers the Gantt chart with a title (the scenario), the policy and
// its key numbers, and a legend, so the file explains itself.
func (c *Export) png() {
	s := c.P.App.Scenario
	jsbridge.DownloadChart("canvas#gantt", c.P.fileBase()+"-gantt.png", s.Name, ChartSubtitle(s, c.P.App.Result), ChartLegend(c.P.chart, c.P.App.Player.T))
}

// ChartLegend is the legend line under an exported chart, for what the
// canvas shows at time t: bars, or a trace's heat map (the legend spoke
// of bars under a heat map).
func ChartLegend(ch *gantt.Chart, t float64) string {
	if ch != nil && ch.HeatMap(t) {
		return "Legend: one lane per cluster, one row per node; too many jobs to draw one by one, so each pixel's shade says how busy that node was then (white idle, dark blue busy all the time); time in seconds. Made with gridplay."
	}
	return "Legend: one lane per cluster, one row per node; each bar is a job (labelled by its id, one colour per job); time in seconds. Made with gridplay."
}

// ChartSubtitle is the line under an exported chart's title: the policy,
// the seed and the key numbers of the run.
func ChartSubtitle(s *model.Scenario, r *sched.Result) string {
	sub := "Policy " + s.Policy.Name + ", seed " + strconv.FormatUint(s.Seed, 10)
	if r != nil {
		for _, k := range []string{"makespan", "wait", "utilisation", "mcp", "awrt", "ttr"} {
			if v, ok := r.Metrics[k]; ok {
				sub += " · " + k + " " + state.WithUnit(k, state.FormatNumber(v))
			}
		}
	}
	return sub
}

// schedule offers the run's schedule as the CLI writes it (run -format
// csv: job,cluster,start,end,nodes, then submit, wait, turnaround, bsld,
// state and reason, a row per placement in the policy's order, then the
// dropped jobs): the engine's writer on the per-job table the outputs
// view built for this run, so the bytes are the CLI's.
func (c *Export) schedule() {
	if c.scheduleReady() {
		downloadCSV(c.P.fileBase()+"-schedule.csv", func(w io.Writer) error { return outputs.WriteJobsCSV(w, c.Outputs.Table.Rows) })
	}
}

// scheduleReady tells whether the per-job table of the run shown is
// built (the outputs view builds it a moment after each run).
func (c *Export) scheduleReady() bool {
	o := c.Outputs
	return c.P.App.Result != nil && o.forRes == c.P.App.Result && o.Table != nil
}

// metrics writes the metrics the page shows for this scenario: the
// comparison when it was made for the scenario as it is now, else the
// current run alone (a stale comparison is for another scenario).
func (c *Export) metrics() {
	var rs []*sched.Result
	if c.Compare.current(c.P.App.Scenario) {
		rs = c.Compare.Results
	} else if c.P.App.Result != nil {
		rs = []*sched.Result{c.P.App.Result}
	}
	jsbridge.Download(c.P.fileBase()+"-metrics.csv", "text/csv", state.MetricsCSV(rs))
}

func (c *Export) json() {
	b, err := model.Encode(c.P.App.Scenario)
	if err != nil {
		c.P.async.Notice = "The scenario does not validate yet, so it cannot be exported: " + err.Error()
		return
	}
	jsbridge.Download(c.P.fileBase()+".json", "application/json", b)
}
