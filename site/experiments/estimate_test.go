package experiments

import (
	"strings"
	"testing"
	"time"

	"gridplay/engine/sched"
)

// Estimate spreads the plan's cost over the workers, and never goes
// below its largest point.
func TestEstimate(t *testing.T) {
	plan := []sched.PointInfo{{Cost: 10}, {Cost: 30}, {Cost: 20}}
	cases := []struct {
		parallel int
		want     time.Duration
	}{
		{1, 60 * time.Second}, // 60 units on one worker
		{2, 30 * time.Second}, // 30 each, and the largest point is 30
		{8, 30 * time.Second}, // 7.5 each, but no run ends before its largest point
		{0, 60 * time.Second}, // at least one worker
	}
	for _, c := range cases {
		if got, ok := Estimate(plan, time.Second, c.parallel); !ok || got != c.want {
			t.Errorf("%d workers: %v (%v), want %v", c.parallel, got, ok, c.want)
		}
	}
	if _, ok := Estimate([]sched.PointInfo{{Cost: 10}, {}}, time.Second, 2); ok {
		t.Error("a point without a cost gave an estimate")
	}
	if _, ok := Estimate(plan, 0, 2); ok {
		t.Error("an unknown rate gave an estimate")
	}
	if _, ok := Estimate(nil, time.Second, 2); ok {
		t.Error("an empty plan gave an estimate")
	}
}

// Before a full run the view says what it will take, from the rate the
// last (quick) run of the experiment measured here; before any run it
// asks for a quick one, and an experiment whose plan gives no costs gets
// no estimate.
func TestEstimateText(t *testing.T) {
	name := "titan-fig9"
	v := &View{Name: name, Seed: "1", Quick: true}
	if got := v.estimateText(); got != "" {
		t.Errorf("quick mode: %q, want nothing", got)
	}
	v.Quick = false
	if got := v.estimateText(); !strings.Contains(got, "Quick mode first") {
		t.Errorf("before any run: %q", got)
	}

	s := NewSweep(&handlerEngine{}, name, sched.ExperimentOptions{Quick: true, Seed: 1}, 2, "test")
	e, _ := sched.LookupExperiment(name)
	s.Local = e
	if _, ok := s.PerCost(); ok {
		t.Error("a sweep not run has a rate")
	}
	run(t, s, s.Start)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	rate, ok := s.PerCost()
	if !ok || rate <= 0 {
		t.Fatalf("rate %v (%v) after the quick run", rate, ok)
	}
	v.learn(s)
	got := v.estimateText()
	t.Logf("rate %v per unit of cost; %s", rate, got)
	if !strings.Contains(got, "Estimated time of the full run: about ") || !strings.Contains(got, "an estimate") {
		t.Errorf("after a quick run: %q", got)
	}
	full, _ := e.Plan(sched.ExperimentOptions{Seed: 1})
	want, _ := Estimate(full, rate, 1)
	if !strings.Contains(got, "about "+longDur(want)+" on 1 browser worker ") {
		t.Errorf("the text %q does not give %s", got, longDur(want))
	}

	// A sweep on a remote API measures that API, not this device.
	v2 := &View{Name: name, Seed: "1"}
	s.Local = nil
	v2.learn(s)
	if got := v2.estimateText(); !strings.Contains(got, "Quick mode first") {
		t.Errorf("after a remote run: %q", got)
	}

	// An experiment whose plan gives a point no cost gets no estimate.
	for _, info := range sched.Experiments() {
		e, _ := sched.LookupExperiment(info.Name)
		plan, err := e.Plan(sched.ExperimentOptions{Seed: 1})
		if _, _, ok := costs(plan); err != nil || ok {
			continue
		}
		v.Name = info.Name
		v.perCost = map[string]time.Duration{info.Name: time.Second}
		if got := v.estimateText(); !strings.Contains(got, "No estimate") {
			t.Errorf("%s: %q", info.Name, got)
		}
	}
}

func TestLongDur(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0:                 "1 s",
		12 * time.Second:  "12 s",
		180 * time.Second: "3 min",
		3 * time.Hour:     "3.0 h",
	} {
		if got := longDur(d); got != want {
			t.Errorf("longDur(%v) = %q, want %q", d, got, want)
		}
	}
}

// Every experiment's plan gives each point a size, in quick and in full
// mode, so the view estimates every full run once a run measured the
// device (issue 37, item 8: muscle-fig4 and multisite-fig2/3 gave none).
func TestEveryPlanHasCosts(t *testing.T) {
	seen := map[string]bool{}
	for _, info := range sched.Experiments() {
		e, _ := sched.LookupExperiment(info.Name)
		for _, quick := range []bool{true, false} {
			plan, err := e.Plan(sched.ExperimentOptions{Seed: 1, Quick: quick})
			if err != nil {
				t.Fatalf("%s: %v", info.Name, err)
			}
			for _, p := range plan {
				if !(p.Cost > 0) {
					t.Errorf("%s (quick %v): point %d %q has cost %v", info.Name, quick, p.Index, p.Label, p.Cost)
				}
			}
		}
		v := &View{Name: info.Name, Seed: "1", perCost: map[string]time.Duration{info.Name: time.Millisecond}}
		if got := v.estimateText(); !strings.Contains(got, "Estimated time of the full run: about ") {
			t.Errorf("%s: %q", info.Name, got)
		}
		seen[info.Name] = true
	}
	for _, name := range []string{"muscle-fig4", "multisite-fig2", "multisite-fig3"} {
		if !seen[name] {
			t.Errorf("%s is not registered here", name)
		}
	}
}
