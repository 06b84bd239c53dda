// Package outputs turns one run into the outputs researchers read: the
// per-job table, the time series of the machine and its queue, and the
// distributions of per-job measures. The CLI (run -format csv|series),
// the HTTP API (POST /api/run?format=...) and the page use these same
// functions, so every surface shows the same numbers.
//
// # Per-job table (Jobs, WriteJobsCSV)
//
// One row per placement in the order the policy reported them, then one
// per dropped job in drop order. CSV header:
//
//	job,cluster,start,end,nodes,submit,wait,turnaround,bsld,state,reason
//
// The first five columns are the schedule CSV of design.md section 4;
// the others are added:
//
//   - wait = start - submit; turnaround = end - submit (response time);
//   - bsld, the bounded slowdown with tau = 10 s (metrics.Tau):
//     max(1, (wait + run) / max(run, tau)), run = end - start as scheduled;
//   - state: "dropped" (the policy dropped the job; reason says why),
//     "killed" (the model cut the job at its requested time because its
//     runtime exceeds it: backfilling and multisite, check.Kills), "late"
//     (it ended after its deadline), else "completed". A job both killed
//     and late is "killed": it did not do its work, which matters more
//     than when it stopped.
//   - reason is the drop reason, empty otherwise. A dropped job has no
//     cluster, times or nodes; its submit is printed.
//
// # Time series (Series, WriteSeriesCSV)
//
// CSV header t,busy_nodes,queued_jobs,queued_nodes: one row at every
// instant where one of the three changes, with the values holding from
// that instant on. A scheduled job is queued from its submit to its start
// and busy from its start to its end, with the nodes of its placement
// (for a moldable TITAN job, the nodes it got). All changes at one instant
// are applied before the row is written. Dropped jobs never enter the
// queue. The first row is at the earliest submit of a scheduled job and
// the last at the latest end, so the time average of busy_nodes over
// that span, divided by the platform's nodes, is the "utilisation" metric
// (engine/metrics: node-seconds used / (nodes x makespan)); a test checks
// it.
//
// # Distributions (Distributions)
//
// For wait, turnaround and bsld over the scheduled jobs: count, mean,
// median (the middle value, or the mean of the two middle values), the
// 95th percentile by nearest rank (the value at rank ceil(0.95 n) of the
// sorted values), the maximum, and points (x, F(x)) of the empirical CDF
// F(x) = share of jobs with a value <= x. With at most 101 distinct values
// every step of the CDF is given; otherwise the points are the smallest
// value and the nearest-rank percentiles 1..100, each with its exact F, so
// a result stays small (at most 101 points per measure) whatever the
// trace. The mean of wait is the "wait" metric and the mean of bsld the
// "bsld" metric. The values are sorted in one total order: -0 before +0
// (which compare equal, and whose order slices.Sort leaves to itself),
// so that a run's percentiles and CDF are the same bytes however long
// it is (sortFloats).
package outputs
