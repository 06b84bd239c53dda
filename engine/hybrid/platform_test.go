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
