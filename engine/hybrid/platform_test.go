package hybrid

import (
	"slices"
	"testing"

	"gridplay/engine/rng"
)

// The server's sorted job ends (hold, release) and the status live reads
// from them match the nodes' free times sorted outright, the way live
// computed them before: one free time a node, t for an idle node and its
// job's end for a busy one. Jobs start, end and overlap at random, with
// many equal ends (integer times) and ends before t.
func TestLiveMatchesSortedNodes(t *testing.T) {
	r := rng.NewPCG(3, 4)
	for trial := 0; trial < 200; trial++ {
		nodes := 1 + r.IntN(40)
		sv := &server{nodes: nodes, freeN: nodes, busy: make([]bool, nodes), ends: make([]float64, 0, nodes)}
		type running struct {
			k   int
			end float64
		}
		var jobs []running
		for step := 0; step < 60; step++ {
			if k := 1 + r.IntN(nodes); k <= sv.freeN && r.IntN(3) > 0 {
				end := float64(r.IntN(20))
				sv.hold(k, end)
				sv.freeN -= k
				jobs = append(jobs, running{k, end})
			} else if len(jobs) > 0 {
				i := r.IntN(len(jobs))
				sv.release(jobs[i].k, jobs[i].end)
				sv.freeN += jobs[i].k
				jobs = slices.Delete(jobs, i, i+1)
			}
			now := float64(r.IntN(20))
			var want []float64
			for _, j := range jobs {
				for n := 0; n < j.k; n++ {
					want = append(want, j.end)
				}
			}
			for n := 0; n < sv.freeN; n++ {
				want = append(want, now)
			}
			slices.Sort(want)
			var p profile
			sv.live(now, nil, &p)
			if !slices.Equal(p.free, want) || p.idle != sv.freeN {
				t.Fatalf("trial %d step %d: live at %g gives %v (idle %d), the nodes sorted %v (idle %d)", trial, step, now, p.free, p.idle, want, sv.freeN)
			}
		}
	}
}

// TestDeadlineTightness: DefaultSetup draws deadline - submit = dr x the
// run time on a DeadlineMIPS node, dr in [1, 4]; with DeadlineMIPS at the
// reference node's 1000 MIPS (reading loose) it is dr x Runtime. The jobs
// themselves (sizes, run times) are the same either way.
func TestDeadlineTightness(t *testing.T) {
	loose := DefaultSetup
	loose.DeadlineMIPS = DefaultRefMIPS
	a := DefaultSetup.Scenario(1, 4, 200, 0, Local)
	b := loose.Scenario(1, 4, 200, 0, Local)
	k := DefaultRefMIPS / DefaultSetup.DeadlineMIPS
	for i, j := range a.Jobs {
		lj := b.Jobs[i]
		if j.Runtime != lj.Runtime || j.Size != lj.Size || j.Submit != lj.Submit {
			t.Fatalf("job %d differs beyond its deadline: %+v, %+v", i, j, lj)
		}
		tight, wide := (j.Deadline-j.Submit)/j.Runtime, (lj.Deadline-lj.Submit)/lj.Runtime
		if tight < DefaultSetup.DRMin*k-1e-3 || tight > DefaultSetup.DRMax*k+1e-3 || wide < DefaultSetup.DRMin-1e-3 || wide > DefaultSetup.DRMax+1e-3 {
			t.Fatalf("job %d: deadline %g and %g run times", i, tight, wide)
		}
	}
}
