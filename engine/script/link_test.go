package script

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"gridplay/engine/link"
	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
)

// TestShareLink: the script travels in a share link and in the
// canonical JSON, and the decoded scenario gives the same answer.
func TestShareLink(t *testing.T) {
	s := tiny(template(t, "easy-schedule"))
	tok, err := link.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := link.Decode(tok)
	if err != nil {
		t.Fatal(err)
	}
	if back.Policy.Script != s.Policy.Script {
		t.Fatalf("script lost in the link: %q", back.Policy.Script)
	}
	js, err := model.Encode(s)
	if err != nil || !strings.Contains(string(js), `"script":"# EASY backfilling`) {
		t.Fatalf("canonical JSON %s (%v)", js, err)
	}
	a, b := mustRun(t, s), mustRun(t, back)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the linked scenario gives another answer")
	}
	// Without a script the canonical form is unchanged (omitempty).
	s.Policy = model.Policy{Name: "easy"}
	if js, _ := model.Encode(s); strings.Contains(string(js), "script") {
		t.Fatalf("empty script encoded: %s", js)
	}
}

// TestFrames: each ctx.start sends a "script" frame with the why.
func TestFrames(t *testing.T) {
	var got []Decision
	rec := sched.RecorderFunc(func(f sched.Frame) error {
		if f.Kind == "script" {
			got = append(got, f.Data.(Decision))
		}
		return nil
	})
	s := tiny("def schedule(ctx):\n    for j in ctx.queue:\n        if ctx.fits(j):\n            ctx.start(j, why = 'fits: ' + j.id)\n")
	if _, err := runner.Run(context.Background(), s, rec); err != nil {
		t.Fatal(err)
	}
	want := []Decision{
		{Fn: "schedule", Job: "a", Cluster: "c", Nodes: 3, Start: 0, Why: "fits: a"},
		{Fn: "schedule", Job: "c", Cluster: "c", Nodes: 1, Start: 5, Why: "fits: c"},
		{Fn: "schedule", Job: "b", Cluster: "c", Nodes: 2, Start: 10, Why: "fits: b"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("frames %+v\nwant %+v", got, want)
	}
}

// TestCheckAll: the page's check of every policy keeps the script, so
// the policy "script" answers for it (runner.ForPolicy).
func TestCheckAll(t *testing.T) {
	vs, err := runner.CheckAll(tiny(template(t, "sjf-easy")))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, v := range vs {
		if v.Policy == Name {
			found = true
			if v.Err != nil {
				t.Errorf("script refused: %v", v.Err)
			}
		}
	}
	if !found {
		t.Fatal("no verdict for the policy script")
	}
	vs, _ = runner.CheckAll(tiny("def priority(job)\n"))
	for _, v := range vs {
		if v.Policy == Name && (v.Err == nil || !strings.Contains(v.Err.Error(), "line 1, column 18")) {
			t.Errorf("bad script: %v", v.Err)
		}
	}
}
