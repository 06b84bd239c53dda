package jobs

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
)

func scenario(jobs ...model.Job) *model.Scenario {
	return &model.Scenario{
		Version:  model.Version,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 8}}},
		Jobs:     jobs,
		Policy:   model.Policy{Name: "fcfs"},
	}
}

func TestMapErrors(t *testing.T) {
	bad := -1.0
	s := scenario(
		model.Job{ID: "a", Size: 1, Runtime: 1},
		model.Job{ID: "b", Size: 0, Runtime: math.NaN(), Origin: "nowhere"},
		model.Job{ID: "a", Size: 1, Runtime: 1, Sigma: &bad},
		model.Job{ID: "d", Size: 1, App: &model.App{Code: "doom"}},
	)
	s.Platform.Clusters[0].Nodes = 0 // a platform problem: not the table's
	e := MapErrors(s)
	want := map[int]map[string]string{
		1: {"size": "must be at least 1", "runtime": "must be a finite number", "origin": "unknown cluster"},
		2: {"id": `duplicate job id "a" (also jobs[0])`, "sigma": "must be between 0 and 1"},
		3: {"app": "unknown application code"},
	}
	for i, m := range want {
		for k, msg := range m {
			if got := e.Cell(i, k); !strings.Contains(got, msg) {
				t.Errorf("jobs[%d].%s: got %q, want it to contain %q", i, k, got, msg)
			}
		}
	}
	if len(e.Cells[0]) != 0 || len(e.Table) != 0 {
		t.Errorf("unexpected messages: cells[0]=%v table=%v", e.Cells[0], e.Table)
	}

	e = MapErrors(scenario())
	if len(e.Table) != 1 || !strings.Contains(e.Table[0], "at least one job") {
		t.Errorf("empty list: %v", e.Table)
	}
	if e := MapErrors(scenario(model.Job{ID: "a", Size: 1, Runtime: 1})); len(e.Cells)+len(e.Rows)+len(e.Table) != 0 {
		t.Errorf("valid scenario has messages: %+v", e)
	}
}

func TestJobField(t *testing.T) {
	for _, tc := range []struct {
		in  string
		i   int
		key string
		ok  bool
	}{
		{"jobs[3].size", 3, "size", true},
		{"jobs[12].app.points[0].n", 12, "app", true},
		{"jobs[0]", 0, "", true},
		{"jobs[x].size", 0, "", false},
		{"jobs", 0, "", false},
		{"platform.clusters[0].nodes", 0, "", false},
		{"jobs[-1].size", 0, "", false},
	} {
		i, key, ok := jobField(tc.in)
		if i != tc.i || key != tc.key || ok != tc.ok {
			t.Errorf("jobField(%q) = %d %q %v", tc.in, i, key, ok)
		}
	}
}

func TestSortViewAndApply(t *testing.T) {
	jobs := []model.Job{
		{ID: "j10", Submit: 5, Size: 2},
		{ID: "j2", Submit: 1, Size: 8},
		{ID: "j1", Submit: 5, Size: 2},
		{ID: "x", Submit: 0, Size: 4},
	}
	for _, tc := range []struct {
		key  string
		desc bool
		want []int
	}{
		{"id", false, []int{2, 1, 0, 3}},
		{"submit", false, []int{3, 1, 0, 2}}, // tie 0,2 keeps order
		{"submit", true, []int{0, 2, 1, 3}},
		{"size", false, []int{0, 2, 3, 1}},
		{"deadline", false, []int{0, 1, 2, 3}}, // all empty: stable
		{"bogus", false, []int{0, 1, 2, 3}},
	} {
		if got := SortView(jobs, tc.key, tc.desc); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SortView(%s, desc=%v) = %v, want %v", tc.key, tc.desc, got, tc.want)
		}
	}
	before := append([]model.Job(nil), jobs...)
	for _, bad := range [][]int{{0, 1, 2}, {0, 0, 1, 2}, {0, 1, 2, 4}} {
		if ApplyOrder(jobs, bad) || !reflect.DeepEqual(jobs, before) {
			t.Errorf("ApplyOrder(%v) accepted or changed the jobs", bad)
		}
	}
	if !ApplyOrder(jobs, []int{3, 1, 0, 2}) {
		t.Fatal("ApplyOrder refused a permutation")
	}
	var ids []string
	for _, j := range jobs {
		ids = append(ids, j.ID)
	}
	if strings.Join(ids, " ") != "x j2 j10 j1" {
		t.Errorf("order = %v", ids)
	}
}

func TestNewDuplicateFreeID(t *testing.T) {
	s := 0.5
	jobs := []model.Job{{ID: "j1", Submit: 3}, {ID: "j2", Submit: 7, Sigma: &s, App: &model.App{Points: []model.Point{{N: 1, T: 2}}}}, {ID: "j2-2"}}
	if j := NewJob(jobs); j.ID != "j4" || j.Submit != 0 || j.Size != 1 || j.Runtime != 10 {
		// j4: len+1 = 4 is free.
		t.Errorf("NewJob = %+v", j)
	}
	d := Duplicate(jobs, 1)
	if d.ID != "j2-3" {
		t.Errorf("duplicate id = %q, want j2-3 (j2 and j2-2 are taken)", d.ID)
	}
	*d.Sigma = 0.9
	d.App.Points[0].T = 99
	if *jobs[1].Sigma != 0.5 || jobs[1].App.Points[0].T != 2 {
		t.Error("Duplicate shares memory with the original")
	}
	long := strings.Repeat("x", model.MaxNameLen)
	if id := FreeID([]model.Job{{ID: long}}, long); len(id) > model.MaxNameLen || id == long {
		t.Errorf("FreeID of a maximal id = %q", id)
	}
}

func TestComma(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 28489: "28,489", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := csvfmt.Thousands(n); got != want {
			t.Errorf("csvfmt.Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestGeneratorWarnings(t *testing.T) {
	s := &model.Scenario{Platform: model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 16}, {ID: "b", Nodes: 32}}}}
	g := &model.Generator{Jobs: 250000, Sizes: "uniform", SizeMin: 1, SizeMax: 64}
	ws := GeneratorWarnings(g, s)
	if len(ws) != 2 || !strings.Contains(ws[0], "250,000 jobs") || !strings.Contains(ws[1], "larger than 32 nodes") || !strings.Contains(ws[1], "about 50%") {
		t.Errorf("warnings %q", ws)
	}
	g = &model.Generator{Jobs: 60, Sizes: "uniform", SizeMin: 1, SizeMax: 32}
	if ws := GeneratorWarnings(g, s); len(ws) != 0 {
		t.Errorf("a workload that fits warns: %q", ws)
	}
}
