package jobs

import (
	"strings"
	"testing"
)

// A Batsim workload picked in the import goes to POST /api/batsim and
// replaces the jobs and the platform like a trace; a bad one is refused
// with the field named, and nothing changes.
func TestBatsimImport(t *testing.T) {
	eng := &apiEngine{}
	c, ev := newTable(eng)
	wl := `{"nb_res": 6, "jobs": [
	  {"id": "1", "subtime": 0, "res": 2, "walltime": 100, "profile": "d50"},
	  {"id": 2, "subtime": 30, "res": 6, "profile": "d50"},
	  {"id": "3", "subtime": 31, "res": 1, "walltime": -1, "profile": "d7"}],
	 "profiles": {"d50": {"type": "delay", "delay": 50}, "d7": {"type": "DelayProfile", "delay": 7}}}`
	under(ev, func() { c.sendImport("my workload.json", []byte(wl), nil) })
	waitRender(t, ev)
	under(ev, func() {
		s := c.App.Scenario
		if c.Problem != "" || len(s.Jobs) != 3 || s.Platform.Clusters[0].Nodes != 6 || s.Name != "my workload" {
			t.Fatalf("problem %q; %d jobs on %+v, name %q", c.Problem, len(s.Jobs), s.Platform.Clusters, s.Name)
		}
		if j := s.Jobs[1]; j.ID != "2" || j.Submit != 30 || j.Size != 6 || j.Runtime != 50 || j.Requested != 0 {
			t.Errorf("job 2: %+v", j)
		}
		if j := s.Jobs[0]; j.Requested != 100 {
			t.Errorf("job 1's walltime: %+v", j)
		}
		if !strings.Contains(c.App.UndoLabel(), "import 3 Batsim jobs") {
			t.Errorf("undo %q", c.App.UndoLabel())
		}
	})
	if len(eng.paths) != 1 || eng.paths[0] != "/api/batsim?name=my+workload.json" {
		t.Errorf("requests %q", eng.paths)
	}
	bad := `{"nb_res": 4, "jobs": [{"id": "1", "subtime": 0, "res": 9, "profile": "p"}], "profiles": {"p": {"type": "parallel", "cpu": [1]}}}`
	under(ev, func() { c.sendImport("bad.json", []byte(bad), nil) })
	waitRender(t, ev)
	under(ev, func() {
		if !strings.HasPrefix(c.Problem, "Batsim import: ") || !strings.Contains(c.Problem, "profiles") || len(c.App.Scenario.Jobs) != 3 {
			t.Errorf("problem %q, %d jobs", c.Problem, len(c.App.Scenario.Jobs))
		}
	})
	if got := ImportPath("t.swf.gz"); got != "/api/swf?name=t.swf.gz&limit=0&format=compact" {
		t.Errorf("an SWF trace goes to %s", got)
	}
}
