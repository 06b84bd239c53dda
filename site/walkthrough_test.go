package main

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/site/frames"
	"gridplay/site/gantt"
	"gridplay/site/jsbridge"
	lessonpkg "gridplay/site/lesson"
	"gridplay/site/state"
)

// Issue 39, item 5: an import replaces the preset's jobs and platform
// in place (App.Edit); the preset card and its lesson ("Why does MUSCLE
// put J3 and J1…") went on being shown beside the trace. Another policy
// or parameter keeps them: the lessons ask to compare policies.
func TestPresetLeftByImport(t *testing.T) {
	p := NewPage(nil)
	p.loadPreset("muscle-table1")
	if p.presetID() != "muscle-table1" || p.Lesson() == nil {
		t.Fatalf("preset %q lesson %v", p.presetID(), p.Lesson())
	}
	p.App.Edit("policy dll", func(s *model.Scenario) { s.Policy = model.Policy{Name: "dll"} })
	p.App.Edit("seed", func(s *model.Scenario) { s.Seed = 9 })
	if p.presetID() != "muscle-table1" || p.Lesson() == nil {
		t.Errorf("another policy and seed: preset %q, lesson %v", p.presetID(), p.Lesson())
	}
	// What the job table's import does (site/jobs, applyImport).
	p.App.Edit("import 3 SWF jobs", func(s *model.Scenario) {
		s.Jobs = []model.Job{{ID: "1", Size: 1, Runtime: 5}, {ID: "2", Size: 2, Runtime: 5}, {ID: "3", Size: 1, Runtime: 0}}
		s.Platform = model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 4}}}
		s.Policy = model.Policy{Name: "easy"}
	})
	if id := p.presetID(); id != "" || p.Lesson() != nil {
		t.Errorf("after an import: preset %q, lesson %+v", id, p.Lesson())
	}
	// An edit of one job's size, with as many jobs, leaves it too.
	p.loadPreset("muscle-table1")
	p.App.Edit("edit jobs[0].size", func(s *model.Scenario) { s.Jobs[0].Size++ })
	if id := p.presetID(); id != "" {
		t.Errorf("after a job edit: preset %q", id)
	}
	// Undo of the edit brings back the preset's scenario (a copy): the
	// user's now, as before this change.
	p.App.Undo()
	if id := p.presetID(); id != "" {
		t.Errorf("after undo: preset %q", id)
	}
}

// Issue 39, item 6: a cancelled run is not an error. The badge said
// "engine error" in red, and "Answered in 4709 ms" of the run before
// stayed.
func TestCancelIsNotAnError(t *testing.T) {
	f := &fakeEngine{status: 200, err: errors.New(jsbridge.ErrCancelled)}
	p := NewPage(nil)
	p.App.Elapsed = 4709
	f.done = make(chan struct{})
	p.Engine = f
	p.env = &env{}
	p.run()
	<-f.done
	p.env.Lock()
	defer p.env.UnlockOnly()
	if p.App.Status != state.StatusCancelled || p.App.Err != "" || p.App.Elapsed != 0 || p.chart != nil {
		t.Errorf("after a cancel: status %q, error %q, elapsed %v, chart %v", p.App.Status, p.App.Err, p.App.Elapsed, p.chart)
	}
	h := &Header{R: &Root{P: p}}
	if l := h.label(); strings.Contains(l, "error") || !strings.Contains(l, "cancelled") {
		t.Errorf("badge %q", l)
	}
	if c := Clock(nil, &p.App.Player, "", nil, p.App.Status); !strings.Contains(c, "cancelled") {
		t.Errorf("clock %q", c)
	}
}

// Issue 39, item 8: the lesson card said "Paused here: Here j6
// backfills." after Play had run on to the end.
func TestStopLeftByPlay(t *testing.T) {
	pl := state.Player{End: 100, Stops: []float64{40}}
	pl.Play()
	pl.Tick(state.Duration) // the whole replay in one tick: it stops at 40
	if pl.T != 40 || pl.Playing || pl.Stopped != 1 {
		t.Fatalf("at the stop: %+v", pl)
	}
	pl.Play()
	if pl.Stopped != 0 {
		t.Errorf("playing on from a stop still says it is paused there: %+v", pl)
	}
	pl.Tick(state.Duration)
	if pl.T != 100 || pl.Playing || pl.Stopped != 0 {
		t.Errorf("at the end: %+v", pl)
	}
	pl.Stopped = 1
	pl.Seek(10)
	if pl.Stopped != 0 {
		t.Errorf("a seek away from the stop: %+v", pl)
	}
}

// Issue 39, item 4: the policies still ticked from a preset that cannot
// run the scenario are named before the comparison, not only counted
// out of the button.
func TestCompareNamesSkipped(t *testing.T) {
	p := NewPage(nil)
	p.Policies = []sched.Info{{Name: "easy"}, {Name: "dll"}, {Name: "muscle"}, {Name: "wrand"}}
	p.App.Scenario = &model.Scenario{Version: model.Version, Seed: 1, Policy: model.Policy{Name: "easy"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 4}}},
		Jobs:     []model.Job{{ID: "1", Size: 1, Runtime: 5}}}
	p.Picked = map[string]bool{"easy": true, "muscle": true, "dll": true}
	c := NewCompare(p)
	p.refuse("muscle", "jobs: MUSCLE takes at most 200000 jobs")
	s := c.skipped()
	if !strings.Contains(s, "muscle") || strings.Contains(s, "easy") {
		t.Errorf("skipped: %q", s)
	}
	if strings.Contains(c.buttonLabel(), "3") {
		t.Errorf("button %q counts a policy that cannot run", c.buttonLabel())
	}
	c.untickSkipped()
	if p.Picked["muscle"] || !p.Picked["easy"] || c.skipped() != "" {
		t.Errorf("after Untick: %v, %q", p.Picked, c.skipped())
	}
}

// Issue 39, item 14: the hybrid grid's narration said "At t = 25 s, …"
// while the clock read 85.8 s: the events, which have their place on the
// chart's clock, were spread evenly over the replay instead, so the one
// narrated could be before or after the clock. Now the view shows the
// events at or before the clock, and says when the one narrated is
// earlier than the clock.
func TestEventsFollowTheClock(t *testing.T) {
	tr := func(at float64, job string) state.Frame {
		return state.Frame{Kind: "transfer", T: at, Data: []byte(`{"job":"` + job + `","from":"c1","to":"c2","why":"nodes","remote_ttr":10,"overhead":1}`)}
	}
	p := NewPage(nil)
	p.App.Result = &sched.Result{Policy: "hybrid-hrs"}
	p.App.Frames = []state.Frame{tr(5, "j1"), tr(25, "j2"), tr(90, "j3")}
	p.View = "hybrid"
	p.App.Player = state.Player{End: 100, T: 85.8}
	got := frames.Text(p.narration())
	if !strings.HasPrefix(got, "Latest event: at t = 25 s") || !strings.Contains(got, "j2") {
		t.Errorf("at 85.8 s the narration says %q", got)
	}
	if c := Clock(&gantt.Chart{End: 100}, &p.App.Player, p.View, p.App.Frames, state.StatusDone); !strings.Contains(c, "event 2 of 3 at t = 25 s") {
		t.Errorf("clock %q", c)
	}
	p.App.Player.T = 25
	if got := frames.Text(p.narration()); !strings.HasPrefix(got, "At t = 25 s") {
		t.Errorf("at 25 s the narration says %q", got)
	}
	p.App.Player.T = 1
	if n := p.frameCount(); n != 0 {
		t.Errorf("at 1 s, %d events shown (the first is at 5 s)", n)
	}
}

// Issue 39, item 14: the trace Gantt PNG's legend spoke of bars while
// the image was a heat map (over gantt.LODBars jobs in view).
func TestPNGLegendSaysHeatMap(t *testing.T) {
	chart := func(n int) *gantt.Chart {
		s := &model.Scenario{Version: model.Version, Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 8}}}}
		r := &sched.Result{}
		for i := 0; i < n; i++ {
			id := "j" + strconv.Itoa(i)
			s.Jobs = append(s.Jobs, model.Job{ID: id, Size: 1, Runtime: 1})
			r.Schedule = append(r.Schedule, sched.Placement{Job: id, Cluster: "c0", Start: float64(i / 8), End: float64(i/8 + 1), Nodes: 1})
		}
		return gantt.Layout(s, r)
	}
	small, big := chart(12), chart(gantt.LODBars+8)
	if l := ChartLegend(small, small.End); !strings.Contains(l, "each bar is a job") {
		t.Errorf("12 jobs: %q", l)
	}
	if l := ChartLegend(big, big.End); strings.Contains(l, "bar") || !strings.Contains(l, "how busy") {
		t.Errorf("%d jobs: %q", gantt.LODBars+8, l)
	}
}

// Lessons pose questions, and now a step may check one (issue 39,
// newcomer friction): paused at the EASY lesson's step, the card asks
// which jobs start at 40 s, and says whether the pick is right, and why.
func TestLessonStepChecksAnswer(t *testing.T) {
	p := NewPage(nil)
	p.loadPreset("classic-backfill")
	c := &LessonCard{P: p}
	if c.ask() != nil {
		t.Fatal("a question before the replay paused at its step")
	}
	p.App.Player = state.Player{End: 168, Stops: p.Lesson().Times()}
	p.App.Player.Play()
	p.App.Player.Tick(state.Duration)
	s := c.ask()
	if s == nil || p.App.Player.T != 39 || !strings.Contains(s.Ask, "40 s") {
		t.Fatalf("paused at %v: question %+v", p.App.Player.T, s)
	}
	c.pick(1)
	if c.right() || !strings.HasPrefix(c.verdict(), "Not this one") || c.choiceClass(1) != "lesson-choice wrong" {
		t.Errorf("a wrong pick: %q %q", c.verdict(), c.choiceClass(1))
	}
	c.pick(2)
	if !c.right() || !strings.HasPrefix(c.verdict(), "Right. EASY reserves") || c.choiceClass(2) != "lesson-choice right" {
		t.Errorf("the right pick: %q", c.verdict())
	}
	// Played on, the question goes; back at the step, the pick is kept.
	p.App.Player.Play()
	if c.ask() != nil {
		t.Error("the question stays while the replay plays")
	}
	p.App.Player.Pause()
	p.goStep(0)
	if c.picked() != 2 {
		t.Errorf("back at the step, the pick is %d", c.picked())
	}
}

// The lesson editor writes a step's choices one a line, the right one
// marked with "*", and reads them back.
func TestChoicesText(t *testing.T) {
	ch, ans := ParseChoices("  j5\n\n* j6 and j7 \nj8\n*none\n")
	if strings.Join(ch, "|") != "j5|j6 and j7|j8|none" || ans != 2 {
		t.Errorf("parsed %q, answer %d", ch, ans)
	}
	s := lessonpkg.Step{Choices: ch, Answer: ans}
	if back, a := ParseChoices(ChoicesText(s)); strings.Join(back, "|") != strings.Join(ch, "|") || a != 2 {
		t.Errorf("round trip %q %d", back, a)
	}
}

// A share link names a shipped trace's cut instead of listing its jobs,
// while the jobs are the ones read (issue 39, newcomer friction).
func TestLinkNamesTraceCut(t *testing.T) {
	p := NewPage(nil)
	ref := &model.TraceRef{Name: "KTH-SP2-1996-2", First: 3}
	s := p.App.Scenario
	s.Jobs = []model.Job{{ID: "1", Size: 1, Runtime: 5}, {ID: "2", Size: 2, Runtime: 5}, {ID: "3", Size: 1, Runtime: 9}}
	p.App.SetSource(ref)
	ls := p.linkScenario()
	if ls.Trace == nil || *ls.Trace != *ref || len(ls.Jobs) != 0 || len(p.App.Scenario.Jobs) != 3 {
		t.Fatalf("link scenario %+v", ls)
	}
	u, err := p.shareLinkWith("https://x/", nil)
	if err != nil || !strings.Contains(u, "#s=v1.") {
		t.Fatalf("link %q %v", u, err)
	}
	back, err := state.OpenLink(u[strings.Index(u, "#"):])
	if err != nil || back.Trace == nil || back.Trace.Name != "KTH-SP2-1996-2" || len(back.Jobs) != 0 {
		t.Fatalf("opened %+v %v", back, err)
	}
	// Another policy keeps the name; an edited job lists the jobs.
	p.App.Edit("policy fcfs", func(s *model.Scenario) { s.Policy.Name = "fcfs" })
	if p.linkScenario().Trace == nil {
		t.Error("another policy dropped the trace's name")
	}
	p.App.Edit("edit jobs[1].size", func(s *model.Scenario) { s.Jobs[1].Size = 4 })
	if ls := p.linkScenario(); ls.Trace != nil || len(ls.Jobs) != 3 {
		t.Errorf("after an edit of a job: %+v", ls)
	}
	if got := TraceCutText(&model.TraceRef{Name: "HPC2N-2002-2.2-cln", First: 2000, From: 10, To: 5000}); got != "the first 2,000 jobs of HPC2N-2002-2.2-cln submitted from 10 s to 5,000 s" {
		t.Errorf("cut text %q", got)
	}
}
