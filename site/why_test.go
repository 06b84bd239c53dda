package main

import (
	"context"
	"strings"
	"testing"

	_ "gridplay/engine/all"
	"gridplay/engine/runner"
	"gridplay/site/gantt"
	"gridplay/site/state"
)

// The tooltip of a GA-MF or multisite job says why that job went where
// it did (the placement's own reason from the engine), not the policy's
// generic rule: two jobs of one run get different sentences.
func TestTooltipSaysWhyPerJob(t *testing.T) {
	for _, id := range []string{"gamf-fig7", "multisite-fig2"} {
		p, ok := state.PresetByID(id)
		if !ok {
			t.Fatalf("no preset %s", id)
		}
		s := p.Build()
		res, err := runner.Run(context.Background(), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for i, pl := range res.Schedule {
			if pl.Why == "" {
				t.Fatalf("%s: placement %s carries no reason", id, pl.Job)
			}
			d := JobDetails(s, res, nil, i, gantt.Times{})
			if !strings.HasSuffix(d, pl.Why) {
				t.Fatalf("%s: tooltip %q does not end with the placement's reason %q", id, d, pl.Why)
			}
			seen[pl.Why] = true
		}
		if len(seen) < 2 {
			t.Errorf("%s: every job has the same reason %v", id, seen)
		}
	}
}
