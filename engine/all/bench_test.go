package all_test

import (
	"context"
	"testing"

	"gridplay/engine/sched"
)

// BenchmarkExperimentQuick runs each registered experiment's quick
// sweep on one goroutine (sched.RunExperiment), as the native side of
// the page's and the benchmark set's comparisons does. With -cpuprofile
// it gives the native profile to set beside node's of the same request
// (wasm/e2e/servebench.cjs with node --cpu-prof; README, "How fast in the
// page"):
//
//	go test -run XXX -bench 'ExperimentQuick/multisite-fig2' -cpuprofile cpu.out ./engine/all/
func BenchmarkExperimentQuick(b *testing.B) {
	for _, info := range sched.Experiments() {
		b.Run(info.Name, func(b *testing.B) {
			e, _ := sched.LookupExperiment(info.Name)
			opt := sched.ExperimentOptions{Quick: true, Seed: 1}
			for i := 0; i < b.N; i++ {
				if _, err := sched.RunExperiment(context.Background(), e, opt, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
