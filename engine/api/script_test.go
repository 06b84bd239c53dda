package api_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gridplay/engine/model"
	_ "gridplay/engine/script" // the policy "script"
)

// scriptScenario is the package's test scenario under the policy
// "script" with src as policy.script.
func scriptScenario(src string) string {
	b, _ := json.Marshal(src)
	return strings.Replace(scenario, `"policy":{"name":"apitest-seq"}`, `"policy":{"name":"script","script":`+string(b)+`}`, 1)
}

// withParams is body with the policy's params set to params (JSON).
func withParams(body, params string) string {
	return strings.Replace(body, `"name":"script"`, `"name":"script","params":`+params, 1)
}

// TestScriptErrors: an error in the script is answered 400 naming
// policy.script with the line, the column and the message, never a 500,
// whatever the answer's format (issue 38, "Errors and limits": "The API
// answers 400 with the message, never 500").
func TestScriptErrors(t *testing.T) {
	long := "def priority(job):\n    return job.submit\n" + strings.Repeat("#", model.MaxScriptBytes)
	for _, c := range []struct{ name, src, params, msg string }{
		{"syntax", "def priority(job)\n    return 1\n", "", "line 1, column 18: syntax error: got newline, want ':'"},
		{"runtime", "def schedule(ctx):\n    ctx.start(ctx.queue[5])\n", "",
			"line 2, column 24: tuple index 5 out of range [-1:0] (in schedule at t=0 s)"},
		{"does not fit", "def schedule(ctx):\n    for j in ctx.queue:\n        ctx.start(j)\n", "",
			"line 3, column 18: ctx.start: job \"b\" does not fit at t=1 s: it asks for 4 nodes; free nodes: c0 2 (in schedule at t=1 s)"},
		{"budget", "def schedule(ctx):\n    while True:\n        pass\n", `{"steps_per_decision":10000}`,
			"the script ran over its budget of 10000 steps for one decision (policy.params.steps_per_decision); is there an endless loop? (in schedule at t=0 s)"},
		{"over script_bytes", "def priority(job):\n    return job.submit\n", `{"script_bytes":10}`,
			"the script is 41 bytes; the limit is 10 bytes (policy.params.script_bytes)"},
		{"over MaxScriptBytes", long, "", fmt.Sprintf("is %d bytes; the limit is %d bytes (MaxScriptBytes)", len(long), model.MaxScriptBytes)},
		{"empty", "", "", "is empty"},
	} {
		for _, target := range []string{"/api/run", "/api/run?format=csv", "/api/run?format=series", "/api/run?format=compact", "/api/shake"} {
			t.Run(c.name+target, func(t *testing.T) {
				body := scriptScenario(c.src)
				if c.params != "" {
					body = withParams(body, c.params)
				}
				if target == "/api/shake" {
					body = `{"scenario":` + body + `,"runs":2}`
				}
				w := do(t, "POST", target, body)
				if w.Code != 400 {
					t.Fatalf("status %d, want 400: %.300s", w.Code, w.Body)
				}
				var e errBody
				if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
					t.Fatalf("error body is not JSON: %v: %.300s", err, w.Body)
				}
				if !strings.HasSuffix(e.Field, "policy.script") || !strings.Contains(e.Error, c.msg) {
					t.Errorf("field %q, error %q; want policy.script and %q", e.Field, e.Error, c.msg)
				}
			})
		}
	}
}

// TestScriptOtherFields: the 400 is for the script alone. A script
// policy's other invalid fields are 422 as for any scenario, and so is a
// scenario with both a bad script and another bad field.
func TestScriptOtherFields(t *testing.T) {
	ok := scriptScenario("def priority(job):\n    return job.submit\n")
	long := scriptScenario(strings.Repeat("#", model.MaxScriptBytes+1))
	for _, c := range []struct{ name, body, field string }{
		{"bad parameter", withParams(ok, `{"steps_per_decision":1}`), "policy.params.steps_per_decision"},
		{"unknown parameter", withParams(ok, `{"steps":1}`), "policy.params.steps"},
		{"bad job", strings.Replace(ok, `"size":2`, `"size":0`, 1), "jobs[0].size"},
		{"bad job and long script", strings.Replace(long, `"size":2`, `"size":0`, 1), "jobs[0].size"},
		{"priority on two clusters", strings.Replace(ok, `{"id":"c0","nodes":4}`, `{"id":"c0","nodes":4},{"id":"c1","nodes":4}`, 1), "platform.clusters"},
	} {
		for _, target := range []string{"/api/run", "/api/shake"} {
			t.Run(c.name+target, func(t *testing.T) {
				body := c.body
				if target == "/api/shake" {
					body = `{"scenario":` + body + `,"runs":2}`
				}
				w := do(t, "POST", target, body)
				var e errBody
				if w.Code != 422 || json.Unmarshal(w.Body.Bytes(), &e) != nil {
					t.Fatalf("status %d, want 422: %.300s", w.Code, w.Body)
				}
				if !strings.HasSuffix(e.Field, c.field) {
					t.Errorf("field %q, want %q (%s)", e.Field, c.field, e.Error)
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
