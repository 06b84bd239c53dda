package all_test

import (
	"context"
	"fmt"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/swf"
	"gridplay/engine/swf/swftest"
)

// quick are parameters that keep the searches short; each policy keeps
// those it declares (runner.ForPolicy).
var quick = map[string]float64{"generations": 2, "round_generations": 1, "population": 4, "evaluations": 20, "stall": 1}

// checkScenarios are windows of the shipped traces (each with a job of
// run time 0 where the trace has one) and scenarios each policy family
// refuses for a reason of its own.
func checkScenarios(t *testing.T) []*model.Scenario {
	var out []*model.Scenario
	for _, name := range swftest.Shipped {
		cut := swftest.Window(t, name, 12)
		out = append(out, &model.Scenario{Version: model.Version, Name: name, Policy: model.Policy{Name: "easy", Params: quick},
			Platform: model.Platform{Clusters: []model.Cluster{cut.Cluster}}, Jobs: cut.Jobs})
	}
	base := func(name string, clusters ...model.Cluster) *model.Scenario {
		s := &model.Scenario{Version: model.Version, Name: name, Policy: model.Policy{Name: "easy", Params: quick},
			Platform: model.Platform{Clusters: clusters}}
		for i := 0; i < 6; i++ {
			s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprint("j", i), Submit: float64(i), Size: 1 + i%3, Runtime: float64(10 + i), Requested: 20})
		}
		return s
	}
	out = append(out, base("two clusters", model.Cluster{ID: "a", Nodes: 4}, model.Cluster{ID: "b", Nodes: 4}))
	many := base("13 sites")
	for i := 0; i < 13; i++ {
		many.Platform.Clusters = append(many.Platform.Clusters, model.Cluster{ID: fmt.Sprint("s", i), Nodes: 2})
	}
	out = append(out, many)
	out = append(out, base("huge cluster", model.Cluster{ID: "a", Nodes: 5000}))
	app := base("app model", model.Cluster{ID: "a", Nodes: 8})
	app.Jobs[2].Runtime, app.Jobs[2].App = 0, &model.App{Code: "fft"}
	out = append(out, app)
	bad := base("bad parameter", model.Cluster{ID: "a", Nodes: 8})
	bad.Policy.Params = map[string]float64{"generations": 2, "population": 1, "conservative": 2, "ts": -1, "alpha": 3}
	out = append(out, bad)
	// Beyond the model's limit of generations: the policies that take
	// generations refuse it in their policy block's validation.
	gens := base("too many generations", model.Cluster{ID: "a", Nodes: 8})
	gens.Policy.Params = map[string]float64{"generations": model.MaxGenerations + 1}
	out = append(out, gens)
	return out
}

// TestCheckAgreesWithRun: on every scenario, each policy's verdict
// (runner.CheckAll) is what running it gives: no error where the run
// starts, and where it refuses, the same error, need included.
func TestCheckAgreesWithRun(t *testing.T) {
	nativeOnly(t) // 7 s under node
	for _, s := range checkScenarios(t) {
		vs, err := runner.CheckAll(s)
		if err != nil {
			t.Fatalf("%q: %v", s.Name, err)
		}
		if len(vs) != len(sched.Policies()) {
			t.Fatalf("%d verdicts for %d policies", len(vs), len(sched.Policies()))
		}
		for i, in := range sched.Policies() {
			v := vs[i]
			if v.Policy != in.Name {
				t.Fatalf("verdict %d is for %s, want %s", i, v.Policy, in.Name)
			}
			_, err := runner.Run(context.Background(), runner.ForPolicy(s, in), nil)
			switch {
			case v.Err == nil && err != nil:
				t.Errorf("%s on %q: Check passes, Run refuses: %v", in.Name, s.Name, err)
			case v.Err != nil && err == nil:
				t.Errorf("%s on %q: Check refuses (%v), Run runs", in.Name, s.Name, v.Err)
			case v.Err != nil && v.Err.Error() != err.Error():
				t.Errorf("%s on %q: Check says %q, Run %q", in.Name, s.Name, v.Err, err)
			case v.Err != nil && model.FirstError(v.Err).Need != model.FirstError(err).Need:
				t.Errorf("%s on %q: needs %q and %q", in.Name, s.Name, model.FirstError(v.Err).Need, model.FirstError(err).Need)
			}
		}
	}
}

// A scenario that does not validate, or whose generator fails, is
// refused whatever the policy: CheckAll asks none and answers the error
// every run gives.
func TestCheckAllInvalidScenario(t *testing.T) {
	s := checkScenarios(t)[3] // two clusters
	s.Jobs[2].Size = -1
	s.Jobs[4].ID = s.Jobs[1].ID
	vs, err := runner.CheckAll(s)
	if err == nil || vs != nil {
		t.Fatalf("an invalid scenario: %v, %v", vs, err)
	}
	for _, in := range sched.Policies() {
		if _, rerr := runner.Run(context.Background(), runner.ForPolicy(s, in), nil); rerr == nil || rerr.Error() != err.Error() {
			t.Errorf("%s: Run says %v, CheckAll %v", in.Name, rerr, err)
		}
	}
	if _, err := runner.CheckAll(nil); err == nil {
		t.Error("no scenario, no error")
	}
}

// TestCheckNeeds: the refusals a page offers a fix for carry their need.
func TestCheckNeeds(t *testing.T) {
	want := map[string]map[string]string{
		"KTH-SP2-1996-2": {"easy": "", "conservative": "", "fcfs": "", "multisite-greedy": "",
			"titan": sched.NeedRuntime, "muscle": sched.NeedRuntime, "gamf": sched.NeedRuntime, "hybrid-hrs": sched.NeedRuntime},
		"HPC2N-2002-2.2-cln": {"easy": "", "titan": "", "muscle": "", "gamf": "", "hybrid-local": ""},
		"two clusters":       {"easy": sched.NeedOneCluster, "fcfs": sched.NeedOneCluster, "multisite-optimal": ""},
		"13 sites":           {"multisite-optimal": sched.NeedFewerSites, "multisite-greedy": ""},
		"huge cluster":       {"titan": sched.NeedSmallerCluster, "titan-dsnl": ""},
		"app model":          {"conservative": sched.NeedRuntime, "gama": sched.NeedRuntime, "hybrid-phrs": sched.NeedRuntime, "titan": ""},
	}
	for _, s := range checkScenarios(t) {
		w, ok := want[s.Name]
		if !ok {
			continue
		}
		vs, err := runner.CheckAll(s)
		if err != nil {
			t.Fatalf("%q: %v", s.Name, err)
		}
		for _, v := range vs {
			need, ok := w[v.Policy]
			if !ok {
				continue
			}
			switch {
			case need == "" && v.Err != nil:
				t.Errorf("%s on %q refused: %v", v.Policy, s.Name, v.Err)
			case need != "" && v.Err == nil:
				t.Errorf("%s on %q: no refusal, want one for %s", v.Policy, s.Name, need)
			case need != "" && model.FirstError(v.Err).Need != need:
				t.Errorf("%s on %q: need %q (%v), want %q", v.Policy, s.Name, model.FirstError(v.Err).Need, v.Err, need)
			}
		}
	}
}

// BenchmarkCheckAll asks every policy about a whole shipped trace, as
// the page does once per version of its scenario on its own thread
// (runner.CheckAll: the validation, then each policy's Check). Under
// node it gives the page's cost:
//
//	GOOS=js GOARCH=wasm go test -run XXX -bench CheckAll -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" ./engine/all/
func BenchmarkCheckAll(b *testing.B) {
	for _, name := range []string{"KTH-SP2-1996-2", "HPC2N-2002-2.2-cln"} {
		b.Run(name, func(b *testing.B) {
			path, err := swf.Find(name)
			if err != nil {
				b.Skip(err)
			}
			tr, err := swf.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			s := tr.Scenario("easy")
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := runner.CheckAll(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
