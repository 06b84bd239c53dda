package repro

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"gridplay/engine/sched"
	"gridplay/engine/sched/verdict"
)

// TestTable2Experiment checks the JSON form of muscle-table2 exactly
// (the rows of Table 2, see TestTable2 for the derivation) and its long
// rows.
func TestTable2Experiment(t *testing.T) {
	e, ok := sched.LookupExperiment("muscle-table2")
	if !ok {
		t.Fatal("muscle-table2 not registered")
	}
	rep, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"rows":[` +
		`{"row":1,"compositions":[["J2"],["J5"]]},` +
		`{"row":2,"compositions":[["J1"],["J5","J2"],["J6"]]},` +
		`{"row":3,"compositions":[["J2","J1"],["J4"],["J6","J5"]]},` +
		`{"row":4,"compositions":[["J3"],["J4","J2"],["J6","J1"]]},` +
		`{"row":5,"compositions":[["J3","J2"],["J4","J1"]]},` +
		`{"row":6,"compositions":[["J3","J1"],["J6","J4","J2"]]}],` +
		`"claims":[{"claim":"Table 2 (section 4.1): the composition table of the jobs of Table 1 with m_MAX = 6",` +
		`"paper":"15 compositions in 6 rows","ours":"15 compositions in 6 rows, 15 equal to the paper's in row and position","verdict":"holds"}]}`
	if string(b) != want {
		t.Fatalf("JSON\n got %s\nwant %s", b, want)
	}
	rows := rep.LongRows()
	counts := []float64{2, 3, 3, 3, 2, 2}
	for i, r := range rows {
		if r.Experiment != "muscle-table2" || r.Metric != "compositions" || r.Policy != "muscle" || r.Value != counts[i] {
			t.Errorf("long row %d: %+v", i, r)
		}
	}
}

// TestFig4Quick runs muscle-fig4 in quick mode: every run has its rows,
// the runs of a reading that shares a rate have the same rate (the same
// offered load), the gain rows are the gains of the MCP and PB rows, the
// own-rate gains are summary rows, and every claim is checked under
// every reading. Not under js/wasm: quick mode makes about 60 runs of
// 20,000 jobs (a minute of CPU natively); TestFig4MergeClaims covers the
// merge there.
func TestFig4Quick(t *testing.T) {
	if testing.Short() || runtime.GOARCH == "wasm" {
		t.Skip("runs the quick experiment")
	}
	e, ok := sched.LookupExperiment("muscle-fig4")
	if !ok {
		t.Fatal("muscle-fig4 not registered")
	}
	// Its points on two goroutines: the merge does not depend on how
	// the points ran (sched.FanOut), and the test takes half the time.
	opt := sched.ExperimentOptions{Quick: true}
	plan, err := e.Plan(opt)
	if err != nil {
		t.Fatal(err)
	}
	parts, err := sched.FanOut(context.Background(), plan, 2, sched.LocalPoints(e, opt), nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := e.Merge(opt, parts)
	if err != nil {
		t.Fatal(err)
	}
	// The points through their JSON form, as remote points come (the
	// page's workers, workerd), merge into the same bytes.
	remote := make([]sched.Report, len(parts))
	for k, p := range parts {
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if remote[k], err = e.DecodePoint(opt, k, b); err != nil {
			t.Fatal(err)
		}
	}
	viaJSON, err := e.Merge(opt, remote)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(rep)
	b, _ := json.Marshal(viaJSON)
	if !bytes.Equal(a, b) {
		t.Fatalf("the merge of the points through their JSON form differs:\n%.300s\n%.300s", b, a)
	}
	tab := rep.(*sched.Table)
	have := map[string]float64{}
	for _, r := range append(append([]sched.Row(nil), tab.Rows...), tab.Summary...) {
		have[r.X+"/"+r.Policy+"/"+r.Metric] = r.Value
	}
	for _, x := range []string{"40", "100"} {
		for _, g := range fig4Groups {
			for _, r := range append([]fig4Run{g.Calib}, g.Same...) {
				for _, m := range fig4Metrics {
					if v, ok := have[x+"/"+r.Name+"/"+m]; !ok || !(v > 0) {
						t.Errorf("%s %s %s missing or not positive: %v", x, r.Name, m, v)
					}
				}
				if r.Name != g.Calib.Name && have[x+"/"+r.Name+"/rate"] != have[x+"/"+g.Calib.Name+"/rate"] {
					t.Errorf("%s: %s runs at rate %v, %s at %v", x, r.Name, have[x+"/"+r.Name+"/rate"], g.Calib.Name, have[x+"/"+g.Calib.Name+"/rate"])
				}
			}
		}
		if have[x+"/dll/rate"] != have[x+"/muscle/rate"] || have[x+"/wrand/rate"] != have[x+"/muscle/rate"] {
			t.Errorf("%s: the default reading is not at one rate", x)
		}
		for _, rd := range fig4Readings {
			for _, m := range []string{"mcp", "pb"} {
				for _, b := range []struct{ short, name string }{{"dll", rd.DLL}, {"wrand", rd.WRAND}} {
					want := gain(have[x+"/"+b.name+"/"+m], have[x+"/"+rd.Muscle+"/"+m])
					if got, ok := have[x+"/"+sched.WithReading("muscle", rd.Name)+"/"+m+"_gain_vs_"+b.short]; !ok || got != want {
						t.Errorf("%s %s %s gain vs %s: %v, want %v", x, sched.WithReading("muscle", rd.Name), m, b.name, got, want)
					}
				}
			}
		}
	}
	// Below capacity and with a level reached: the default reading's
	// runs are offered less than the capacity and MUSCLE keeps up.
	for _, x := range []string{"40", "100"} {
		if o, u := have[x+"/muscle/offered"], have[x+"/muscle/used"]; !(o < 1) || u < 0.9*o {
			t.Errorf("%s: MUSCLE offered %v, used %v", x, o, u)
		}
	}
	if len(tab.Summary) == 0 || tab.Summary[0].Policy != "muscle@own-rate" {
		t.Errorf("summary %v", tab.Summary)
	}
	checkClaims(t, tab)
	if len(tab.Paper) != 4 || len(tab.Notes) == 0 || !strings.Contains(strings.Join(tab.Notes, "\n"), "quick") {
		t.Fatalf("paper rows %v, notes %v", tab.Paper, tab.Notes)
	}
}

// checkClaims: every claim under every reading set, each on one seed
// undecided (they all compare), with our numbers.
func checkClaims(t *testing.T, tab *sched.Table) {
	t.Helper()
	n := len(fig4Tests(fig4Data{levels: fig4QuickLevels}))
	if len(tab.Claims) != n*len(fig4Readings) || len(tab.Sets) != len(fig4Readings) {
		t.Fatalf("%d claims in %d sets, want %d in %d", len(tab.Claims), len(tab.Sets), n*len(fig4Readings), len(fig4Readings))
	}
	for i, c := range tab.Claims {
		set := fig4Readings[i/n].Name
		if set == "" {
			set = verdict.Default
		}
		if c.Reading != set || c.Verdict != verdict.NeedsSeeds || c.Ours == "" {
			t.Errorf("claim %d %+v, want under %s", i, c, set)
		}
	}
}

// TestFitRate: on queue models q(lam) = c*lam/(ls - lam) (rounds of
// length a + b*Q give this form with ls = 1/b, c = a/b), with the true
// pole ls away from the capacity rate fitRate is told (0.83), the rate
// found gives the target queue within the tolerance: lam* = ls*x/(c + x),
// e.g. ls 0.8, c 4, x 20 gives lam* = 0.8*20/24, from first guesses up
// to a factor 2 off. Beyond the pole the
// queue is taken as huge, as a run's backlog would be.
func TestFitRate(t *testing.T) {
	for _, c := range []struct{ ls, c, x, lam0 float64 }{
		{0.8, 4, 20, 0.55}, {0.8, 4, 100, 0.75}, {0.45, 9, 20, 0.55}, {0.45, 9, 100, 0.75},
		{0.6, 2, 40, 0.3}, {0.83, 30, 60, 0.8},
	} {
		calls := 0
		q := func(lam float64) (float64, error) {
			calls++
			if lam >= c.ls {
				return 1e9, nil
			}
			return c.c * lam / (c.ls - lam), nil
		}
		best, pts, err := fitRate(c.x, c.lam0, pilotTol, 8, q)
		if err != nil {
			t.Fatal(err)
		}
		want := c.ls * c.x / (c.c + c.x)
		got := pts[best]
		if math.Abs(math.Log(got.q/c.x)) > pilotTol || math.Abs(got.lam/want-1) > 0.05 || calls != len(pts) || calls > 8 {
			t.Errorf("%+v: lam %v (want %v), queue %v, %d calls: %v", c, got.lam, want, got.q, calls, pts)
		}
	}
	if _, _, err := fitRate(10, 0.1, pilotTol, 4, func(float64) (float64, error) { return 0, errors.New("x") }); err == nil {
		t.Fatal("error of a run not returned")
	}
	// At most steps runs, and the closest is returned.
	best, pts, _ := fitRate(10, 0.1, 0.0, 3, func(lam float64) (float64, error) { return 100*lam + 1, nil })
	if len(pts) != 3 {
		t.Fatalf("%d runs, want 3", len(pts))
	}
	for _, p := range pts {
		if math.Abs(math.Log(p.q/10)) < math.Abs(math.Log(pts[best].q/10)) {
			t.Fatalf("best %v is not the closest of %v", pts[best], pts)
		}
	}
}

// TestSteadyQueue: the first third of the rounds (the warm-up from idle
// clusters) is left out: rounds 2..5 of 1, 1, 4, 6, 8, 10 give 7.
func TestSteadyQueue(t *testing.T) {
	var qs []sched.XY
	for _, v := range []float64{1, 1, 4, 6, 8, 10} {
		qs = append(qs, sched.XY{Y: v})
	}
	if got := steadyQueue(qs); got != 7 {
		t.Fatalf("steadyQueue = %v, want 7", got)
	}
	if steadyQueue(nil) != 0 {
		t.Fatal("no rounds must give 0")
	}
}

// TestFig4MergeClaims merges hand-made points (no simulation), five
// seeds of them, and checks the verdicts computed from them. MCP at
// levels 40 and 100, seed s adding s/10 to MUSCLE's:
//
//	muscle 100, 100; dll 200, 150; wrand 95, 300: MUSCLE is worse than
//	WRAND at 40, so "lower at every level" does not hold by default;
//	muscle@barrier 10, 10 against 20, 11 and 20, 20: it holds there;
//	dll@random 112, 250: a gain of about 10.7% at 40 (paper 12.1%,
//	within 25%) and 60% at 100 (paper 56.7%), where the default gives
//	50% and 33.3% and barrier 50% and 9.1%: both gain claims over DLL
//	hold under random only. Every other baseline has 50 at both levels
//	(MUSCLE above it), muscle@untuned and muscle@period 100.
//
// PB: muscle 5 at 40 and 100 against dll 4 and 9: higher below 60,
// lower from 60 on, as the paper says, under the default reading. On one
// seed every claim is undecided.
func TestFig4MergeClaims(t *testing.T) {
	opt := sched.ExperimentOptions{Quick: true}
	mcp := map[string][2]float64{
		"muscle": {100, 100}, "dll": {200, 150}, "wrand": {95, 300},
		"dll@random": {112, 250}, "wrand@random": {50, 50},
		"dll@rounds": {50, 50}, "wrand@rounds": {50, 50}, "dll@random-rounds": {50, 50}, "wrand@random-rounds": {50, 50},
		"muscle@untuned": {100, 100}, "dll@untuned": {50, 50}, "wrand@untuned": {50, 50},
		"muscle@barrier": {10, 10}, "dll@barrier": {20, 11}, "wrand@barrier": {20, 20},
		"dll@own-rate": {50, 50}, "wrand@own-rate": {50, 50},
		"muscle@period": {100, 100}, "dll@period": {50, 50}, "wrand@period": {50, 50},
	}
	pb := func(name string, i int) float64 {
		if name == "dll" {
			return [2]float64{4, 9}[i]
		}
		return 5
	}
	plan, _ := fig4Exp{}.Plan(opt)
	points := func(seed int) []sched.Report {
		var parts []sched.Report
		for k := range plan {
			g, i := fig4Groups[k/2], k%2
			x := strconv.Itoa(fig4QuickLevels[i])
			tab := &sched.Table{Experiment: "muscle-fig4"}
			for _, r := range append([]fig4Run{g.Calib}, g.Same...) {
				v := mcp[r.Name][i]
				if strings.HasPrefix(r.Name, "muscle") {
					v += float64(seed) / 10
				}
				tab.Add(x, r.Name, "mcp", v)
				tab.Add(x, r.Name, "pb", pb(r.Name, i))
			}
			parts = append(parts, tab)
		}
		return parts
	}
	one, err := fig4Exp{}.Merge(opt, points(1))
	if err != nil {
		t.Fatal(err)
	}
	checkClaims(t, one.(*sched.Table))
	var parts []sched.Report
	for s := 1; s <= 5; s++ {
		parts = append(parts, points(s)...)
	}
	rep, err := verdict.Seeds(fig4Exp{}).Merge(sched.ExperimentOptions{Quick: true, Seeds: 5}, parts)
	if err != nil {
		t.Fatal(err)
	}
	cs := rep.(*sched.Table).Claims
	get := func(sub, set string) string {
		for _, c := range cs {
			if strings.Contains(c.Claim, sub) && c.Reading == set {
				return c.Verdict
			}
		}
		t.Fatalf("no claim %q under %s", sub, set)
		return ""
	}
	for _, c := range []struct{ sub, set, want string }{
		{"under all workload levels", verdict.Default, sched.DoesNotHold},
		{"under all workload levels", "barrier", sched.Holds},
		{"40 jobs in the queue MUSCLE outperforms DLL", verdict.Default, sched.DoesNotHold},
		{"40 jobs in the queue MUSCLE outperforms DLL", "random", sched.Holds},
		{"100 jobs in the queue MUSCLE outperforms DLL", "random", sched.Holds},
		{"100 jobs in the queue MUSCLE outperforms DLL", "barrier", sched.DoesNotHold},
		{"40 jobs in the queue MUSCLE outperforms WRAND", verdict.Default, sched.DoesNotHold},
		{"less than 60", verdict.Default, sched.Holds},
		{"60 jobs and more", verdict.Default, sched.Holds},
	} {
		if got := get(c.sub, c.set); got != c.want {
			t.Errorf("%q under %s: verdict %q, want %q", c.sub, c.set, got, c.want)
		}
	}
	if _, err := (fig4Exp{}).Merge(opt, points(1)[:3]); err == nil {
		t.Error("a merge of 3 of 8 points: no error")
	}
}

// TestTable2Claim: the verdict compares with the paper's Table 2, so a
// table with two compositions of a row swapped, or a row missing, does
// not hold.
func TestTable2Claim(t *testing.T) {
	e, _ := sched.LookupExperiment("muscle-table2")
	rep, err := e.Point(context.Background(), sched.ExperimentOptions{}, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	rows := rep.(*Table2Report).Rows
	if c := table2Claim(rows); c.Verdict != sched.Holds {
		t.Fatalf("our table: %+v", c)
	}
	swapped := append([]Table2Row(nil), rows...)
	r := swapped[2]
	r.Compositions = [][]string{r.Compositions[1], r.Compositions[0], r.Compositions[2]}
	swapped[2] = r
	if c := table2Claim(swapped); c.Verdict != sched.DoesNotHold || !strings.Contains(c.Ours, "13 equal") {
		t.Errorf("row 3 swapped: %+v", c)
	}
	if c := table2Claim(rows[:5]); c.Verdict != sched.DoesNotHold {
		t.Errorf("row 6 missing: %+v", c)
	}
}
