// Package metrics computes the standard schedule metrics of design.md
// section 5 from a finished schedule, each once, citing the equation it
// implements, in two passes over the placements (metrics.go), tested on
// schedules computed by hand. Fill adds them all to a sched.Result under
// lower-case keys, without overwriting a key the policy already set (a
// policy's own definition wins: a paper-internal makespan, for example).
//
// Where every metric of design.md section 5 lives:
//
//	metric                  key            package   source
//	makespan                makespan       metrics   GA-MF section 3 (max F_i - min submit)
//	flowtime                flowtime       metrics   GA-MF section 3 (sum of F_j - Sb)
//	wait                    wait           metrics   mean start - submit
//	bounded slowdown        bsld           metrics   Feitelson's bounded slowdown, tau = 10 s
//	utilisation             utilisation    metrics   node-seconds used / (nodes x makespan)
//	jobs within deadline    completed      metrics   count of jobs ending by their deadline
//	over-deadline           over_deadline  metrics   TITAN eq. 9 lateness, mean over late jobs
//	average advance time    advance        metrics   TITAN eq. 16
//	AWRT                    awrt           metrics   Multisite eq. 3
//	AWWT                    awwt           metrics   Multisite eq. 4
//	dropped jobs            dropped        metrics   len(Result.Dropped)
//	idle time (weighted)    idle           titan     TITAN eq. 8
//	CP, MCP, PB             cp, mcp, pb    muscle    MUSCLE eqs. 1, 7, 8 (per round)
//	TTR                     ttr            hybrid    Hybrid eq. 1
//
// Conventions:
//   - Only scheduled jobs (Result.Schedule) count; dropped jobs appear only
//     in "dropped". A job's size is the scenario's Size (falling back to the
//     placement's node count); its run time is End - Start as scheduled, so
//     speed, multisite overhead and migration are included.
//   - Makespan and flowtime start at the earliest submit time of the
//     scheduled jobs: GA-MF's batch start Sb, the time the first job was
//     submitted. For a batch submitted at once this is the batch's time.
//   - A metric over an empty set (no scheduled jobs, no job with a
//     deadline, no late job) is 0, so every key is always present.
//   - Bounded slowdown: max(1, (wait + run) / max(run, tau)), tau = 10 s,
//     the usual threshold for traces of the Parallel Workloads Archive.
//   - Placements whose job id is not in the scenario are ignored.
package metrics
