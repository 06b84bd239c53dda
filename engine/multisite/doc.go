// Package multisite implements paper 001, the adaptive multisite job
// scheduling schema for a heterogeneous computational grid (IEEE, 2006,
// ISBN 1-4244-0054-6; the text in ../shared/papers/001_340761518b2735ee.txt
// carries no title or author lines, so it is cited by section, equation
// and algorithm): a grid scheduler that co-allocates parallel jobs across
// sites (Alg. 1), with optimal (Alg. 2) and greedy adaptive resource
// selection, reservation, and EASY or conservative backfilling, compared
// with a non-adaptive baseline (section 6, Fig. 2-3).
//
// Policies: multisite-optimal, multisite-greedy, multisite-nonadaptive,
// each with the parameter "conservative" (1, the default: conservative
// backfilling; 0: EASY); multisite-nonadaptive also has "strict" (see
// Readings). Experiments: multisite-fig2 and multisite-fig3, in
// engine/multisite/repro.
//
// # Model (section 3)
//
//   - A site is a cluster: Nodes identical nodes and a heterogeneity
//     factor h > 0 (model.Cluster.H, 0 means 1). Eq. 2 takes the maximum h
//     over the chosen sites as the worst performer, so h is a slowdown: a
//     job runs h times as long as on a reference node (h = 1).
//   - The multisite factor p >= 1 is Network.MultisiteFactor (0 means 1),
//     one value for every combination of two or more sites.
//   - Bandwidth b (Mbit/s) and latency l (s) between two sites come from a
//     Network.Links entry (links are symmetric) or else from
//     Network.Bandwidth and Network.Latency. Job.Data is the data size s in
//     MB; a transfer takes t_trans = s*8/b + l seconds, and 0 on the job's
//     own site. A job with data needs a bandwidth to every other site.
//   - Job.Origin is the site i the job is submitted to (empty: the first
//     site). Job.Runtime and Job.Requested are times on reference nodes;
//     the local predicted time is T_i = time*h_i.
//   - Eq. 1, one site j: T_i->j = T_i*h_j/h_i + t_trans(i,j).
//   - Eq. 2, sites j..m: T_i->(j..m) = T_i*p*max(h_j..h_m)/h_i +
//     max(t_trans(i,j)..t_trans(i,m)).
//   - The same formulas give the estimate (from Requested, used for every
//     decision and reservation) and the actual duration (from Runtime,
//     capped at the estimate: a job is killed at its requested time). The
//     transfer is part of the duration: nodes are held during it.
//   - Splitting a request over a combination: every site of the
//     combination gives at least one node (otherwise it is a smaller
//     combination, enumerated on its own); the remaining nodes go to the
//     fastest sites first (lowest h, then the origin, then site order),
//     each up to what it has free for the whole run. Eq. 2 depends only on
//     which sites take part, so the split changes no predicted time.
//
// # Scheme (Alg. 1) and backfilling (section 4.1.2)
//
// One FCFS queue over all sites (submit time, then list order). The
// backfilling core (engine/backfill) runs it; this package supplies the
// resource selection (Alg. 1 step 2b). A selection returns a placement
// (sites, nodes per site, start, duration); a start at the current time is
// Alg. 1's "run immediately", a later one is a reservation (step 2c). With
// conservative backfilling every waiting job holds its reservation, jobs
// start early only into holes that delay no reservation, and reservations
// are compressed when a job ends early (a job keeps its old reservation if
// the new selection is not better by the strategy's own criterion, so no
// reservation ever gets worse). With EASY only the queue head holds a
// reservation; a later job starts now only if its selection is an instant
// start that respects the head's reservation. Availability is one
// kernel.Profile per site, so "idle nodes" in Alg. 2 means nodes free for
// the whole predicted run without touching any reservation.
//
// # Resource selection (section 4.1.1)
//
// Optimal (Alg. 2): step 1 drops a job larger than all sites together.
// Steps 2 and 3 enumerate every single site and every combination of
// sites; for each, the earliest start at which it can hold the job for
// its predicted time (T_available), which is the current time exactly when
// the job can start instantly there. Step 4 takes the shortest predicted
// execution, read as the earliest predicted finish T_available + T (a
// reservation wins only when it finishes earlier: "the predicted job
// execution time of immediate running is longer than by reservation").
// Ties: earlier start (instant first), fewer sites, a combination that
// contains the origin, then site order. The common start T_available of a
// combination is the earliest time at which each of its sites has at
// least one node, and all together at least the request, free for the
// whole run (the paper's max of per-site available times, made exact for
// a split request). More than MaxOptimalSites (12) sites is refused with
// an error naming platform.clusters: 2^N-1 combinations per decision,
// each a sweep over its sites' profiles (cut short when it cannot beat
// the best finish so far); the paper says as much: optimal "lacks
// scalability".
//
// Idle nodes of a site (for an instant start on several sites, in greedy
// and non-adaptive) are the processors free for the whole predicted run
// [now, now+T) on the sites taken so far, not merely free at this
// instant: under conservative backfilling a processor free now may be
// reserved before the run would end, and a set of sites chosen by
// instantaneous counts then fails to start although another set could.
// Sites are taken in the strategy's order; T grows as sites join
// (eq. 2: max h, p, the longest transfer), and a site taken earlier whose
// idle processors vanish over the longer run is let go again.
//
// Greedy adaptive: sites ordered fastest first (lowest h, then the
// origin, then site order). Instant candidate: take sites with idle nodes
// in that order until their idle nodes cover the request; reservation
// candidate: take sites in that order until their total nodes cover it,
// at their earliest common start. The earlier predicted finish wins, the
// instant start on ties. It never enumerates combinations.
//
// Non-adaptive (section 6): strict priorities, no performance model in
// the decision. Instant start on the local site; else on a remote single
// site (site order); else on several sites, taking idle nodes from the
// local site first and then in site order. If nothing can start now, the
// job is reserved in the first class that can ever hold it: the local
// site; else the remote single site with the earliest start; else the
// local site plus others in site order until their nodes cover the
// request. Its criterion for compression is the start time. The strict
// reading (strict=1) drops the instant phase; see Readings.
//
// On one site with h = 1 (no transfer: every job is local) all three
// strategies reduce to plain EASY and conservative backfilling; the tests
// check the schedules are identical.
//
// # Metrics (section 5)
//
// AWRT (eq. 3) and AWWT (eq. 4) are computed by engine/metrics after the
// run with Cost_j = W_j*(T_end - T_start), W_j the job's node count and
// the times those of the schedule (so the cost includes the multisite
// slowdown and the transfer). The policies add "multisite" (jobs run on
// several sites), "remote" (jobs run on one site other than their origin),
// "backfilled", "killed" and "dropped".
//
// # Why a job went where it did
//
// Each placement carries a one-sentence reason (sched.Placement.Why),
// written from the numbers of the selection the job started on (why.go):
// for optimal, the sites and the eq. 1-2 predicted finish against the
// best single site (a multisite choice) or the job's own site (a remote
// one); for greedy, its instant candidate against its reservation
// candidate; for non-adaptive, the class it fell into and why the classes
// before it could not take the job.
//
// # Readings
//
// Where the paper can be read two ways and the reading decides the
// comparison, the experiments run both (rows "policy@reading"):
//
//   - strict: the non-adaptive baseline. Section 6: "The non-adaptive
//     algorithm assigns strict priorities for site combination selection
//     in order to avoid the penalty of job transfer and multisite
//     communication. Namely, jobs prefer the submitted local site with the
//     highest priority, then remote single sites, and multisites as the
//     lowest one." Default (strict=0): a job starts at once in the first
//     class with room now, and waits in the first class that can ever
//     hold it only when no class has room. strict=1: it goes to the first
//     class that can ever hold it (its own site whenever that site is
//     large enough) and waits there. The text favours the default:
//     section 4.1 describes the traditional scheduler as one that
//     "reserves nodes only if the quantity of node requests can not be
//     satisfied", and section 6 explains the gap growing with p "because a
//     larger multisite factor provides more possibility of reservation
//     execution", which needs a baseline that pays p; under strict=1 a
//     baseline whose jobs all fit one site never runs on several sites.
//   - reftimes (Fig. 3 only): what the trace's times are. Section 3.2:
//     "Let T_i represent the predicated execution time of parallel jobs on
//     the local, single site i, which is normally provided by grid
//     users". Default: the trace's run and requested times are T_i, the
//     times on the site the job is submitted to (eq. 1-2 use h only as
//     ratios h_j/h_i, so the paper gives absolute h no meaning of its own);
//     reftimes: they are times on reference nodes (h = 1), so a job
//     submitted to nisac (h = 1.4) takes 1.4 times as long there before
//     any decision. With h = 1 everywhere (Fig. 2) the two coincide and
//     reftimes is not run. The sentence quoted favours the default.
//
// Claims: each experiment checks the statements of section 6 on its own
// rows, under every reading (sched.Claim): "consistently lower" (non-
// adaptive above both adaptive strategies in AWRT and AWWT at every
// factor), "the difference becomes larger" (the gap in seconds larger at
// 1.6 than at 1.0, for both strategies and both metrics), Fig. 2's
// "slightly higher" (greedy above optimal at 1.6 and nearer optimal than
// non-adaptive), and each ratio the text states at 1.6, which holds when
// our excess is within the shared "about" tolerance of the paper's (the
// paper gives no error bars, so this rule is ours). Every claim is
// decided under every reading set, over seeds, by engine/sched/verdict.
//
// # Experiments (section 6, Fig. 2-3)
//
// What the paper gives: three sites NISAC, HIT and UC with h = 1.0 each
// (Fig. 2) or NISAC 1.4, UC 1.0, HIT 0.6 (Fig. 3), 100 Kbps between
// sites, conservative backfilling, the multisite factor from 1.0 to 1.6,
// and "the revised original trace (JobWorkload1)" as input. What it does
// not give: the trace, how jobs were assigned to sites, the sites' node
// counts, the data size, the latency, the load, and any absolute value
// (the figures are plots; the text gives ratios at p = 1.6).
//
// Our choices: KTH-SP2-1996-2 (Parallel Workloads Archive, 100
// processors) on three sites nisac/uc/hit of 100 nodes each (the trace
// machine's size: every job fits one site, so co-allocation is a choice
// the strategies make, which is what the figures compare); job k of the
// trace goes to site k mod 3 and submit times are divided by 3, so the
// grid carries the trace's own load; every job carries 1 MB of input (80 s
// at 100 Kbps), latency 0, p = 1.0..1.6 in steps of 0.1, conservative
// backfilling (Section6 builds these scenarios). The trace's run and
// requested times are read as T_i (see Readings). Quick runs use the
// first 5000 jobs, embedded in kth_excerpt.txt, and p = 1.0, 1.3, 1.6;
// the full run reads the trace through engine/swf and fails with a
// message naming the trace when it cannot, rather than run another
// workload under the same name. Table.Paper holds the paper's ratios;
// Table.Summary ours (metric awrt_ratio/awwt_ratio).
//
// How far the figures can be compared. Since Cost_j is the node count
// times T_end - T_start, AWRT - AWWT is the cost-weighted mean run time X
// of a schedule (eq. 3-4). The paper's Fig. 2 ratios at p = 1.6, AWRT x2
// and AWWT x3 for non-adaptive over optimal, then force the optimal
// schedule's waits to be a share (2-k)/(3-k) of its AWRT, with k the ratio
// of the two schedules' X: 29% to 50% for k from 1.6 down to 1. The
// experiment's notes print our k and our share. We do not tune the load,
// the site sizes or the data size toward the paper's numbers.
//
// # Why non-adaptive can beat optimal at p = 1.0
//
// Under the default reading, non-adaptive can have a lower AWRT and
// AWWT than optimal at multisite factor 1.0, against the paper's
// "consistently lower". This is Alg. 2 as printed, not a defect: step
// 3(c) reserves on multisite combinations ("all the multisite
// combination[s] ... by reserve", and 4.1.2's "Advanced reservation that
// reserves the resources on different sites") and step 4 takes the
// earliest predicted finish. At p = 1.0 a co-allocation costs a job
// nothing but its data transfer, so when a job cannot start, optimal's
// earliest finish is often a reservation across sites, holding nodes on
// each of them for the job's requested time. Under conservative
// backfilling every waiting job keeps its reservation, and KTH's
// requested times are far above the run times, so such a reservation
// blocks backfilling on every site it touches. Non-adaptive reserves on
// the job's own site, so the other sites stay open. The experiments'
// notes print the "backfilled" counts of the run at the lowest factor.
// The paper prescribes the multisite reservations, so they stay.
//
// # Other choices where the paper is silent
//
//   - Alg. 1's inter-schedule interval Δt: the scheduler runs at every
//     arrival and finish (engine/backfill tie rules), so Δt plays no role.
//   - Local schedulers are not modelled separately: the grid scheduler
//     holds every site's availability profile, as Alg. 1 step 1 collects
//     it.
//   - A job's size is fixed (rigid jobs); sites never preempt.
//
// # Work estimate
//
// Before a run, engine/runner asks for an estimate (work.go, which gives
// the formulas) and refuses one over sched.MaxSteps.
package multisite
