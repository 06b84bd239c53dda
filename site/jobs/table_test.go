package jobs

import (
	"reflect"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/workload"
	"gridplay/site/state"
)

func TestGeneratorForm(t *testing.T) {
	s := scenario(model.Job{ID: "a", Size: 1, Runtime: 1})
	s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: "c1", Nodes: 24})
	g := DefaultGenerator(s)
	if g.SizeMax != 24 || g.Jobs != 100 {
		t.Errorf("default %+v", g)
	}
	f := GeneratorForm(g, 7)
	if f["seed"] != "7" || f["alpha"] != "" || f["exec_max"] != "1000" {
		t.Errorf("form %v", f)
	}
	got, seed, errs := ParseGeneratorForm(f, s)
	if len(errs) != 0 || seed != 7 || !reflect.DeepEqual(got, g) {
		t.Fatalf("round trip: %+v %d %v", got, seed, errs)
	}
	// The generated scenario validates and expands to g.Jobs jobs.
	x := model.Clone(s)
	x.Generator, x.Jobs, x.Seed = got, nil, seed
	e, err := workload.Expand(x)
	if err != nil || len(e.Jobs) != 100 {
		t.Fatalf("expand: %v", err)
	}

	for _, tc := range []struct {
		key, v, want string
	}{
		{"jobs", "0", "must be at least 1"},
		{"jobs", "2.5", "not a whole number"},
		{"rate", "fast", `"fast" is not a number`},
		{"exec_max", "5", "must be at least exec_min"},
		{"sizes", "zipf", `unknown size distribution "zipf"`},
		{"size_max", "0", "must be between 1 and"},
		{"seed", "-1", "not a whole number from 0"},
		{"dr_min", "NaN", "not a finite number"},
	} {
		bad := GeneratorForm(g, 7)
		bad[tc.key] = tc.v
		_, _, errs := ParseGeneratorForm(bad, s)
		if !strings.Contains(errs[tc.key], tc.want) {
			t.Errorf("%s=%q: errors %v, want %q on %s", tc.key, tc.v, errs, tc.want, tc.key)
		}
	}
}

func TestFileName(t *testing.T) {
	for in, want := range map[string]string{
		"MUSCLE Table 1":         "MUSCLE-Table-1",
		"../../etc/passwd":       "----etcpasswd",
		"<script>":               "script",
		"":                       "scenario",
		"é✓":                     "scenario",
		strings.Repeat("a", 100): strings.Repeat("a", 60),
	} {
		if got := fileName(in); got != want {
			t.Errorf("fileName(%q) = %q, want %q", in, got, want)
		}
	}
}

// Issue 39: the duplicate button showed U+29C9 (⧉), which common fonts
// lack (an empty box); it is drawn now.
func TestRowButtonsDrawn(t *testing.T) {
	c := &Table{App: &state.App{Scenario: scenario(model.Job{ID: "a", Size: 1, Runtime: 1})}}
	c.Compute(nil)
	h := c.rowsShell(len(c.rows()))
	if strings.ContainsRune(h, '⧉') || !strings.Contains(h, `class="jt-dup" title="Duplicate"><svg`) {
		t.Errorf("row skeleton: %s", h)
	}
}

// The shipped traces' form reads into a trace reference, or says what
// is wrong in words.
func TestTraceRefForm(t *testing.T) {
	ref, msg := TraceRef("KTH-SP2-1996-2", "500", "", "86400")
	if msg != "" || *ref != (model.TraceRef{Name: "KTH-SP2-1996-2", First: 500, To: 86400}) {
		t.Errorf("%+v %q", ref, msg)
	}
	for _, bad := range [][4]string{
		{"nope", "10", "", ""}, {"KTH-SP2-1996-2", "-1", "", ""}, {"KTH-SP2-1996-2", "x", "", ""},
		{"KTH-SP2-1996-2", "10", "-5", ""}, {"KTH-SP2-1996-2", "10", "50", "20"}, {"KTH-SP2-1996-2", "999999999", "", ""},
	} {
		if _, msg := TraceRef(bad[0], bad[1], bad[2], bad[3]); msg == "" {
			t.Errorf("%q accepted", bad)
		}
	}
}
