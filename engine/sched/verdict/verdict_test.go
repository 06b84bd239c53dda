package verdict

import (
	"context"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"gridplay/engine/sched"
)

// Two claims that contradict each other, each true under one reading
// only, are never both reported as holding: each set has its own table,
// and under each set one of them fails. (VerdictUnder reported both as
// "holds under reading X".)
func TestContradictingClaimsDoNotBothHold(t *testing.T) {
	// Under set "a" the gain is 18%, under "b" it is 0 (b makes the two
	// policies equal).
	gain := map[string]float64{"": 30, "a": 18, "b": 0}
	tests := []Test{
		{Claim: "gain about 18%", Rule: About, Target: 18, Level: true, Measure: func(s string) []float64 { return []float64{gain[s]} }},
		{Claim: "policies similar", Rule: Similar, Level: true, Measure: func(s string) []float64 { return []float64{gain[s] / 100} }},
	}
	tab := &sched.Table{}
	Evaluate(tab, []string{"", "a", "b"}, tests)
	if len(tab.Claims) != 6 {
		t.Fatalf("%d claims, want every claim under every set (6)", len(tab.Claims))
	}
	for _, s := range tab.Sets {
		if s.Holds == 2 {
			t.Errorf("both contradicting claims hold under set %s", s.Set)
		}
	}
	want := []sched.SetCount{{Set: Default, Claims: 2}, {Set: "a", Claims: 2, Holds: 1}, {Set: "b", Claims: 2, Holds: 1}}
	for i, s := range tab.Sets {
		if s != want[i] {
			t.Errorf("set %d: %+v, want %+v", i, s, want[i])
		}
	}
	if tab.Best != "a" {
		t.Errorf("best set %q, want a (the first with the most)", tab.Best)
	}
	if v := tab.Claims[2].Verdict; tab.Claims[2].Reading != "a" || v != sched.Holds {
		t.Errorf("claim 1 under a: %+v", tab.Claims[2])
	}
}

// A comparing claim (a difference or a trend) on fewer than MinSeeds
// runs is undecided, however clear one run is; a level claim is decided.
func TestTrendOnOneSeedIsUndecided(t *testing.T) {
	grows := Test{Claim: "grows", Rule: Above, Measure: func(string) []float64 { return []float64{Slope([]float64{10, 40, 100}, []float64{48.1, 48.15, 48.2})} }}
	tab := &sched.Table{}
	Evaluate(tab, []string{""}, []Test{grows})
	if c := tab.Claims[0]; c.Verdict != NeedsSeeds || !strings.HasPrefix(c.Verdict, sched.Undecided) {
		t.Errorf("a trend on one run: %q, want %q", c.Verdict, NeedsSeeds)
	}
	if tab.Sets[0].Undecided != 1 || tab.Best != "" {
		t.Errorf("sets %+v best %q", tab.Sets, tab.Best)
	}
	c := tab.Claims[0]
	c.Runs = [][]float64{{1}, {2}, {3}, {4}} // four seeds: still too few
	Decide(&c)
	if c.Verdict != NeedsSeeds {
		t.Errorf("four seeds: %q", c.Verdict)
	}
}

func TestRules(t *testing.T) {
	for _, c := range []struct {
		rule   Rule
		target float64
		runs   [][]float64
		want   string
	}{
		{Above, 0, [][]float64{{1, 2}, {2, 3}, {3, 2}, {4, 3}, {5, 2}}, sched.Holds},
		// One of two numbers has an interval reaching below 0.
		{Above, 0, [][]float64{{1, 2}, {2, -3}, {3, 2}, {4, 3}, {5, 2}}, sched.DoesNotHold},
		// About 20 within a quarter: the interval [17.04, 20.96] lies
		// inside [15, 25]; [13.04, 16.96] straddles its border.
		{About, 20, [][]float64{{17}, {18}, {19}, {20}, {21}}, sched.Holds},
		{About, 20, [][]float64{{13}, {14}, {15}, {16}, {17}}, sched.DoesNotHold},
		{About, 20, [][]float64{{3}, {4}, {5}, {6}, {7}}, sched.DoesNotHold},
		{Similar, 0, [][]float64{{0.01}, {-0.01}, {0.02}, {0}, {0.01}}, sched.Holds},
		{Similar, 0, [][]float64{{0.01}, {-0.01}, {0.2}, {0}, {0.01}}, sched.DoesNotHold},
	} {
		cl := sched.Claim{Rule: string(c.rule), Target: c.target, Runs: c.runs}
		Decide(&cl)
		if cl.Verdict != c.want {
			t.Errorf("%s %g on %v: %q (%s), want %q", c.rule, c.target, c.runs, cl.Verdict, cl.Ours, c.want)
		}
	}
}

func TestSlope(t *testing.T) {
	if s := Slope([]float64{1, 2, 3}, []float64{2, 4, 7}); math.Abs(s-2.5) > 1e-12 {
		t.Errorf("slope %g, want 2.5", s)
	}
}

// fake is an experiment of two points whose rows are the seed and 1;
// its claim is that their sum exceeds 1 by about 3: the sum is seed + 1
// under the default set, and 0 under "flat".
type fake struct{}

func (fake) Info() sched.ExperimentInfo { return sched.ExperimentInfo{Name: "fake"} }

func (fake) Plan(sched.ExperimentOptions) ([]sched.PointInfo, error) {
	return []sched.PointInfo{{Index: 0, Label: "a"}, {Index: 1, Label: "b"}}, nil
}

func (fake) Point(_ context.Context, opt sched.ExperimentOptions, k int, _ sched.Recorder) (sched.Report, error) {
	t := &sched.Table{Experiment: "fake"}
	v := 1.0
	if k == 0 {
		v = float64(opt.Seed)
	}
	t.Add(strconv.Itoa(k), "p", "m", v)
	return t, nil
}

func (fake) Merge(_ sched.ExperimentOptions, parts []sched.Report) (sched.Report, error) {
	t, err := sched.ConcatTables("fake", 2, parts)
	if err != nil {
		return nil, err
	}
	sum := t.Rows[0].Value + t.Rows[1].Value
	Evaluate(t, []string{"", "flat"}, []Test{{Claim: "higher", Rule: Above, Format: "%.2f",
		Measure: func(s string) []float64 {
			if s == "flat" {
				return []float64{0}
			}
			return []float64{sum - 1}
		}}})
	t.Notes = []string{"sum " + strconv.FormatFloat(sum, 'g', -1, 64)}
	return t, nil
}

func (fake) DecodePoint(_ sched.ExperimentOptions, _ int, b []byte) (sched.Report, error) {
	return sched.DecodeTable(b)
}

// Over five seeds (1 to 5) the claim's numbers are 1..5: mean 3, CI
// [1.04, 4.96], so it holds under the default set and not under flat;
// the whole run is still the merge of its points' JSON, and its rows
// name their seeds. With one seed the same claim is undecided.
func TestFiveSeeds(t *testing.T) {
	e := Seeds(fake{})
	opt := sched.ExperimentOptions{Seeds: 5}
	plan, err := e.Plan(opt)
	if err != nil || len(plan) != 10 || plan[9].Label != "seed 5, b" || plan[9].Index != 9 {
		t.Fatalf("plan %+v, %v", plan, err)
	}
	whole, err := sched.RunExperiment(context.Background(), e, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	var points []json.RawMessage
	for k := range plan {
		rep, err := e.Point(context.Background(), opt, k, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(rep)
		points = append(points, b)
	}
	merged, err := sched.MergePoints(e, opt, points)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(whole)
	b, _ := json.Marshal(merged)
	if string(a) != string(b) {
		t.Errorf("whole %s\nmerged %s", a, b)
	}
	tab := whole.(*sched.Table)
	if len(tab.Rows) != 10 || tab.Rows[9].Seed != 5 || tab.Rows[0].Seed != 1 {
		t.Errorf("rows %+v", tab.Rows)
	}
	c := tab.Claims[0]
	if c.Verdict != sched.Holds || c.Ours != "3.00 [1.04, 4.96] (mean [95% CI] over 5 seeds)" || len(c.Runs) != 5 {
		t.Errorf("default set: %+v", c)
	}
	if f := tab.Claims[1]; f.Reading != "flat" || f.Verdict != sched.DoesNotHold {
		t.Errorf("flat set: %+v", f)
	}
	if tab.Best != Default || len(tab.Notes) != 2 || !strings.HasPrefix(tab.Notes[0], "5 seeds, 1 to 5") {
		t.Errorf("best %q notes %q", tab.Best, tab.Notes)
	}
	one, err := sched.RunExperiment(context.Background(), e, sched.ExperimentOptions{Seed: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := one.(*sched.Table).Claims[0]; c.Verdict != NeedsSeeds || c.Ours != "3.00" {
		t.Errorf("one seed: %+v", c)
	}
	if _, err := e.Plan(sched.ExperimentOptions{Seeds: MaxSeeds + 1}); err == nil {
		t.Error("no error for too many seeds")
	}
}
