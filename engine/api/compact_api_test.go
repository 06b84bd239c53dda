package api_test

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"gridplay/engine/api"
	"gridplay/engine/api/compact"
	"gridplay/engine/model"
	"gridplay/engine/swf"
)

func doCompact(t *testing.T, target string, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("POST", target, bytes.NewReader(body))
	req.Header.Set("Content-Type", compact.ScenarioType)
	w := httptest.NewRecorder()
	api.Handler().ServeHTTP(w, req)
	return w
}

// A compact scenario in and a compact result out give the JSON API's
// result, byte for byte once marshalled.
func TestRunCompact(t *testing.T) {
	s, err := model.Decode([]byte(scenario))
	if err != nil {
		t.Fatal(err)
	}
	want := do(t, "POST", "/api/run", scenario)
	if want.Code != 200 {
		t.Fatalf("JSON run: %d %s", want.Code, want.Body)
	}
	b, _ := compact.EncodeScenario(s)
	for _, target := range []string{"/api/run?format=compact", "/api/run"} {
		w := doCompact(t, target, b)
		if w.Code != 200 {
			t.Fatalf("%s: %d %s", target, w.Code, w.Body)
		}
		got := w.Body.Bytes()
		if strings.Contains(target, "compact") {
			if ct := w.Header().Get("Content-Type"); ct != compact.ResultType {
				t.Errorf("content type %q", ct)
			}
			res, err := compact.DecodeResult(got)
			if err != nil {
				t.Fatal(err)
			}
			got, _ = json.Marshal(res)
			got = append(got, '\n')
		}
		if !bytes.Equal(got, want.Body.Bytes()) {
			t.Errorf("%s:\n%s\nwant\n%s", target, got, want.Body)
		}
	}
	// JSON in, compact out.
	w := do(t, "POST", "/api/run?format=compact", scenario)
	if res, err := compact.DecodeResult(w.Body.Bytes()); err != nil || len(res.Schedule) != 2 {
		t.Errorf("JSON in, compact out: %d %v", w.Code, err)
	}
}

func TestRunCompactErrors(t *testing.T) {
	s, _ := model.Decode([]byte(scenario))
	s.Jobs[1].Size = 0
	bad, _ := compact.EncodeScenario(s)
	for _, tc := range []struct {
		name, target string
		body         []byte
		status       int
		field        string
	}{
		{"invalid job", "/api/run?format=compact", bad, 422, "jobs[1].size"},
		{"not compact", "/api/run?format=compact", []byte(scenario), 400, ""},
		{"cut short", "/api/run", bad[:len(bad)-3], 400, ""},
	} {
		w := doCompact(t, tc.target, tc.body)
		var e errBody
		json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != tc.status || e.Field != tc.field || e.Error == "" {
			t.Errorf("%s: %d %s", tc.name, w.Code, w.Body)
		}
	}
	for _, target := range []string{"/api/run?format=xml", "/api/run?format=compact&stream=1", "/api/swf?format=csv"} {
		w := do(t, "POST", target, scenario)
		var e errBody
		json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != 400 || e.Field != "format" {
			t.Errorf("%s: %d %s", target, w.Code, w.Body)
		}
	}
	// A policy error is still JSON.
	w := do(t, "POST", "/api/run?format=compact", withPolicy("apitest-err"))
	var e errBody
	json.Unmarshal(w.Body.Bytes(), &e)
	if w.Code != 422 || e.Field != "platform.network" {
		t.Errorf("policy error: %d %s", w.Code, w.Body)
	}
}

// The compact cut holds the JSON cut's header and jobs.
func TestSWFCompact(t *testing.T) {
	js := do(t, "POST", "/api/swf?name=kth.swf&limit=0", trace(40))
	var want swf.Cut
	if err := json.Unmarshal(js.Body.Bytes(), &want); err != nil {
		t.Fatal(err)
	}
	w := do(t, "POST", "/api/swf?name=kth.swf&limit=0&format=compact", trace(40))
	if w.Code != 200 || w.Header().Get("Content-Type") != compact.CutType {
		t.Fatalf("%d %s", w.Code, w.Header())
	}
	var got swf.Cut
	jobs, err := compact.DecodeCut(w.Body.Bytes(), &got)
	if err != nil {
		t.Fatal(err)
	}
	got.Jobs = jobs
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(want)
	if !bytes.Equal(a, b) {
		t.Errorf("compact cut\n%s\nwant\n%s", a, b)
	}
}
