package hybrid

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"gridplay/engine/check"
	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

func newTestRand() *rng.Rand { return rng.NewPCG(1, 2) }

// checkResult asserts the invariants every run must keep, the schedule's
// with the engine's one checker (engine/check, hybrid model): each job is
// placed once or dropped once with a reason; a placement has the job's
// size in nodes of one server of its cluster, starts after submission
// (and after the migration overhead when it left home), ends by the
// deadline after exactly its run time there; no node holds two jobs at
// once. The checker reads ref_mips from the scenario's parameters, so the
// Config's is put there (the three approaches share one model, so any of
// their names selects it). Then the metrics: completed and discarded jobs
// add up, and every value is finite.
func checkResult(t *testing.T, s *model.Scenario, res *sched.Result, cfg Config) {
	t.Helper()
	c := *s
	c.Policy = model.Policy{Name: Local.String(), Params: map[string]float64{"ref_mips": cfg.RefMIPS}}
	if vs := check.Schedule(&c, res); len(vs) > 0 {
		t.Fatal(vs)
	}
	if got := res.Metrics["completed"] + res.Metrics["discarded"]; int(got) != len(s.Jobs) {
		t.Fatalf("completed + discarded = %v, want %d", got, len(s.Jobs))
	}
	for k, v := range res.Metrics {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("metric %s = %v", k, v)
		}
	}
}

// TestProperties runs every approach, stale and live, on random small
// grids and workloads.
func TestProperties(t *testing.T) {
	st := DefaultSetup
	st.Window = 600
	st.ExecMin, st.ExecMax = 10, 600
	for seed := uint64(1); seed <= 12; seed++ {
		c := 2 + int(seed%4)
		s := st.Scenario(seed, c, 150, 0, Local)
		for _, ap := range []Approach{Local, HRS, PHRS} {
			for _, cfg := range []Config{
				baseCfg,
				{Ts: 5, Threshold: 0.3, RefMIPS: 1500, Always: false},
				{Ts: 60, Threshold: -0.5, RefMIPS: 1000, Always: true, Live: true},
				{Ts: 20, Threshold: 0.1, RefMIPS: 1000, Always: true, Overlap: true},
			} {
				res, err := Run(context.Background(), s, ap, cfg, nil)
				if err != nil {
					t.Fatal(err)
				}
				checkResult(t, s, res, cfg)
				if ap == Local && res.Metrics["migrated"] != 0 {
					t.Fatalf("local migrated %v jobs", res.Metrics["migrated"])
				}
			}
		}
	}
}

// FuzzRun builds small scenarios from arbitrary bytes: no input may panic,
// and every result keeps the invariants.
func FuzzRun(f *testing.F) {
	f.Add([]byte{3, 2, 4, 1, 9, 200, 17, 5, 3, 1, 0, 0, 8, 8, 8, 8})
	f.Add([]byte{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	f.Add([]byte{0, 255, 0, 255, 7, 7, 7, 7, 0, 0, 0, 0, 0, 0, 0, 0, 90, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return int(b)
		}
		nc := 1 + next()%3
		var cl []model.Cluster
		for c := 0; c < nc; c++ {
			ns := next() % 3
			mc := model.Cluster{ID: fmt.Sprintf("c%d", c), MIPS: float64(next()%3) * 700}
			if ns == 0 {
				mc.Nodes = next() % 5 // may be 0: an error, not a panic
			}
			for k := 0; k < ns; k++ {
				mc.Servers = append(mc.Servers, model.Server{Nodes: next() % 5, PEs: next() % 3, Speed: float64(next() % 3 * 500)})
			}
			cl = append(cl, mc)
		}
		net := &model.Network{MigrationOverhead: float64(next() % 20), Bandwidth: float64(next() % 4 * 10), Latency: float64(next()%3) / 10}
		s := scen(cl, net)
		nj := next() % 12
		for i := 0; i < nj; i++ {
			var rt float64
			if len(data) >= 2 {
				rt = float64(binary.LittleEndian.Uint16(data)) / 10
				data = data[2:]
			}
			s.Jobs = append(s.Jobs, model.Job{
				ID: fmt.Sprintf("j%d", i), Submit: float64(next()), Size: next() % 6, Runtime: rt,
				Deadline: float64(next() * 3), Origin: fmt.Sprintf("c%d", next()%4), Data: float64(next()),
			})
		}
		cfg := Config{Ts: float64(1 + next()%30), Threshold: float64(next()%10)/10 - 0.3, RefMIPS: 1000, Always: next()%2 == 0, Live: next()%2 == 0, Overlap: next()%2 == 0}
		for _, ap := range []Approach{Local, HRS, PHRS} {
			res, err := Run(context.Background(), s, ap, cfg, nil)
			if err != nil {
				continue
			}
			checkResult(t, s, res, cfg)
		}
	})
}
