package experiments

// Controls (the experiment, its options, Run, Cancel, Retry, the
// Cloudflare address, the progress line) and Results (the figures,
// MUSCLE's composition table, the numbers as a grid and the paper's
// claims with their verdicts) are the parts of the Experiments view,
// components of their own to keep each Build small (see
// site/playground.go).
type Controls struct {
	V *View
}

// Results: see Controls.
type Results struct {
	V *View
}
