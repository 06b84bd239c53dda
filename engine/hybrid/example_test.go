package hybrid_test

import (
	"context"
	"fmt"

	"gridplay/engine/model"
	"gridplay/engine/sched"

	_ "gridplay/engine/hybrid"
)

// A job of 1 node and 100 s, deadline 50 s, submitted to cluster a (1000
// MIPS nodes) with a faster cluster b (4 PEs of 1000 MIPS per node) 10 s
// of migration overhead away. a has a free node (req <= avail) but
// Local_Cluster_TTR = 100 s exceeds the deadline: Step 2 gives the job to
// approach 3. Remote_Cluster_TTR = 100 * 1000/4000 = 25 s, so PB = (100 -
// (25 + 10))/100 = 0.65 (eq. 1) exceeds the threshold 0.1: P-HRS migrates
// the job, which reaches b at 10 and ends at 35. HRS (approach 2, for req
// > avail only) filters out the late home server as local execution does
// and discards the job.
func Example() {
	s := &model.Scenario{
		Version: 1,
		Platform: model.Platform{
			Clusters: []model.Cluster{
				{ID: "a", Nodes: 2, Servers: []model.Server{{ID: "a0", Nodes: 2, PEs: 1, Speed: 1000}}},
				{ID: "b", Nodes: 2, Servers: []model.Server{{ID: "b0", Nodes: 2, PEs: 4, Speed: 1000}}},
			},
			Network: &model.Network{MigrationOverhead: 10},
		},
		Jobs: []model.Job{{ID: "j", Size: 1, Runtime: 100, Deadline: 50, Origin: "a"}},
	}
	for _, name := range []string{"hybrid-hrs", "hybrid-phrs"} {
		p, _ := sched.Lookup(name)
		rec := sched.RecorderFunc(func(f sched.Frame) error {
			if f.Kind == "transfer" {
				fmt.Printf("%s transfer: %+v\n", name, f.Data)
			}
			return nil
		})
		res, err := p.Run(context.Background(), s, rec)
		if err != nil {
			fmt.Println(err)
			return
		}
		if len(res.Schedule) == 0 {
			fmt.Printf("%s: %s discarded: %s\n", name, res.Dropped[0].Job, res.Dropped[0].Reason)
			continue
		}
		pl := res.Schedule[0]
		fmt.Printf("%s: %s on %s from %g to %g, ttr %g\n", name, pl.Job, pl.Cluster, pl.Start, pl.End, res.Metrics["ttr"])
	}
	// Output:
	// hybrid-hrs: j discarded: estimated TTR exceeds the deadline on every server with available nodes
	// hybrid-phrs transfer: {Job:j From:a To:b LocalTTR:100 RemoteTTR:25 Overhead:10 PB:0.65 Threshold:0.1 Moved:true Why:deadline}
	// hybrid-phrs: j on b from 10 to 35, ttr 35
}
