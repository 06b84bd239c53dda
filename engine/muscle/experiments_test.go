package muscle

import (
	"context"
	"encoding/json"
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
	rep, err := e.Run(context.Background(), sched.ExperimentOptions{}, nil)
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

// TestFig4Quick runs muscle-fig4 in quick mode: every level has MCP and
// PB for the three policies, the paper's statements are attached, and
// the notes put ours next to them.
func TestFig4Quick(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the quick experiment")
	}
	e, ok := sched.LookupExperiment("muscle-fig4")
	if !ok {
		t.Fatal("muscle-fig4 not registered")
	}
	rep, err := e.Run(context.Background(), sched.ExperimentOptions{Quick: true}, nil)
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
			for _, m := range []string{"mcp", "pb"} {
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
	// The fig4 period: 120 * 5.5 * 5 ln 20 / 0.95 / 72 (capacity
	// 20 + 16*1.2 + 12*1.4 + 10*1.6 = 72).
	s := Fig4Scenario("muscle", 100, 10, 1, nil)
	want := 120 * 5.5 * (5 * math.Log(20) / 0.95) / 72
	if p := s.Policy.Params["period"]; math.Abs(p-want) > 1e-9 {
		t.Fatalf("period %v, want %v", p, want)
	}
	if r := s.Generator.Rate; math.Abs(r*want-100) > 1e-9 {
		t.Fatalf("rate %v * period %v != 100", r, want)
	}
}
