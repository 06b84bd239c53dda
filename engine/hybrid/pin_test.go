package hybrid

import (
	"testing"

	"gridplay/engine/model"
)

// The tests of this file pin choices of doc.go that the other tests left
// open: each fails when the choice it names is changed (issue 37, item 7:
// hand mutation testing).

// TestPinDiscardAtLatestStart pins doc.go, JWQ: "A waiting job is
// discarded when its deadline expires, that is at its latest start
// (deadline - run time)", and the queue behind it moves on then. One
// server of 2 nodes (1 PE of 1000 MIPS each): j0 holds a node from 0 to
// 100; j1 (2 nodes, 10 s, deadline 60) waits, its latest start is 50;
// j2 (1 node, 10 s) waits behind it (FCFS, no backfilling). At 50 j1 is
// discarded and j2 starts on the free node, 50 to 60; discarded at its
// deadline instead, j1 would hold j2 until 60.
func TestPinDiscardAtLatestStart(t *testing.T) {
	cl := []model.Cluster{clusterOf("a", srv(2, 1, 1000))}
	jobs := []model.Job{
		{ID: "j0", Submit: 0, Size: 1, Runtime: 100, Origin: "a"},
		{ID: "j1", Submit: 20, Size: 2, Runtime: 10, Origin: "a", Deadline: 60},
		{ID: "j2", Submit: 30, Size: 1, Runtime: 10, Origin: "a"},
	}
	res, _ := run(t, scen(cl, nil, jobs...), Local, baseCfg)
	if r := dropReason(res, "j1"); r != ReasonExpired {
		t.Errorf("j1: reason %q, want %q", r, ReasonExpired)
	}
	if p, ok := placement(res, "j2"); !ok || p.Start != 50 || p.End != 60 {
		t.Errorf("j2 %+v, want 50..60", p)
	}
}
