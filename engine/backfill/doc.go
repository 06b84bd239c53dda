// Package backfill is gridplay's backfilling core and the classic
// single-cluster policies built on it:
//
//   - fcfs: first-come-first-served, no backfilling.
//   - easy: EASY backfilling (D. Lifka, "The ANL/IBM SP scheduling
//     system", JSSPP 1995): only the queue head holds a reservation.
//   - conservative: conservative backfilling (A. Mu'alem and D. Feitelson,
//     "Utilization, predictability, workloads, and user runtime estimates
//     in scheduling the IBM SP2 with backfilling", IEEE TPDS 2001): every
//     waiting job holds a reservation.
//
// The same core runs the adaptive multisite co-allocation of paper 001
// (engine/multisite): the core owns the queue, the reservations, the
// backfilling and the events; a Selector owns the performance model and
// says where and when a job would run (multisite Alg. 1 step 2b).
// Availability is a kernel.Profile per site: free processors over time,
// holding running jobs until their estimated ends and reservations in the
// future.
//
// # Definitions
//
// FCFS: at each pass, queued jobs start in queue order while the next one
// fits; the first that does not blocks every later job.
//
// EASY: as FCFS, but the first job that does not fit (the head) gets a
// reservation at its earliest start in the profile of running jobs: the
// shadow time. Every later job that can start now without touching that
// reservation starts now (backfilled); on one cluster this is Lifka's
// rule "it ends by the shadow time, or it uses only the extra nodes" (the
// nodes free at the shadow time beyond the head's need; every job whose
// estimate ends at the shadow time counts). The reservation
// is dropped at the end of the pass and recomputed at the next one, so
// the head may start earlier than its shadow time but never later.
//
// Conservative: a job gets a reservation when it arrives, at its earliest
// start in the profile that holds the running jobs and all earlier
// reservations; it starts when its reservation starts (at once if that is
// now: then it is backfilled when an earlier job still waits). When a job
// ends before its estimate, its remaining time is released and the
// reservations are compressed: each waiting job, in queue order, is taken
// out and placed again at its earliest start. Its old slot is still free
// (earlier jobs were placed with it in the profile), so no job moves
// later; a Selector whose choice could be worse by its own Key keeps the
// old reservation.
//
// # Conventions
//
//   - Queue order is submit time, then the order of the job list.
//   - Estimates are the requested time (model.Job.Requested; 0 means the
//     runtime). A job runs min(runtime, estimate): a job whose runtime
//     exceeds its request is killed at the request (counted in the
//     "killed" metric and a note). Reservations and shadow times use
//     estimates only; the core never peeks at actual runtimes.
//   - A job larger than the cluster is a sched.Drop with a reason; it never
//     enters the queue, so it blocks nobody.
//   - Zero-length jobs: a job whose estimate is zero, or so small that
//     start + estimate rounds to start, holds no time. It needs its
//     processors free at one instant and nothing more: it takes no
//     reservation (it is never the EASY head and has no conservative
//     reservation), and at each pass it starts if it fits now in the
//     profile (which under conservative counts reservations starting
//     now); FCFS keeps it in queue order. It takes its nodes and gives
//     them back as it starts, so a job started after it in the same pass
//     gets every node it asks for. Holding it in the profile for a tiny
//     time instead would shift every job queued behind it by that time.
//   - When the scheduler runs (tie rules; compat pyss changes them, see
//     below): events are ordered by the kernel queue (time, then Finish
//     before Arrive before Schedule, then insertion order). Every finish and arrival asks for one pass at its
//     time; the pass runs after every finish and arrival of that instant.
//     So a job that ends at t frees its nodes for jobs arriving at t, and
//     jobs submitted at the same instant are seen together, in list order.
//     Under conservative a wake-up pass also runs at the earliest reserved
//     start (normally it coincides with a finish).
//   - Nodes: a starting job takes the lowest free node indices of its
//     site (stable Gantt lanes). Profiles count processors; the count
//     guarantees that enough indices are free.
//   - Placements are listed in start order (ties in queue order).
//   - The "backfilled" metric counts jobs started while an earlier job
//     waited; each emits a "backfill" frame (FrameData) naming the head,
//     its shadow time and the extra nodes.
//
// # SWF traces
//
// The swf package turns a trace into one cluster "site0" with the trace's
// MaxProcs processors; a job's size is its allocated processors, falling
// back to the requested ones; its estimate is the requested time, falling
// back to the runtime; its runtime is the trace's own, so a job that ran
// past its request is killed at it here and counted in "killed"; a run
// time of 0 is a job when the record has a requested time; see
// engine/swf for the records it leaves out.
//
// # Compatibility with pyss
//
// Scenario.Compat = "pyss" (CLI: run -compat pyss) runs fcfs, easy and
// conservative under the job model and tie order of pyss, Dan Tsafrir's
// Python scheduler simulator (the Google Code project "pyss", read in its
// published source: base/prototype.py for the job model and the event
// order, schedulers/easy_scheduler.py, conservative_scheduler.py,
// fcfs_scheduler.py and simulator.py for when the scheduler runs), so
// that a schedule can be checked start for start against it. Side by
// side, gridplay's conventions and pyss's:
//
//	                     gridplay (default)              compat pyss
//	estimate             requested (else run time)       floor(max(requested, run, 1))
//	run time             min(run, estimate): killed at   floor(max(min(requested, run), 1))
//	                     the request, in "killed"        (the same cut, also in "killed")
//	processors           as given; larger than the       min(size, machine), at least 1
//	                     machine: dropped
//	run time 0           0 s, holds its estimate         1 s job, 1 s estimate, submitted
//	                     until it ends                   at max(submit, 1)
//	no requested time    estimate = run time             estimate = run time (scenario);
//	                                                     from an SWF record, 1 s run
//	events at an instant finishes, then arrivals,       submissions first, one pass after
//	                     then one pass                   each; then terminations, one pass
//	                                                     after each, in start order
//	compression          after a job ends before its     after every termination
//	(conservative)       estimate
//
// Details:
//   - Run and estimate are whole seconds under pyss (it reads the trace
//     with int()); submit times are used as given.
//   - SWF records that gridplay's reading leaves out (no run time, no
//     processors, a negative submit time) or reads differently (no
//     requested time) are converted by engine/swf's pyss reading
//     (Trace.ScenarioCompat), which the CLI uses with -compat pyss. In a
//     scenario a missing requested time means "the run time" (the model's
//     definition), so only a trace read with the pyss reading gives such
//     jobs pyss's 1 s run.
//   - Nodes: a job whose termination has not been handled yet at an
//     instant (pyss handles submissions first) has already given back its
//     node indices; its unused estimate stays in the profile until its
//     termination pass, as in pyss's CPU snapshot.
//   - pyss orders the terminations of jobs that end at the same instant by
//     the order in which their start events were handled, which for jobs
//     that start together under conservative is the order their current
//     reservations were made; gridplay uses the order they started in the
//     pass (queue order). Both agree under FCFS and EASY.
//   - pyss's printed statistics leave out 1 s, 1-processor jobs, the
//     first 1% of jobs by finish time and jobs that end after the last
//     submission; gridplay's metrics count every job. Compare schedules,
//     not those averages.
//   - The scenario's other policies ignore Compat.
//
// # Choices where the definitions are silent
//
//   - EASY recomputes the head's reservation at every pass rather than
//     keeping the first one; the property tests check the first is never
//     exceeded.
//   - Under EASY a pass stops scanning the queue as soon as no processor is
//     free now (no later job could start).
//   - Compression may skip the full re-selection of a job when a quick
//     bound (Selector extension Bounder) shows no better choice exists;
//     the job then keeps its reservation, as the full selection would.
//   - fcfs, easy and conservative refuse a platform with more than one
//     cluster (use a multisite-* policy) rather than pick one silently.
//
// # Work estimate
//
// Before a run, engine/runner asks for an estimate (CoreWork, work.go)
// and refuses one over sched.MaxSteps; CoreWork gives the formulas.
package backfill
