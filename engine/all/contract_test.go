package all_test

import (
	"bytes"
	"context"
	"encoding/json"
	"runtime"
	"testing"

	"gridplay/engine/api"
	"gridplay/engine/sched"

	_ "gridplay/engine/all"
)

// nativeOnly skips a test under js/wasm. It is for the checks of logic
// that does not depend on the platform and takes node many seconds; the
// engine's bytes under js/wasm are checked by the goldens under node and
// by the browser suite, which compares the page's answers with the
// native engine's.
func nativeOnly(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("natively only: the logic does not depend on the platform, and the browser suite compares the page's bytes with the native engine's")
	}
}

// TestExperimentPointsContract checks every registered experiment in
// quick mode: its points, run on two goroutines and each sent through its
// JSON form (as a remote point is), merge into the report that
// RunExperiment gives on one goroutine, byte for byte in JSON; and the
// CSV header plus the points' rows in order is the whole CSV.
func TestExperimentPointsContract(t *testing.T) {
	nativeOnly(t) // 15 s under node; TestExperimentsInPage fans out in the page
	for _, info := range sched.Experiments() {
		t.Run(info.Name, func(t *testing.T) {
			if info.Name == "muscle-fig4" {
				t.Skip("quick mode runs 20,000 jobs per run, about a minute here: its points' merge through their JSON form is checked in engine/muscle/repro (TestFig4Quick), its points' bytes in the page (wasm/e2e TestExperimentsInPage) and over workerd (TestWorkerdExperiments)")
			}
			e, _ := sched.LookupExperiment(info.Name)
			opt := sched.ExperimentOptions{Quick: true, Seed: 3}
			ctx := context.Background()
			whole, err := sched.RunExperiment(ctx, e, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := e.Plan(opt)
			if err != nil || len(plan) == 0 {
				t.Fatalf("plan %v: %v", plan, err)
			}
			for i, p := range plan {
				if p.Index != i || p.Label == "" {
					t.Errorf("plan point %d: %+v", i, p)
				}
			}
			var pointsCSV bytes.Buffer
			run := func(ctx context.Context, k int) (sched.Report, error) {
				rep, err := e.Point(ctx, opt, k, nil)
				if err != nil {
					return nil, err
				}
				b, err := json.Marshal(rep)
				if err != nil {
					return nil, err
				}
				return e.DecodePoint(opt, k, b)
			}
			parts, err := sched.FanOut(ctx, plan, 2, run, nil)
			if err != nil {
				t.Fatal(err)
			}
			api.WriteRowsCSV(&pointsCSV, nil)
			for _, p := range parts {
				api.WriteRows(&pointsCSV, p.LongRows())
			}
			merged, err := e.Merge(opt, parts)
			if err != nil {
				t.Fatal(err)
			}
			var wholeCSV bytes.Buffer
			api.WriteRowsCSV(&wholeCSV, whole.LongRows())
			if pointsCSV.String() != wholeCSV.String() {
				t.Errorf("points' CSV differs from the whole CSV:\n%s\nwhole:\n%s", pointsCSV.String(), wholeCSV.String())
			}
			a, _ := json.Marshal(merged)
			b, _ := json.Marshal(whole)
			if !bytes.Equal(a, b) {
				t.Errorf("merged JSON differs from the whole JSON:\n%s\nwhole:\n%s", a, b)
			}
			if _, err := e.Point(ctx, opt, len(plan), nil); err == nil {
				t.Errorf("point %d past the plan: no error", len(plan))
			}
		})
	}
}
