//go:build !js

package state

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"encoding/json"
	"gridplay/engine/api"
)

// The engine names every problem of a list with its own field path, and
// the first path once more in "field": the page shows the path once
// (issue 39: "The job count: jobs: MUSCLE takes at most 200000 jobs.",
// and "jobs: jobs: ..." in the detail). The bodies are the engine's own
// answers, streamed and not.
func TestEngineErrorsNameTheFieldOnce(t *testing.T) {
	s := DefaultScenario()
	s.Jobs[0].Size = 0
	s.Jobs[2].Runtime = -1
	body, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	h := api.Handler()
	post := func(path string) (int, string) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("POST", path, strings.NewReader(string(body))))
		b, _ := io.ReadAll(w.Result().Body)
		return w.Code, string(b)
	}
	status, whole := post("/api/run")
	msg := ErrorBody(status, []byte(whole))
	_, stream := post("/api/run?stream=1")
	a := New()
	a.Begin()
	for _, l := range strings.Split(strings.TrimSpace(stream), "\n") {
		if err := a.ApplyLine([]byte(l)); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range []string{msg, a.Err} {
		if !strings.HasPrefix(m, "jobs[0].size: ") || strings.Contains(m, "jobs[0].size: jobs[0].size") || !strings.Contains(m, "jobs[2].runtime: ") {
			t.Errorf("the engine's problems as the page shows them: %q (from %s)", m, whole)
		}
		e := Explain(m, s)
		if strings.Contains(e.Sentence, "jobs[") || strings.Count(e.Detail, "jobs[0].size") != 1 {
			t.Errorf("explained: %+v", e)
		}
	}
}

// A whole trace is kept in IndexedDB, with a marker in localStorage that
// names it (issue 39, item 7).
func TestBigSaveRoundTrip(t *testing.T) {
	s := DefaultScenario()
	s.Name = "CTC: SP2 (cut)"
	name, jobs, ok := ReadBigMarker(BigMarker(s))
	if !ok || name != s.Name || jobs != len(s.Jobs) {
		t.Errorf("marker: %q %d %v", name, jobs, ok)
	}
	for _, bad := range []string{"", "{}", "gpidb1:", "gpidb1:x:y", "gpc1:AAAA"} {
		if _, _, ok := ReadBigMarker(bad); ok {
			t.Errorf("%q read as a marker", bad)
		}
	}
	b, err := BigBytes(s)
	if err != nil {
		t.Fatal(err)
	}
	back := LoadBig(b)
	x, _ := json.Marshal(s)
	y, _ := json.Marshal(back)
	if string(x) != string(y) {
		t.Errorf("read back:\n%s\nwant\n%s", y, x)
	}
	if LoadBig(nil) != nil || LoadBig([]byte("junk")) != nil {
		t.Error("junk read as a scenario")
	}
}
