// Package shake runs a workload many times under small random
// perturbations and reports each metric's mean with a 95% confidence
// interval per policy, and whether the difference between two policies is
// significant: the input shaking of
//
//	D. Tsafrir, K. Ouaknine and D. G. Feitelson, "Reducing performance
//	evaluation sensitivity and variability by input shaking", MASCOTS
//	2007, pp. 231-237, doi:10.1109/MASCOTS.2007.58.
//
// The method as the paper states it (abstract): "executing multiple
// simulations under small perturbations to the input workload, and
// calculating the average performance result; if the effect persists we
// can be more confident that it is real, whereas if it disappears it was
// an artifact." The text we could reach (the abstract and the first lines
// of the introduction, through the search tool) does not give the
// perturbation's magnitudes, so the ones below are ours, each a named
// parameter (Request), and a report always states the values it used.
//
// # Perturbation (Perturb)
//
// Copy k (1..runs) draws from its own stream rng.New(seed, "shake",
// "copy", k), so copies are independent and each is reproducible alone.
// Jobs are visited in scenario order and each consumes exactly three
// draws, u, v and w, whatever happens to it, so one job's fate never
// shifts another's:
//
//   - u < drop: the job is left out of the copy;
//   - drop <= u < drop + dup: the job is kept and duplicated: a second job
//     "<id>~<k>" (more "~" if taken) with the same fields and its own
//     jittered submit time from w;
//   - submit times are jittered: submit + jitter * (2v - 1), uniform in
//     [-jitter, +jitter], clamped at 0.
//
// Defaults (our choice): drop = dup = 1% of the jobs; jitter = 10% of the
// mean inter-arrival time of the workload ((last submit - first submit) /
// (jobs - 1); 0 when every job arrives at once, e.g. GA-MF packages,
// where drops and duplicates still shake the input). Limits: runs 1..1000,
// drop and dup each in [0, 0.5], jitter finite and >= 0. A copy that would
// lose every job keeps the first one unchanged. A scenario with a
// generator is expanded first (the generator's seed stays fixed: shaking
// perturbs one workload; a new seed is a different workload).
//
// Point 0 is the original workload, unshaken; points 1..runs are the
// shaken copies. Each point runs every policy of the request on the same
// input through engine/runner (so each schedule is checked), and keeps the
// standard metrics (metrics.Keys) of each. Points are independent: they
// fan out over goroutines (sched.FanOut, CLI -parallel), browser workers
// or remote APIs (POST /api/shake/plan, /api/shake?point=K,
// /api/shake/merge), and Merge gives the same bytes whatever the order in
// which they were computed.
//
// # Statistics (Merge)
//
// Over the runs shaken copies (the original is reported beside them but
// not counted):
//
//   - mean and sample standard deviation (n - 1);
//   - the 95% confidence interval of the mean, mean +- t_{0.975, n-1} *
//     sd / sqrt(n), with Student's t (StudentCDF, from the finite series
//     of Abramowitz and Stegun 26.7.3-4 for whole degrees of freedom,
//     which uses no math.Exp or math.Log, so results are the same bytes
//     natively and in WebAssembly; StudentQuantile by bisection);
//   - for every pair of policies A, B and every metric, the paired
//     differences d_k = m_A(k) - m_B(k) over the same shaken copies, their
//     mean and 95% interval as above, and the two-sided paired t test of
//     mean(d) = 0: t = mean / (sd / sqrt(n)), p = 2 (1 - T_{n-1}(|t|)),
//     which rounds to 0 below about 1e-16.
//     A difference is significant when p < 0.05, which is when its
//     interval excludes 0. When every d_k is equal, p is 1 if they are 0
//     and 0 otherwise. Pairing removes the variation the copies share:
//     both policies see the same perturbed jobs, which is why the test is
//     paired rather than two-sample.
//   - "better" names the policy with the better mean when the difference
//     is significant: lower is better except for utilisation, completed
//     and advance (higher).
//
// With one run there is no interval (low = high = mean) and no test (p =
// 1); the report says so.
package shake
