package main

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gridplay/engine/api"
)

// hugeTitan is issue 39's run of item 17: titan with a population of
// 1,000 and 100,000 generations a round on 250,000 generated jobs.
const hugeTitan = `{"version":1,"seed":1,"platform":{"clusters":[{"id":"c0","nodes":64}]},
 "generator":{"jobs":250000,"rate":0.5,"exec_min":5,"exec_max":100,"sizes":"uniform","size_min":1,"size_max":16},
 "policy":{"name":"titan","params":{"population":1000,"round_generations":100000}}}`

// TestRunOverCap: the engine refuses the run with a 422 naming the field
// that drives the estimate, in every form of POST /api/run, and the CLI
// says the same and exits 1.
func TestRunOverCap(t *testing.T) {
	for _, path := range []string{"/api/run", "/api/run?stream=1", "/api/run?format=compact", "/api/run?format=csv", "/api/run?format=series"} {
		w := httptest.NewRecorder()
		api.Handler().ServeHTTP(w, httptest.NewRequest("POST", path, strings.NewReader(hugeTitan)))
		var e struct {
			Error string `json:"error"`
			Field string `json:"field"`
		}
		if w.Code != 422 || json.Unmarshal(w.Body.Bytes(), &e) != nil {
			t.Fatalf("%s: status %d, body %.200s; want 422 and an error", path, w.Code, w.Body.String())
		}
		if e.Field != "policy.params.round_generations" || !strings.Contains(e.Error, "over the cap of 1.0e11 steps") ||
			!strings.Contains(e.Error, "lower round_generations, population or window, or the jobs") {
			t.Errorf("%s: %+v", path, e)
		}
	}
	p := filepath.Join(t.TempDir(), "huge.json")
	if err := os.WriteFile(p, []byte(hugeTitan), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "run", p)
	if code != 1 || out != "" || !strings.Contains(errs, "policy.params.round_generations: this run is estimated at ") {
		t.Errorf("CLI: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
