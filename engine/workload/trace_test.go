package workload

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/swf"
)

func traceScenario(t model.TraceRef) *model.Scenario {
	return &model.Scenario{Version: model.Version, Seed: 1, Name: "KTH cut",
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "site0", Name: "KTH-SP2-1996-2", Nodes: 100}}},
		Trace:    &t, Policy: model.Policy{Name: "easy"}}
}

// A trace reference reads the same jobs as an SWF import of the trace's
// file: its first N, or those submitted in a window.
func TestTraceReference(t *testing.T) {
	path, err := swf.Find("KTH-SP2-1996-2")
	if err != nil {
		t.Skip(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cut, err := swf.Import(filepath.Base(path), f, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := traceScenario(model.TraceRef{Name: "KTH-SP2-1996-2", First: 500})
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	x, err := Expand(s)
	if err != nil {
		t.Fatal(err)
	}
	if x.Trace != nil || s.Trace == nil || len(x.Jobs) != 500 || !reflect.DeepEqual(x.Jobs, cut.Jobs[:500]) {
		t.Fatalf("first 500: %d jobs, trace %v", len(x.Jobs), x.Trace)
	}
	// A window of the import's times, then its first 20.
	from, to := cut.Jobs[1000].Submit, cut.Jobs[3000].Submit
	var want []model.Job
	for _, j := range cut.Jobs {
		if j.Submit >= from && j.Submit < to {
			want = append(want, j)
		}
	}
	x, err = Expand(traceScenario(model.TraceRef{Name: "KTH-SP2-1996-2", From: from, To: to}))
	if err != nil || !reflect.DeepEqual(x.Jobs, want) {
		t.Fatalf("window [%v, %v): %d jobs, want %d (%v)", from, to, len(x.Jobs), len(want), err)
	}
	x, err = Expand(traceScenario(model.TraceRef{Name: "KTH-SP2-1996-2", From: from, To: to, First: 20}))
	if err != nil || !reflect.DeepEqual(x.Jobs, want[:20]) {
		t.Fatalf("window, first 20: %d jobs (%v)", len(x.Jobs), err)
	}
	// Round trip through the canonical form (the share link's).
	b, err := model.Encode(traceScenario(model.TraceRef{Name: "KTH-SP2-1996-2", First: 20, From: 5}))
	if err != nil || !strings.Contains(string(b), `"trace":{"name":"KTH-SP2-1996-2","first":20,"from":5}`) {
		t.Fatalf("encoded %s (%v)", b, err)
	}
	if back, err := model.Decode(b); err != nil || *back.Trace != (model.TraceRef{Name: "KTH-SP2-1996-2", First: 20, From: 5}) {
		t.Fatalf("decoded %+v (%v)", back, err)
	}
}

// Bad references are refused with the field and a sentence: names not
// shipped (no path may reach another file), cuts past the caps, windows
// with no job.
func TestTraceReferenceErrors(t *testing.T) {
	for _, tt := range []struct {
		ref         model.TraceRef
		field, want string
	}{
		{model.TraceRef{Name: "../../etc/passwd"}, "trace.name", "base name"},
		{model.TraceRef{Name: "LANL-CM5-1994-4.1-cln"}, "trace.name", "not a trace shipped"},
		{model.TraceRef{}, "trace.name", "must name"},
		{model.TraceRef{Name: "KTH-SP2-1996-2", First: model.MaxJobs + 1}, "trace.first", "between 0"},
		{model.TraceRef{Name: "KTH-SP2-1996-2", From: 10, To: 5}, "trace.to", "after from"},
		{model.TraceRef{Name: "KTH-SP2-1996-2", From: 9e9}, "trace", "no job of KTH-SP2-1996-2"},
	} {
		s := traceScenario(tt.ref)
		err := s.Validate()
		if err == nil {
			_, err = Expand(s)
		}
		fe := model.FirstError(err)
		if fe == nil || fe.Field != tt.field || !strings.Contains(fe.Msg, tt.want) {
			t.Errorf("%+v: %v, want %s: …%s…", tt.ref, err, tt.field, tt.want)
		}
	}
	s := traceScenario(model.TraceRef{Name: "KTH-SP2-1996-2"})
	s.Jobs = []model.Job{{ID: "a", Size: 1, Runtime: 1}}
	if fe := model.FirstError(s.Validate()); fe == nil || fe.Field != "trace" {
		t.Errorf("jobs and a trace: %v", s.Validate())
	}
}
