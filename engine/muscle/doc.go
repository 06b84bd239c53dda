// Package muscle implements MUSCLE, the multicluster scheduling lever of
//
//	L. He, S.A. Jarvis, D.P. Spooner, X. Chen and G.R. Nudd, "Hybrid
//	performance-based workload management for multiclusters and grids"
//	(paper 000; the text we have gives no venue or year; its newest
//	references are from 2004, in the IEE Proceedings style),
//
// with the two baselines it is compared against, DLL and WRAND, all three
// followed by TITAN (engine/titan) in every cluster.
//
// # Model
//
// A multicluster of n clusters C_i, each of m_i identical resources with
// service rate u_i (model.Cluster.Nodes and Speed). Rigid parallel jobs
// J_i = (a_i, s_i, e_ij, d_i): arrival, size, execution time in C_j
// (e_ij = e_i1 * u_1/u_j, section 5) and soft deadline. MUSCLE collects
// the arriving jobs into a queue and, in each scheduling round (Alg. 4):
//
//  1. builds the composition table (Alg. 1, BuildTable): row j holds
//     compositions of jobs whose sizes sum to j;
//  2. repeatedly takes the cluster with the smallest epsilon (eq. 3,
//     Epsilon, PickCluster), offers its earliest resource space (t, r, cp)
//     and fills it from the table (Alg. 3 with the recursive search for
//     alternative jobs of Alg. 2, Allocator.Alloc), until every collected
//     job is allocated (Packer);
//  3. sends each cluster its seed schedule; TITAN's GA improves it as one
//     member of its initial population, the others random (section 3).
//
// DLL sends each job to the cluster of least load L_i (eq. 6); WRAND to a
// cluster drawn with probability proportional to m_i u_i. Both dispatch
// each job when it arrives and send no packing; their TITAN starts from a
// list schedule and random ones (see "Baselines" for both choices and
// their other readings). The comprehensive performance CP (eq. 1) of
// each cluster is recorded when its GA has stabilised, and
// each round gives MCP (eq. 7) and PB (eq. 8). Result.Series["cp"] is the
// MCP of each round (x = round time), Series["pb"] its PB,
// Series["cp:<cluster id>"] each cluster's CP_i and Series["queue"] the
// jobs collected; Metrics["mcp"] and ["pb"] are the means over rounds, as
// in the paper's plots ("each point ... is the average of the MCP
// calculated each time"). With DLL and WRAND dispatched on arrival a
// round holds the jobs of one arrival time, one job as a rule, so their
// MCP is a per-job figure and PB of a one-job round is its MCP; the
// package doc of engine/muscle/repro says how muscle-fig4 compares them.
//
// # Frames
//
// With a Recorder, the first frame_rounds rounds emit:
//
//   - "packing" frames with a Packing payload: Op "row" for each
//     composition appended to the table (Alg. 1), "space" for each
//     resource space offered with every cluster's epsilon, "try" for
//     each composition examined by Alg. 3 or as an alternative by Alg. 2,
//     "pick" for the jobs put into a space, "skip" when nothing fits;
//     jobs are indices into the round's jobs, which the "round" frame
//     lists by id; c is the cluster index in the platform (absent for
//     "row"); a zero t, r or cp is left out;
//   - "packing" frames with a RoundFrame payload: Op "round" opens a
//     round (its job ids), Op "done" closes it with CP_i, MCP and PB;
//   - "generation" frames with a GenFrame payload: TITAN's Generation
//     plus the round and the cluster index.
//
// # Choices where the paper is silent
//
// Alg. 1 (composition table):
//   - A new composition lists J_i first, then the jobs of the composition
//     from row j-s_i in their order ("append J_i as well as the parallel
//     jobs in the composition"); this reproduces Table 2 exactly.
//   - A composition of row j-s_i that contains J_i itself never
//     qualifies, nor does one with a job already in row j; the first
//     qualifying one in row order is used.
//   - Jobs of size below 1 or above m_MAX never enter the table; the
//     policies drop jobs larger than every cluster with a reason.
//
// Algs. 2-3 (searching the table):
//   - "Allocated" jobs are those allocated earlier in the round (to any
//     cluster) and those already put into q for the space being filled;
//     otherwise an alternative could bring a job into q twice.
//   - Alg. 2 step 9 also skips compositions on the current recursion path,
//     so the recursion cannot cycle between two compositions of one row;
//     with no composition left it fails. A budget of 4096 calls per
//     composition tried counts as failure when exceeded; TestAlg2Budget
//     checks that random rounds of 100-200 jobs with m_MAX 20 stay under
//     a quarter of it.
//   - When Alg. 2 fails, the partial q is discarded and Alg. 3 goes on
//     with row rc-1 (step 10).
//   - The earliest available resource space of a cluster is at the
//     earliest time t a resource becomes free; it is the first (lowest
//     cp) maximal run of consecutive resources free at t. When no
//     unallocated job fits it, its resources stay idle until the next
//     release time in the cluster, where they merge with the space freed
//     then; when the whole cluster is free and still nothing fits, the
//     cluster takes no more jobs in the round.
//
// Eq. 3 and Alg. 4:
//   - The workload of C_i is the jobs sent to it that have not finished at
//     the round time plus those allocated to it during the round; slack is
//     d_i - e_ij - a_i. A job without a deadline counts the slack it would
//     have with eq. 5 and the loosest dr of the paper, 5.
//   - epsilon of a cluster with no jobs is 0 (most attractive; among
//     several empty clusters the larger is served first). slkSum below
//     1e-9 s counts as 1e-9 s.
//   - Ties are exact equality of epsilon, then of m_i; the final random
//     choice uses the stream rng.New(seed, "muscle", "epsilon-ties").
//   - Each iteration of Alg. 4's do-while serves the single cluster with
//     the smallest epsilon among those that can still take a job.
//   - Step 1 (rounds): "while the expected makespans of the jobs yet to
//     be scheduled in all clusters (provided by TITAN) are greater than a
//     predefined threshold" MUSCLE waits. A cluster's expected makespan
//     is the latest release of its nodes minus the round time, so a round
//     starts when a job waits, at the next multiple of the parameter
//     period (0: at once), and, when threshold >= 0, not before one
//     cluster's expected makespan is at most the threshold: the loop
//     waits only while every cluster is busy past it. This is the
//     default because it is what the sentence says. The parameter
//     barrier 1 gives the other reading, a round only when every
//     cluster's expected makespan is within the threshold (all drained
//     for threshold 0). Defaults: period 0, threshold 0 (the paper gives
//     no value), barrier 0.
//   - Re-planning (parameter replan, every policy). TITAN re-plans the
//     tasks not yet started when its queue changes (paper 002, section
//     4.1: "If a significant change occurs in either the host or task
//     pools, then this schedule is deemed 'stale' and replaced by the
//     fittest schedule in the current generation"; section 3.3.1 on idle
//     pockets: "new tasks may appear that fill the gap"). replan 1 does
//     that at each round: the jobs planned to start before the round time
//     are committed, the others are planned again with the new ones from
//     the committed release times, seeded with their old plan
//     (replanCluster). Left alone, the GA postpones jobs again and again,
//     so a plan that would start any job later than the start it was
//     first planned at is refused and the seed kept
//     (TestReplanNeverPostpones; metrics replans_taken, replans_refused,
//     max_postponement). CP_i is then the GA's cost over all the jobs
//     planned, p_i the new ones. Default 0, "committed": each round's
//     plan is committed, its resources' release times carry over to the
//     next round, where new jobs queue behind them, and jobs of a round
//     are not re-optimised later. Re-planning is not the default: it buys
//     nothing measurable and costs two to ten times the run time.
//
// TITAN and the metrics:
//   - The seed schedule's task order is by start time in the seed, then
//     by first resource; its host map is the resources Alg. 3 gave.
//   - GA stop (section 5: "when the performance improvement between two
//     generations ... is less than a threshold"): after stall generations
//     (default 50) without a relative improvement of the best CP above
//     1e-3, at most generations (default 500); population 40 (TITAN's).
//     A run without frames also stops a GA whose best no schedule can
//     beat (titan.GA.Settled, one job on one cluster): the generations
//     left could not change the best, so the result is the same, sooner.
//   - CP (eq. 1) is TITAN eq. 10 with W^o on the over-deadline (eq. 9),
//     W^m on the makespan (eq. 7, measured from the round time) and W^i
//     on TITAN's weighted idle time (eq. 8). The text of eq. 1 calls Γ
//     makespan and ω idle time, which contradicts TITAN's symbols; we
//     follow the weights' superscripts. A cluster's own model.Weights
//     override the policy's (wo, wm, wi) (Fig. 6).
//   - PB (eq. 8) runs over all n clusters; a cluster that received no job
//     in a round has CP_i = 0 there. Rounds with no job do not exist.
//   - Jobs are rigid: exactly s_i resources; a job given by an App model
//     runs for p_ext(s_i) on the reference node.
//
// Baselines:
//   - Dispatch (parameter dispatch). Default 1, on arrival: a round at
//     each arrival time holds exactly the jobs submitted then, whatever
//     period, threshold and barrier say, because section 5 says so: "When
//     a parallel job is submitted to the multicluster, DLL schedules the
//     job to the cluster whose workload is the least and whose size is
//     greater than the job's size", and "When a job arrives at the
//     multicluster, the WRAND policy first picks out all clusters whose
//     sizes are greater than the job size ... and then schedules the job
//     to a cluster". Only MUSCLE collects jobs (Alg. 4 step 2, "Collect
//     the arriving jobs in the multicluster"). dispatch 0 holds DLL's and WRAND's jobs into Alg. 4's rounds
//     like MUSCLE's and decides at the round time, job by job in arrival
//     order. Either way DLL's WQ_i is the jobs sent to C_i and not
//     finished at the decision time plus those sent earlier in the same
//     round, each counted with its full e_ij (eq. 6). "Size greater than
//     the job's size" is read as m_i >= s_i for both. DLL ties go to the
//     larger cluster, then the first in platform order. WRAND draws from
//     rng.New(seed, "muscle", "wrand").
//   - TITAN's initial population (parameter seeded). Paper 000 says only
//     that MUSCLE sends seed schedules ("one of these being the seed
//     schedule sent by MUSCLE and the others are generated randomly") and
//     is silent on the baselines. Default 1: a list schedule is one
//     member, the jobs in the order they were sent, each on the nodes
//     free first, starting as early as that order allows (titan.InOrder;
//     it knows nothing of packing), the others random. TITAN does not
//     restart from random schedules per batch: it keeps its population
//     alive across arrivals (paper 002, section 4.1: "The scheduler
//     maintains continuous visibility of this pool and applies the
//     strategies described earlier to form solution sets"), and paper
//     000 places MUSCLE's lead in which jobs go where ("the jobs sent by
//     DLL or WRAND to each cluster are random in terms of whether they
//     can be packed tightly or not"), not in a TITAN started cold. seeded
//     0, the reading "random", starts from random schedules only; with
//     our GA budget those return loose schedules whose idle holes are
//     committed, and DLL's and WRAND's utilisation falls well short of
//     the offered load. Seeded and on arrival, they track it
//     (TestBaselinesTrackOfferedLoad).
//   - The TITAN tuning (parameter untuned, every policy). Default 0:
//     titan.DefaultConfig's GA rates, which were tuned toward TITAN's
//     Fig. 9 (engine/titan, "Tuned and untuned"). untuned 1 runs
//     titan.LiteratureRates instead (De Jong 1975). TITAN's Fig. 6 curves
//     play no part: MUSCLE's jobs are rigid with known times.
//     muscle-fig4 reports both.
//   - OfferedUsed states a run's utilisation against its offered load,
//     both inside the arrival window as shares of sum m_i u_i.
//
// # Experiments
//
// muscle-table2 and muscle-fig4 live in engine/muscle/repro, whose
// package doc gives the readings of Fig. 4.
//
// # Work estimate
//
// Before a run, engine/runner asks for an estimate (work.go) and refuses
// one over sched.MaxSteps; work.go gives the formulas.
package muscle
