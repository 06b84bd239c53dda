package state

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	_ "gridplay/engine/all"
	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
)

// refuses runs the engine's policy on s and reports whether it refused
// the scenario (an input error; a run that ends is accepted).
func refuses(t *testing.T, name string, s *model.Scenario) (bool, string) {
	t.Helper()
	in := sched.Info{Name: name}
	if p, ok := sched.Lookup(name); ok {
		in = p.Info()
	}
	c := ForPolicy(s, in)
	// Keep the GA runs short: only whether the policy accepts the
	// scenario matters here.
	for _, p := range in.Params {
		if p.Name == "generations" {
			if c.Policy.Params == nil {
				c.Policy.Params = map[string]float64{}
			}
			c.Policy.Params["generations"] = p.Min
		}
	}
	_, err := runner.Run(context.Background(), c, nil)
	var fe *model.FieldError
	var es model.Errors
	if err != nil && (errors.As(err, &fe) || errors.As(err, &es)) {
		return true, err.Error()
	}
	if err != nil {
		t.Fatalf("%s: not an input error: %v", name, err)
	}
	return false, ""
}

// The page's rules (Runnable) agree with the engine: on every preset and
// variants of them, a policy is greyed exactly when the engine refuses
// the scenario.
func TestRunnableAgreesWithEngine(t *testing.T) {
	var scenarios []*model.Scenario
	for _, p := range Presets {
		s := p.Build()
		scenarios = append(scenarios, s)
		// The same with only its first cluster.
		one := p.Build()
		KeepOnlyCluster(one, one.Platform.Clusters[0].ID)
		one.Name += " (one cluster)"
		scenarios = append(scenarios, one)
	}
	// Many sites, beyond multisite-optimal's limit.
	many := DefaultScenario()
	many.Name = "13 sites"
	many.Platform.Clusters = nil
	for i := 0; i < MaxOptimalSites+1; i++ {
		many.Platform.Clusters = append(many.Platform.Clusters, model.Cluster{ID: fmt.Sprintf("s%d", i), Nodes: 16})
	}
	scenarios = append(scenarios, many)
	// A cluster too large for TITAN's GA.
	huge := DefaultScenario()
	huge.Name = "huge cluster"
	huge.Platform.Clusters[0].Nodes = MaxTitanGANodes + 1
	scenarios = append(scenarios, huge)
	// One job with an application model only.
	app := DefaultScenario()
	app.Name = "one app model"
	app.Jobs[2].Runtime, app.Jobs[2].App = 0, &model.App{Code: "fft"}
	scenarios = append(scenarios, app)

	for _, s := range scenarios {
		for _, in := range sched.Policies() {
			v := Runnable(in.Name, s)
			refused, msg := refuses(t, in.Name, s)
			if v.OK == refused {
				t.Errorf("%s on %q: the page says runnable=%v (%s), the engine says %q", in.Name, s.Name, v.OK, v.Reason, msg)
			}
			if !v.OK && (v.Reason == "" || len(v.Fixes) == 0) {
				t.Errorf("%s on %q: no reason or fix: %+v", in.Name, s.Name, v)
			}
			for _, f := range v.Fixes {
				if f.Policy != "" {
					if fv := Runnable(f.Policy, s); !fv.OK {
						t.Errorf("%s on %q: the fix %q cannot run it either (%s)", in.Name, s.Name, f.Label, fv.Reason)
					}
				}
				if f.KeepCluster != "" {
					c := model.Clone(s)
					KeepOnlyCluster(c, f.KeepCluster)
					if r, msg := refuses(t, in.Name, c); r {
						t.Errorf("%s on %q: keeping only %s still fails: %s", in.Name, s.Name, f.KeepCluster, msg)
					}
				}
			}
			if strings.Contains(v.Reason, "Max") {
				t.Errorf("reason names a constant: %q", v.Reason)
			}
		}
	}
}
