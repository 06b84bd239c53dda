package main

import (
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/site/state"
)

// longScenario is the titan GA on 2,000 generated jobs: estimated over
// AskSeconds in the browser, within the engine's cap.
func longScenario() *model.Scenario {
	return &model.Scenario{Version: model.Version, Seed: 1,
		Platform:  model.Platform{Clusters: []model.Cluster{{ID: "c0", Nodes: 64}}},
		Generator: &model.Generator{Jobs: 2000, Rate: 0.5, ExecMin: 5, ExecMax: 100, Sizes: "uniform", SizeMin: 1, SizeMax: 16},
		Policy:    model.Policy{Name: "titan"}}
}

// TestLongRunWaits: the page posts no long run until the user says Run
// anyway; Cancel posts none; the embed holds it behind a Play.
func TestLongRunWaits(t *testing.T) {
	f := &fakeEngine{status: 200, done: make(chan struct{})}
	p := NewPage(f)
	p.env = &env{}
	p.App.Scenario = longScenario()
	p.run()
	c := &CostAsk{P: p}
	if f.path != "" || p.cost.State != "ask" || !c.open() || p.App.Status == state.StatusRunning {
		t.Fatalf("a long run: posted %q, question %q, status %s", f.path, p.cost.State, p.App.Status)
	}
	if w := p.cost.Work; w.BrowserSeconds() <= AskSeconds || w.Steps > sched.MaxSteps {
		t.Fatalf("the test's scenario is estimated at %.0f s, %g steps", w.BrowserSeconds(), w.Steps)
	}
	if s := c.title() + " " + c.why(); !strings.Contains(s, "This run may take about") || !strings.Contains(s, "titan on 2,000 jobs") ||
		!strings.Contains(s, "lower round_generations, population or window, or the jobs") {
		t.Errorf("the question says %q", s)
	}
	c.cancel()
	if f.path != "" || c.open() || !strings.Contains(p.async.Notice, "not started") {
		t.Errorf("after Cancel: posted %q, open %v, notice %q", f.path, c.open(), p.async.Notice)
	}
	p.run() // asked again
	if f.path != "" || !c.open() {
		t.Fatalf("a second run: posted %q, open %v", f.path, c.open())
	}
	p.env.Lock() // as Vugu holds it around an event handler
	c.runAnyway()
	p.env.UnlockOnly()
	<-f.done
	if f.path == "" || c.open() {
		t.Errorf("Run anyway: posted %q, open %v", f.path, c.open())
	}

	g := &fakeEngine{status: 200, done: make(chan struct{})}
	e := NewPage(g)
	e.env, e.IsEmbed, e.autoplay = &env{}, true, true
	e.App.Scenario = longScenario()
	e.run()
	ec := &CostAsk{P: e}
	if g.path != "" || e.cost.State != "held" || !strings.Contains(ec.why(), "Press Play") {
		t.Fatalf("the embed: posted %q, question %q", g.path, e.cost.State)
	}
	ec.play()
	if g.path != "" || e.cost.State != "ask" {
		t.Errorf("the embed's Play: posted %q, question %q", g.path, e.cost.State)
	}
	ec.cancel()
	if g.path != "" || e.cost.State != "held" {
		t.Errorf("the embed's Cancel: posted %q, question %q", g.path, e.cost.State)
	}
}

// TestPresetsDoNotAsk: no preset, under any policy it compares, asks
// before its run, and each is far within the engine's cap.
func TestPresetsDoNotAsk(t *testing.T) {
	for _, pr := range state.Presets {
		own := pr.Build().Policy.Name
		for _, name := range append([]string{own}, pr.Compare...) {
			s := pr.Build()
			s.Policy = model.Policy{Name: name, Params: s.Policy.Params}
			if name != own {
				s.Policy.Params = nil
			}
			w, err := runner.EstimateUnchecked(s)
			if err != nil {
				t.Fatalf("%s under %s: %v", pr.ID, name, err)
			}
			if w.BrowserSeconds() > AskSeconds || w.Steps > sched.MaxSteps/100 {
				t.Errorf("%s under %s: %s steps, about %.0f s in the browser", pr.ID, name, sched.Sci(w.Steps), w.BrowserSeconds())
			}
			p := NewPage(&fakeEngine{status: 200, done: make(chan struct{})})
			p.App.Scenario = s
			if p.holdCostly() {
				t.Errorf("%s under %s: the page asks", pr.ID, name)
			}
		}
	}
}
