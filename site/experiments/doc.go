// Package experiments is the page's Experiments view: it runs a paper's
// experiment as independent points fanned out over a pool of engine
// workers (or a gridplay API such as a Cloudflare Workers deployment),
// largest points first (sched.Order), shows the partial results as
// points arrive, merges them (in the page, with the engine's own
// sched.MergePoints, for its workers; POST /api/experiments/NAME/merge on
// a remote API) and draws the experiment as its
// figure: line charts for MUSCLE Fig. 4 and multisite Figs. 2-3, grouped
// bars for GA-MF Fig. 7 and TITAN Fig. 9, tables for MUSCLE Table 2 and
// the hybrid Tables I-IV, with the paper's own values beside ours where the
// paper gives them, labelled as the paper's.
//
// The figures are plain SVG text built here (figure.go, svg.go), so they
// are tested natively, exported as SVG as they are, and turned into PNG by
// the browser. Every string in them is escaped.
package experiments
