package all_test

import (
	"context"
	"fmt"
	"strings"
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

// BenchmarkExperimentPoint runs each point of each experiment's quick
// plan alone (Experiment.Point), as a worker serves it: what a point
// costs against the others of its plan, and against its plan's cost
// estimate (sched.PointInfo.Cost, which orders a fan-out).
//
//	go test -run XXX -bench 'ExperimentPoint/gamf-fig7/' -benchtime 5x ./engine/all/
func BenchmarkExperimentPoint(b *testing.B) {
	opt := sched.ExperimentOptions{Quick: true, Seed: 1}
	for _, info := range sched.Experiments() {
		e, _ := sched.LookupExperiment(info.Name)
		plan, err := e.Plan(opt)
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range plan {
			b.Run(fmt.Sprintf("%s/%02d-%s", info.Name, p.Index, strings.ReplaceAll(p.Label, " ", "_")), func(b *testing.B) {
				b.ReportMetric(p.Cost, "cost")
				for i := 0; i < b.N; i++ {
					if _, err := e.Point(context.Background(), opt, p.Index, nil); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
