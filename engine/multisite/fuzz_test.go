package multisite

import (
	"context"
	"fmt"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// FuzzPolicies builds small platforms and workloads from bytes and runs
// every multisite and classic policy: no panic, and every valid run keeps
// the schedule invariants.
func FuzzPolicies(f *testing.F) {
	f.Add([]byte{3, 4, 2, 5, 10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add([]byte{1, 1, 0, 0, 0, 255, 255, 0, 7})
	f.Fuzz(func(t *testing.T, b []byte) {
		next := func() int {
			if len(b) == 0 {
				return 0
			}
			x := int(b[0])
			b = b[1:]
			return x
		}
		s := &model.Scenario{Version: 1, Platform: model.Platform{Network: &model.Network{
			Bandwidth: float64(next()) / 10, Latency: float64(next() % 5), MultisiteFactor: 1 + float64(next()%10)/10,
		}}}
		ns := 1 + next()%4
		for i := 0; i < ns; i++ {
			s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: fmt.Sprint("s", i), Nodes: next() % 6, H: float64(next()%20) / 10})
		}
		for i := 0; len(b) > 0 && i < 40; i++ {
			s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprint("j", i), Submit: float64(next() % 8), Size: next() % 9,
				Runtime: float64(next() % 30), Requested: float64(next() % 30), Origin: fmt.Sprint("s", next()%(ns+1)), Data: float64(next() % 3)})
		}
		for _, name := range []string{"multisite-optimal", "multisite-greedy", "multisite-nonadaptive", "fcfs", "easy", "conservative"} {
			for _, cons := range []float64{0, 1} {
				s.Policy = model.Policy{Name: name, Params: map[string]float64{"conservative": cons}}
				p, _ := sched.Lookup(name)
				res, err := p.Run(context.Background(), s, nil)
				if err != nil {
					continue
				}
				seen := map[string]int{}
				for _, pl := range res.Schedule {
					seen[pl.Job]++
				}
				for _, d := range res.Dropped {
					seen[d.Job]++
				}
				for _, j := range s.Jobs {
					if seen[j.ID] != 1 {
						t.Fatalf("%s: job %s seen %d times", name, j.ID, seen[j.ID])
					}
				}
			}
		}
	})
}
