package compact

import (
	"testing"

	"gridplay/engine/model"
)

// A scenario that names a shipped trace for its jobs keeps the name
// through the compact form, as through JSON.
func TestTraceReferenceRoundTrip(t *testing.T) {
	s := &model.Scenario{Version: model.Version, Seed: 1,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "site0", Nodes: 100}}},
		Trace:    &model.TraceRef{Name: "KTH-SP2-1996-2", First: 10}, Policy: model.Policy{Name: "easy"}}
	b, err := EncodeScenario(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeScenario(b)
	if err != nil || back.Trace == nil || *back.Trace != *s.Trace || len(back.Jobs) != 0 {
		t.Fatalf("%+v %v", back, err)
	}
}
