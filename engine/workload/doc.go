// Package workload generates synthetic parallel-job workloads the way
// MUSCLE section 5 describes them, seeded and deterministic:
//
//   - arrivals form a Poisson process at Rate jobs per second: gaps between
//     submissions are exponential with mean 1/Rate, and the first job
//     arrives one gap after time 0;
//   - execution times on cluster C_1 (the platform's first cluster) follow
//     the bounded Pareto distribution of MUSCLE eq. 4 on [ExecMin, ExecMax];
//   - deadlines follow MUSCLE eq. 5 with dr ~ U[DRMin, DRMax];
//   - sizes are uniform, normal, or log-proportional (the probability that a
//     job uses fewer than n processors is proportional to log n, MUSCLE
//     section 5 after Feitelson and Rudolph).
//
// Choices where the paper is silent, kept stable:
//
//   - alpha: MUSCLE gives eq. 4 but no alpha; Generator.Alpha = 0 means
//     DefaultAlpha = 1.
//   - Service rates: MUSCLE draws e_i1 on C_1 and runs a job on C_j in
//     e_i1 * u_1/u_j. A model.Job carries Runtime on a reference node of
//     speed 1 (a node of speed u runs it in Runtime/u), so the generator
//     stores Runtime = e_i1 * u_1, where u_1 is clusters[0].speed (0 means
//     1). Then max_j et_ij = Runtime / min_j u_j, over every cluster.
//   - Deadlines: eq. 5 gives the time allowed; the absolute deadline is the
//     arrival plus max_j et_ij * (1 + dr). DRMin = DRMax = 0 means no
//     deadlines.
//   - Normal sizes: mean SizeMean (0 means the midpoint of [SizeMin,
//     SizeMax]), standard deviation SizeStd (0 means a quarter of the
//     range), rounded to the nearest integer and redrawn when outside the
//     range (a truncated normal); after 64 misses the value is clamped.
//   - Log sizes: x = SizeMin * ((SizeMax+1)/SizeMin)^u with u ~ U[0,1) and
//     size = floor(x), so P(size < n) = log(n/SizeMin) / log((SizeMax+1)/
//     SizeMin), proportional to log n when SizeMin is 1.
//   - Codes: when Generator.Codes is set, each job also gets an App with a
//     code drawn uniformly from Codes; Runtime keeps the Pareto draw (it
//     sets the deadline, and policies without application models use it).
//   - Ids are "j1", "j2", ... in arrival order.
//   - Each quantity has its own child stream (arrivals, execution times,
//     deadline ratios, sizes, codes, in that order from the caller's
//     stream), so changing the size distribution never moves the arrivals.
//     Expand uses rng.New(seed, "workload").
package workload
