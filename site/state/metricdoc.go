package state

// MetricDocs defines every metric a run reports, with the equation it
// comes from, for the hover text of the summary and the compare table.
var MetricDocs = map[string]string{
	"makespan":       "Makespan: the latest end minus the earliest submit of the scheduled jobs (GA-MF section 3), s.",
	"flowtime":       "Flowtime: the sum over jobs of end minus the batch start Sb (GA-MF section 3), s.",
	"wait":           "Mean wait: start minus submit, averaged over the scheduled jobs, s.",
	"bsld":           "Bounded slowdown: mean of max(1, (wait + run) / max(run, τ)) with τ = 10 s (Feitelson).",
	"utilisation":    "Utilisation: node-seconds used / (nodes × makespan), between 0 and 1.",
	"completed":      "Met deadline: jobs that ended by their deadline (jobs without a deadline do not count). Not the number of jobs run: see 'scheduled'.",
	"scheduled":      "Scheduled: jobs placed in the schedule (in the Gantt chart).",
	"over_deadline":  "Over-deadline: mean lateness of the late jobs, end minus deadline (TITAN eq. 9), s.",
	"advance":        "Average advance time: mean of deadline minus end (TITAN eq. 16), s; positive is early.",
	"awrt":           "AWRT, average weighted response time: Σ size·(end − submit) / Σ size (multisite eq. 3), s.",
	"awwt":           "AWWT, average weighted wait time: Σ size·(start − submit) / Σ size (multisite eq. 4), s.",
	"dropped":        "Dropped: jobs the policy could not place (listed below with the reason).",
	"mcp":            "MCP, mean combined cost: the mean over clusters and rounds of CP = W^o·over-deadline + W^m·makespan + W^i·idle (MUSCLE eqs. 1 and 7).",
	"pb":             "PB, performance balance: the spread of CP across clusters (MUSCLE eq. 8); lower is more balanced.",
	"cp":             "CP, combined cost of one cluster (MUSCLE eq. 1).",
	"idle":           "Idle time, weighted by TITAN eq. 8: node-seconds left unused before the makespan, front-loaded idle weighs more.",
	"ttr":            "TTR, total time to respond: wait + transfer + run of a job, averaged (hybrid eq. 1), s.",
	"fitness":        "Fitness of the best schedule the GA found (its cost function; lower is better).",
	"rounds":         "Scheduling rounds (MUSCLE Alg. 4).",
	"mean_queue":     "Mean queue length measured per round (MUSCLE Fig. 4's workload level).",
	"backfilled":     "Jobs started out of order by backfilling.",
	"killed":         "Jobs stopped at their requested time because they ran longer.",
	"late":           "Jobs that ended after their deadline.",
	"migrated":       "Jobs moved to another cluster or the grid (hybrid).",
	"remote":         "Jobs run away from their home cluster (hybrid).",
	"multisite":      "Jobs co-allocated over more than one site (multisite).",
	"discarded":      "Jobs discarded because they could not meet their deadline anywhere (hybrid).",
	"generations":    "GA generations run.",
	"jobs":           "Jobs in the scenario.",
	"link_peak":      "Highest bandwidth demand on a link, as a share of its capacity (GA-MF).",
	"saturated_time": "Time during which some link was saturated (GA-MF), s.",
}

// MetricLabels rename metrics whose key misleads on its own.
var MetricLabels = map[string]string{"completed": "met_deadline"}

// MetricLabel is the name the page shows for metric key k.
func MetricLabel(k string) string {
	if l, ok := MetricLabels[k]; ok {
		return l
	}
	return k
}

// MetricDoc is the hover text of metric key k.
func MetricDoc(k string) string {
	if d, ok := MetricDocs[k]; ok {
		return d
	}
	return k
}
