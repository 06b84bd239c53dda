package muscle

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"gridplay/engine/sched"
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
		`{"row":6,"compositions":[["J3","J1"],["J6","J4","J2"]]}]}`
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

// TestFig4Quick runs muscle-fig4 in quick mode: every level has MCP,
// PB, the calibrated rate and the measured queue for the three policies, the paper's statements are attached, and
// the notes put ours next to them.
func TestFig4Quick(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the quick experiment")
	}
	e, ok := sched.LookupExperiment("muscle-fig4")
	if !ok {
		t.Fatal("muscle-fig4 not registered")
	}
	rep, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{Quick: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tab := rep.(*sched.Table)
	have := map[string]float64{}
	for _, r := range tab.Rows {
		have[r.X+"/"+r.Policy+"/"+r.Metric] = r.Value
	}
	for _, x := range []string{"20", "60", "100"} {
		for _, p := range []string{"muscle", "dll", "wrand"} {
			for _, m := range []string{"mcp", "pb", "rate", "queue"} {
				if v, ok := have[x+"/"+p+"/"+m]; !ok || !(v > 0) {
					t.Errorf("%s %s %s missing or not positive: %v", x, p, m, v)
				}
			}
		}
	}
	if len(tab.Paper) != 4 || len(tab.Notes) == 0 || !strings.Contains(strings.Join(tab.Notes, "\n"), "quick") {
		t.Fatalf("paper rows %v, notes %v", tab.Paper, tab.Notes)
	}
}

// TestParetoMean checks the closed form of the mean of MUSCLE eq. 4
// against numeric integration of x f(x) on [lo, hi].
func TestParetoMean(t *testing.T) {
	for _, c := range []struct{ lo, hi, a float64 }{{5, 100, 1}, {5, 100, 0.5}, {1, 10, 2}} {
		k := 1 - math.Pow(c.lo/c.hi, c.a)
		n := 200000
		h := (c.hi - c.lo) / float64(n)
		sum := 0.0
		for i := 0; i < n; i++ {
			x := c.lo + (float64(i)+0.5)*h
			sum += x * c.a * math.Pow(c.lo, c.a) / k * math.Pow(x, -c.a-1) * h // x f(x) dx, eq. 4
		}
		if got := ParetoMean(c.lo, c.hi, c.a); math.Abs(got-sum) > 1e-6*sum {
			t.Errorf("ParetoMean(%v, %v, %v) = %v, integral %v", c.lo, c.hi, c.a, got, sum)
		}
	}
}

// TestFig4Scenario: Fig. 4 runs use Alg. 4 step 1's rounds (threshold
// 0, no period) at the rate given, with the paper's weights.
func TestFig4Scenario(t *testing.T) {
	s := Fig4Scenario("dll", 0.25, 10, 1, map[string]float64{"stall": 7})
	p := s.Policy.Params
	if p["period"] != 0 || p["threshold"] != 0 || p["wo"] != 4 || p["wm"] != 3 || p["wi"] != 1 || p["stall"] != 7 {
		t.Fatalf("params %v", p)
	}
	if g := s.Generator; g.Rate != 0.25 || g.ExecMin != 5 || g.ExecMax != 100 || g.SizeMin != 1 || g.SizeMax != 10 || g.DRMin != 0 || g.DRMax != 5 {
		t.Fatalf("generator %+v", g)
	}
}

// TestCalibrate: on the round model of calibrate, Q(lam) = lam*a/(1 -
// lam*b) (from Q = lam*(a + b*Q)), the rate found must give the target
// queue: lam* = x/(a + b*x), e.g. a = 100, b = 1.6, x = 100 gives
// lam* = 100/260. Beyond saturation (lam*b >= 1) the queue is taken as
// huge, as a run's backlog would be.
func TestCalibrate(t *testing.T) {
	for _, c := range []struct{ a, b, x, lam0 float64 }{
		{100, 1.6, 100, 0.44}, {100, 1.6, 20, 0.1}, {100, 2.5, 100, 0.44}, {40, 1.2, 60, 0.05}, {100, 1.6, 60, 0.6},
	} {
		calls := 0
		q := func(lam float64) (float64, error) {
			calls++
			if lam*c.b >= 1 {
				return 1e9, nil
			}
			return lam * c.a / (1 - lam*c.b), nil
		}
		lam, got, err := calibrate(c.x, c.lam0, q)
		if err != nil {
			t.Fatal(err)
		}
		want := c.x / (c.a + c.b*c.x)
		if math.Abs(got/c.x-1) > 0.02 || math.Abs(lam/want-1) > 0.02 || calls > 5 {
			t.Errorf("%+v: lam %v (want %v), queue %v, %d calls", c, lam, want, got, calls)
		}
	}
	if _, _, err := calibrate(10, 0.1, func(float64) (float64, error) { return 0, errors.New("x") }); err == nil {
		t.Fatal("error of a pilot run not returned")
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
