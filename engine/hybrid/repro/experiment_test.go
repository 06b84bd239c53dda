package repro

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"gridplay/engine/hybrid"
	"gridplay/engine/sched"
	"gridplay/engine/sched/verdict"
)

func runExperiment(t testing.TB, name string, quick bool) *sched.Table {
	t.Helper()
	e, ok := sched.LookupExperiment(name)
	if !ok {
		t.Fatalf("%s not registered", name)
	}
	rep, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{Quick: quick}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rep.(*sched.Table)
}

func TestExperimentsQuick(t *testing.T) {
	for _, tc := range []struct {
		name     string
		xs       []string
		readings []string
	}{
		{"hybrid-table1", []string{"1000", "3000"}, []string{"", "every-job", "rescue", "loose", "overlap", "submitted", "live"}},
		{"hybrid-table3", []string{"10", "40", "100"}, []string{"", "every-job", "rescue", "loose", "overlap", "submitted", "users10", "live"}},
	} {
		tb := runExperiment(t, tc.name, true)
		val := map[string]float64{}
		for _, r := range tb.Rows {
			if r.Experiment != tc.name || math.IsNaN(r.Value) || math.IsInf(r.Value, 0) {
				t.Fatalf("%s: bad row %+v", tc.name, r)
			}
			val[r.X+"|"+r.Policy+"|"+r.Metric] = r.Value
		}
		avg := map[string]float64{}
		for _, r := range tb.Summary {
			if r.X != "avg" {
				t.Errorf("%s: summary row %+v", tc.name, r)
			}
			avg[r.Policy+"|"+r.Metric] = r.Value
		}
		for _, rd := range tc.readings {
			metrics := []string{"ttr_improvement_vs_local", "ttr_improvement_vs_hrs", "completed_improvement_vs_local", "completed_improvement_vs_hrs"}
			if rd == readSubmitted {
				metrics = metrics[:2]
			}
			for _, m := range metrics {
				p := label(hybrid.PHRS, rd)
				sum := 0.0
				for _, x := range tc.xs {
					v, ok := val[x+"|"+p+"|"+m]
					if !ok {
						t.Errorf("%s: no row %s %s %s", tc.name, x, p, m)
					}
					sum += v
				}
				// The averages are the means of the points' rows.
				if a, ok := avg[p+"|"+m]; !ok || math.Abs(a-sum/float64(len(tc.xs))) > 1e-9 {
					t.Errorf("%s: avg %s %s = %v, want %v", tc.name, p, m, a, sum/float64(len(tc.xs)))
				}
			}
			for _, x := range tc.xs {
				for _, ap := range approaches {
					if !applies(ap, rd) && rd != "" {
						continue
					}
					ms := reported
					if rd == readSubmitted {
						ms = []string{"ttr"}
					}
					for _, m := range ms {
						if _, ok := val[x+"|"+label(ap, rd)+"|"+m]; !ok {
							t.Errorf("%s: no row %s %s %s", tc.name, x, label(ap, rd), m)
						}
					}
				}
				// The improvement rows are the percentages of the metric
				// rows.
				l, p := val[x+"|"+label(hybrid.Local, rd)+"|ttr"], val[x+"|"+label(hybrid.PHRS, rd)+"|ttr"]
				if got := val[x+"|"+label(hybrid.PHRS, rd)+"|ttr_improvement_vs_local"]; math.Abs(got-100*(l-p)/l) > 1e-9 {
					t.Errorf("%s x=%s %s: ttr improvement %v, want %v", tc.name, x, rd, got, 100*(l-p)/l)
				}
				if val[x+"|"+label(hybrid.Local, rd)+"|migrated"] != 0 {
					t.Errorf("%s x=%s: local migrated jobs", tc.name, x)
				}
			}
		}
		// users10 at 10 clusters is the default workload: the same jobs.
		if tc.name == "hybrid-table3" {
			for _, ap := range approaches {
				if a, b := val["10|"+ap.String()+"|ttr"], val["10|"+label(ap, readUsers)+"|ttr"]; a != b {
					t.Errorf("%s at 10 clusters: ttr %v, users10 %v", ap, a, b)
				}
				if a, b := val["100|"+ap.String()+"|ttr"], val["100|"+label(ap, readUsers)+"|ttr"]; a == b {
					t.Errorf("%s at 100 clusters: users10 gives the default's ttr %v", ap, a)
				}
			}
		}
		if len(tb.Paper) == 0 || len(tb.Notes) == 0 || len(tb.Claims) < 10 {
			t.Errorf("%s: no paper rows, claims or notes", tc.name)
		}
		for _, c := range tb.Claims {
			if c.Verdict != sched.Holds && c.Verdict != sched.DoesNotHold && c.Verdict != verdict.NeedsSeeds {
				t.Errorf("%s: verdict %q", tc.name, c.Verdict)
			}
			if strings.Contains(c.Ours, "live") {
				t.Errorf("%s: live is not a reading of the paper: %+v", tc.name, c)
			}
		}
		if _, err := json.Marshal(tb); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		if testing.Verbose() {
			for _, c := range tb.Claims {
				t.Logf("%+v", c)
			}
			for _, n := range tb.Notes {
				t.Log(n)
			}
		}
	}
}

// claimParts are the points of hybrid-table1's quick plan made by hand:
// every series the same except P-HRS, faster than local in TTR by 20% -
// 0.1 seed by default and by 10% under every-job; HRS equals local.
func claimParts(e *experiment, seed int) []sched.Report {
	var parts []sched.Report
	for _, x := range e.quickXs {
		for _, g := range e.groups() {
			tb := &sched.Table{Experiment: e.name}
			xl := strconv.Itoa(x)
			val := map[string]float64{}
			for _, v := range variantsOf(g.readings) {
				l := label(v.ap, v.reading)
				ttr := 100.0
				if v.ap == hybrid.PHRS {
					ttr = 80 + 0.1*float64(seed)
					if v.reading == readEvery {
						ttr = 90
					}
				}
				for _, m := range reported {
					x := map[string]float64{"ttr": ttr, "completed": 10, "utilisation": 0.5}[m]
					tb.Add(xl, l, m, x)
					val[l+"|"+m] = x
				}
				if v.reading == "" {
					tb.Add(xl, label(v.ap, readSubmitted), "ttr", ttr)
					val[label(v.ap, readSubmitted)+"|ttr"] = ttr
				}
			}
			for _, r := range g.readings {
				for _, im := range improved {
					if r == readSubmitted && im.metric != "ttr" {
						continue
					}
					for _, o := range []hybrid.Approach{hybrid.Local, hybrid.HRS} {
						tb.Add(xl, label(hybrid.PHRS, r), impMetric(im.metric, o), improvement(val[label(o, r)+"|"+im.metric], val[label(hybrid.PHRS, r)+"|"+im.metric], im.lower))
					}
				}
			}
			parts = append(parts, tb)
		}
	}
	return parts
}

// TestClaims checks verdicts computed from rows made by hand: every
// claim under every reading set; on one seed a comparing claim is
// undecided, over five it is decided by its interval.
func TestClaims(t *testing.T) {
	e := registered["hybrid-table1"]
	opt := sched.ExperimentOptions{Quick: true}
	rep, err := e.Merge(opt, claimParts(e, 1))
	if err != nil {
		t.Fatal(err)
	}
	one := rep.(*sched.Table)
	if len(one.Sets) != len(e.sets()) || len(one.Claims) != len(e.sets())*len(one.Claims)/len(one.Sets) {
		t.Errorf("sets %+v for %d claims", one.Sets, len(one.Claims))
	}
	for _, c := range one.Claims {
		if c.Verdict != verdict.NeedsSeeds {
			t.Errorf("one seed, %s under %s: %q", c.Claim, c.Reading, c.Verdict)
		}
	}
	var parts []sched.Report
	for seed := 1; seed <= 5; seed++ {
		parts = append(parts, claimParts(e, seed)...)
	}
	five := verdict.Seeds(e)
	rep, err = five.Merge(sched.ExperimentOptions{Quick: true, Seeds: 5}, parts)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]sched.Claim{}
	for _, c := range rep.(*sched.Table).Claims {
		got[c.Reading+"|"+c.Claim] = c
	}
	const (
		lower  = "Fig. 2, Table I: for all the system loads tested, P-HRS and HRS have a lower TTR than local execution"
		avg185 = "Section IV.A: P-HRS has an average improvement in TTR of 18.5% over local execution"
		avg43  = "Section IV.A: P-HRS has an average improvement in TTR of 4.3% over HRS"
		more   = "Fig. 3, Table II: HRS and P-HRS complete more jobs than local execution"
		grows  = "Section IV.A: when the number of jobs increases, the number of jobs completed also increases in all the approaches"
	)
	for key, want := range map[string]string{
		// HRS is never below local.
		"default|" + lower:   sched.DoesNotHold,
		"every-job|" + lower: sched.DoesNotHold,
		// 19.5-19.9% is within a quarter of 18.5%; 10% (every-job) is
		// not, and no set matches 4.3%.
		"default|" + avg185:   sched.Holds,
		"rescue|" + avg185:    sched.Holds,
		"every-job|" + avg185: sched.DoesNotHold,
		"default|" + avg43:    sched.DoesNotHold,
		"every-job|" + avg43:  sched.DoesNotHold,
		"submitted|" + more:   sched.DoesNotHold,
		// The same completions at every load: a slope of 0.
		"default|" + grows: sched.DoesNotHold,
	} {
		c, ok := got[key]
		if !ok || c.Verdict != want {
			t.Errorf("%s: %q (%s), want %q", key, c.Verdict, c.Ours, want)
		}
	}
	if c := got["default|"+avg185]; c.Ours != "19.7% [19.5%, 19.9%] (mean [95% CI] over 5 seeds)" {
		t.Errorf("ours %q", c.Ours)
	}
	if _, err := e.Merge(opt, parts[:1]); err == nil {
		t.Error("merge of too few points: no error")
	}
}

// TestPaperRows checks the copied tables against the averages the paper
// states: the mean of each table row is the stated average, to the
// rounding of the text (Table I vs local: (22.3+12.9+19.3+21.3+16.8)/5 =
// 18.52; stated 18.5).
func TestPaperRows(t *testing.T) {
	for _, name := range []string{"hybrid-table1", "hybrid-table3"} {
		paper := registered[name].paper
		sum, n, avg := map[string]float64{}, map[string]int{}, map[string]float64{}
		for _, r := range paper {
			if r.X == "avg" {
				avg[r.Metric] = r.Value
				continue
			}
			if _, err := strconv.Atoi(r.X); err != nil {
				t.Fatalf("%s: bad x %q", name, r.X)
			}
			sum[r.Metric] += r.Value
			n[r.Metric]++
		}
		for m, s := range sum {
			mean := s / float64(n[m])
			if math.Abs(mean-avg[m]) > 0.15 {
				t.Errorf("%s %s: table mean %.2f, stated average %.1f", name, m, mean, avg[m])
			}
		}
	}
}

func TestRegistered(t *testing.T) {
	for _, name := range []string{"hybrid-table1", "hybrid-table3"} {
		if _, ok := sched.LookupExperiment(name); !ok {
			t.Errorf("experiment %s not registered", name)
		}
	}
}

func TestExperimentCancel(t *testing.T) {
	e, _ := sched.LookupExperiment("hybrid-table1")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sched.RunExperiment(ctx, e, sched.ExperimentOptions{Quick: true}, nil); err == nil {
		t.Error("cancelled experiment ran")
	}
}

// A point's report does not depend on the points run before it: each
// point of hybrid-table3 quick gives the same bytes run in the plan's
// order and in reverse, and the groups of an x together hold every
// series at that x once.
func TestPointsIndependent(t *testing.T) {
	e := registered["hybrid-table3"]
	opt := sched.ExperimentOptions{Quick: true, Seed: 3}
	plan, err := e.Plan(opt)
	if err != nil {
		t.Fatal(err)
	}
	if want := len(e.quickXs) * len(e.groups()); len(plan) != want {
		t.Fatalf("plan of %d points, want %d", len(plan), want)
	}
	inOrder := map[int][]byte{}
	for k := range plan {
		rep, err := e.Point(context.Background(), opt, k, nil)
		if err != nil {
			t.Fatal(err)
		}
		inOrder[k], _ = json.Marshal(rep)
	}
	series := map[string]int{}
	for k := len(plan) - 1; k >= 0; k-- {
		rep, err := e.Point(context.Background(), opt, k, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(rep)
		if !bytes.Equal(b, inOrder[k]) {
			t.Errorf("point %d (%s): other bytes run after the points behind it than after those before it", k, plan[k].Label)
		}
		for _, r := range rep.(*sched.Table).Rows {
			if r.Metric == "ttr" {
				series[r.X+" "+r.Policy]++
			}
		}
	}
	for _, x := range e.quickXs {
		for _, v := range e.variants() {
			if n := series[strconv.Itoa(x)+" "+label(v.ap, v.reading)]; n != 1 {
				t.Errorf("x = %d: %s has %d ttr rows among the points, want 1", x, label(v.ap, v.reading), n)
			}
		}
	}
}
