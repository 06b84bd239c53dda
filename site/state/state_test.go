package state

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
)

func TestDefaultScenarioValid(t *testing.T) {
	s := DefaultScenario()
	if err := s.Validate(); err != nil {
		t.Fatalf("default scenario invalid: %v", err)
	}
	b, err := model.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := model.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Jobs) != 12 || back.Platform.Clusters[0].Nodes != 16 || back.Policy.Name != "fcfs" {
		t.Errorf("round trip changed the scenario: %s", b)
	}
	for i, j := range s.Jobs {
		if j.Size > 16 {
			t.Errorf("jobs[%d] does not fit the cluster", i)
		}
	}
}

func TestApplyStream(t *testing.T) {
	a := New()
	a.Begin()
	stream := `{"kind":"backfill","t":1,"data":{"job":"j2"}}
{"kind":"event","t":2,"data":null}
{"result":{"policy":"fcfs","schedule":[{"job":"j1","cluster":"c0","start":0,"end":40,"nodes":8},{"job":"j2","cluster":"c0","start":2,"end":27,"nodes":4}],"metrics":{"makespan":40,"awrt":32.5}}}
`
	var l Lines
	// Feed it in awkward chunks, splitting lines.
	for i := 0; i < len(stream); i += 7 {
		end := min(i+7, len(stream))
		l.Write([]byte(stream[i:end]), func(b []byte) {
			if err := a.ApplyLine(b); err != nil {
				t.Fatal(err)
			}
		})
	}
	l.Flush(func(b []byte) { t.Fatalf("left over %q", b) })
	if a.Status != StatusDone || len(a.Frames) != 2 || a.Frames[0].Kind != "backfill" || string(a.Frames[0].Data) != `{"job":"j2"}` {
		t.Errorf("state %+v", a)
	}
	if a.Player.End != 40 || a.Player.T != 40 || a.Player.Playing {
		t.Errorf("player %+v, want the whole schedule shown", a.Player)
	}
	m := Metrics(a.Result, false)
	// The two metrics of the result, and the scheduled count beside them.
	if len(m) != 3 || m[0].Name != "awrt" || m[0].Value != "32.5 s" || m[1].Value != "40 s" || m[2].Name != "scheduled" || m[2].Value != strconv.Itoa(len(a.Result.Schedule))+" jobs" {
		t.Errorf("metrics %+v", m)
	}
}

func TestApplyErrors(t *testing.T) {
	a := New()
	a.Begin()
	if err := a.ApplyLine([]byte(`{"error":"must be at least 1","field":"jobs[3].size"}`)); err != nil {
		t.Fatal(err)
	}
	if a.Status != StatusError || a.Err != "jobs[3].size: must be at least 1" {
		t.Errorf("status %q err %q", a.Status, a.Err)
	}
	for _, bad := range []string{`{`, `{"x":1}`, `[1]`} {
		if err := New().ApplyLine([]byte(bad)); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
	if err := New().ApplyLine([]byte("  ")); err != nil {
		t.Errorf("blank line: %v", err)
	}
	if msg := ErrorBody(422, []byte(`{"error":"unknown policy","field":"policy.name"}`)); msg != "policy.name: unknown policy" {
		t.Errorf("ErrorBody: %q", msg)
	}
	if msg := ErrorBody(502, []byte(`<html>`)); !strings.Contains(msg, "502") {
		t.Errorf("ErrorBody: %q", msg)
	}
}

func TestLinesFlush(t *testing.T) {
	var l Lines
	var got []string
	l.Write([]byte("a\nb"), func(b []byte) { got = append(got, string(b)) })
	l.Flush(func(b []byte) { got = append(got, string(b)) })
	if strings.Join(got, "|") != "a|b" {
		t.Errorf("got %q", got)
	}
}

func TestPlayer(t *testing.T) {
	p := Player{End: 60, T: 60}
	if p.Tick(1) {
		t.Error("a paused player moved")
	}
	p.Play()
	if p.T != 0 || !p.Playing {
		t.Fatalf("Play at the end did not rewind: %+v", p)
	}
	// Default speed: End/Duration = 10 simulated s per wall s.
	if !p.Tick(0.5) || p.T != 5 {
		t.Errorf("after 0.5 s: T = %v, want 5", p.T)
	}
	p.Pause()
	p.Tick(1)
	if p.T != 5 {
		t.Errorf("paused player moved to %v", p.T)
	}
	p.Play()
	if p.T != 5 {
		t.Errorf("Play mid-way rewound to %v", p.T)
	}
	p.Tick(100)
	if p.T != 60 || p.Playing || p.Progress() != 1 {
		t.Errorf("did not stop at the end: %+v", p)
	}
	empty := Player{}
	empty.Play()
	if empty.Playing {
		t.Error("an empty chart plays")
	}
}

func TestSummarize(t *testing.T) {
	s := Summarize(DefaultScenario())
	// Work by hand: 8*40+4*25+6*30+2*60+16*20+3*15+5*35+1*50+8*10+4*45+12*25+2*20
	//   = 320+100+180+120+320+45+175+50+80+180+300+40 = 1910 node-seconds.
	if s.Clusters != 1 || s.Nodes != 16 || s.Jobs != 12 || s.TotalWork != 1910 || s.LastSubmit != 30 {
		t.Errorf("%+v", s)
	}
	if (Summarize(nil) != Summary{}) {
		t.Error("nil scenario")
	}
	for v, want := range map[float64]string{0: "0", 1.5: "1.5", 2.0004: "2", -0.0001: "0", 1234.5678: "1234.568"} {
		if got := FormatNumber(v); got != want {
			t.Errorf("FormatNumber(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestEditUndoRedo(t *testing.T) {
	a := New()
	before := a.Scenario.Jobs[0].Size
	a.Edit("edit jobs[0].size", func(s *model.Scenario) { s.Jobs[0].Size = before + 1 })
	if a.Scenario.Jobs[0].Size != before+1 || !a.Dirty || !a.CanUndo() || a.CanRedo() {
		t.Fatalf("after Edit: size %d dirty %v undo %v redo %v", a.Scenario.Jobs[0].Size, a.Dirty, a.CanUndo(), a.CanRedo())
	}
	if a.UndoLabel() != "edit jobs[0].size" {
		t.Fatalf("UndoLabel = %q", a.UndoLabel())
	}
	if !a.Undo() || a.Scenario.Jobs[0].Size != before || !a.CanRedo() {
		t.Fatalf("after Undo: size %d, want %d", a.Scenario.Jobs[0].Size, before)
	}
	if !a.Redo() || a.Scenario.Jobs[0].Size != before+1 {
		t.Fatalf("after Redo: size %d, want %d", a.Scenario.Jobs[0].Size, before+1)
	}
	// A new edit clears the redo stack.
	a.Undo()
	a.Edit("x", func(s *model.Scenario) { s.Seed = 9 })
	if a.CanRedo() {
		t.Fatal("redo survived a new edit")
	}
}

func TestPlayerStepSeek(t *testing.T) {
	p := Player{End: 100, T: 0, Playing: true}
	p.Step(1, 200) // 200 frames: one step is 1/200 of the replay
	if p.Playing || p.T != 0.5 {
		t.Errorf("step: %+v", p)
	}
	p.Step(-5, 200)
	if p.T != 0 {
		t.Errorf("step back below 0: %v", p.T)
	}
	p.Step(1, 10) // few frames: 50 steps
	if p.T != 2 {
		t.Errorf("coarse step: %v", p.T)
	}
	p.Seek(1e9)
	if p.T != 100 || p.FrameIndex(7) != 7 {
		t.Errorf("seek to end: %v, frame %d", p.T, p.FrameIndex(7))
	}
	p.Seek(50)
	if p.FrameIndex(10) != 5 || p.FrameIndex(0) != 0 {
		t.Errorf("FrameIndex at half: %d", p.FrameIndex(10))
	}
}

func TestCompare(t *testing.T) {
	rs := []*sched.Result{
		{Policy: "a", Metrics: map[string]float64{"makespan": 10, "completed": 5, "backfilled": 2, "same": 1}},
		{Policy: "b", Metrics: map[string]float64{"makespan": 8, "completed": 6, "backfilled": 0, "same": 1}},
		nil,
		{Policy: "c", Metrics: map[string]float64{"makespan": 8}},
	}
	rows := Compare(rs, true)
	got := map[string]string{}
	for _, r := range rows {
		var b strings.Builder
		for _, c := range r.Values {
			if c.Best {
				b.WriteString(c.Policy)
			}
		}
		got[r.Metric] = b.String()
	}
	want := map[string]string{"makespan": "bc", "completed": "b", "backfilled": "", "same": ""}
	for m, w := range want {
		if got[m] != w {
			t.Errorf("%s: best %q, want %q", m, got[m], w)
		}
	}
	if rows[1].Metric != "completed" || rows[1].Values[3].Text != "—" || rows[2].Values[0].Bar != 1 {
		t.Errorf("rows %+v", rows)
	}
	csv := string(MetricsCSV(rs))
	if !strings.HasPrefix(csv, "policy,metric,value\na,backfilled,2\n") {
		t.Errorf("MetricsCSV:\n%s", csv)
	}
	// Numbers as the CLI writes them: no exponent.
	big := string(MetricsCSV([]*sched.Result{{Policy: "easy", Metrics: map[string]float64{"makespan": 1174966, "wait": 0.00001}}}))
	if big != "policy,metric,value\neasy,makespan,1174966\neasy,wait,0.00001\n" {
		t.Errorf("MetricsCSV of big and small numbers:\n%s", big)
	}
}

// The Compare view goes stale when the scenario changes, not when only
// the policy to run changes (a comparison covers several).
func TestCompareKey(t *testing.T) {
	s := DefaultScenario()
	k := CompareKey(s)
	if k == "" {
		t.Fatal("empty key")
	}
	other := model.Clone(s)
	other.Policy.Name = "some-other-policy"
	if CompareKey(other) != k {
		t.Error("choosing another policy made the comparison stale")
	}
	edited := model.Clone(s)
	edited.Jobs[0].Size++
	if CompareKey(edited) == k {
		t.Error("editing a job did not change the key")
	}
	seed := model.Clone(s)
	seed.Seed++
	if CompareKey(seed) == k {
		t.Error("changing the seed did not change the key")
	}
	if CompareKey(nil) != "" {
		t.Error("nil scenario has a key")
	}
}

func TestComparedPoliciesInLinks(t *testing.T) {
	frag := "#s=v1.abc" + CompareOption([]string{"easy", "fcfs"}) + "&autoplay=1"
	if got := ComparedPolicies(frag); len(got) != 2 || got[0] != "easy" || got[1] != "fcfs" {
		t.Errorf("ComparedPolicies(%q) = %v", frag, got)
	}
	// Hostile names are dropped, not kept as text for the page.
	if got := ComparedPolicies("#s=x&cmp=<script>,muscle"); len(got) != 1 || got[0] != "muscle" {
		t.Errorf("hostile cmp = %v", got)
	}
	if CompareOption(nil) != "" {
		t.Error("an empty selection adds an option")
	}
}

// The page names metrics as the CLI does, gives each its unit and a
// definition, and shows only those that mean something for the
// scenario: on a trace without deadlines (HPC2N's reading: "completed"
// was shown as met_deadline, counting every scheduled job although some
// were killed), no deadline metric; with deadlines, "completed" as the
// engine counts it.
func TestMetricNamesUnitsAndDocs(t *testing.T) {
	s := &model.Scenario{Version: model.Version, Name: "killed", Policy: model.Policy{Name: "easy"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 4}}},
		Jobs:     []model.Job{{ID: "1", Size: 2, Runtime: 100, Requested: 50}, {ID: "2", Submit: 1, Size: 4, Runtime: 10, Requested: 20}}}
	res, err := runner.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if HasDeadlines(s) {
		t.Fatal("a scenario without deadlines has some")
	}
	ms := Metrics(res, HasDeadlines(s))
	byName := map[string]Metric{}
	for _, m := range ms {
		byName[m.Name] = m
		if _, ok := res.Metrics[m.Name]; !ok && m.Name != "scheduled" {
			t.Errorf("metric %q is not a name the engine uses", m.Name)
		}
		if MetricDoc(m.Name) == m.Name || m.Doc == "" {
			t.Errorf("metric %s has no definition", m.Name)
		}
	}
	for _, k := range []string{"completed", "met_deadline", "over_deadline", "advance", "late"} {
		if _, ok := byName[k]; ok {
			t.Errorf("%s shown for a scenario without deadlines", k)
		}
	}
	for k, want := range map[string]string{"awrt": "s", "awwt": "s", "bsld": "", "killed": "jobs", "makespan": "s"} {
		m, ok := byName[k]
		if !ok {
			t.Errorf("%s not shown", k)
			continue
		}
		if MetricUnit(k) != want || want != "" && !strings.HasSuffix(m.Value, " "+want) {
			t.Errorf("%s = %q, unit %q, want %q", k, m.Value, MetricUnit(k), want)
		}
	}
	if byName["killed"].Value != "1 jobs" {
		t.Errorf("killed = %q", byName["killed"].Value)
	}
	for _, row := range Compare([]*sched.Result{res}, false) {
		if row.Metric == "completed" {
			t.Error("the comparison shows completed without deadlines")
		}
	}
	// With a deadline, completed is shown as the engine counts it: a job
	// with no deadline counts, a late one does not.
	s.Jobs[1].Deadline = 5
	if !HasDeadlines(s) {
		t.Fatal("no deadline found")
	}
	res, err = runner.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	shown := false
	for _, m := range Metrics(res, true) {
		if m.Name == "completed" {
			shown = true
			if want := FormatNumber(res.Metrics["completed"]) + " jobs"; m.Value != want || res.Metrics["completed"] != 1 {
				t.Errorf("completed = %q (engine %v), want %q", m.Value, res.Metrics["completed"], want)
			}
		}
	}
	if !shown {
		t.Error("completed not shown with deadlines")
	}
	if d := MetricDoc("completed"); !strings.Contains(d, "or that have none") {
		t.Errorf("completed's definition is not the engine's: %q", d)
	}
	// Every metric a policy reports on the presets has a definition.
	for _, p := range Presets {
		sc := quick(p.Build())
		for _, in := range sched.Policies() {
			r, err := runner.Run(context.Background(), ForPolicy(sc, in), nil)
			if err != nil {
				continue
			}
			for k := range r.Metrics {
				if MetricDoc(k) == k {
					t.Errorf("%s reports %s, which has no definition", in.Name, k)
				}
			}
		}
	}
}

// A lesson's steps pause the replay where they are; Play goes on from
// there to the next.
func TestPlayerStops(t *testing.T) {
	p := Player{End: 100, Speed: 10, Stops: []float64{0, 25, 60}}
	p.Play()
	for i := 0; i < 10 && p.Playing; i++ {
		p.Tick(1)
	}
	if p.Playing || p.T != 25 || p.Stopped != 2 {
		t.Fatalf("first stop: T %v playing %v stopped %d", p.T, p.Playing, p.Stopped)
	}
	p.Play()
	for i := 0; i < 10 && p.Playing; i++ {
		p.Tick(1)
	}
	if p.T != 60 || p.Stopped != 3 {
		t.Fatalf("second stop: T %v stopped %d", p.T, p.Stopped)
	}
	p.Play()
	for i := 0; i < 10 && p.Playing; i++ {
		p.Tick(1)
	}
	// At the end it is paused at no step (the lesson card went on
	// saying "Paused here" at the last one, issue 39).
	if p.T != 100 || p.Playing || p.Stopped != 0 {
		t.Fatalf("end: T %v playing %v stopped %d", p.T, p.Playing, p.Stopped)
	}
}

// Autosave's text reads back as the scenario, JSON for small ones and
// compact for big ones, and keeps a scenario that does not validate.
func TestSaveTextRoundTrip(t *testing.T) {
	small := DefaultScenario()
	big := DefaultScenario()
	for i := 0; i < CompactSaveJobs+5; i++ {
		big.Jobs = append(big.Jobs, model.Job{ID: fmt.Sprintf("x%d", i), Submit: float64(i), Size: 1 + i%16, Runtime: 10})
	}
	bad := model.Clone(big)
	bad.Jobs[7].Size = 0
	for _, s := range []*model.Scenario{small, big, bad} {
		txt, err := SaveText(s)
		if err != nil {
			t.Fatal(err)
		}
		if compactForm := strings.HasPrefix(txt, "gpc1:"); compactForm != (len(s.Jobs) > CompactSaveJobs) {
			t.Errorf("%d jobs saved compact=%v", len(s.Jobs), compactForm)
		}
		got := LoadSaved(txt)
		if got == nil || len(got.Jobs) != len(s.Jobs) || got.Jobs[7] != s.Jobs[7] || got.Name != s.Name {
			t.Errorf("%d jobs: read back %v", len(s.Jobs), got != nil)
		}
	}
	if LoadSaved("gpc1:!!") != nil || LoadSaved("{") != nil || LoadSaved("") != nil {
		t.Error("garbage read as a scenario")
	}
}

// The undo history holds a bounded number of jobs: big scenarios keep
// fewer snapshots, the newest.
func TestUndoHistoryBounded(t *testing.T) {
	var h History
	for i := 0; i < 10; i++ {
		h.undo = append(h.undo, &model.Scenario{Jobs: make([]model.Job, 300)})
		h.labels = append(h.labels, strconv.Itoa(i))
		h.trim(MaxUndo, 1000)
	}
	if len(h.undo) != 3 || h.labels[0] != "7" || h.labels[2] != "9" {
		t.Errorf("kept %d snapshots, labels %v", len(h.undo), h.labels)
	}
	// One snapshot over the limit is still kept: the last edit can be
	// undone.
	h = History{}
	h.undo, h.labels = []*model.Scenario{{Jobs: make([]model.Job, 5000)}}, []string{"big"}
	h.trim(MaxUndo, 1000)
	if len(h.undo) != 1 {
		t.Errorf("the only snapshot was dropped")
	}
	// Small scenarios keep MaxUndo edits.
	a := New()
	for i := 0; i < MaxUndo+20; i++ {
		a.Edit("e", func(s *model.Scenario) { s.Seed++ })
	}
	if len(a.History.undo) != MaxUndo {
		t.Errorf("%d edits kept", len(a.History.undo))
	}
}

// The replay of a trace's schedule runs from its first submit: Play,
// Step, Seek and the scrubber's share work on [Start, End].
func TestPlayerStart(t *testing.T) {
	p := Player{Start: 342072, End: 442072, T: 442072}
	p.Play()
	if p.T != 342072 || !p.Playing {
		t.Fatalf("Play from the end: T %v playing %v", p.T, p.Playing)
	}
	p.Tick(Duration / 2)
	if math.Abs(p.T-392072) > 1e-6 || math.Abs(p.Progress()-0.5) > 1e-9 {
		t.Fatalf("half the replay: T %v progress %v", p.T, p.Progress())
	}
	p.Seek(0)
	if p.T != 342072 || p.Progress() != 0 {
		t.Errorf("Seek(0): T %v", p.T)
	}
	p.Step(1, 0)
	if math.Abs(p.T-(342072+100000.0/50)) > 1e-6 {
		t.Errorf("one step: T %v", p.T)
	}
	if p.At(1) != 442072 || p.At(0) != 342072 {
		t.Errorf("At: %v %v", p.At(0), p.At(1))
	}
}

func TestJobCount(t *testing.T) {
	for n, want := range map[int]string{1: "1 job", 0: "0 jobs", 999: "999 jobs", 2000: "2,000 jobs", 250000: "250,000 jobs", 1234567: "1,234,567 jobs"} {
		if got := JobCount(n); got != want {
			t.Errorf("JobCount(%d) = %q, want %q", n, got, want)
		}
	}
}
