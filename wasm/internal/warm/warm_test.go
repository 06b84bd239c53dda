package warm

import (
	"bytes"
	"testing"

	"gridplay/engine/swf"

	_ "gridplay/engine/all"
)

// TestRun: every warm-up request succeeds (a failing one would warm up an
// error path, not the page's), and the trace is usable job for job.
func TestRun(t *testing.T) {
	n, err := Run()
	if err != nil || n != 4 {
		t.Fatalf("%d requests, %v", n, err)
	}
	cut, err := swf.Import("warm.swf", bytes.NewReader(Trace(Jobs)), 0)
	if err != nil {
		t.Fatal(err)
	}
	if cut.Kept != Jobs || cut.Skipped != 0 || cut.Unusable != 0 || cut.Cluster.Nodes != 128 {
		t.Errorf("cut: kept %d, skipped %d, unusable %d, %d nodes", cut.Kept, cut.Skipped, cut.Unusable, cut.Cluster.Nodes)
	}
}
