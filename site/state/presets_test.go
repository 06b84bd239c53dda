package state

import (
	"context"
	"testing"

	_ "gridplay/engine/all"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
)

// Every preset validates and runs with its own policy and with each
// policy it compares, and schedules at least one job.
func TestPresetsRun(t *testing.T) {
	if _, ok := PresetByID(DefaultPreset); !ok {
		t.Fatalf("default preset %q missing", DefaultPreset)
	}
	for _, p := range Presets {
		names := append([]string{p.Build().Policy.Name}, p.Compare...)
		for _, name := range names {
			if _, ok := sched.Lookup(name); !ok {
				t.Errorf("%s: policy %q is not registered", p.ID, name)
				continue
			}
			pol, _ := sched.Lookup(name)
			s := ForPolicy(p.Build(), pol.Info())
			if err := s.Validate(); err != nil {
				t.Errorf("%s: %v", p.ID, err)
				continue
			}
			res, err := runner.Run(context.Background(), s, nil)
			if err != nil {
				t.Errorf("%s with %s: %v", p.ID, name, err)
				continue
			}
			if len(res.Schedule) == 0 {
				t.Errorf("%s with %s: nothing scheduled (dropped %v)", p.ID, name, res.Dropped)
			}
		}
	}
}
