package model

import (
	"strconv"
	"testing"
)

func jobsWithIDs(ids ...string) []Job {
	js := make([]Job, len(ids))
	for i, id := range ids {
		js[i] = Job{ID: id, Submit: float64(i), Size: 1, Runtime: 1}
	}
	return js
}

// mapIndex is what the index replaces: a map filled in order (the last
// job of a shared ID wins).
func mapIndex(jobs []Job) map[string]int {
	m := make(map[string]int, len(jobs))
	for i := range jobs {
		m[jobs[i].ID] = i
	}
	return m
}

func TestJobIndexFind(t *testing.T) {
	var ids []string
	for i := range 5000 {
		ids = append(ids, strconv.Itoa(i*7))
	}
	ids = append(ids, "", "a", "b", "a", "", "14", "a") // shared IDs, "" too
	jobs := jobsWithIDs(ids...)
	x := IndexJobs(jobs)
	m := mapIndex(jobs)
	for id, want := range m {
		if got := x.Find(id); got != want {
			t.Errorf("Find(%q) = %d, want %d (the last)", id, got, want)
		}
	}
	for _, id := range []string{"1", "x", "00", "14 ", "A"} {
		if got := x.Find(id); got != -1 {
			t.Errorf("Find(%q) = %d, want -1", id, got)
		}
	}
	empty := IndexJobs(nil)
	if empty.Find("a") != -1 || len(empty.Positions(2, func(int) string { return "a" })) != 2 {
		t.Error("empty index")
	}
}

// Positions tries the job after the last one found before the table:
// with shared IDs that may be an earlier job than Find's.
func TestJobIndexPositions(t *testing.T) {
	jobs := jobsWithIDs("a", "b", "c", "b", "d")
	x := IndexJobs(jobs)
	list := []string{"a", "b", "zz", "c", "d", "b", "a", "b", "c"}
	want := []int32{0, 1, -1, 2, 4, 3, 0, 1, 2}
	got := x.Positions(len(list), func(k int) string { return list[k] })
	if len(got) != len(want) {
		t.Fatalf("Positions = %v, want %v", got, want)
	}
	for k := range want {
		if got[k] != want[k] {
			t.Fatalf("Positions = %v, want %v", got, want)
		}
	}
	// Out of order, reversed: every one found.
	jobs = jobsWithIDs("j0", "j1", "j2", "j3", "j4", "j5", "j6", "j7", "j8", "j9")
	x = IndexJobs(jobs)
	got = x.Positions(len(jobs), func(k int) string { return jobs[len(jobs)-1-k].ID })
	for k := range got {
		if int(got[k]) != len(jobs)-1-k {
			t.Fatalf("reversed: Positions = %v", got)
		}
	}
}

// The index validation builds is the one the run uses: it reports the
// first job of a shared ID, and none is given for an invalid scenario.
func TestValidateDuplicateIDs(t *testing.T) {
	s := &Scenario{Version: Version, Policy: Policy{Name: "fcfs"},
		Platform: Platform{Clusters: []Cluster{{ID: "c", Nodes: 4}}},
		Jobs:     jobsWithIDs("x", "y", "z")}
	if err := s.Validate(); err != nil {
		t.Fatalf("Validate = %v", err)
	}
	s.Jobs = jobsWithIDs("x", "y", "x", "x")
	err := s.Validate()
	if err == nil {
		t.Fatal("Validate of duplicates = nil")
	}
	es := err.(Errors)
	if len(es) != 2 || es[0].Field != "jobs[2].id" || es[1].Field != "jobs[3].id" ||
		es[0].Msg != `duplicate job id "x" (also jobs[0])` || es[1].Msg != `duplicate job id "x" (also jobs[0])` {
		t.Fatalf("errors %v", es)
	}
}

// Looking up allocates nothing: Find none, Positions its result only.
func TestJobIndexAllocs(t *testing.T) {
	ids := make([]string, 200_000)
	for i := range ids {
		ids[i] = strconv.Itoa(i)
	}
	x := IndexJobs(jobsWithIDs(ids...))
	if a := testing.AllocsPerRun(3, func() { x.Find("123456") }); a != 0 {
		t.Errorf("Find allocates %v times", a)
	}
	if a := testing.AllocsPerRun(3, func() { x.Positions(len(ids), func(k int) string { return ids[k] }) }); a > 1 {
		t.Errorf("Positions: %v allocations, want 1", a)
	}
}

func BenchmarkIndexJobs(b *testing.B) {
	jobs := make([]Job, 200_000)
	for i := range jobs {
		jobs[i].ID = strconv.Itoa(i + 1)
	}
	b.Run("index", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			IndexJobs(jobs)
		}
	})
	b.Run("map", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			mapIndex(jobs)
		}
	})
}
