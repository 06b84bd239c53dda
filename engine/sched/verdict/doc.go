// Package verdict decides the claims of the experiments (issue 37 item
// 3): every claim of an experiment under every reading set, over seeds,
// with tolerances written here once for all experiments.
//
// # Reading sets
//
// Where a paper can be read in more than one way, an experiment runs
// every reading. A reading set is one consistent configuration: the
// experiment's default, or one of its named readings (the untuned TITAN,
// P-HRS's every-job rule, ...). Every claim is evaluated under every set,
// so that two claims never pass under two readings that contradict each
// other; the report has a table per set and names the set under which the
// most claims hold (sched.Table's Claims, Sets and Best).
//
// # Claims and their rules
//
// A claim measures, in one run under one set, a few numbers (Test.Measure):
// a difference between two series, a least-squares slope over a sweep
// (Slope; a trend never rests on two endpoints), a ratio, or a level. Its
// rule decides it from those numbers over the runs. A claim holds when the
// 95% confidence interval of every one of its numbers lies inside the
// region its rule names, and does not hold otherwise:
//
//   - Above: above 0 ("lower", "higher", "grows", "better": the
//     experiment measures the difference the right way round).
//   - About: within AboutTolerance of the paper's number ("about 20%",
//     "an average improvement of 18.5%").
//   - Similar: within SimilarTolerance of 0 (a relative difference:
//     "similar", "as good as", "minimal").
//
// An interval that straddles a border does not hold: the runs do not
// show the claim, and more seeds may.
//
// The interval is the one engine/shake computes (shake.Interval): mean
// +- t(0.975, n-1) sd / sqrt(n), Student's t from shake.StudentQuantile;
// for one run it is the number itself.
//
// # Seeds
//
// A claim that compares (a difference, a trend, a gain "about X%") is
// decided only over at least MinSeeds seeds; with fewer its verdict is
// "undecided: needs 5 seeds", whatever one run says (hybrid-table3's
// "grows" held on 48.1% to 48.2% and flipped with the seed). Only a
// claim on one series' level against a paper's number (Test.Level) is
// decided on fewer runs. Seeds wraps an experiment so that
// sched.ExperimentOptions.Seeds = N runs it for N seeds as extra points:
// the points still fan out, and the whole is still the merge of its
// points.
//
// # Tolerances
//
// AboutTolerance is a quarter of the paper's number: the papers give no
// error bars, and a quarter is what the experiments used before for
// "about" and for stated averages. SimilarTolerance is 5%, for the
// relative difference of two series the paper calls similar or equal:
// more than the run-to-run spread of a mean over hundreds of jobs, less
// than the gaps the papers call significant.
package verdict
