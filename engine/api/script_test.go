package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	_ "gridplay/engine/script" // the policy "script"
)

// scriptScenario is the package's test scenario under the policy
// "script" with src as policy.script.
func scriptScenario(src string) string {
	b, _ := json.Marshal(src)
	return strings.Replace(scenario, `"policy":{"name":"apitest-seq"}`, `"policy":{"name":"script","script":`+string(b)+`}`, 1)
}

// TestScriptErrors: a bad script is the client's fault: 422 naming
// policy.script with the line, the column and the message, never a 500,
// whatever the answer's format (issue 38, "Errors and limits").
func TestScriptErrors(t *testing.T) {
	for _, c := range []struct{ name, src, msg string }{
		{"syntax", "def priority(job)\n    return 1\n", "line 2, column 1: syntax error: got newline, want ':'"},
		{"runtime", "def schedule(ctx):\n    ctx.start(ctx.queue[5])\n",
			"line 2, column 24: tuple index 5 out of range [-1:0] (in schedule at t=0 s)"},
		{"does not fit", "def schedule(ctx):\n    for j in ctx.queue:\n        ctx.start(j)\n",
			"line 3, column 18: ctx.start: job \"b\" does not fit at t=1 s: it asks for 4 nodes; free nodes: c0 2 (in schedule at t=1 s)"},
		{"budget", "def schedule(ctx):\n    while True:\n        pass\n", "(in schedule at t=0 s)"},
		{"empty", "", "is empty"},
	} {
		for _, target := range []string{"/api/run", "/api/run?format=csv", "/api/run?format=series", "/api/shake"} {
			t.Run(c.name+target, func(t *testing.T) {
				body := scriptScenario(c.src)
				if c.name == "budget" {
					body = strings.Replace(body, `"name":"script"`, `"name":"script","params":{"steps_per_decision":10000}`, 1)
				}
				if target == "/api/shake" {
					body = `{"scenario":` + body + `,"runs":2}`
				}
				w := do(t, "POST", target, body)
				if w.Code != 422 {
					t.Fatalf("status %d, want 422: %s", w.Code, w.Body)
				}
				var e errBody
				if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
					t.Fatalf("error body is not JSON: %v: %s", err, w.Body)
				}
				if !strings.HasSuffix(e.Field, "policy.script") || !strings.Contains(e.Error, c.msg) {
					t.Errorf("field %q, error %q; want policy.script and %q", e.Field, e.Error, c.msg)
				}
			})
		}
	}
}

// TestScriptRun: a script runs through the API like any policy.
func TestScriptRun(t *testing.T) {
	w := do(t, "POST", "/api/run", scriptScenario("def priority(job):\n    return -job.nodes\n"))
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	if !strings.Contains(w.Body.String(), `"policy":"script"`) || !strings.Contains(w.Body.String(), `"why":"priority -4, smallest first; easy backfilling"`) {
		t.Errorf("unexpected answer %s", w.Body)
	}
}
