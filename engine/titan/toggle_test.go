package titan

import (
	"math/bits"
	"testing"

	"gridplay/engine/rng"
)

// A rigid task (MinHosts = MaxHosts = 2) on 4 hosts: a plain bit toggle
// always breaks its bounds, so expr. 14's mutation must move it instead.
// Over many mutations the row keeps exactly 2 hosts and visits more than
// one host set.
func TestToggleMovesRigidTask(t *testing.T) {
	p := Problem{Release: make([]float64, 4), Tasks: []Task{{ID: "a", Pred: Fixed(10), MinHosts: 2, MaxHosts: 2}}}
	g, err := New(DefaultConfig(), p, nil, rng.New(1, "toggle-test"))
	if err != nil {
		t.Fatal(err)
	}
	row := []uint64{0b0011}
	seen := map[uint64]bool{row[0]: true}
	for i := 0; i < 200; i++ {
		if !g.toggle(row) {
			t.Fatalf("mutation %d changed nothing on a rigid task with free hosts", i)
		}
		if c := bits.OnesCount64(row[0]); c != 2 || row[0]>>4 != 0 {
			t.Fatalf("mutation %d left row %04b: want exactly 2 of hosts 0-3", i, row[0])
		}
		seen[row[0]] = true
	}
	if len(seen) < 3 {
		t.Fatalf("rigid task visited only %d host sets in 200 mutations", len(seen))
	}
}
