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
	"gridplay/engine/swf/swftest"
)

// refuses runs the engine's policy on s as the page runs it (ForPolicy)
// and reports whether it refused the scenario (an input error; a run
// that ends is accepted).
func refuses(t *testing.T, name string, s *model.Scenario) (bool, string) {
	t.Helper()
	in := sched.Info{Name: name}
	if p, ok := sched.Lookup(name); ok {
		in = p.Info()
	}
	_, err := runner.Run(context.Background(), ForPolicy(s, in), nil)
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

// quick keeps the searches short: only whether a policy accepts the
// scenario matters here. Each policy keeps the parameters it declares.
func quick(s *model.Scenario) *model.Scenario {
	ps := map[string]float64{"generations": 1, "round_generations": 1, "evaluations": 10}
	for k, v := range s.Policy.Params {
		if _, set := ps[k]; !set {
			ps[k] = v
		}
	}
	s.Policy.Params = ps
	return s
}

// traceScenario is a window of a shipped trace imported as the page
// imports one, with a job of run time 0 where the trace has one, under
// the page's default policy for a trace.
func traceScenario(t *testing.T, name string) *model.Scenario {
	cut := swftest.Window(t, name, 12)
	s := &model.Scenario{Version: model.Version, Name: name, Policy: model.Policy{Name: "easy"},
		Platform: model.Platform{Clusters: []model.Cluster{cut.Cluster}}, Jobs: cut.Jobs}
	return quick(s)
}

// verdictScenarios are the presets, variants of them, and a window of
// each shipped trace.
func verdictScenarios(t *testing.T) []*model.Scenario {
	var scenarios []*model.Scenario
	for _, p := range Presets {
		scenarios = append(scenarios, quick(p.Build()))
		// The same with only its first cluster.
		one := p.Build()
		KeepOnlyCluster(one, one.Platform.Clusters[0].ID)
		one.Name += " (one cluster)"
		scenarios = append(scenarios, quick(one))
	}
	// Many sites, beyond multisite-optimal's limit.
	many := DefaultScenario()
	many.Name = "13 sites"
	many.Platform.Clusters = nil
	for i := 0; i < 13; i++ {
		many.Platform.Clusters = append(many.Platform.Clusters, model.Cluster{ID: fmt.Sprintf("s%d", i), Nodes: 16})
	}
	scenarios = append(scenarios, quick(many))
	// A cluster too large for TITAN's GA.
	huge := DefaultScenario()
	huge.Name = "huge cluster"
	huge.Platform.Clusters[0].Nodes = 5000
	scenarios = append(scenarios, quick(huge))
	// One job with an application model only.
	app := DefaultScenario()
	app.Name = "one app model"
	app.Jobs[2].Runtime, app.Jobs[2].App = 0, &model.App{Code: "fft"}
	scenarios = append(scenarios, quick(app))
	for _, name := range swftest.Shipped {
		scenarios = append(scenarios, traceScenario(t, name))
	}
	return scenarios
}

// The page's verdicts are the engine's: on every preset, variants of
// them and a window of each shipped trace, a policy is greyed exactly
// when the engine refuses to run the scenario, with the engine's reason
// and fixes that work.
func TestVerdictsAgreeWithEngine(t *testing.T) {
	for _, s := range verdictScenarios(t) {
		all, err := runner.CheckAll(s)
		if err != nil {
			t.Fatalf("%q: %v", s.Name, err)
		}
		vs := Verdicts(all, s)
		for _, in := range sched.Policies() {
			v, ok := vs[in.Name]
			if !ok {
				t.Fatalf("no verdict for %s", in.Name)
			}
			refused, msg := refuses(t, in.Name, s)
			if v.OK == refused {
				t.Errorf("%s on %q: the page says runnable=%v (%s), the engine says %q", in.Name, s.Name, v.OK, v.Reason, msg)
				continue
			}
			if v.OK {
				continue
			}
			if v.Reason == "" || v.Short == "" || len(v.Fixes) == 0 {
				t.Errorf("%s on %q: no reason or fix: %+v", in.Name, s.Name, v)
			}
			if v.Short != "needs one cluster" && v.Reason != Explain(msg, s).Sentence {
				t.Errorf("%s on %q: the page says %q, the engine %q", in.Name, s.Name, v.Reason, msg)
			}
			for _, f := range v.Fixes {
				if f.Policy != "" {
					if r, msg := refuses(t, f.Policy, s); r {
						t.Errorf("%s on %q: the fix %q cannot run it either (%s)", in.Name, s.Name, f.Label, msg)
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
		}
	}
}

// On each shipped trace, imported as the page imports it, the page's
// verdict for each policy family is what the engine does when it runs
// the scenario: KTH and CTC have jobs of run time 0 (KTH job 2466: run
// 0, requested 60), which backfilling and multisite run and the models
// built on run times above 0 (TITAN, MUSCLE, GA-MF, hybrid) refuse with
// their own reason; HPC2N has none.
func TestTraceVerdicts(t *testing.T) {
	families := map[string][]string{
		"classic":   {"fcfs", "easy", "conservative"},
		"MUSCLE":    {"muscle", "dll", "wrand"},
		"TITAN":     {"titan", "titan-fcfs", "titan-ds", "titan-dsnl"},
		"multisite": {"multisite-greedy", "multisite-optimal", "multisite-nonadaptive"},
		"GA-MF":     {"gamf", "gama", "hill", "jpr", "cbs", "metl"},
		"hybrid":    {"hybrid-local", "hybrid-hrs", "hybrid-phrs"},
	}
	zero := map[string]bool{"classic": true, "multisite": true}
	reasons := map[string]string{
		"MUSCLE": "must be > 0 when the job has no app model",
		"TITAN":  "must be > 0 when the job has no app model",
		"GA-MF":  "GA-MF needs the base time Tb_j > 0 s",
		"hybrid": "hybrid needs a positive runtime on reference nodes",
	}
	for _, name := range swftest.Shipped {
		s := traceScenario(t, name)
		hasZero := false
		for _, j := range s.Jobs {
			hasZero = hasZero || j.Runtime == 0
		}
		if want := !strings.HasPrefix(name, "HPC2N"); hasZero != want {
			t.Fatalf("%s: a job of run time 0 in the window: %v, want %v", name, hasZero, want)
		}
		all, err := runner.CheckAll(s)
		if err != nil {
			t.Fatalf("%q: %v", s.Name, err)
		}
		vs := Verdicts(all, s)
		for fam, names := range families {
			for _, p := range names {
				v := vs[p]
				refused, msg := refuses(t, p, s)
				if v.OK == refused {
					t.Errorf("%s, %s (%s): the page says runnable=%v (%s), the engine says %q", name, p, fam, v.OK, v.Reason, msg)
				}
				if want := !hasZero || zero[fam]; v.OK != want {
					t.Errorf("%s, %s (%s): runnable=%v (%s), want %v", name, p, fam, v.OK, v.Reason, want)
				}
				if !v.OK && (v.Short != "needs run times" || !strings.Contains(v.Reason, reasons[fam])) {
					t.Errorf("%s, %s (%s): %q (%s), want the engine's reason %q", name, p, fam, v.Short, v.Reason, reasons[fam])
				}
			}
		}
	}
}
