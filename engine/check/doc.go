// Package check is gridplay's one schedule validator. engine/runner passes
// every result through it and records the verdict in the result
// ("valid": true, or "valid": false with the violations); the property
// tests of the paper systems call the same checker.
//
// A schedule is checked against the scenario it was computed for and the
// model of the policy that computed it (sched.Info.System). What every
// model shares:
//
//   - Every job of the scenario is placed exactly once or dropped exactly
//     once, and a drop has a reason. No placement or drop names a job the
//     scenario does not have.
//   - Times are finite, end >= start, and start >= submit.
//   - A placement's clusters exist; its Alloc names each node at most once
//     and only nodes of that cluster (0..nodes-1); Nodes equals the nodes
//     named in Alloc. Placement.Cluster is the cluster id, or for a job on
//     several clusters their ids joined with "+" in Alloc order.
//   - No node is over-committed. Jobs hold their nodes over the half-open
//     interval [start, end). A job of zero run time holds its nodes at its
//     start instant only: it conflicts with a job whose interval contains
//     that instant strictly inside (start < t < end), not with one that
//     starts or ends there (backfilling starts and ends such jobs at one
//     instant). Placements without Alloc are counted per cluster instead:
//     the nodes of the jobs running at any instant never exceed the
//     cluster's nodes (zero-length jobs are left out of that count).
//   - Times are compared with a tolerance of 1e-9 s plus 1e-9 of the
//     magnitude (1e-6 of the run time for GA-MF, whose run times come from
//     a fluid replay of link sharing).
//
// # Run time per model
//
// end - start must equal the run time of the model below. Where a model
// lets a policy differ from "a job runs for its runtime on Size nodes",
// the reason is given.
//
//   - Classic (fcfs, easy, conservative; engine/backfill; and script,
//     engine/script): one cluster per job (the backfilling policies
//     refuse platforms of several; a script's schedule(ctx) may use
//     several, each job on one),
//     exactly Size nodes, run time min(runtime, estimate) with the
//     estimate the requested time (0 means the runtime). A job whose
//     runtime exceeds its request is killed at the request (backfilling
//     enforces requests); its state is "killed". Cluster speed is not part
//     of this model. Under Scenario.Compat "pyss" the job model is pyss's
//     (model.Job.Pyss; engine/backfill, "Compatibility with pyss"): size
//     min(Size, nodes) (at least 1), run time floor(max(min(requested,
//     runtime), 1)), or 1 s for a runtime of 0, whose submit time becomes
//     max(submit, 1).
//   - Multisite (paper 001; engine/multisite): exactly Size nodes on the
//     sites named in Alloc; run time multisite eq. 1 for one site j,
//     T_i*h_j/h_i + t_trans(i,j), or eq. 2 for several sites,
//     T_i*p*max(h)/h_i + max(t_trans), with T_i = h_i * min(runtime,
//     estimate) the local time at the origin site i and t_trans the
//     latency plus data*8/bandwidth (0 on the origin). Killed as Classic.
//   - MUSCLE (muscle, dll, wrand; paper 000): rigid jobs on exactly Size
//     nodes of one cluster j, run time e_ij = T(Size)/u_j, with T the
//     runtime, or p_ext(Size) of the job's application model, and u_j the
//     cluster's speed (0 means 1) (MUSCLE section 5).
//   - TITAN (titan, titan-fcfs, titan-ds, titan-dsnl; paper 002): the
//     first cluster only. A job with an application model is moldable: it
//     may run on n = 1..Size nodes (Size 0: up to the cluster), for
//     p_ext(n)/u (TITAN section 2.4; the "late" state is a deadline, not a
//     model difference). A job with a plain runtime is rigid: Size nodes
//     for runtime/u. TITAN alone models host outages (Fig. 10): no job
//     may start on a node that the scenario's events have taken offline at
//     its start (the last event at or before the start wins, ties in list
//     order); a job already running when its node goes offline runs on.
//     The other systems' models have no outages and their policies ignore
//     events, so the rule is not applied to them.
//   - GA-MF (gamf, gama, hill, jpr, cbs, metl; paper 003): exactly Size
//     tasks on distinct nodes of any clusters. The run time depends on the
//     other jobs sharing the links, so the checker replays the schedule's
//     starts through the fluid model of engine/gamf's doc (choice 4): at
//     every start and end the rates of the running jobs are recomputed,
//     job j progressing at 1/(Tb_j*tc_j) of its work per second, tc_j =
//     sigma_j*PS_j + (1-sigma_j)*CS_j (GA-MF eq. 1 and section 3.1), CS_j
//     taken over the clusters the policy's reading says (every cluster
//     holding a task, or with cs = 1 the links the job loads), and the end
//     it computes must be the placement's end.
//   - Hybrid (hybrid-local, hybrid-hrs, hybrid-phrs; paper 004): exactly
//     Size nodes of one server of one cluster, run time runtime *
//     ref_mips / power of the server (PEs x speed; a cluster without
//     servers is one server of its MIPS). A job run outside its origin
//     cluster starts no earlier than submit + the migration overhead of
//     hybrid eq. 2 (fixed overhead + latency + data*8/bandwidth between
//     the clusters), and every job placed ends by its deadline (jobs that
//     cannot are discarded, a drop).
//
// A policy of any other system is checked for the shared rules and gets
// one violation saying its run-time model is unknown to the checker: a
// new system must add its model here.
//
// Application models (TITAN's p_ext) live in engine/titan, which cannot be
// imported here (titan's tests use this checker). The predictor is
// registered with RegisterAppTime; engine/all registers TITAN's. Without
// one, a job with an application model is a "model" violation rather than
// a silent pass.
//
// At most MaxViolations violations are listed; a last entry with rule
// "more" counts the others.
package check
