package repro

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"gridplay/engine/swf"
)

var update = flag.Bool("update", false, "rewrite kth_excerpt.txt from the trace")

// TestExcerpt checks that the embedded excerpt is the first quickJobs
// jobs of the KTH trace as the swf package reads them (skipped when the
// trace is absent). With -update it writes the excerpt.
func TestExcerpt(t *testing.T) {
	path, err := swf.Find(traceName)
	if err != nil {
		t.Skipf("trace not found: %v", err)
	}
	tr, err := swf.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	jobs := tr.Scenario("").Jobs[:quickJobs]
	var b strings.Builder
	fmt.Fprintf(&b, "# The first %d usable jobs of %s (Parallel Workloads Archive,\n", quickJobs, traceName)
	b.WriteString("# https://www.cs.huji.ac.il/labs/parallel/workload/), as engine/swf reads them.\n")
	b.WriteString("# Columns: job number, submit (s), size (processors), runtime (s, as the trace gives it; the scheduler kills a job at its request), requested time (s).\n")
	for _, j := range jobs {
		fmt.Fprintf(&b, "%s %g %d %g %g\n", j.ID, j.Submit, j.Size, j.Runtime, j.Requested)
	}
	if *update {
		if err := os.WriteFile("kth_excerpt.txt", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if b.String() != excerpt {
		t.Fatal("kth_excerpt.txt is not the trace's prefix; run go test -run TestExcerpt -update")
	}
	got, err := parseExcerpt(excerpt)
	if err != nil || len(got) != quickJobs {
		t.Fatalf("parse: %d jobs, %v", len(got), err)
	}
	for i := range got {
		// The excerpt has no user column: the multisite policies do not
		// read users.
		jobs[i].User = ""
		if got[i] != jobs[i] {
			t.Fatalf("job %d: %+v, want %+v", i, got[i], jobs[i])
		}
	}
}
