package repro

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gridplay/engine/sched"
	"gridplay/engine/sched/verdict"
	"gridplay/engine/titan"
)

func quickFig9(t *testing.T) (sched.Experiment, []sched.Report, *sched.Table) {
	t.Helper()
	e, ok := sched.LookupExperiment("titan-fig9")
	if !ok {
		t.Fatal("titan-fig9 not registered")
	}
	opt := sched.ExperimentOptions{Quick: true}
	plan, err := e.Plan(opt)
	if err != nil {
		t.Fatal(err)
	}
	parts := make([]sched.Report, len(plan))
	for k := range plan {
		if parts[k], err = e.Point(context.Background(), opt, k, nil); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := e.Merge(opt, parts)
	if err != nil {
		t.Fatal(err)
	}
	return e, parts, rep.(*sched.Table)
}

func TestFig9Quick(t *testing.T) {
	e, _, tab := quickFig9(t)
	count := map[string]int{}
	for _, r := range tab.Rows {
		if r.Experiment != "titan-fig9" || r.Metric != strings.ToLower(r.Metric) || r.X == "" {
			t.Fatalf("bad row %+v", r)
		}
		count[r.Policy+"/"+r.Metric]++
	}
	for _, sfx := range []string{"", "@untuned", "@untuned-curves"} {
		for _, pol := range []string{"titan-fcfs", "titan-ds", "titan-dsnl", "titan"} {
			if c := count[pol+sfx+"/completed"]; c < 2 || c > 32 {
				t.Errorf("%s%s: %d completed rows, want 2-32 (one per distinct end time)", pol, sfx, c)
			}
			for _, m := range []string{"makespan", "advance", "over_deadline"} {
				if count[pol+sfx+"/"+m] != 1 {
					t.Errorf("%s%s: %d %s rows", pol, sfx, count[pol+sfx+"/"+m], m)
				}
			}
		}
	}
	if count["titan@untuned-rates/makespan_vs_dsnl"] != 1 || count["titan-dsnl@untuned-rates/makespan"] != 0 {
		t.Error("untuned-rates: want the GA's run alone")
	}
	for _, sfx := range []string{"", "@untuned"} {
		for _, pol := range []string{"titan-pop20", "titan-pop40", "titan-pop60"} {
			if count[pol+sfx+"/makespan"] != 11 { // generations 0, 20, ..., 200
				t.Errorf("%s%s: %d convergence rows", pol, sfx, count[pol+sfx+"/makespan"])
			}
		}
		if count["titan-offline4"+sfx+"/queue_makespan"] == 0 || count["titan-dsnl-offline4"+sfx+"/queue_makespan"] == 0 {
			t.Error("no Fig. 10 rows" + sfx)
		}
	}
	last := map[string]float64{}
	for _, r := range tab.Rows {
		if r.Metric == "completed" {
			last[r.Policy] = r.Value
		}
	}
	for pol, v := range last {
		if v != 32 {
			t.Errorf("%s: %v tasks completed at the end, want 32", pol, v)
		}
	}
	// every claim under the sets tuned and untuned; on one seed only
	// the level claim is decided
	readings := map[string]int{}
	for _, c := range tab.Claims {
		decided := c.Verdict == sched.Holds || c.Verdict == sched.DoesNotHold
		if decided != c.Level || !decided && c.Verdict != verdict.NeedsSeeds || c.Ours == "" || c.Paper == "" || strings.Contains(c.Ours, "NaN") {
			t.Errorf("claim %+v", c)
		}
		readings[c.Reading]++
	}
	if readings["tuned"] != readings["untuned"] || readings["tuned"] < 10 || len(readings) != 2 {
		t.Errorf("claims per reading %v", readings)
	}
	if len(tab.Paper) == 0 || len(tab.Notes) < 8 {
		t.Errorf("paper rows %d, notes %d", len(tab.Paper), len(tab.Notes))
	}
	for _, n := range tab.Notes {
		if strings.Contains(n, "NaN") {
			t.Errorf("note with a missing value: %s", n)
		}
	}
	if !strings.Contains(e.Info().Setup, "W^m = 1, W^i = 0, W^c = 1") || !strings.Contains(e.Info().Setup, "TUNED") {
		t.Error("setup must state the weights used and that the defaults were tuned")
	}
	a, _ := json.Marshal(tab)
	rep, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{Quick: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(rep)
	if string(a) != string(b) {
		t.Error("two quick runs differ")
	}
}

// TestFig9VerdictsComputed: the notes and verdicts follow the rows. Over
// five copies of the quick run, the GA below DS-NL holds; with the GA's
// makespan made 1.3 times DS-NL's in the GA's tuned point, the claims on
// the GA under the set tuned and the sentence comparing them turn around,
// and the set untuned is unchanged.
func TestFig9VerdictsComputed(t *testing.T) {
	e, parts, tab := quickFig9(t)
	five := func(parts []sched.Report) *sched.Table {
		var all []sched.Report
		for range 5 {
			all = append(all, parts...)
		}
		rep, err := verdict.Seeds(e).Merge(sched.ExperimentOptions{Quick: true, Seeds: 5}, all)
		if err != nil {
			t.Fatal(err)
		}
		return rep.(*sched.Table)
	}
	get := func(tab *sched.Table, claim, set string) string {
		for _, c := range tab.Claims {
			if strings.HasPrefix(c.Claim, claim) && c.Reading == set {
				return c.Verdict
			}
		}
		t.Fatalf("no claim %q under %q", claim, set)
		return ""
	}
	const below, about = "The GA's makespan is below DS-NL's", "The GA improves on DS-NL by about 20%"
	if v := get(tab, below, "tuned"); v != verdict.NeedsSeeds {
		t.Fatalf("one seed: %s", v)
	}
	before := five(parts)
	if v := get(before, below, "tuned"); v != sched.Holds {
		t.Fatalf("five seeds: %s", v)
	}
	for _, p := range parts {
		for i, r := range p.(*sched.Table).Rows {
			if r.Policy == "titan" && r.Metric == "makespan_vs_dsnl" {
				p.(*sched.Table).Rows[i].Value = 1.3
			}
		}
	}
	got := five(parts)
	if v := get(got, below, "tuned"); v != sched.DoesNotHold {
		t.Errorf("GA/DS-NL 1.3: verdict %s", v)
	}
	if v := get(got, about, "tuned"); v != sched.DoesNotHold {
		t.Errorf("GA/DS-NL 1.3: 20%% verdict %s", v)
	}
	if get(got, below, "untuned") != get(before, below, "untuned") {
		t.Error("another reading set's verdict changed")
	}
	found := false
	for _, n := range got.Notes {
		found = found || strings.Contains(n, "GA/DS-NL = 1.30 (GA higher by 30%)")
	}
	if !found {
		t.Errorf("notes do not follow the rows: %q", got.Notes)
	}
}

func TestFig9PlanAndErrors(t *testing.T) {
	e, _ := sched.LookupExperiment("titan-fig9")
	full, _ := e.Plan(sched.ExperimentOptions{})
	quick, _ := e.Plan(sched.ExperimentOptions{Quick: true})
	// per whole reading: 4 policies, 3 populations, Fig. 8, 2 offline
	// runs (+4 workloads when full); then 4 + 1 partial runs
	if len(quick) != 2*10+5 || len(full) != 2*14+5 {
		t.Errorf("plan: %d points quick, %d full", len(quick), len(full))
	}
	seen := map[string]bool{}
	for _, p := range full {
		if seen[p.Label] {
			t.Errorf("label %q twice", p.Label)
		}
		seen[p.Label] = true
	}
	opt := sched.ExperimentOptions{Quick: true}
	if _, err := e.Point(context.Background(), opt, -1, nil); err == nil {
		t.Error("point -1 accepted")
	}
	if _, err := e.DecodePoint(opt, len(quick), []byte(`{}`)); err == nil {
		t.Error("decode past the plan accepted")
	}
	if _, err := e.DecodePoint(opt, 0, []byte(`{`)); err == nil {
		t.Error("bad JSON accepted")
	}
	if _, err := e.Merge(opt, nil); err == nil {
		t.Error("merge of no points accepted")
	}
}

// TestUntunedScenario: the untuned scenario carries the Textbook curves
// as points.
func TestUntunedScenario(t *testing.T) {
	s := readings[1].scenario(1)
	tk, err := titan.TaskFromJob(s.Jobs[0])
	if err != nil {
		t.Fatal(err)
	}
	code := titan.Fig9Scenario(1).Jobs[0].App.Code
	for n := 1; n <= 16; n++ {
		if tk.Pred.Time(n) != titan.TextbookCodes[code].Time(n) {
			t.Errorf("%s on %d hosts: %v, want %v", code, n, tk.Pred.Time(n), titan.TextbookCodes[code].Time(n))
		}
	}
}

// TestDumpFig9 writes titan-fig9's JSON for several seeds into
// $TITAN_DUMP, beside titan's TestDumpOutputs (which says how to use it).
func TestDumpFig9(t *testing.T) {
	dir := os.Getenv("TITAN_DUMP")
	if dir == "" {
		t.Skip("set TITAN_DUMP=DIR to write the outputs to compare")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	e, _ := sched.LookupExperiment("titan-fig9")
	for _, c := range []struct {
		seed  uint64
		quick bool
	}{{1, true}, {2, true}, {3, true}, {11, true}, {1, false}, {2, false}} {
		rep, err := sched.RunExperiment(ctx, e, sched.ExperimentOptions{Seed: c.seed, Quick: c.quick}, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(rep)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("fig9-seed%d-quick%v.json", c.seed, c.quick)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
