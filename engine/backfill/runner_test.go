package backfill

import (
	"context"
	"encoding/json"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/runner"
)

// TestThroughRunner runs the hand example through engine/runner (model
// validation, standard metrics) and checks the JSON is byte-identical
// across runs, and that a bad scenario is an error naming the field.
func TestThroughRunner(t *testing.T) {
	s := scen("easy", 4, tj{0, 3, 10, 10}, tj{1, 2, 10, 10}, tj{2, 4, 10, 10}, tj{3, 1, 30, 30})
	a, err := runner.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := runner.Run(context.Background(), s, nil)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Error("two runs differ")
	}
	// Waits: J1 0, J4 0, J2 9, J3 31; mean 10.
	if w := a.Metrics["wait"]; w != 10 {
		t.Errorf("wait %g, want 10", w)
	}
	if a.Metrics["backfilled"] != 1 {
		t.Errorf("backfilled %g, want 1", a.Metrics["backfilled"])
	}
	two := scen("conservative", 4, tj{0, 1, 1, 1})
	two.Platform.Clusters = append(two.Platform.Clusters, model.Cluster{ID: "n", Nodes: 2})
	_, err = runner.Run(context.Background(), two, nil)
	if fe, ok := err.(*model.FieldError); !ok || fe.Field != "platform.clusters" {
		t.Errorf("two clusters: got %v, want a platform.clusters error", err)
	}
}
