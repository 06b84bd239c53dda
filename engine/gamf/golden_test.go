package gamf

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
)

// The golden hashes in testdata/golden.txt were produced by the code
// before the speed work of issue 16 (the commit that added this test,
// parent d3e0bc3), so that the optimised evaluator and operators are
// held to the old outputs bit for bit. They cover what the speed work
// must not change: every placement (Why aside, which is new), the
// metrics, the drops and the generation frames of each run below, and
// the default-reading rows of gamf-fig7 -quick per workload. A change
// of these hashes is a change of results: it must be deliberate, named
// in the commit message, and the new hashes written here by hand.

// goldenCases are runs that exercise every method and the code paths the
// speed work touches: the e2e determinism scenario (wasm/e2e
// crossScenarios "gamf"), the benchmark's scenario at Table 2's size, a
// random initial population, staggered submissions and saturated links.
func goldenCases() []struct {
	name string
	s    *model.Scenario
} {
	type c = struct {
		name string
		s    *model.Scenario
	}
	var out []c
	sg := 0.8
	two := []model.Cluster{
		{ID: "a", Nodes: 16, Speed: 1, MIPS: 1000, Bandwidth: 1000},
		{ID: "b", Nodes: 12, Speed: 2, MIPS: 2000, Bandwidth: 1000, Weights: &model.Weights{O: 4, M: 3, I: 1}},
	}
	for _, pol := range []string{"gamf", "gama", "hill", "jpr", "cbs", "metl"} {
		var gj []model.Job
		for i := 0; i < 6; i++ {
			gj = append(gj, model.Job{ID: fmt.Sprintf("g%d", i), Size: 6 + 3*i, Runtime: float64(100 + 40*i), Bandwidth: 20, Sigma: &sg})
		}
		out = append(out, c{"determinism/" + pol, &model.Scenario{Version: 1, Seed: 11, Jobs: gj,
			Platform: model.Platform{Clusters: two},
			Policy:   model.Policy{Name: pol, Params: map[string]float64{"generations": 30, "population": 20}}}})
	}
	for _, pol := range []string{"gamf", "gama", "hill", "jpr", "cbs", "metl"} {
		out = append(out, c{"table2/" + pol, synthetic(1, 20, pol)})
	}
	s := synthetic(7, 40, "gamf")
	s.Policy.Params = map[string]float64{"guided": 0, "generations": 40, "population": 30}
	out = append(out, c{"random-init", s})
	for _, pol := range []string{"gamf", "gama", "hill", "metl"} {
		s = synthetic(3, 30, pol)
		for i := range s.Jobs {
			s.Jobs[i].Submit = float64(400 * (i % 7))
		}
		for k := range s.Platform.Clusters {
			s.Platform.Clusters[k].Bandwidth = 300 // links saturate
		}
		if pol != "metl" {
			s.Policy.Params = map[string]float64{"generations": 50, "population": 40, "evaluations": 2000}
		}
		out = append(out, c{"staggered-saturated/" + pol, s})
	}
	// The pre-optimisation code computed CS_j over the links a job's
	// traffic uses, mutated one task and kept the best individual:
	// readings cs-used, mutate-one and elite.
	for _, x := range out {
		if x.s.Policy.Params == nil {
			x.s.Policy.Params = map[string]float64{}
		}
		for k, v := range oldReadings {
			x.s.Policy.Params[k] = v
		}
	}
	return out
}

// oldReadings are the parameters that select the readings of the code
// the golden hashes come from.
var oldReadings = map[string]float64{"cs": 1, "mutate_one": 1, "elite": 1}

// goldenRun is the canonical bytes of one run: the result with Why
// cleared, then every frame.
func goldenRun(t *testing.T, s *model.Scenario) []byte {
	t.Helper()
	pol, ok := sched.Lookup(s.Policy.Name)
	if !ok {
		t.Fatalf("policy %q", s.Policy.Name)
	}
	var frames []sched.Frame
	rec := sched.RecorderFunc(func(f sched.Frame) error { frames = append(frames, f); return nil })
	res, err := pol.Run(context.Background(), s, rec)
	if err != nil {
		t.Fatal(err)
	}
	sch := append([]sched.Placement(nil), res.Schedule...)
	for i := range sch {
		sch[i].Why = ""
	}
	b, err := json.Marshal(struct {
		S []sched.Placement
		D []sched.Drop
		M map[string]float64
		F []sched.Frame
	}{sch, res.Dropped, goldenMetrics(res.Metrics), frames})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// goldenMetrics keeps the metrics the pre-optimisation code reported.
func goldenMetrics(m map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for _, k := range []string{"makespan", "flowtime", "fitness", "link_peak", "saturated_time"} {
		if v, ok := m[k]; ok {
			out[k] = v
		}
	}
	return out
}

// goldenFig7 is the canonical form of gamf-fig7 -quick as the
// pre-optimisation code ran it: each of the 3 workloads, the six methods
// in order with the quick settings and seed 1, under the old readings;
// one line per row with the value printed exactly.
func goldenFig7(t *testing.T) []byte {
	t.Helper()
	wls, err := Workloads(TraceName, 3, 20)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for w, jobs := range wls {
		for _, name := range methods {
			params := map[string]float64{}
			for k, v := range oldFig7Quick[name] {
				params[k] = v
			}
			for k, v := range oldReadings {
				params[k] = v
			}
			s := &model.Scenario{Version: model.Version, Seed: 1, Platform: Fig7Platform(), Jobs: jobs,
				Policy: model.Policy{Name: name, Params: params}}
			res, err := runner.Run(context.Background(), s, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range []string{"makespan", "flowtime"} {
				fmt.Fprintf(&sb, "%d,%s,%s,%s\n", w+1, name, m, strconv.FormatFloat(res.Metrics[m], 'g', -1, 64))
			}
		}
	}
	return []byte(sb.String())
}

// oldFig7Quick are the quick settings gamf-fig7 used then.
var oldFig7Quick = map[string]map[string]float64{
	"gamf": {"generations": 30, "population": 30},
	"gama": {"generations": 30, "population": 30},
	"hill": {"evaluations": 900, "patience": 30},
}

func hash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// TestGoldenOutputs holds the runs above to the hashes of the code before
// the speed work.
func TestGoldenOutputs(t *testing.T) {
	want := map[string]string{}
	f, err := os.Open("testdata/golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, h, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("bad golden line %q", line)
		}
		want[name] = h
	}
	got := map[string]string{}
	for _, c := range goldenCases() {
		got[c.name] = hash(goldenRun(t, c.s))
	}
	got["gamf-fig7-quick"] = hash(goldenFig7(t))
	var lines []string
	for _, c := range goldenCases() {
		lines = append(lines, c.name+" "+got[c.name])
	}
	lines = append(lines, "gamf-fig7-quick "+got["gamf-fig7-quick"])
	bad := false
	for name, h := range got {
		if want[name] != h {
			t.Errorf("%s: hash %s, golden %q", name, h, want[name])
			bad = true
		}
	}
	if len(want) != len(got) {
		t.Errorf("%d golden hashes for %d runs", len(want), len(got))
		bad = true
	}
	if bad {
		t.Logf("hashes of this code:\n%s", strings.Join(lines, "\n"))
	}
}
