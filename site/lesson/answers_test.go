package lesson_test

import (
	"context"
	"strings"
	"testing"

	_ "gridplay/engine/all"
	"gridplay/engine/runner"
	"gridplay/site/lesson"
	"gridplay/site/state"
)

// The built-in lessons' checked answers are the engine's: the jobs a
// step says start at a time start then in the preset's schedule under
// its policy.
func TestBuiltinAnswersAreTheEngines(t *testing.T) {
	p, _ := state.PresetByID("classic-backfill")
	s := p.Build()
	res, err := runner.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	var at40 []string
	for _, pl := range res.Schedule {
		if pl.Start == 40 {
			at40 = append(at40, pl.Job)
		}
	}
	l := lesson.Builtin("classic-backfill")
	st := l.Steps[0]
	if s.Policy.Name != "easy" || !st.Asks() || st.Choices[st.Answer-1] != "j6 and j7" || strings.Join(at40, ",") != "j6,j7" {
		t.Errorf("policy %s; jobs starting at 40 s: %v; the step's answer %q", s.Policy.Name, at40, st.Choices[st.Answer-1])
	}
	for _, pl := range res.Schedule {
		if pl.Job == "j5" && pl.Start != 78 {
			t.Errorf("j5 starts at %v, the step says 78 s", pl.Start)
		}
	}
	if err := l.Validate(); err != nil {
		t.Error(err)
	}
}
