package state

import (
	"strings"
	"testing"
)

func TestExplain(t *testing.T) {
	s := DefaultScenario()
	s.Jobs[3].ID = "j4"
	cases := []struct{ msg, sentence, detail string }{
		{"jobs[3].size: must be at least 1", "Job j4's size must be at least 1.", "jobs[3].size: must be at least 1"},
		{"scenario: platform.clusters[0].speed: must be > 0", "Cluster c0's speed must be > 0.", "platform.clusters[0].speed: must be > 0"},
		{"platform.clusters: easy runs on exactly one cluster, got 2 (use a multisite-* policy for several sites)",
			"The platform: easy runs on exactly one cluster, got 2 (use a multisite-* policy for several sites).", ""},
		{"jobs[0].runtime: backfilling needs a runtime; jobs[1].runtime: backfilling needs a runtime; jobs[2].runtime: backfilling needs a runtime",
			"Job j1's run time: backfilling needs a runtime; and 2 more problems.", ""},
		{"policy.params.population: must be a whole number", "The parameter population must be a whole number.", ""},
		{"platform.network.multisite_factor: must be at least 1 (multisite section 3.2: 1 <= p)", "The network's multisite factor p must be at least 1 (multisite section 3.2: 1 <= p).", ""},
		{"generator.jobs: must be at most 250000", "The workload generator's job count must be at most 250000.", ""},
		{"run cancelled", "The run was cancelled. Press Retry to run it again.", ""},
		{"engine: worker died", "The engine stopped before it finished (worker died). Press Retry to run the scenario again.", "engine: worker died"},
		{"This link is too large to open (over 16 MB once unpacked).", "This link is too large to open (over 16 MB once unpacked).", ""},
	}
	for _, c := range cases {
		got := Explain(c.msg, s)
		if got.Sentence != c.sentence {
			t.Errorf("%q:\n got %q\nwant %q", c.msg, got.Sentence, c.sentence)
		}
		if c.detail != "" && got.Detail != c.detail {
			t.Errorf("%q: detail %q, want %q", c.msg, got.Detail, c.detail)
		}
		// No sentence names a Go constant or a raw field path.
		if strings.Contains(got.Sentence, "[") || strings.Contains(got.Sentence, "Max") {
			t.Errorf("%q: sentence %q names internals", c.msg, got.Sentence)
		}
	}
}
