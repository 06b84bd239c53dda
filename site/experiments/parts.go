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

// controls is the view's Controls component, made once.
func (c *View) controls() *Controls {
	if c.ctl == nil {
		c.ctl = &Controls{V: c}
	}
	return c.ctl
}

// results is the view's Results component, made once.
func (c *View) results() *Results {
	if c.res == nil {
		c.res = &Results{V: c}
	}
	return c.res
}
