package backfill

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
)

// job is submit, size, runtime, requested.
type tj struct {
	submit float64
	size   int
	rt, rq float64
}

func scen(policy string, nodes int, jobs ...tj) *model.Scenario {
	s := &model.Scenario{Version: 1, Platform: model.Platform{Clusters: []model.Cluster{{ID: "m", Nodes: nodes}}}, Policy: model.Policy{Name: policy}}
	for i, j := range jobs {
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("J%d", i+1), Submit: j.submit, Size: j.size, Runtime: j.rt, Requested: j.rq})
	}
	return s
}

func run(t *testing.T, s *model.Scenario, rec sched.Recorder) *sched.Result {
	t.Helper()
	p, ok := sched.Lookup(s.Policy.Name)
	if !ok {
		t.Fatalf("policy %s not registered", s.Policy.Name)
	}
	res, err := p.Run(context.Background(), s, rec)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// sched string: "J1@0-10[0 1 2]" per job, in start order.
func schedString(res *sched.Result) string {
	out := ""
	for _, p := range res.Schedule {
		out += fmt.Sprintf("%s@%g-%g%v ", p.Job, p.Start, p.End, p.Alloc[0].Nodes)
	}
	for _, d := range res.Dropped {
		out += "drop:" + d.Job + " "
	}
	return out
}

func TestHandSchedules(t *testing.T) {
	// Four nodes. J1 (3 nodes, 10 s) runs at once. J2 (2 nodes) cannot
	// start: under EASY it is the head with shadow time 10 and extra
	// nodes 4-2 = 2. J3 needs all 4 nodes. J4 (1 node, 30 s) arrives at 3:
	//  - EASY: 1 node free now and 1 <= extra 2, so it backfills at 3
	//    (3-33). At 10 J1 ends, J2 starts on nodes 0,1. J3 (4 nodes) must
	//    wait for J4: 33-43.
	//  - conservative: J2 is reserved at [10,20), J3 at [20,30) (all
	//    nodes), so J4 (30 s on 1 node) collides with J3 and is reserved
	//    after it, at 30.
	//  - FCFS: strict order, J2 10-20, J3 20-30, J4 30-60.
	four := []tj{{0, 3, 10, 10}, {1, 2, 10, 10}, {2, 4, 10, 10}, {3, 1, 30, 30}}
	// Early end: J1 asks 100 s but ends at 10; J2 and J3 (2 nodes each)
	// are reserved at 100, and compression moves both to 10.
	early := []tj{{0, 4, 10, 100}, {1, 2, 10, 10}, {2, 2, 10, 10}}
	// A job past its request is killed at it; a job bigger than the
	// machine is dropped.
	kill := []tj{{0, 2, 50, 20}, {0, 5, 1, 1}}
	cases := []struct {
		policy string
		nodes  int
		jobs   []tj
		want   string
	}{
		{"fcfs", 4, four, "J1@0-10[0 1 2] J2@10-20[0 1] J3@20-30[0 1 2 3] J4@30-60[0] "},
		{"easy", 4, four, "J1@0-10[0 1 2] J4@3-33[3] J2@10-20[0 1] J3@33-43[0 1 2 3] "},
		{"conservative", 4, four, "J1@0-10[0 1 2] J2@10-20[0 1] J3@20-30[0 1 2 3] J4@30-60[0] "},
		{"fcfs", 4, early, "J1@0-10[0 1 2 3] J2@10-20[0 1] J3@10-20[2 3] "},
		{"easy", 4, early, "J1@0-10[0 1 2 3] J2@10-20[0 1] J3@10-20[2 3] "},
		{"conservative", 4, early, "J1@0-10[0 1 2 3] J2@10-20[0 1] J3@10-20[2 3] "},
		{"easy", 4, kill, "J1@0-20[0 1] drop:J2 "},
	}
	for _, c := range cases {
		res := run(t, scen(c.policy, c.nodes, c.jobs...), nil)
		if got := schedString(res); got != c.want {
			t.Errorf("%s %v:\n got %s\nwant %s", c.policy, c.jobs, got, c.want)
		}
	}
}

func TestBackfillFrame(t *testing.T) {
	s := scen("easy", 4, tj{0, 3, 10, 10}, tj{1, 2, 10, 10}, tj{2, 4, 10, 10}, tj{3, 1, 30, 30})
	var frames []sched.Frame
	run(t, s, sched.RecorderFunc(func(f sched.Frame) error { frames = append(frames, f); return nil }))
	if len(frames) != 1 {
		t.Fatalf("got %d frames, want 1", len(frames))
	}
	// J4 backfilled at 3 past head J2: shadow 10, extra 4-2 = 2.
	want := FrameData{Job: "J4", Nodes: 1, Start: 3, EstEnd: 33, Head: "J2", Shadow: 10, Extra: 2, Mode: "easy"}
	if got := frames[0].Data.(FrameData); got != want || frames[0].Kind != "backfill" || frames[0].T != 3 {
		t.Errorf("frame %+v, want %+v", frames[0], want)
	}
}

func TestCancelAndRecorderError(t *testing.T) {
	s := randomScenario(rng.NewPCG(2, 2), "easy", 4, 3000)
	p, _ := sched.Lookup("easy")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Run(ctx, s, nil); err != context.Canceled {
		t.Errorf("cancelled run: got %v, want context.Canceled", err)
	}
	stop := errors.New("client gone")
	n := 0
	_, err := p.Run(context.Background(), s, sched.RecorderFunc(func(sched.Frame) error {
		n++
		return stop
	}))
	if err != stop || n != 1 {
		t.Errorf("recorder error: got %v after %d frames, want %v after 1", err, n, stop)
	}
}

// TestZeroEstimateNodes: a job whose estimate is zero holds nothing in the
// profile, so a job started later in the same pass must find every node
// free: the zero-length job gives its nodes back as it starts. (J2 used to
// get the nodes left over, here none.)
func TestZeroEstimateNodes(t *testing.T) {
	for _, p := range []string{"fcfs", "easy", "conservative"} {
		// J1 takes all 4 nodes for 0 s at 0; J2 (4 nodes) starts at 0 too,
		// once J1 has ended, on all 4 nodes.
		s := scen(p, 4, tj{0, 4, 0, 0}, tj{0, 4, 10, 10}, tj{0, 1, 5, 5})
		res := run(t, s, nil)
		checkSchedule(t, s, res)
		if got, want := schedString(res), "J1@0-0[0 1 2 3] J2@0-10[0 1 2 3] J3@10-15[0] "; got != want {
			t.Errorf("%s:\n got %s\nwant %s", p, got, want)
		}
	}
}

// TestZeroLengthWaits: a zero-length job that does not fit now waits
// without a reservation. Under EASY it is not the head (J3 is, shadow 10)
// and starts at 10 before J3; under conservative J3's reservation at 10
// counts, so Z starts when J3 ends; FCFS keeps queue order.
func TestZeroLengthWaits(t *testing.T) {
	jobs := []tj{{0, 4, 10, 10}, {1, 2, 0, 0}, {2, 4, 10, 10}, {3, 1, 5, 5}}
	for p, want := range map[string]string{
		"fcfs":         "J1@0-10[0 1 2 3] J2@10-10[0 1] J3@10-20[0 1 2 3] J4@20-25[0] ",
		"easy":         "J1@0-10[0 1 2 3] J2@10-10[0 1] J3@10-20[0 1 2 3] J4@20-25[0] ",
		"conservative": "J1@0-10[0 1 2 3] J3@10-20[0 1 2 3] J2@20-20[0 1] J4@20-25[0] ",
	} {
		s := scen(p, 4, jobs...)
		res := run(t, s, nil)
		checkSchedule(t, s, res)
		if got := schedString(res); got != want {
			t.Errorf("%s:\n got %s\nwant %s", p, got, want)
		}
	}
}

// TestTinyEstimateNodes is the same through model validation: a positive
// estimate so small that start + estimate rounds to start.
func TestTinyEstimateNodes(t *testing.T) {
	for _, p := range []string{"fcfs", "easy", "conservative"} {
		s := scen(p, 4, tj{1e9, 3, 1e-9, 1e-9}, tj{1e9, 2, 10, 10})
		res, err := runner.Run(context.Background(), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkSchedule(t, s, res)
		if res.Schedule[1].Nodes != 2 || len(res.Schedule[1].Alloc[0].Nodes) != 2 {
			t.Errorf("%s: J2 got %v, want 2 nodes", p, res.Schedule[1].Alloc)
		}
	}
}

// TestExtraCountsDown: three jobs backfilled in one pass past head J2
// (shadow 10, extra 7-4 = 3 nodes). J3 runs past the shadow time and uses
// an extra node; J4 ends by the shadow and uses none; J5 runs past it. The
// frames show the extra nodes each job found: 3, 2, 2 (they all read 3
// when the count was taken once per pass).
func TestExtraCountsDown(t *testing.T) {
	for _, p := range []string{"easy", "conservative"} {
		s := scen(p, 7, tj{0, 4, 10, 10}, tj{1, 4, 10, 10}, tj{2, 1, 30, 30}, tj{2, 1, 5, 5}, tj{2, 1, 30, 30})
		var got []int
		res := run(t, s, sched.RecorderFunc(func(f sched.Frame) error {
			got = append(got, f.Data.(FrameData).Extra)
			return nil
		}))
		checkSchedule(t, s, res)
		if fmt.Sprint(got) != "[3 2 2]" {
			t.Errorf("%s: extra %v, want [3 2 2] (%s)", p, got, schedString(res))
		}
	}
}
