package state

import "gridplay/engine/model"

// The page names each metric as the CLI and the API do (its key in a
// result's metrics, e.g. "awrt"), shows its unit beside the value, and
// explains it in a tooltip: the full name, the equation it comes from,
// and what it counts. A metric about deadlines is shown only when some
// job of the scenario has a deadline: without one it says nothing the
// others do not ("completed" is then the scheduled jobs).

// metricInfo is what the page says about one metric.
type metricInfo struct {
	// Unit is shown after the value: "s", "jobs", or "" for a ratio.
	Unit string
	// Doc is the tooltip: the full name, the definition and its source.
	Doc string
	// Deadline marks a metric about deadlines.
	Deadline bool
}

// metrics defines every metric a run reports, with the equation it comes
// from. Definitions follow the engine (engine/metrics, the policies'
// own): "completed" is metrics.Completed, which counts a scheduled job
// without a deadline too, and a job killed at its requested time.
var metrics = map[string]metricInfo{
	"makespan":       {"s", "Makespan: the latest end minus the earliest submit of the scheduled jobs (GA-MF section 3).", false},
	"flowtime":       {"s", "Flowtime: the sum over the scheduled jobs of end minus the batch start Sb, the earliest submit (GA-MF section 3).", false},
	"wait":           {"s", "Mean wait: start minus submit, averaged over the scheduled jobs.", false},
	"bsld":           {"", "Bounded slowdown: the mean over the scheduled jobs of max(1, (wait + run) / max(run, τ)) with τ = 10 s (Feitelson); 1 is no slowdown.", false},
	"utilisation":    {"", "Utilisation: node-seconds used / (nodes × makespan), from 0 to 1.", false},
	"completed":      {"jobs", "Completed: scheduled jobs that ended by their deadline, or that have none (engine/metrics.Completed); a job stopped at its requested time counts. Shown when some job has a deadline.", true},
	"scheduled":      {"jobs", "Scheduled: jobs placed in the schedule (in the Gantt chart).", false},
	"over_deadline":  {"s", "Over-deadline: the mean lateness of the late jobs, end minus deadline (TITAN eq. 9).", true},
	"advance":        {"s", "Average advance time: the mean over the jobs with a deadline of deadline minus end (TITAN eq. 16); positive is early.", true},
	"late":           {"jobs", "Late: jobs that ended after their deadline.", true},
	"awrt":           {"s", "AWRT, average weighted response time: Σ size·(end − submit) / Σ size (multisite eq. 3).", false},
	"awwt":           {"s", "AWWT, average weighted wait time: Σ size·(start − submit) / Σ size (multisite eq. 4).", false},
	"dropped":        {"jobs", "Dropped: jobs the policy could not place (listed below with the reason).", false},
	"mcp":            {"weighted s", "MCP, mean comprehensive performance: the mean over the clusters and the scheduling rounds of CP = W^o·over-deadline + W^m·makespan + W^i·idle time, a weighted sum of seconds (MUSCLE eqs. 1 and 7); lower is better.", false},
	"pb":             {"weighted s", "PB, performance balance: the standard deviation of CP across the clusters, averaged over the rounds (MUSCLE eq. 8), in CP's unit; lower is more balanced.", false},
	"cp":             {"weighted s", "CP, comprehensive performance of one cluster (MUSCLE eq. 1).", false},
	"idle":           {"s", "Idle time, weighted by TITAN eq. 8: node-seconds left unused before the makespan, front-loaded idle weighs more.", false},
	"ttr":            {"s", "TTR, time to respond: wait + transfer + run, averaged over the jobs completed within their deadline (hybrid eq. 1).", false},
	"ttr_submitted":  {"s", "TTR over every submitted job: a discarded job counted at its deadline, or at its discard when it has none (hybrid eq. 1).", false},
	"fitness":        {"", "Fitness of the best schedule the search found (its cost function; lower is better).", false},
	"rounds":         {"", "Scheduling rounds (MUSCLE Alg. 4).", false},
	"mean_queue":     {"jobs", "Mean queue length measured per round (MUSCLE Fig. 4's workload level).", false},
	"backfilled":     {"jobs", "Backfilled: jobs started out of order by backfilling.", false},
	"killed":         {"jobs", "Killed: jobs stopped at their requested time because they ran longer.", false},
	"migrated":       {"jobs", "Migrated: jobs moved to another cluster or the grid (hybrid).", false},
	"remote":         {"jobs", "Remote: jobs run away from their home cluster or site.", false},
	"multisite":      {"jobs", "Multisite: jobs co-allocated over more than one site (multisite).", false},
	"discarded":      {"jobs", "Discarded: jobs dropped because they could not meet their deadline anywhere (hybrid).", false},
	"generations":    {"", "GA generations run.", false},
	"jobs":           {"jobs", "Jobs in the scenario.", false},
	"link_peak":      {"", "Link peak: the highest bandwidth demand on a link, as a share of its capacity (GA-MF).", false},
	"saturated_time": {"s", "Saturated time: time during which some link was saturated (GA-MF).", false},
}

// MetricUnit is the unit the page writes after metric k's value: "s",
// "jobs", "weighted s", or "" for a ratio, a share or a count of steps.
func MetricUnit(k string) string { return metrics[k].Unit }

// MetricDoc is the tooltip of metric k: its definition and its unit.
func MetricDoc(k string) string {
	m, ok := metrics[k]
	if !ok {
		return k
	}
	if m.Unit != "" {
		return m.Doc + " Unit: " + m.Unit + "."
	}
	return m.Doc
}

// MetricShown tells whether the page shows metric k for a scenario;
// deadlines says whether some job of it has a deadline.
func MetricShown(k string, deadlines bool) bool {
	return deadlines || !metrics[k].Deadline
}

// HasDeadlines tells whether some job of s has a deadline (for a
// generated workload, whether the generator gives deadlines).
func HasDeadlines(s *model.Scenario) bool {
	if g := s.Generator; g != nil {
		return g.DRMin != 0 || g.DRMax != 0
	}
	for i := range s.Jobs {
		if s.Jobs[i].Deadline > 0 {
			return true
		}
	}
	return false
}

// WithUnit is a metric's value as text followed by its unit.
func WithUnit(k, value string) string {
	if u := MetricUnit(k); u != "" {
		return value + " " + u
	}
	return value
}
