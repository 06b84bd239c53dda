package titan

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/runner"
)

// TestDumpOutputs writes the bytes that a change meant only for speed
// must leave alone into the directory $TITAN_DUMP: titan policy results (idle weight on and off, hosts
// going offline, a cluster wider than 64 nodes, a slower cluster), and
// GA trajectories (every generation's best and mean cost, bit for bit,
// and the final best schedule) on random problems of 5 to 130 hosts;
// TestDumpFig9 in engine/titan/repro adds titan-fig9's JSON for several
// seeds. Run both on the old and the new code and compare the directories:
//
//	TITAN_DUMP=/tmp/new go test -run TestDump ./engine/titan/...
//	diff -r /tmp/old /tmp/new
//
// It is a by-hand check (a minute of work), so it runs only when
// TITAN_DUMP is set.
func TestDumpOutputs(t *testing.T) {
	dir := os.Getenv("TITAN_DUMP")
	if dir == "" {
		t.Skip("set TITAN_DUMP=DIR to write the outputs to compare")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, v any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	off := []model.Event{{At: 60, Kind: "offline", Cluster: "c0", Nodes: []int{12, 13, 14, 15}},
		{At: 300, Kind: "online", Cluster: "c0", Nodes: []int{13}}}
	for seed := uint64(1); seed <= 5; seed++ {
		for _, v := range []struct {
			name   string
			params map[string]float64
			events []model.Event
		}{
			{"default", map[string]float64{"generations": 300, "round_generations": 30}, nil},
			{"idle", map[string]float64{"generations": 200, "round_generations": 20, "w_idle": 1}, nil},
			{"offline", map[string]float64{"generations": 200, "round_generations": 20}, off},
			{"rates", map[string]float64{"generations": 150, "round_generations": 15, "crossover": 0.6, "mutation": 0.05, "map_mutation": 0.1, "elite": 0, "population": 25}, nil},
		} {
			s := Fig9Scenario(seed)
			s.Policy.Params, s.Events = v.params, v.events
			res, err := runner.Run(ctx, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			write(fmt.Sprintf("policy-%s-seed%d.json", v.name, seed), res)
		}
		// a wide, slower cluster with a mix of rigid and moldable jobs
		r := rng.New(seed, "dump", "wide")
		s := &model.Scenario{Version: model.Version, Seed: seed,
			Platform: model.Platform{Clusters: []model.Cluster{{ID: "w", Nodes: 100, Speed: 0.7}}},
			Policy:   model.Policy{Name: "titan", Params: map[string]float64{"generations": 100, "round_generations": 10, "w_idle": 0.5}}}
		for j := 0; j < 40; j++ {
			job := model.Job{ID: "j" + strconv.Itoa(j), Submit: float64(r.IntN(300)), Deadline: float64(300 + r.IntN(900))}
			if r.IntN(2) == 0 {
				job.Size, job.Runtime = 1+r.IntN(100), float64(10+r.IntN(200))
			} else {
				job.Size, job.App = 1+r.IntN(100), &model.App{Code: CodeNames[r.IntN(len(CodeNames))]}
			}
			s.Jobs = append(s.Jobs, job)
		}
		res, err := runner.Run(ctx, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		write(fmt.Sprintf("policy-wide-seed%d.json", seed), res)
	}
	// GA trajectories, with a weight change and a problem update midway
	for _, m := range []int{5, 16, 64, 65, 130} {
		for _, idle := range []float64{0, 1} {
			r := rng.New(uint64(m), "dump", "problem")
			p := randomProblem(r, 24, m)
			g, err := New(Config{Population: 30, Weights: Weights{Makespan: 1, Idle: idle, Deadline: 1}}, p, nil, rng.New(uint64(m), "dump", "ga"))
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for i := 0; i < 400; i++ {
				switch i {
				case 150:
					if err := g.SetWeights(Weights{Makespan: 1, Idle: 1 - idle, Deadline: 2}); err != nil {
						t.Fatal(err)
					}
				case 250:
					q := randomProblem(r, 20, m)
					for i := range q.Tasks { // new tasks
						q.Tasks[i].ID = "new-" + q.Tasks[i].ID
					}
					q.Tasks = append(q.Tasks, p.Tasks[3:15]...) // kept, matched by ID
					q.Now = p.Now + 20
					if err := g.Update(q); err != nil {
						t.Fatal(err)
					}
				}
				gen := g.Step()
				fmt.Fprintf(&b, "%d %x %x %v\n", gen.N, gen.Best, gen.Mean, gen.Improved)
			}
			s, tm, c := g.Best()
			write(fmt.Sprintf("ga-m%d-idle%v.json", m, idle), map[string]any{"steps": b.String(), "best": s, "timing": tm, "cost": strconv.FormatFloat(c, 'x', -1, 64), "frame": g.FrameSchedule()})
		}
	}
}
