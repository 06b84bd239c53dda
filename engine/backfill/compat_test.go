package backfill

import (
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/swf"
)

// The rules of compat pyss (package doc, "Compatibility with pyss"), one
// by one, on hand-computed scenarios. Each case gives the schedule under
// gridplay's own order and under pyss's, so a test fails if compat stops
// changing what it should, or changes what it should not.

func compatCase(t *testing.T, policy string, nodes int, jobs []tj, own, pyss string) {
	t.Helper()
	for _, compat := range []string{"", model.CompatPyss} {
		s := scen(policy, nodes, jobs...)
		s.Compat = compat
		res := run(t, s, nil)
		checkSchedule(t, s, res) // under pyss's job model with compat
		want := own
		if compat != "" {
			want = pyss
		}
		if got := schedString(res); got != want {
			t.Errorf("%s compat=%q:\n got %s\nwant %s", policy, compat, got, want)
		}
	}
}

// TestCompatOnePassPerTermination: X and Y (2 nodes each, estimates 50)
// both end at 10. The head H needs all 4 nodes; B (2 nodes, 30 s) waits
// behind it.
//   - gridplay: both finishes, then one pass: H starts at 10, B after it.
//   - pyss: X's termination pass runs while Y's unused estimate is still
//     held: H's shadow time is 50, and B (ends at 40) is backfilled at
//     10; Y's pass then finds 2 nodes free, and H waits for B: 40.
func TestCompatOnePassPerTermination(t *testing.T) {
	jobs := []tj{{0, 2, 10, 50}, {0, 2, 10, 50}, {1, 4, 20, 20}, {2, 2, 30, 30}}
	compatCase(t, "easy", 4, jobs,
		"J1@0-10[0 1] J2@0-10[2 3] J3@10-30[0 1 2 3] J4@30-60[0 1] ",
		"J1@0-10[0 1] J2@0-10[2 3] J4@10-40[0 1] J3@40-60[0 1 2 3] ")
}

// TestCompatSubmissionFirst: at 10, A is submitted and X ends early
// (estimate 50). R holds 2 of the 4 nodes until 100; H (2 nodes) waits
// for X's estimate (shadow 50).
//   - gridplay: X's end first, then one pass: H starts at 10 and A (1
//     node, 30 s) waits for H: 30.
//   - pyss: A's submission pass runs before X's termination: 1 node is
//     free and A ends by the shadow time, so A is backfilled at 10 (on
//     X's node, which is free at once); X's pass then leaves 1 node free
//     and H waits for A: 40.
//
// Conservative gives the same two schedules: under pyss, A is reserved
// at 10 before X's end compresses H's reservation.
func TestCompatSubmissionFirst(t *testing.T) {
	jobs := []tj{{0, 2, 100, 100}, {0, 1, 10, 50}, {1, 2, 20, 20}, {10, 1, 30, 30}}
	for _, p := range []string{"easy", "conservative"} {
		compatCase(t, p, 4, jobs,
			"J1@0-100[0 1] J2@0-10[2] J3@10-30[2 3] J4@30-60[2] ",
			"J1@0-100[0 1] J2@0-10[2] J4@10-40[2] J3@40-60[2 3] ")
	}
	// FCFS: H blocks A in either order.
	compatCase(t, "fcfs", 4, jobs,
		"J1@0-100[0 1] J2@0-10[2] J3@10-30[2 3] J4@30-60[2] ",
		"J1@0-100[0 1] J2@0-10[2] J3@10-30[2 3] J4@30-60[2] ")
}

// TestCompatCompressEveryTermination: conservative on 2 nodes. X ends at
// 10, 90 s before its estimate; compression moves A (2 nodes) from 100 to
// 80, behind B's reservation at [50, 80), then moves B to 10. A could now
// start at 50 (Y ends), but the sweep has passed it.
//   - gridplay compresses only when a job ends early: B and Y end on
//     time, and A starts at 80.
//   - pyss reschedules at every termination: at B's end (40) A moves to
//     50.
func TestCompatCompressEveryTermination(t *testing.T) {
	jobs := []tj{{0, 1, 10, 100}, {0, 1, 50, 50}, {1, 2, 10, 10}, {2, 1, 30, 30}}
	compatCase(t, "conservative", 2, jobs,
		"J1@0-10[0] J2@0-50[1] J4@10-40[0] J3@80-90[0 1] ",
		"J1@0-10[0] J2@0-50[1] J4@10-40[0] J3@50-60[0 1] ")
}

// TestCompatJobModel: pyss's job model on a scenario (not a trace).
//   - J1 ran for 0 s (runtime 0, requested 30): a 1 s job with a 1 s
//     estimate, submitted at max(0, 1) = 1, so after J2.
//   - J2 asks 9 of the 8 processors: it gets 8 (gridplay drops it), and
//     J1 waits for it.
//   - J3 ran 12.7 s of 20 requested: run 12 s, estimate 20 (whole seconds).
//   - J4 ran 50 s past its 30 s request: it runs 30 s, as under gridplay's
//     own model (killed at its request), and counts in "killed".
//   - J5 has no requested time: its estimate is its run time, rounded
//     down, under both.
func TestCompatJobModel(t *testing.T) {
	jobs := []tj{{0, 4, 0, 30}, {0, 9, 5, 5}, {10, 2, 12.7, 20}, {10, 2, 50, 30}, {10, 2, 7.5, 0}}
	compatCase(t, "easy", 8, jobs,
		"J1@0-0[0 1 2 3] J3@10-22.7[0 1] J4@10-40[2 3] J5@10-17.5[4 5] drop:J2 ",
		"J2@0-5[0 1 2 3 4 5 6 7] J1@5-6[0 1 2 3] J3@10-22[0 1] J4@10-40[2 3] J5@10-17[4 5] ")
	for _, compat := range []string{"", model.CompatPyss} {
		s := scen("easy", 8, jobs...)
		s.Compat = compat
		if k := run(t, s, nil).Metrics["killed"]; k != 1 {
			t.Errorf("compat=%q: killed %g, want 1 (J4)", compat, k)
		}
	}
}

// TestCompatScenarioEqualsTrace: compat pyss as a scenario option on a
// trace read with gridplay's conventions gives the schedule of the trace
// read as pyss reads it (run -compat pyss) when every record has a
// requested time, as in KTH (its 8 records with run time 0 become 1 s
// jobs either way).
func TestCompatScenarioEqualsTrace(t *testing.T) {
	p, err := swf.Find("KTH-SP2-1996-2.swf.gz")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := swf.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	a := tr.Scenario("easy")
	a.Compat = model.CompatPyss
	b, err := tr.ScenarioCompat("easy", model.CompatPyss)
	if err != nil {
		t.Fatal(err)
	}
	ra, rb := run(t, a, nil), run(t, b, nil)
	if len(ra.Schedule) != 28489 || len(rb.Schedule) != len(ra.Schedule) {
		t.Fatalf("%d and %d jobs ran", len(ra.Schedule), len(rb.Schedule))
	}
	for i := range ra.Schedule {
		x, y := ra.Schedule[i], rb.Schedule[i]
		if x.Job != y.Job || x.Start != y.Start || x.End != y.End || x.Nodes != y.Nodes {
			t.Fatalf("placement %d: %+v as a scenario option, %+v from the trace", i, x, y)
		}
	}
}
