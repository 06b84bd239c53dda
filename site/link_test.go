package main

import (
	"strconv"
	"strings"
	"testing"

	"gridplay/engine/link"
	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/site/gantt"
	"gridplay/site/lesson"
	"gridplay/site/state"
)

// A broken or hostile link is reported, loads nothing from the link and
// keeps the saved scenario.
func TestLoadInitialHostileLinks(t *testing.T) {
	saved := state.DefaultScenario()
	saved.Name = "my saved work"
	savedJSON, err := model.Encode(saved)
	if err != nil {
		t.Fatal(err)
	}
	hostile := state.DefaultScenario()
	hostile.Name = `<script>window.pwned=1</script>`
	hostile.Jobs[0].ID = `<img src=x onerror=alert(1)>`
	tok, err := link.Encode(hostile)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, hash, wantErr, wantName string
	}{
		{"garbage base64", "#s=v1.!!!!@@@", "base64", "my saved work"},
		{"wrong version", "#s=v9.AAAA", "version", "my saved work"},
		{"oversized", "#s=v1." + strings.Repeat("A", link.MaxLinkLen+10), "limit", "my saved work"},
		{"truncated deflate", "#s=v1.q1YqSy0qzszPU7JSMtQzUNJRyk0tLk5MTwWKKFkZ", "", "my saved work"},
		// Script in names is data: it loads, and is shown as text.
		{"script in names", "#s=" + tok, "", hostile.Name},
		{"no link", "", "", "my saved work"},
	}
	for _, tt := range tests {
		c := NewPage(nil)
		c.loadInitial(tt.hash, string(savedJSON))
		if tt.wantErr != "" && !strings.Contains(c.LinkErr, tt.wantErr) {
			t.Errorf("%s: LinkErr %q, want it to mention %q", tt.name, c.LinkErr, tt.wantErr)
		}
		if tt.name == "truncated deflate" && c.LinkErr == "" {
			t.Errorf("%s: no error", tt.name)
		}
		if c.App.Scenario.Name != tt.wantName {
			t.Errorf("%s: scenario %q, want %q", tt.name, c.App.Scenario.Name, tt.wantName)
		}
		if c.App.Dirty {
			t.Errorf("%s: opening a link marked the scenario for autosave", tt.name)
		}
	}
	// Saved work that does not validate yet is kept, not replaced.
	half := `{"version":1,"name":"half done","seed":1,"platform":{"clusters":[{"id":"c0","nodes":4}]},"jobs":[{"id":"a","size":0,"runtime":1}],"policy":{"name":"fcfs"}}`
	ch := NewPage(nil)
	ch.loadInitial("", half)
	if ch.App.Scenario.Name != "half done" {
		t.Errorf("half-edited work replaced by %q", ch.App.Scenario.Name)
	}
	// Nothing saved: the default preset, MUSCLE Table 1.
	c := NewPage(nil)
	c.loadInitial("#s=v2.xyz", "")
	if c.App.Scenario.Name != "MUSCLE Table 1" || c.LinkErr == "" {
		t.Errorf("fallback %q err %q", c.App.Scenario.Name, c.LinkErr)
	}
}

func TestShareRoundTrip(t *testing.T) {
	for _, p := range state.Presets {
		s := p.Build()
		tok, err := state.ShareToken(s)
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		back, err := state.OpenLink("#s=" + tok)
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		a, _ := model.Encode(s)
		b, _ := model.Encode(back)
		if string(a) != string(b) {
			t.Errorf("%s: round trip changed the scenario\n%s\n%s", p.ID, a, b)
		}
	}
	// A long explicit job list is refused with an explanation.
	big := state.DefaultScenario()
	for i := 0; i < 6000; i++ {
		big.Jobs = append(big.Jobs, model.Job{ID: "job-" + strconv.Itoa(i), Submit: float64(i * 7 % 1000), Size: 1 + i%13, Runtime: float64(1 + i*31%997)})
	}
	if _, err := state.ShareToken(big); err == nil || !strings.Contains(err.Error(), "generator") {
		t.Errorf("big scenario: %v", err)
	}
}

func TestJobDetails(t *testing.T) {
	s := state.DefaultScenario()
	r := &sched.Result{Policy: "easy", Schedule: []sched.Placement{{Job: "j2", Cluster: "c0", Start: 10, End: 35, Nodes: 4}}}
	fs := []state.Frame{{Kind: "backfill", Data: []byte(`{"job":"j2","head":"j1","shadow":40,"est_end":35}`)}}
	got := JobDetails(s, r, fs, 0, gantt.Times{})
	for _, want := range []string{"j2 on c0", "waited 8 s", "Backfilled", "j1", "shadow time 40"} {
		if !strings.Contains(got, want) {
			t.Errorf("details %q lack %q", got, want)
		}
	}
	if JobDetails(s, r, nil, 3, gantt.Times{}) != "" {
		t.Error("out of range")
	}
}

// A link's lesson is shown with its scenario; a broken lesson is
// reported in words and the scenario still opens.
func TestLoadInitialLesson(t *testing.T) {
	s := state.DefaultScenario()
	tok, err := link.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	ltok, err := lesson.Encode(&lesson.Lesson{Version: lesson.Version, Title: "Look at j1", Steps: []lesson.Step{{T: 3, Note: "here"}}})
	if err != nil {
		t.Fatal(err)
	}
	p := NewPage(nil)
	p.loadInitial("#s="+tok+"&l="+ltok, "")
	if l := p.Lesson(); l == nil || l.Title != "Look at j1" || p.LinkErr != "" {
		t.Errorf("lesson %+v, error %q", l, p.LinkErr)
	}
	p = NewPage(nil)
	p.loadInitial("#s="+tok+"&l=v1.%%%", "")
	// A link cut in its lesson part: the scenario is loaded, and the
	// page says so, and that the lesson is not (it said "Nothing was
	// loaded from it" before, issue 39).
	if p.App.Scenario.Name != s.Name || p.LinkErr != "" || p.LessonErr == "" || p.Lesson() != nil {
		t.Errorf("broken lesson: scenario %q, link error %q, lesson error %q", p.App.Scenario.Name, p.LinkErr, p.LessonErr)
	}
	if m := p.lessonErrText(); !strings.Contains(m, "scenario of this link was opened") || !strings.Contains(m, "lesson could not be") {
		t.Errorf("what the page says of a link cut in its lesson: %q", m)
	}
	// The same link pasted into an open tab (or sent to the embed):
	// the scenario opens and the lesson's problem is said.
	p = NewPage(&fakeEngine{status: 200, done: make(chan struct{})})
	p.env = &env{}
	if msg := p.openLink("#s="+tok+"&l="+ltok[:len(ltok)/2], false); p.App.Scenario.Name != s.Name || p.LessonErr == "" || !strings.Contains(msg, "scenario of this link was opened") {
		t.Errorf("open tab, lesson cut: scenario %q, lesson error %q, message %q", p.App.Scenario.Name, p.LessonErr, msg)
	}
}

// On a trace's schedule (a long span) the hover writes its times in days,
// hours and minutes, as the clock and the axis do.
func TestJobDetailsLongSpan(t *testing.T) {
	s := &model.Scenario{Jobs: []model.Job{{ID: "7", Submit: 342072, Size: 2}}}
	r := &sched.Result{Policy: "easy", Schedule: []sched.Placement{{Job: "7", Cluster: "site0", Start: 345672, End: 9000000, Nodes: 2}}}
	got := JobDetails(s, r, nil, 0, gantt.TimesFor(1e8))
	for _, want := range []string{"start 4 d 00 h 01 min", "end 104 d 04 h", "submitted at 3 d 23 h 01 min", "waited 1 h"} {
		if !strings.Contains(got, want) {
			t.Errorf("details %q lack %q", got, want)
		}
	}
}
