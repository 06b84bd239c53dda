package script

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"

	"gridplay/engine/model"
)

// TestTemplatesGolden runs every template on the first 1,500 KTH jobs
// (least-loaded on the same jobs over two clusters of 60 and 40 nodes)
// and compares the digest of the whole answer (schedule, whys, metrics,
// distributions) with the one recorded here. The engine's tests run
// natively and under js/wasm with node (build.sh), so the same digests
// on both say a script gives the same answer in the browser's worker
// and natively.
func TestTemplatesGolden(t *testing.T) {
	want := map[string]string{
		"fcfs":          "b9f8a5daecdab11e",
		"sjf-easy":      "4292d043963894de",
		"wfp3":          "e1d843c4331bae67",
		"largest-first": "9bf6dd98e9cce624",
		"easy-schedule": "5704e5b40a3f2d33",
		"least-loaded":  "fc5f832dc988e668",
	}
	base := loadTrace(t, kth, 1500)
	for _, tp := range Templates() {
		s := with(base, Name, tp.Source)
		if tp.Name == "least-loaded" {
			s.Platform.Clusters = []model.Cluster{{ID: "big", Nodes: 60}, {ID: "small", Nodes: 40}}
		}
		res := mustRun(t, s)
		if len(res.Schedule) < 1000 {
			t.Fatalf("%s placed %d jobs", tp.Name, len(res.Schedule))
		}
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		if got := hex.EncodeToString(sum[:8]); got != want[tp.Name] {
			t.Errorf("%s: digest %s, want %s", tp.Name, got, want[tp.Name])
		}
	}
}

// TestLeastLoaded: the two-cluster template uses both clusters, and
// each job goes where the share of busy nodes was smallest.
func TestLeastLoaded(t *testing.T) {
	s := &model.Scenario{Version: model.Version, Policy: model.Policy{Name: Name, Script: template(t, "least-loaded")},
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 4}, {ID: "b", Nodes: 8}}},
		Jobs: []model.Job{
			{ID: "1", Submit: 0, Size: 2, Runtime: 10}, // both idle: a, the first
			{ID: "2", Submit: 0, Size: 2, Runtime: 10}, // a 50% busy, b 0%: b
			{ID: "3", Submit: 0, Size: 2, Runtime: 10}, // a 50%, b 25%: b
			{ID: "4", Submit: 0, Size: 6, Runtime: 10}, // fits nowhere: waits until t=10
		}}
	res := mustRun(t, s)
	got := map[string]string{}
	for _, p := range res.Schedule {
		got[p.Job] = p.Cluster + "@" + fmtTime(p.Start)
	}
	want := map[string]string{"1": "a@0", "2": "b@0", "3": "b@0", "4": "b@10"}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("job %s ran %s, want %s", k, got[k], w)
		}
	}
	if res.Schedule[1].Why != "least loaded: b was 0% busy" {
		t.Errorf("why %q", res.Schedule[1].Why)
	}
}
