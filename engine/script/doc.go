// Package script is the policy "script": a scheduling policy written in
// Starlark (go.starlark.net: Python syntax, deterministic, sandboxed, no
// I/O and no clock), carried by the scenario as policy.script (issue 38:
// "A script is plain text in the scenario (policy.script), so it travels
// in share links ... and in exported scenarios"). docs/policies.md is
// the user's page of the API; this doc lists how it is built and every
// choice made where the issue is silent.
//
// # Two forms
//
// A script defines priority or schedule, never both (Info, Inspect).
//
// priority(job) or priority(job, now): "a sort key; the smallest runs
// first", with a module-level backfill = "none" | "easy" | "conservative"
// (default "easy"). The run is the backfilling core of engine/backfill,
// the same core fcfs, easy and conservative run, with the plain
// single-cluster selector (backfill.NewSingle) and one hook,
// backfill.Config.Reorder, that sorts the waiting jobs at the start of
// every pass. The order is the key, then submit order, then scenario
// order (the "ties in submit order and then scenario order"),
// a total order, so no sort stability is relied on. "A key that takes
// only job is computed once per job": at the first pass the job waits
// in (its arrival time, where job.wait is 0); the queue then stays
// sorted and arriving jobs are inserted by binary search. "One that
// takes now is computed at every decision time": every waiting job's key
// at every pass, then a sort. With the key job.submit the order is the
// core's own queue order, so the schedule equals the built-in's
// (TestPriorityBySubmit). Choices:
//   - The priority form runs on exactly one cluster, as the built-ins
//     do (sched.NeedOneCluster otherwise).
//   - Under conservative, a job gets its reservation at the first pass
//     it waits in, in key order among the jobs arriving together; a
//     later job of a smaller key does not move reservations already
//     given (that is conservative backfilling's promise); compression
//     re-places waiting jobs in key order.
//   - The key is an int or a float (not NaN); anything else fails the
//     run at the def's line.
//   - Each placement's why is its key ("priority 3600, smallest first;
//     easy backfilling"); backfilled jobs also get the core's "backfill"
//     frames.
//
// schedule(ctx): "full control, called once per distinct event time
// ... after every arrival and every end at that time has been applied".
// The package runs its own event loop (schedule.go): finishes from an
// engine/kernel queue, arrivals in submit order, then scenario order. At
// each distinct time every end is applied (its nodes freed), then every
// arrival (appended to ctx.queue), then schedule(ctx) is called once.
// Choices:
//   - A job that starts with a run time of 0 (an estimate above 0) ends
//     at the time it started, after the call; its end is an event at
//     that time, so schedule(ctx) is called again at the same time, as
//     the built-ins run a second pass then (the EASY template's equality
//     depends on it).
//   - A job that holds no time (its estimate rounds away: now + estimate
//     == now, backfill's "zero-length jobs") takes its nodes and gives
//     them back at once; it never appears in ctx.running.
//   - schedule(ctx) is called even when the queue is empty (ends change
//     ctx.running, which a script may track; the call is cheap).
//   - Module-level lists and dicts are not frozen: a function may change
//     them to keep state between calls (a round robin's next cluster).
//     Every run starts from the top level again, so two runs of one
//     scenario give the same answer.
//   - A job larger than every cluster is dropped when it arrives (with
//     the built-ins' reason on one cluster) and never enters the queue;
//     a job still waiting when no event is left is dropped with the
//     reason "schedule(ctx) never started it".
//   - "A job runs for its trace run time, and is killed at its estimate
//     as in the built-in policies": backfill.Durations gives the sizes,
//     estimates and run times, the same as fcfs, easy and conservative,
//     and the checker (engine/check, system Classic) checks them.
//   - A starting job takes the lowest free node indices of its cluster
//     from a backfill.NodeSet, the backfilling core's own, so the EASY
//     template's placements equal the built-in's node for node.
//   - Placements are in start order. The "backfilled" metric counts jobs
//     started while an earlier job (in queue order) still waited, as the
//     core counts them.
//   - ctx.running is in order of estimated end (end_estimate), ties in
//     start order: the order a backfilling script walks to find when
//     enough nodes will be free, with no sort of its own (the EASY
//     template sorted it with a lambda key at first: a third of its
//     time).
//   - ctx.queue and ctx.running are tuples (read-only), built when the
//     script reads them after a change and reused until the next one;
//     job values are made once per run (the issue's "reuse the job values
//     between calls instead of rebuilding them"); ctx.clusters is one
//     tuple for the run whose free counts are read live.
//   - cluster= in ctx.fits and ctx.start takes a cluster of ctx.clusters
//     or its id; None means "the first cluster, in platform order, where
//     it fits".
//   - why is at most MaxWhy bytes; each start also emits a "script" frame
//     (Decision) for the page's narration.
//   - job.user is the job's model.Job.User: for a job imported from an
//     SWF trace, the trace's user id in decimal ("7", engine/swf); ""
//     when the trace does not know it or the scenario does not give one.
//
// # Errors and limits
//
// Every error of a script is an *Error: a *model.FieldError on
// policy.script for errors.As, so the CLI and the page report it as any
// bad field and engine/api answers it 400 with the message (issue 38;
// other bad fields are 422, never 500), with Line and Col
// (1-based) for the page's editor, and the decision time (Time) when it
// happened during the run. Its message reads "line L, column C: msg (in
// schedule at t=T s)". Syntax and name errors come from Starlark's
// parser and resolver (a missing ":" is shown at the end of its line,
// not at the start of the next: syntaxPos); runtime errors name the
// innermost frame of the script; a wrong call of ctx.start (a job that
// does not fit: its id, the time, the nodes asked for and the nodes
// free) is at the call. A budget error is at the last operation that
// can fail before the stop: Starlark's line table has no entry for a
// while header, a constant's assignment or pass, so "while True: pass"
// is shown at its def.
//
// Budgets are policy parameters: steps_per_decision (default 1e7, at
// most 1e9; the top level counts as one decision) and steps_total
// (default 1e9, at most 5e9), in Starlark steps (one bytecode
// instruction, about 30 ns natively). Over one, the run fails naming the
// decision time and the line the script was at. script_bytes caps the
// script (default 16 KiB, at most model.MaxScriptBytes, 64 KiB, which
// scenario validation enforces for every policy: share links carry the
// script).
//
// Cancel: the thread's step limit is also a checkpoint every 16,384
// steps (OnMaxSteps), where the run's context is read; a cancelled
// context cancels the thread at once and the run returns the context's
// error. No goroutine watches the context, so this works under js/wasm,
// where no other goroutine runs while the script does.
//
// The Starlark dialect allows while loops, sets and top-level if/for
// (closer to Python); recursion and reassigning globals are refused
// (Starlark's defaults). print does nothing; load is refused.
//
// # Work estimate
//
// Estimate is backfill.CoreWork for the script's backfilling (EASY for
// a schedule script) plus the script's steps at 20 work steps each
// (starlarkStep): 50 a job, plus CoreWork(EASY) again for a key of now
// or a schedule script (both visit the queue at every decision). A
// script's own loops cannot be guessed; the budgets cap them.
//
// # Templates
//
// templates/*.star ship in the binary (Templates, TemplateByName): FCFS,
// SJF with EASY, WFP3 (Tang et al., IEEE Cluster 2009), largest first,
// EASY written in schedule form, and a two-cluster "least loaded". The
// EASY template equals the built-in easy job for job on the whole
// KTH-SP2 trace and on the first 20,000 HPC2N jobs (TestEASYScheduleTemplate).
package script
