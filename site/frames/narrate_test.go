package frames

import (
	"context"
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"

	_ "gridplay/engine/all"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/site/gantt"
	"gridplay/site/state"
)

// runPreset runs a preset in the real engine and returns its frames as
// the page receives them, with its result.
func runPreset(t *testing.T, id string) ([]state.Frame, *sched.Result, Platform) {
	t.Helper()
	p, ok := state.PresetByID(id)
	if !ok {
		t.Fatalf("no preset %s", id)
	}
	s := p.Build()
	var fs []state.Frame
	rec := sched.RecorderFunc(func(f sched.Frame) error {
		b, err := json.Marshal(f.Data)
		if err != nil {
			return err
		}
		fs = append(fs, state.Frame{Kind: f.Kind, T: f.T, Data: b})
		return nil
	})
	res, err := runner.Run(context.Background(), s, rec)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return fs, res, PlatformOf(s)
}

// first returns the index of the first frame for which match is true.
func first(t *testing.T, fs []state.Frame, match func(state.Frame) bool) int {
	t.Helper()
	for i, f := range fs {
		if match(f) {
			return i
		}
	}
	t.Fatal("no such frame")
	return -1
}

func op(name string) func(state.Frame) bool {
	return func(f state.Frame) bool {
		p, ok := decodePack(f)
		return ok && p.Op == name
	}
}

// The MUSCLE Table 1 narration follows Alg. 1, 3 and 4 on the paper's
// worked example: the rows of Table 2, then C2 served first (ε ties at 0
// and C2 is larger), then C1 with the smaller ε.
func TestNarratePackingTable1(t *testing.T) {
	fs, _, pl := runPreset(t, "muscle-table1")
	at := func(i int) string { return Text(Narrate("packing", fs, i+1, pl, gantt.Times{})) }
	if got := at(0); !strings.Contains(got, "Round 1 at t = 0 s: MUSCLE collects 6 waiting jobs") {
		t.Errorf("round: %q", got)
	}
	// Frame 3 adds J2 + J1 to row 3 (Table 2, row 3).
	row := first(t, fs, func(f state.Frame) bool {
		p, ok := decodePack(f)
		return ok && p.Op == "row" && p.Row == 3 && len(indices(p.Raw)) == 2
	})
	if got := at(row); !strings.Contains(got, "J2 joins J1: together they need exactly 3 nodes, so they are listed in row 3") {
		t.Errorf("row: %q", got)
	}
	pick := first(t, fs, op("pick"))
	got := at(pick)
	for _, want := range []string{"Round 1: MUSCLE takes the first composition of row 6, J3 + J1, and packs it into C2", "ε = 0 is the smallest", "tied with C1", "C2 is the larger cluster (6 nodes)", "eq. 3"} {
		if !strings.Contains(got, want) {
			t.Errorf("first pick %q lacks %q", got, want)
		}
	}
	segs := Narrate("packing", fs, pick+1, pl, gantt.Times{})
	if terms := SortedTerms(segs); len(terms) == 0 || terms[0] != TermEpsilon {
		t.Errorf("first pick links %v, want ε", terms)
	}
	// The second space: C1's ε = 0 against C2's 0.6.
	sp := 0
	for i, f := range fs {
		if p, ok := decodePack(f); ok && p.Op == "space" {
			sp++
			if sp == 2 {
				if got := at(i); !strings.Contains(got, "MUSCLE serves C1 next, as its ε = 0 is the smallest (eq. 3; C2: 0.6)") {
					t.Errorf("second space %q", got)
				}
				break
			}
		}
	}
	done := first(t, fs, op("done"))
	if got := at(done); !strings.Contains(got, "CP per cluster C1 2.25, C2 2.25 (eq. 1)") || !strings.Contains(got, "MCP 2.25 (eq. 7)") {
		t.Errorf("done %q", got)
	}
	// Before the first frame of a view, the narration says what is coming.
	if got := Text(Narrate("packing", fs, 0, pl, gantt.Times{})); !strings.Contains(got, "Press Play") {
		t.Errorf("intro %q", got)
	}
	if Narrate("backfill", fs, len(fs), pl, gantt.Times{}) != nil {
		t.Error("a view without frames narrates")
	}
}

func TestNarrateGA(t *testing.T) {
	fs, _, pl := runPreset(t, "gamf-fig7")
	// The first generation whose best fell.
	imp := -1
	var prev float64
	for i, f := range fs {
		var g gaFrame
		json.Unmarshal(f.Data, &g)
		if i > 0 && g.Best < prev {
			imp = i
			break
		}
		prev = g.Best
	}
	if imp < 0 {
		t.Fatal("the GA never improved")
	}
	got := Text(Narrate("ga", fs, imp+1, pl, gantt.Times{}))
	if !strings.Contains(got, "fitness") || !strings.Contains(got, "fell from "+num(prev)) || !strings.Contains(got, "generation ") {
		t.Errorf("improvement %q (best before %v)", got, prev)
	}
	if got := Text(Narrate("ga", fs, imp+2, pl, gantt.Times{})); !strings.Contains(got, "no better schedule since generation") && !strings.Contains(got, "fell from") {
		t.Errorf("after the improvement %q", got)
	}
	// MUSCLE's TITAN runs are named by round and cluster and cost CP.
	ms, _, mpl := runPreset(t, "muscle-table1")
	g := first(t, ms, func(f state.Frame) bool { return f.Kind == "generation" })
	if got := Text(Narrate("ga", ms, g+1, mpl, gantt.Times{})); !strings.HasPrefix(got, "Round 1, C1: generation 1") || !strings.Contains(got, "best CP is 2.25") {
		t.Errorf("MUSCLE GA %q", got)
	}
	// TITAN's runs are numbered across runs; a new scheduling instant
	// starts a new run.
	ts, _, tpl := runPreset(t, "titan-fig9")
	second := first(t, ts, func(f state.Frame) bool { return f.T > 0 })
	if got := Text(Narrate("ga", ts, second+1, tpl, gantt.Times{})); !strings.Contains(got, "starts from its first population") || !strings.HasPrefix(got, "The GA run of t = 5 s, generation") {
		t.Errorf("TITAN second run %q", got)
	}
}

func TestNarrateBackfill(t *testing.T) {
	fs, _, pl := runPreset(t, "classic-backfill")
	if len(fs) == 0 {
		t.Fatal("the classic preset streams no backfill frame")
	}
	for i := range fs {
		var b Backfill
		json.Unmarshal(fs[i].Data, &b)
		got := Text(Narrate("backfill", fs, i+1, pl, gantt.Times{}))
		if !strings.HasPrefix(got, b.Job+" backfills at t = ") || !strings.Contains(got, "ahead of "+b.Head) {
			t.Errorf("frame %d: %q", i, got)
		}
		if b.EstEnd <= b.Shadow && !strings.Contains(got, "ends by t = "+(&narration{}).secs(b.EstEnd)+", before "+b.Head+"'s reservation at the shadow time "+(&narration{}).secs(b.Shadow)) {
			t.Errorf("frame %d: %q", i, got)
		}
		if b.EstEnd > b.Shadow && !strings.Contains(got, "extra nodes") {
			t.Errorf("frame %d (past the shadow time): %q", i, got)
		}
	}
	// Conservative backfilling (the multisite preset) says so.
	ms, _, mpl := runPreset(t, "multisite-fig2")
	past := first(t, ms, func(f state.Frame) bool {
		var b Backfill
		json.Unmarshal(f.Data, &b)
		return b.Mode == "conservative" && b.EstEnd > b.Shadow
	})
	if got := Text(Narrate("backfill", ms, past+1, mpl, gantt.Times{})); !strings.Contains(got, "fits around every waiting job's reservation") {
		t.Errorf("conservative %q", got)
	}
}

func TestNarrateHybrid(t *testing.T) {
	fs, _, pl := runPreset(t, "hybrid-table1")
	moved, status := false, false
	for i, f := range fs {
		got := Text(Narrate("hybrid", fs, i+1, pl, gantt.Times{}))
		if got == "" {
			t.Errorf("frame %d (%s) not narrated", i, f.Kind)
		}
		// Under Step 2 a job moves when no home server has the nodes
		// (HRS's hand-over) or, late at home, for its benefit (P-HRS).
		if f.Kind == "transfer" && (strings.Contains(got, "so it moves to") || strings.Contains(got, "so the grid scheduler sends it to")) {
			moved = true
		}
		if f.Kind == "status" && strings.Contains(got, "status exchange") {
			status = true
		}
		if strings.Contains(got, "c5") || strings.Contains(got, "s1 ") {
			t.Errorf("frame %d names a cluster the platform does not have: %q", i, got)
		}
	}
	if !moved || !status {
		t.Errorf("moved %v, status %v", moved, status)
	}
	// Weighed for every job (the reading every-job), P-HRS moves a job
	// that could finish sooner elsewhere and says why with eq. 1.
	p, _ := state.PresetByID("hybrid-table1")
	s := p.Build()
	s.Policy.Params = map[string]float64{"always": 1}
	var ws []state.Frame
	rec := sched.RecorderFunc(func(f sched.Frame) error {
		b, err := json.Marshal(f.Data)
		ws = append(ws, state.Frame{Kind: f.Kind, T: f.T, Data: b})
		return err
	})
	if _, err := runner.Run(context.Background(), s, rec); err != nil {
		t.Fatal(err)
	}
	weighed := false
	for i, f := range ws {
		got := Text(Narrate("hybrid", ws, i+1, pl, gantt.Times{}))
		if f.Kind == "transfer" && strings.Contains(got, "performance benefit") && strings.Contains(got, "so it moves to") {
			weighed = true
		}
	}
	if !weighed {
		t.Error("always=1: no transfer narrated with its performance benefit")
	}
}

func TestNarrateSchedule(t *testing.T) {
	_, r, _ := runPreset(t, "classic-backfill")
	p, _ := state.PresetByID("classic-backfill")
	s := p.Build()
	sub := map[string]float64{}
	for _, j := range s.Jobs {
		sub[j.ID] = j.Submit
	}
	mid := r.Schedule[len(r.Schedule)/2].Start + 0.5
	got := Text(NarrateSchedule(r, sub, 16, mid, gantt.Times{}))
	if !strings.HasPrefix(got, "At t = ") || !strings.Contains(got, "of 16 nodes") || !strings.Contains(got, "started at t = ") {
		t.Errorf("mid %q", got)
	}
	if got := Text(NarrateSchedule(r, sub, 16, 1e9, gantt.Times{})); !strings.HasPrefix(got, "All 12 scheduled jobs are placed") {
		t.Errorf("end %q", got)
	}
}

// Every term the narration links has an entry in the glossary page.
func TestGlossaryHasEveryTerm(t *testing.T) {
	b, err := os.ReadFile("../../static/glossary.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, term := range []string{TermEpsilon, TermCP, TermMCP, TermPB, TermComposition, TermSpace, TermFitness, TermMakespan, TermFlowtime,
		TermBackfill, TermShadow, TermReservation, TermExtra, TermTTR, TermBenefit, TermStatus, TermGA, TermWait} {
		if !strings.Contains(string(b), `<dt id="`+term+`">`) {
			t.Errorf("static/glossary.html has no entry %q", term)
		}
	}
}

// On a trace's schedule the narration writes its times as the clock
// does: days, hours and minutes, from the trace's own times.
func TestNarrateScheduleLongSpan(t *testing.T) {
	r := &sched.Result{Metrics: map[string]float64{"makespan": 3 * 86400},
		Schedule: []sched.Placement{{Job: "1", Cluster: "c", Start: 342072, End: 400000, Nodes: 2}, {Job: "2", Cluster: "c", Start: 345672, End: 600000, Nodes: 1}}}
	sub := map[string]float64{"1": 342072, "2": 342072}
	tf := gantt.TimesFor(600000 - 342072)
	got := Text(NarrateSchedule(r, sub, 4, 350000, tf))
	for _, want := range []string{"At t = 4 d 00 h 01 min", "2 started at t = 4 d 00 h 01 min", "wait of 1 h"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	if got := Text(NarrateSchedule(r, sub, 4, 1e9, tf)); !strings.Contains(got, "the last ends at t = 6 d 22 h 40 min") || !strings.Contains(got, "makespan 3 d)") {
		t.Errorf("end %q", got)
	}
}

// SortedTerms lists the distinct glossary terms the segments link, sorted.
func SortedTerms(segs []Seg) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range segs {
		if s.Term != "" && !seen[s.Term] {
			seen[s.Term] = true
			out = append(out, s.Term)
		}
	}
	sort.Strings(out)
	return out
}
