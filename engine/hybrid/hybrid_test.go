package hybrid

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// srv is a server shorthand: nodes, PEs, speed.
func srv(nodes, pes int, speed float64) model.Server {
	return model.Server{Nodes: nodes, PEs: pes, Speed: speed}
}

func clusterOf(id string, servers ...model.Server) model.Cluster {
	c := model.Cluster{ID: id, Servers: servers}
	for _, s := range servers {
		c.Nodes += s.Nodes
	}
	return c
}

func scen(cl []model.Cluster, net *model.Network, jobs ...model.Job) *model.Scenario {
	return &model.Scenario{Version: 1, Seed: 7, Platform: model.Platform{Clusters: cl, Network: net}, Jobs: jobs}
}

var baseCfg = Config{Ts: DefaultTs, Threshold: DefaultThreshold, RefMIPS: DefaultRefMIPS, Always: true, Rescue: true}

func run(t *testing.T, s *model.Scenario, ap Approach, cfg Config) (*sched.Result, []sched.Frame) {
	t.Helper()
	var frames []sched.Frame
	rec := sched.RecorderFunc(func(f sched.Frame) error { frames = append(frames, f); return nil })
	res, err := Run(context.Background(), s, ap, cfg, rec)
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, s, res, cfg)
	return res, frames
}

func placement(res *sched.Result, id string) (sched.Placement, bool) {
	for _, p := range res.Schedule {
		if p.Job == id {
			return p, true
		}
	}
	return sched.Placement{}, false
}

func dropReason(res *sched.Result, id string) string {
	for _, d := range res.Dropped {
		if d.Job == id {
			return d.Reason
		}
	}
	return ""
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestEquations checks eq. 1 and eq. 2 on values worked by hand.
func TestEquations(t *testing.T) {
	// Eq. 1: Local_Cluster_TTR 100 s, Remote_Cluster_TTR 60 s, overhead
	// 15 s: PB = (100 - (60 + 15)) / 100 = 0.25.
	if pb := benefit(100, 60, 15); !near(pb, 0.25) {
		t.Errorf("eq. 1: PB = %v, want 0.25", pb)
	}
	// A remote cluster no faster than home gives a negative benefit:
	// (80 - (80 + 5)) / 80 = -0.0625.
	if pb := benefit(80, 80, 5); !near(pb, -0.0625) {
		t.Errorf("eq. 1: PB = %v, want -0.0625", pb)
	}
	// Eq. 2: rescheduling + start 5 s; transfer of 100 MB on a 100 Mbit/s
	// link with 0.05 s latency = 0.05 + 100*8/100 = 8.05 s; total 13.05 s.
	pl := model.Platform{
		Clusters: []model.Cluster{clusterOf("a", srv(1, 1, 1000)), clusterOf("b", srv(1, 1, 1000)), clusterOf("c", srv(1, 1, 1000))},
		Network: &model.Network{Bandwidth: 100, Latency: 0.05, MigrationOverhead: 5,
			Links: []model.Link{{From: "c", To: "a", Bandwidth: 400, Latency: 1}}},
	}
	g, err := newGrid(&pl)
	if err != nil {
		t.Fatal(err)
	}
	if o := g.overhead(0, 1, 100); !near(o, 13.05) {
		t.Errorf("eq. 2: overhead a->b = %v, want 13.05", o)
	}
	// The c-a link (symmetric): 5 + 1 + 100*8/400 = 8 s.
	if o := g.overhead(0, 2, 100); !near(o, 8) {
		t.Errorf("eq. 2: overhead a->c = %v, want 8", o)
	}
	// Inside a cluster the transfer time is negligible: only the fixed part.
	if o := g.overhead(1, 1, 100); !near(o, 5) {
		t.Errorf("eq. 2: overhead b->b = %v, want 5", o)
	}
}

// twoServers is one cluster with a slow server s0 (2 nodes of 1 PE at
// 1000 MIPS) and a fast one s1 (2 nodes of 2 PEs at 1000 MIPS).
func twoServers() []model.Cluster {
	return []model.Cluster{clusterOf("a", srv(2, 1, 1000), srv(2, 2, 1000))}
}

func TestMinTTRServer(t *testing.T) {
	// One job of 2 nodes and 100 s: TTR on s0 = 100, on s1 = 100*1000/2000
	// = 50, so Min_TTR_Server picks s1 (nodes 2,3 in the cluster).
	s := scen(twoServers(), nil, model.Job{ID: "j0", Submit: 0, Size: 2, Runtime: 100, Origin: "a"})
	for _, ap := range []Approach{Local, HRS, PHRS} {
		res, _ := run(t, s, ap, baseCfg)
		p, ok := placement(res, "j0")
		if !ok || p.Start != 0 || p.End != 50 || p.Alloc[0].Nodes[0] != 2 || p.Alloc[0].Nodes[1] != 3 {
			t.Errorf("%v: placement %+v, want s1 (nodes 2,3) from 0 to 50", ap, p)
		}
		if res.Metrics["ttr"] != 50 || res.Metrics["completed"] != 1 {
			t.Errorf("%v: metrics %v", ap, res.Metrics)
		}
		// utilisation = 2 nodes x 50 s / (4 nodes x 50 s) = 0.5
		if !near(res.Metrics["utilisation"], 0.5) {
			t.Errorf("%v: utilisation %v, want 0.5", ap, res.Metrics["utilisation"])
		}
	}
}

// TestOwnDecisions: a cluster scheduler sees its own placements between
// two exchange instants; the grid scheduler does not see them.
func TestOwnDecisions(t *testing.T) {
	// j0 (2 nodes, 200 s) takes s1 at 0 (TTR 100 < 200 on s0) and holds it
	// until 100. j1 (2 nodes, 100 s, deadline 120) arrives at 1. The
	// status exchanged at 0 shows s1 free, but the cluster scheduler placed
	// j0 there itself: TTR s1 = (100-1)+50 = 149 > 120, s0 = 100, so j1 runs
	// on s0 from 1 to 101 <= 120. (Deciding on the exchanged status alone,
	// j1 would queue on s1, whose TTR would read 50, and expire at its
	// latest start 120-50 = 70.)
	jobs := []model.Job{
		{ID: "j0", Submit: 0, Size: 2, Runtime: 200, Origin: "a"},
		{ID: "j1", Submit: 1, Size: 2, Runtime: 100, Deadline: 120, Origin: "a"},
	}
	s := scen(twoServers(), nil, jobs...)
	for _, live := range []bool{false, true} {
		cfg := baseCfg
		cfg.Live = live
		res, _ := run(t, s, Local, cfg)
		if p, ok := placement(res, "j1"); !ok || p.Start != 1 || p.End != 101 || p.Alloc[0].Nodes[0] != 0 {
			t.Errorf("live=%v: j1 placement %+v, want s0 from 1 to 101", live, p)
		}
	}
	// The exchange at 20 shows the drift of the grid's view: live, both
	// servers are busy; the status of instant 0, read at 20, said 2 free
	// nodes on each.
	_, frames := run(t, s, Local, baseCfg)
	var st *StatusData
	for _, f := range frames {
		if f.Kind == "status" && f.T == 20 {
			d := f.Data.(StatusData)
			st = &d
		}
	}
	if st == nil {
		t.Fatal("no status frame at t=20")
	}
	if st.Free[0] != 0 || st.Free[1] != 0 || st.StaleFree[0] != 2 || st.StaleFree[1] != 2 {
		t.Errorf("status at 20: %+v", *st)
	}
}

// TestStaleStatus shows the grid scheduler deciding on stale status going
// wrong where the live status gets it right.
func TestStaleStatus(t *testing.T) {
	cl, net := homeAndFast()
	// jb (2 nodes, 400 s) is submitted to b at 1: TTR on b = 400*1000/4000
	// = 100; on a 400 + overhead 10, PB < 0, so it runs on b from 1 to
	// 101. ja (2 nodes, 100 s) is submitted to a at 2: home TTR 100. The
	// grid's status of instant 0 shows b free: remote TTR 25, overhead 10,
	// PB = (100-35)/100 = 0.65 > 0.1: ja migrates, reaches b at 12, waits
	// for jb and runs 101..126, TTR 124. On live status the grid sees b
	// busy until 101: remote TTR (101-2)+25 = 124, PB = (100-134)/100 < 0,
	// so ja runs at home from 2 to 102, TTR 100.
	jobs := []model.Job{
		{ID: "jb", Submit: 1, Size: 2, Runtime: 400, Origin: "b"},
		{ID: "ja", Submit: 2, Size: 2, Runtime: 100, Origin: "a"},
	}
	s := scen(cl, net, jobs...)
	res, _ := run(t, s, PHRS, baseCfg)
	if p, ok := placement(res, "ja"); !ok || p.Cluster != "b" || p.Start != 101 || p.End != 126 {
		t.Errorf("stale: ja placement %+v, want b from 101 to 126", p)
	}
	live := baseCfg
	live.Live = true
	res, _ = run(t, s, PHRS, live)
	if p, ok := placement(res, "ja"); !ok || p.Cluster != "a" || p.Start != 2 || p.End != 102 {
		t.Errorf("live: ja placement %+v, want a from 2 to 102", p)
	}
}

// TestGridOwnMigrations: the grid scheduler counts the jobs it migrated
// since the last exchange, so two jobs in one period do not both see the
// same free cluster.
func TestGridOwnMigrations(t *testing.T) {
	cl, net := homeAndFast()
	cl[0].Servers[0].Nodes, cl[0].Nodes = 4, 4
	cfg := baseCfg
	cfg.Threshold = 0.5
	// j1 (2 nodes, 100 s) from a at 1: home TTR 100, remote on b 25 +
	// overhead 10, PB 0.65 > 0.5: migrates, booked in the grid's view on b
	// from 11 to 36. j2 (the same) from a at 2: home TTR 100 (a is free);
	// the grid's view of b: start max(2, 11, 36) = 36, remote TTR =
	// 36-2+25 = 59, PB = (100-69)/100 = 0.31 <= 0.5: j2 stays home, 2..102.
	// Without the booking b would look free (PB 0.65) and j2 would follow
	// j1 there.
	jobs := []model.Job{
		{ID: "j1", Submit: 1, Size: 2, Runtime: 100, Origin: "a"},
		{ID: "j2", Submit: 2, Size: 2, Runtime: 100, Origin: "a"},
	}
	res, frames := run(t, scen(cl, net, jobs...), PHRS, cfg)
	if p, ok := placement(res, "j1"); !ok || p.Cluster != "b" || p.Start != 11 || p.End != 36 {
		t.Errorf("j1 placement %+v, want b from 11 to 36", p)
	}
	if p, ok := placement(res, "j2"); !ok || p.Cluster != "a" || p.Start != 2 || p.End != 102 {
		t.Errorf("j2 placement %+v, want a from 2 to 102", p)
	}
	var got []float64
	for _, f := range frames {
		if f.Kind == "transfer" {
			got = append(got, f.Data.(TransferData).RemoteTTR)
		}
	}
	if len(got) != 2 || got[0] != 25 || got[1] != 59 {
		t.Errorf("remote TTRs %v, want [25 59]", got)
	}
}

// TestGridTransit: the grid scheduler keeps a job it migrated in its view
// until the job arrives, across an exchange instant; and the two readings
// of eq. 1 when the remote cluster is busy.
func TestGridTransit(t *testing.T) {
	cl, net := homeAndFast()
	net.MigrationOverhead = 30
	cl[0].Servers[0].Nodes, cl[0].Nodes = 4, 4
	cfg := baseCfg
	cfg.Threshold = 0.2
	// j1 (2 nodes, 100 s) from a at 1: home TTR 100, remote 25 + overhead
	// 30, PB 0.45 > 0.2: it migrates and reaches b at 31 (runs 31..56).
	// The exchange at 20 shows b free (j1 is on the WAN), but the grid
	// still books j1 on b from 31 to 56. j2 (the same) from a at 21:
	//   - eq. 1 as printed (overlap=0): Remote_Cluster_TTR is the TTR j2
	//     would have on b now, 56-21+25 = 60, and the overhead comes on
	//     top: PB = (100-90)/100 = 0.1 <= 0.2, j2 stays home, 21..121.
	//     The overhead is counted twice: j2 would reach b at 51, before
	//     b frees at 56, and end at 81 (TTR 60, a benefit of 0.4).
	//   - overlap=1: the overhead runs while b's queue drains: j2 would
	//     start at max(21+30, 56) = 56, TTR 60, so Remote_Cluster_TTR =
	//     60-30 = 30 and PB = (100-60)/100 = 0.4 > 0.2: j2 migrates and
	//     runs on b 56..81.
	// Forgetting j1 at the exchange would show b free (PB 0.45 either way).
	jobs := []model.Job{
		{ID: "j1", Submit: 1, Size: 2, Runtime: 100, Origin: "a"},
		{ID: "j2", Submit: 21, Size: 2, Runtime: 100, Origin: "a"},
	}
	for _, overlap := range []bool{false, true} {
		for _, live := range []bool{false, true} {
			cfg.Live, cfg.Overlap = live, overlap
			res, frames := run(t, scen(cl, net, jobs...), PHRS, cfg)
			if p, ok := placement(res, "j1"); !ok || p.Cluster != "b" || p.Start != 31 || p.End != 56 {
				t.Errorf("overlap=%v live=%v: j1 placement %+v, want b from 31 to 56", overlap, live, p)
			}
			want2, wantR, wantPB := "a 21 121", 60.0, 0.1
			if overlap {
				want2, wantR, wantPB = "b 56 81", 30, 0.4
			}
			if p, ok := placement(res, "j2"); !ok || fmt.Sprintf("%s %g %g", p.Cluster, p.Start, p.End) != want2 {
				t.Errorf("overlap=%v live=%v: j2 placement %+v, want %s", overlap, live, p, want2)
			}
			var got []TransferData
			for _, f := range frames {
				if f.Kind == "transfer" {
					got = append(got, f.Data.(TransferData))
				}
			}
			if len(got) != 2 || got[0].RemoteTTR != 25 || got[1].RemoteTTR != wantR || !near(got[1].PB, wantPB) || got[1].Overhead != 30 {
				t.Errorf("overlap=%v live=%v: transfers %+v, want remote TTRs 25 and %g, PB %g", overlap, live, got, wantR, wantPB)
			}
		}
	}
}

// TestDeadlineFilter: every home server with available nodes misses the
// deadline, and no other cluster exists: every approach discards the job.
func TestDeadlineFilter(t *testing.T) {
	// 1 node, 100 s, deadline 40: TTR s1 = 50 > 40 and s0 = 100 > 40.
	s := scen(twoServers(), nil, model.Job{ID: "j", Size: 1, Runtime: 100, Deadline: 40, Origin: "a"})
	step2 := baseCfg
	step2.Always = false
	for _, ap := range []Approach{Local, HRS, PHRS} {
		for _, cfg := range []Config{baseCfg, step2} {
			res, _ := run(t, s, ap, cfg)
			if r := dropReason(res, "j"); r != ReasonDeadline {
				t.Errorf("%v always=%v: reason %q, want %q", ap, cfg.Always, r, ReasonDeadline)
			}
		}
	}
}

// TestTTRSubmitted: "ttr" averages the completed jobs; "ttr_submitted"
// averages every submitted job, a discarded one at its deadline.
func TestTTRSubmitted(t *testing.T) {
	// a: 100 s on s1 (2 PEs): TTR 50. b: deadline 40 < 50 on every
	// server: discarded, counted at 40. (50 + 40) / 2 = 45.
	s := scen(twoServers(), nil,
		model.Job{ID: "a", Size: 1, Runtime: 100, Origin: "a"},
		model.Job{ID: "b", Size: 1, Runtime: 100, Deadline: 40, Origin: "a"})
	for _, ap := range []Approach{Local, HRS, PHRS} {
		res, _ := run(t, s, ap, baseCfg)
		if m := res.Metrics; m["ttr"] != 50 || m["ttr_submitted"] != 45 || m["completed"] != 1 {
			t.Errorf("%v: metrics %v, want ttr 50, ttr_submitted 45", ap, m)
		}
	}
}

// homeAndFast is a home cluster a (2 nodes at 1000 MIPS) and a remote
// cluster b (2 nodes of 4 PEs at 1000 MIPS), 10 s of fixed overhead.
func homeAndFast() ([]model.Cluster, *model.Network) {
	return []model.Cluster{clusterOf("a", srv(2, 1, 1000)), clusterOf("b", srv(2, 4, 1000))},
		&model.Network{MigrationOverhead: 10}
}

func TestPHRSBenefit(t *testing.T) {
	cl, net := homeAndFast()
	// Job of 1 node, 100 s from a at 0. Local TTR = 100; remote TTR on b =
	// 100*1000/4000 = 25; overhead 10 (no data, no latency). PB = (100 -
	// 35)/100 = 0.65 > 0.1: migrate, reach b at 10, run 10..35, TTR 35.
	s := scen(cl, net, model.Job{ID: "j", Size: 1, Runtime: 100, Origin: "a"})
	res, frames := run(t, s, PHRS, baseCfg)
	if p, ok := placement(res, "j"); !ok || p.Cluster != "b" || p.Start != 10 || p.End != 35 {
		t.Errorf("phrs: placement %+v, want b from 10 to 35", p)
	}
	if res.Metrics["ttr"] != 35 || res.Metrics["migrated"] != 1 {
		t.Errorf("phrs: metrics %v", res.Metrics)
	}
	var tr *TransferData
	for _, f := range frames {
		if f.Kind == "transfer" {
			d := f.Data.(TransferData)
			tr = &d
		}
	}
	want := TransferData{Job: "j", From: "a", To: "b", LocalTTR: 100, RemoteTTR: 25, Overhead: 10, PB: 0.65, Threshold: 0.1, Moved: true, Why: "benefit"}
	if tr == nil || *tr != want {
		t.Errorf("transfer frame %+v, want %+v", tr, want)
	}
	// HRS keeps it home: a has available nodes (TTR 100).
	res, _ = run(t, s, HRS, baseCfg)
	if p, _ := placement(res, "j"); p.Cluster != "a" || p.End != 100 {
		t.Errorf("hrs: placement %+v, want a until 100", p)
	}
	// A threshold above 0.65 keeps it home too.
	hi := baseCfg
	hi.Threshold = 0.7
	res, _ = run(t, s, PHRS, hi)
	if p, _ := placement(res, "j"); p.Cluster != "a" {
		t.Errorf("phrs threshold 0.7: placement %+v, want a", p)
	}
	// always=0 (Step 2): without a deadline to miss, no migration.
	st2 := baseCfg
	st2.Always, st2.Rescue = false, false
	res, _ = run(t, s, PHRS, st2)
	if p, _ := placement(res, "j"); p.Cluster != "a" {
		t.Errorf("phrs always=0: placement %+v, want a", p)
	}
	// always=0 with deadline 50: home TTR 100 > 50, PB 0.65: migrate,
	// ending at 35 <= 50.
	s.Jobs[0].Deadline = 50
	res, _ = run(t, s, PHRS, st2)
	if p, _ := placement(res, "j"); p.Cluster != "b" || p.End != 35 {
		t.Errorf("phrs always=0 deadline 50: placement %+v, want b until 35", p)
	}
	// always=0, deadline 50 and threshold 0.7: PB 0.65 is not above it,
	// so approach 3 discards the job.
	st2.Threshold = 0.7
	res, _ = run(t, s, PHRS, st2)
	if r := dropReason(res, "j"); r != ReasonBenefit {
		t.Errorf("phrs always=0 threshold 0.7: reason %q, want %q", r, ReasonBenefit)
	}
	// HRS with deadline 50, and P-HRS (always=1) with threshold 0.7: the
	// home cluster cannot run the job without discarding it (TTR 100 >
	// 50), so it goes to the grid scheduler whatever PB (section III.B.b):
	// b from 10 to 35.
	for _, ap := range []Approach{HRS, PHRS} {
		res, _ = run(t, s, ap, hi)
		if p, _ := placement(res, "j"); p.Cluster != "b" || p.End != 35 {
			t.Errorf("%v deadline 50: placement %+v, want b until 35", ap, p)
		}
	}
}

func TestHRSTransfer(t *testing.T) {
	cl, net := homeAndFast()
	net.Bandwidth, net.Latency = 80, 1
	cl[1].Servers[0].Nodes, cl[1].Nodes = 4, 4
	// Job of 3 nodes, 100 s, 50 MB from a: no server of a has 3 nodes.
	// Local drops it. HRS sends it to b: overhead = 10 + 1 + 50*8/80 = 16;
	// it runs on b from 16 for 25 s, TTR 41.
	s := scen(cl, net, model.Job{ID: "j", Size: 3, Runtime: 100, Origin: "a", Data: 50})
	res, _ := run(t, s, Local, baseCfg)
	if r := dropReason(res, "j"); r != ReasonNoServer {
		t.Errorf("local: reason %q", r)
	}
	for _, ap := range []Approach{HRS, PHRS} {
		res, frames := run(t, s, ap, baseCfg)
		if p, ok := placement(res, "j"); !ok || p.Cluster != "b" || p.Start != 16 || p.End != 41 {
			t.Errorf("%v: placement %+v, want b from 16 to 41", ap, p)
		}
		if len(frames) == 0 {
			t.Errorf("%v: no frames", ap)
		}
	}
	// No cluster of the grid can hold 5 nodes.
	s.Jobs[0].Size = 5
	res, _ = run(t, s, HRS, baseCfg)
	if r := dropReason(res, "j"); r != ReasonNoGridServer {
		t.Errorf("hrs size 5: reason %q", r)
	}
}

// TestJWQ: a job with no available nodes waits FCFS and starts when nodes
// free up.
func TestJWQ(t *testing.T) {
	cl := []model.Cluster{clusterOf("a", srv(2, 1, 1000))}
	jobs := []model.Job{
		{ID: "j0", Submit: 0, Size: 2, Runtime: 100, Origin: "a"},
		{ID: "j1", Submit: 30, Size: 1, Runtime: 10, Origin: "a", Deadline: 200},
		{ID: "j2", Submit: 31, Size: 1, Runtime: 10, Origin: "a", Deadline: 105},
	}
	// At 30 the status of instant 20 shows both nodes busy until 100: j1
	// waits, starts at 100 and ends at 110. j2 waits too; its latest start
	// is 95 < 100, so it is discarded at 95.
	res, _ := run(t, scen(cl, nil, jobs...), Local, baseCfg)
	if p, _ := placement(res, "j1"); p.Start != 100 || p.End != 110 {
		t.Errorf("j1 %+v, want 100..110", p)
	}
	if r := dropReason(res, "j2"); r != ReasonExpired {
		t.Errorf("j2 reason %q", r)
	}
	// TTR = mean(100 - 0, 110 - 30) = 90.
	if res.Metrics["ttr"] != 90 {
		t.Errorf("ttr %v, want 90", res.Metrics["ttr"])
	}
}

func TestDefaults(t *testing.T) {
	// A cluster without servers is one server of Nodes nodes at its MIPS
	// (1000 when 0); a job without origin goes to the first cluster.
	cl := []model.Cluster{{ID: "a", Nodes: 4, MIPS: 2000}, {ID: "b", Nodes: 4}}
	s := scen(cl, nil, model.Job{ID: "j", Size: 4, Runtime: 100})
	res, _ := run(t, s, Local, baseCfg)
	if p, _ := placement(res, "j"); p.Cluster != "a" || p.End != 50 {
		t.Errorf("placement %+v, want a until 50", p)
	}
}

func TestBadInput(t *testing.T) {
	good := func() *model.Scenario {
		cl, net := homeAndFast()
		return scen(cl, net, model.Job{ID: "j", Size: 1, Runtime: 10, Origin: "a"})
	}
	for _, tc := range []struct {
		field string
		edit  func(s *model.Scenario)
	}{
		{"platform.clusters", func(s *model.Scenario) { s.Platform.Clusters = nil }},
		{"platform.clusters[1].servers[0].nodes", func(s *model.Scenario) { s.Platform.Clusters[1].Servers[0].Nodes = 0 }},
		{"platform.clusters[1].servers[0].pes", func(s *model.Scenario) { s.Platform.Clusters[1].Servers[0].PEs = -1 }},
		{"platform.clusters[1].servers[0].speed", func(s *model.Scenario) { s.Platform.Clusters[1].Servers[0].Speed = math.NaN() }},
		{"platform.clusters[0].nodes", func(s *model.Scenario) { s.Platform.Clusters[0].Nodes = 7 }},
		{"platform.network.migration_overhead", func(s *model.Scenario) { s.Platform.Network.MigrationOverhead = -1 }},
		{"platform.network.links[0].to", func(s *model.Scenario) {
			s.Platform.Network.Links = []model.Link{{From: "a", To: "zz", Bandwidth: 1}}
		}},
		{"jobs[0].origin", func(s *model.Scenario) { s.Jobs[0].Origin = "zz" }},
		{"jobs[0].runtime", func(s *model.Scenario) { s.Jobs[0].Runtime = 0 }},
		{"jobs[0].size", func(s *model.Scenario) { s.Jobs[0].Size = 0 }},
		{"jobs[0].data", func(s *model.Scenario) { s.Jobs[0].Data = -3 }},
		{"policy.params.ts", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"ts": 0} }},
		{"policy.params.ref_mips", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"ref_mips": -1} }},
		{"policy.params.always", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"always": 0.5} }},
		{"policy.params.live", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"live": 2} }},
		{"policy.params.overlap", func(s *model.Scenario) { s.Policy.Params = map[string]float64{"overlap": -1} }},
	} {
		s := good()
		tc.edit(s)
		p, _ := sched.Lookup("hybrid-phrs")
		_, err := p.Run(context.Background(), s, nil)
		fe := model.FirstError(err)
		if fe == nil {
			t.Errorf("%s: error %v is not a field error", tc.field, err)
			continue
		}
		if fe.Field != tc.field {
			t.Errorf("want field %s, got %v", tc.field, err)
		}
	}
}

func TestPoliciesRegistered(t *testing.T) {
	for _, name := range []string{"hybrid-local", "hybrid-hrs", "hybrid-phrs"} {
		p, ok := sched.Lookup(name)
		if !ok {
			t.Fatalf("%s not registered", name)
		}
		info := p.Info()
		if info.Paper != "004" || info.System != "Hybrid" || !strings.Contains(info.Summary, "section III.B") {
			t.Errorf("%s info %+v", name, info)
		}
		for _, prm := range info.Params {
			if prm.Default < prm.Min || prm.Default > prm.Max || prm.Doc == "" {
				t.Errorf("%s param %+v", name, prm)
			}
		}
	}
}

// TestExchangeSkipping: a tiny T_s over a long run does not create an
// exchange per T_s when nothing changes.
func TestExchangeSkipping(t *testing.T) {
	cl := []model.Cluster{clusterOf("a", srv(2, 1, 1000))}
	s := scen(cl, nil, model.Job{ID: "j", Size: 1, Runtime: 1e9, Origin: "a"})
	cfg := baseCfg
	cfg.Ts = 0.001
	g, _ := newGrid(&s.Platform)
	sm := &sim{ap: Local, cfg: cfg, g: g, ties: newTestRand(), res: &sched.Result{Metrics: map[string]float64{}}}
	if err := checkJobs(s); err != nil {
		t.Fatal(err)
	}
	sm.load(s)
	if err := sm.loop(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := sm.q.Popped(); n > 10 {
		t.Errorf("%d events for one job", n)
	}
	if sm.jobs[0].end != 1e9 {
		t.Errorf("end %v", sm.jobs[0].end)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := DefaultSetup.Scenario(1, 10, 100, 0, HRS)
	if _, err := Run(ctx, s, HRS, baseCfg, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want context.Canceled", err)
	}
	stop := errors.New("stop")
	rec := sched.RecorderFunc(func(sched.Frame) error { return stop })
	if _, err := Run(context.Background(), s, HRS, baseCfg, rec); !errors.Is(err, stop) {
		t.Errorf("err %v, want the recorder's", err)
	}
}

func TestDeterministic(t *testing.T) {
	for _, ap := range []Approach{Local, HRS, PHRS} {
		var out [2][]byte
		s := DefaultSetup.Scenario(3, 12, 400, 0, ap)
		before, _ := json.Marshal(s)
		for i := range out {
			var buf bytes.Buffer
			rec := sched.RecorderFunc(func(f sched.Frame) error { return json.NewEncoder(&buf).Encode(f) })
			res, err := Run(context.Background(), s, ap, baseCfg, rec)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			out[i] = append(buf.Bytes(), b...)
		}
		if !bytes.Equal(out[0], out[1]) {
			t.Errorf("%v: two runs differ", ap)
		}
		if after, _ := json.Marshal(s); !bytes.Equal(before, after) {
			t.Errorf("%v: Run changed its scenario", ap)
		}
	}
}

// stepTwoGrid: home cluster a is slow (4 nodes of 1 PE x 500 MIPS), b is
// fast (4 nodes of 4 PEs x 2000 MIPS), 5 s of migration overhead apart.
// A 2-node job of 100 reference seconds takes 200 s on a (TTR 200) and
// 12.5 s on b, so Remote_Cluster_TTR + overhead = 17.5 and PB = (200 -
// 17.5)/200 = 0.9125 (eq. 1), above the threshold 0.1.
func stepTwoGrid(deadline float64) *model.Scenario {
	return scen([]model.Cluster{
		{ID: "a", Nodes: 4, Servers: []model.Server{{ID: "a0", Nodes: 4, PEs: 1, Speed: 500}}},
		{ID: "b", Nodes: 4, Servers: []model.Server{{ID: "b0", Nodes: 4, PEs: 4, Speed: 2000}}},
	}, &model.Network{MigrationOverhead: 5},
		model.Job{ID: "j", Size: 2, Runtime: 100, Deadline: deadline, Origin: "a"})
}

// defaultCfg is the configuration of the policies' default parameters.
func defaultCfg(t *testing.T) Config {
	t.Helper()
	cfg, err := configFrom(model.Policy{})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestHRSDiscardsLateJob: a job that fits at home (req <= avail) but
// misses its deadline there (TTR 200 > 100). Under the defaults (Step 2
// of section III.A), approach 2 is for req > avail only: HRS filters out
// the late home server as local execution does and discards the job;
// approach 3 takes it in P-HRS, which migrates it (PB 0.9125 > 0.1) and
// meets the deadline on b. HRS rescuing it (rescue=1) would make HRS and
// P-HRS complete the same jobs by construction.
func TestHRSDiscardsLateJob(t *testing.T) {
	s := stepTwoGrid(100)
	cfg := defaultCfg(t)
	res, _ := run(t, s, HRS, cfg)
	if r := dropReason(res, "j"); r != ReasonDeadline || res.Metrics["migrated"] != 0 {
		t.Errorf("hrs: reason %q, migrated %g; want %q and 0", r, res.Metrics["migrated"], ReasonDeadline)
	}
	res, frames := run(t, s, PHRS, cfg)
	if p, _ := placement(res, "j"); p.Cluster != "b" || !near(p.End, 17.5) {
		t.Errorf("phrs: placement %+v, want b until 17.5", p)
	}
	for _, f := range frames {
		if d, ok := f.Data.(TransferData); ok && (d.Why != "deadline" || !near(d.PB, 0.9125)) {
			t.Errorf("phrs transfer %+v, want why deadline, PB 0.9125", d)
		}
	}
	// rescue=1 (the reading of III.B.b): HRS hands the late job to the
	// grid as well.
	cfg.Rescue = true
	res, _ = run(t, s, HRS, cfg)
	if p, _ := placement(res, "j"); p.Cluster != "b" {
		t.Errorf("hrs rescue=1: placement %+v, want b", p)
	}
}

// TestPHRSKeepsJobThatMeetsDeadline: the same job with a deadline it
// meets at home (TTR 200 <= 1000). Under the defaults (Step 2), approach
// 3 is only for "(req < avail) && (TTR > Deadline)": P-HRS keeps the job
// home although PB is 0.9125. With always=1 (eq. 1 weighed for every
// job) it migrates it.
func TestPHRSKeepsJobThatMeetsDeadline(t *testing.T) {
	s := stepTwoGrid(1000)
	cfg := defaultCfg(t)
	res, frames := run(t, s, PHRS, cfg)
	if p, _ := placement(res, "j"); p.Cluster != "a" || !near(p.End, 200) || res.Metrics["migrated"] != 0 {
		t.Errorf("phrs: placement %+v, migrated %g; want a until 200, none", p, res.Metrics["migrated"])
	}
	for _, f := range frames {
		if f.Kind == "transfer" {
			t.Errorf("phrs: transfer frame %+v for a job within its deadline at home", f.Data)
		}
	}
	cfg.Always = true
	res, _ = run(t, s, PHRS, cfg)
	if p, _ := placement(res, "j"); p.Cluster != "b" {
		t.Errorf("phrs always=1: placement %+v, want b", p)
	}
}
