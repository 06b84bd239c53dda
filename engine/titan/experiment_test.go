package titan

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"gridplay/engine/sched"
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
	// one verdict per claim and reading, each computed: holds or not
	readings := map[string]int{}
	for _, c := range tab.Claims {
		if c.Verdict != sched.Holds && c.Verdict != sched.DoesNotHold || c.Ours == "" || c.Paper == "" {
			t.Errorf("claim %+v", c)
		}
		readings[c.Reading]++
	}
	if readings[""] != readings["untuned"] || readings[""] < 10 || readings["untuned-rates"] != 2 {
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

// TestFig9VerdictsComputed: the notes and verdicts follow the rows. With
// the GA's makespan made 1.3 times DS-NL's in the GA's point, the claims
// on the GA and the sentence comparing them turn around.
func TestFig9VerdictsComputed(t *testing.T) {
	e, parts, tab := quickFig9(t)
	verdict := func(tab *sched.Table, claim, reading string) string {
		for _, c := range tab.Claims {
			if strings.HasPrefix(c.Claim, claim) && c.Reading == reading {
				return c.Verdict
			}
		}
		t.Fatalf("no claim %q under %q", claim, reading)
		return ""
	}
	if v := verdict(tab, "The GA's makespan is below DS-NL's", ""); v != sched.Holds {
		t.Fatalf("default reading: %s", v)
	}
	for _, p := range parts {
		for i, r := range p.(*sched.Table).Rows {
			if r.Policy == "titan" && r.Metric == "makespan_vs_dsnl" {
				p.(*sched.Table).Rows[i].Value = 1.3
			}
		}
	}
	rep, err := e.Merge(sched.ExperimentOptions{Quick: true}, parts)
	if err != nil {
		t.Fatal(err)
	}
	got := rep.(*sched.Table)
	if v := verdict(got, "The GA's makespan is below DS-NL's", ""); v != sched.DoesNotHold {
		t.Errorf("GA/DS-NL 1.3: verdict %s", v)
	}
	if v := verdict(got, "The GA improves on DS-NL by about 20%", ""); v != sched.DoesNotHold {
		t.Errorf("GA/DS-NL 1.3: 20%% verdict %s", v)
	}
	if v := verdict(got, "The GA's makespan is below DS-NL's", "untuned"); v != verdict(tab, "The GA's makespan is below DS-NL's", "untuned") {
		t.Error("another reading's verdict changed")
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

func TestTextbookShapes(t *testing.T) {
	want := map[string]int{"cpi": 16, "sweep3d": 10, "fft": 16, "improc": 16, "bitonic": 15}
	for _, name := range CodeNames {
		if got := argmin(TextbookCodes[name]); got != want[name] {
			t.Errorf("%s fastest on %d hosts, want %d", name, got, want[name])
		}
	}
	// By hand, T1 = 300, s = 0.05, 3 s per step: on 4 hosts a reduction
	// has 2 steps: 300(0.05 + 0.95/4) + 6 = 92.25; a bitonic sort 3
	// steps: 95.25; a pipeline 3: 95.25; a halo exchange 1: 89.25.
	for name, v := range map[string]float64{"cpi": 92.25, "bitonic": 95.25, "sweep3d": 95.25, "improc": 89.25, "fft": 92.25} {
		if got := TextbookCodes[name].Time(4); math.Abs(got-v) > 1e-9 {
			t.Errorf("%s(4) = %v, want %v", name, got, v)
		}
	}
	if TextbookCodes["cpi"].Time(1) != 300 || TextbookCodes["cpi"].Time(0) != 300 {
		t.Error("one host: T1")
	}
	// the untuned scenario carries the same values as points
	s := readings[1].scenario(1)
	tk, err := TaskFromJob(s.Jobs[0])
	if err != nil {
		t.Fatal(err)
	}
	code := Fig9Scenario(1).Jobs[0].App.Code
	for n := 1; n <= 16; n++ {
		if tk.Pred.Time(n) != TextbookCodes[code].Time(n) {
			t.Errorf("%s on %d hosts: %v, want %v", code, n, tk.Pred.Time(n), TextbookCodes[code].Time(n))
		}
	}
}

func TestLiteratureRates(t *testing.T) {
	c := LiteratureRates(32, 16)
	if c.CrossoverRate != 0.6 || math.Abs(c.MutationRate-0.032) > 1e-12 || math.Abs(c.MapMutationRate-0.512) > 1e-12 || c.Population != 40 {
		t.Errorf("%+v", c)
	}
	if c := LiteratureRates(100, 64); c.MapMutationRate != 1 || c.MutationRate != 0.1 {
		t.Errorf("caps: %+v", c)
	}
	if err := c.Validate(); err != nil {
		t.Error(err)
	}
}
