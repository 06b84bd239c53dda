package main

import (
	"bytes"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"gridplay/engine/api"
	"gridplay/engine/model"
)

// The Batsim export reads the engine's answer: its notes are shown, and
// a refusal or a failure is said, never a download of nothing.
func TestBatsimExportAnswer(t *testing.T) {
	s := &model.Scenario{Version: model.Version, Name: "two", Policy: model.Policy{Name: "fcfs"},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 2}, {ID: "b", Nodes: 3}}},
		Jobs:     []model.Job{{ID: "1", Submit: 0, Size: 1, Runtime: 5, Deadline: 9}}}
	body, err := model.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	api.Handler().ServeHTTP(w, httptest.NewRequest("POST", "/api/batsim/export", bytes.NewReader(body)))
	msg := batsimExport("x.json", w.Code, w.Body.Bytes(), nil)
	if !strings.HasPrefix(msg, "Exported") || !strings.Contains(msg, "nb_res = 5") || !strings.Contains(msg, "deadline") {
		t.Errorf("notice %q", msg)
	}
	if msg := batsimExport("x.json", 422, []byte(`{"error":"must be at least 1","field":"jobs[0].size"}`), nil); !strings.Contains(msg, "jobs[0].size") {
		t.Errorf("refusal %q", msg)
	}
	if msg := batsimExport("x.json", 200, []byte(`{}`), nil); !strings.Contains(msg, "unreadable") {
		t.Errorf("empty answer %q", msg)
	}
	if msg := batsimExport("x.json", 0, nil, errors.New("worker gone")); !strings.Contains(msg, "worker gone") {
		t.Errorf("failure %q", msg)
	}
}
