package state

import (
	"fmt"

	"gridplay/engine/model"
)

// Preset is a ready-made scenario: a paper's worked example or a small
// version of an experiment's setting, loaded in one click.
type Preset struct {
	ID    string
	Title string
	About string
	// Compare lists the policies the paper compares in this setting.
	Compare []string
	Build   func() *model.Scenario
}

// DefaultPreset is the first visit's scenario: MUSCLE Table 1, whose
// packing and TITAN generations animate from the first second.
const DefaultPreset = "muscle-table1"

// Presets are listed by paper.
var Presets = []Preset{
	{ID: "muscle-table1", Title: "MUSCLE Table 1 (worked example)",
		About:   "Six jobs J1..J6 on clusters C1 (4 nodes) and C2 (6 nodes): the case study behind the composition table of MUSCLE Table 2.",
		Compare: []string{"muscle", "dll", "wrand"}, Build: muscleTable1},
	{ID: "muscle-fig4", Title: "MUSCLE Fig. 4 setting (40 jobs)",
		About:   "The four clusters of MUSCLE Table 3 (speeds 1.0-1.6), bounded Pareto run times on [5, 100] s (eq. 4), sizes U[1, 10], deadline ratio U[0, 5] (eq. 5); weights (4, 3, 1). A short cut of the Fig. 4 workload, generated from the seed.",
		Compare: []string{"muscle", "dll", "wrand"}, Build: muscleFig4},
	{ID: "multisite-fig2", Title: "Multisite co-allocation (3 sites)",
		About:   "Three sites of 16 nodes with heterogeneity factors h = 1, 1.5, 2 (eqs. 1-2), multisite overhead p = 1.2, jobs submitted round-robin to the sites with requested times for backfilling: the setting of Figs. 2-3 in small.",
		Compare: []string{"multisite-greedy", "multisite-optimal", "multisite-nonadaptive"}, Build: multisite},
	{ID: "titan-fig9", Title: "TITAN Fig. 9 setting (12 tasks)",
		About:   "One cluster of 16 hosts and tasks of the PACE-modelled codes of TITAN Fig. 6 with deadlines: the GA against the deadline-sort and FCFS baselines of Fig. 9, in small.",
		Compare: []string{"titan", "titan-ds", "titan-dsnl", "titan-fcfs"}, Build: titanFig9},
	{ID: "gamf-fig7", Title: "GA-MF Fig. 7 setting (12 jobs)",
		About:   "Four clusters of 16 nodes (1000-2000 MIPS, 1000 Mbit/s links to the switch) and bandwidth-hungry parallel jobs with per-task bandwidth and processing share sigma: GA-MF against GA-MA and CBS as in Fig. 7, in small.",
		Compare: []string{"gamf", "gama", "cbs"}, Build: gamfFig7},
	{ID: "hybrid-table1", Title: "Hybrid grid Table I setting (4 clusters)",
		About:   "Four clusters of servers, nodes and processing elements (C/S/N), jobs submitted to their home clusters with deadlines: Local against HRS and P-HRS as in Tables I-II, in small.",
		Compare: []string{"hybrid-local", "hybrid-hrs", "hybrid-phrs"}, Build: hybridTable1},
	{ID: "classic-backfill", Title: "One cluster, twelve jobs (backfilling)",
		About:   "Twelve jobs of mixed sizes on one 16-node cluster, with user estimates twice the run time: FCFS against EASY and conservative backfilling.",
		Compare: []string{"fcfs", "easy", "conservative"}, Build: classic},
}

// PresetByID finds a preset.
func PresetByID(id string) (Preset, bool) {
	for _, p := range Presets {
		if p.ID == id {
			return p, true
		}
	}
	return Preset{}, false
}

// muscleTable1 is MUSCLE Table 1: sizes 2,1,4,3,1,2, execution times
// 2,4,4,6,2,4 and slacks 6,8,14,12,4,8 (deadline = arrival + execution
// + slack, all arriving at 0), clusters of 4 and 6 resources at rate 1.
func muscleTable1() *model.Scenario {
	size := []int{2, 1, 4, 3, 1, 2}
	exec := []float64{2, 4, 4, 6, 2, 4}
	slack := []float64{6, 8, 14, 12, 4, 8}
	s := &model.Scenario{Version: model.Version, Name: "MUSCLE Table 1", Seed: 1,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "C1", Nodes: 4, Speed: 1}, {ID: "C2", Nodes: 6, Speed: 1}}},
		Policy:   model.Policy{Name: "muscle"}}
	for i := range size {
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("J%d", i+1), Size: size[i], Runtime: exec[i], Deadline: exec[i] + slack[i]})
	}
	return s
}

func muscleFig4() *model.Scenario {
	return &model.Scenario{Version: model.Version, Name: "MUSCLE Fig. 4 setting, 40 jobs", Seed: 4,
		Platform: model.Platform{Clusters: []model.Cluster{
			{ID: "C1", Nodes: 20, Speed: 1.0}, {ID: "C2", Nodes: 16, Speed: 1.2},
			{ID: "C3", Nodes: 12, Speed: 1.4}, {ID: "C4", Nodes: 10, Speed: 1.6}}},
		Generator: &model.Generator{Jobs: 40, Rate: 0.2, ExecMin: 5, ExecMax: 100, Alpha: 1,
			DRMin: 0, DRMax: 5, Sizes: "uniform", SizeMin: 1, SizeMax: 10},
		Policy: model.Policy{Name: "muscle", Params: map[string]float64{"wo": 4, "wm": 3, "wi": 1, "generations": 100}},
	}
}

func multisite() *model.Scenario {
	ids := []string{"s1", "s2", "s3"}
	s := &model.Scenario{Version: model.Version, Name: "Multisite co-allocation, 3 sites", Seed: 2,
		Policy: model.Policy{Name: "multisite-greedy", Params: map[string]float64{"conservative": 1}}}
	for i, h := range []float64{1, 1.5, 2} {
		s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: ids[i], Nodes: 16, H: h})
	}
	s.Platform.Network = &model.Network{Bandwidth: 1000, MultisiteFactor: 1.2}
	sizes := []int{8, 20, 4, 12, 30, 6, 16, 2, 24, 10, 5, 14}
	runs := []float64{100, 80, 60, 150, 90, 40, 120, 30, 70, 110, 50, 95}
	for k := range sizes {
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", k+1), Submit: float64(10 * k), Size: sizes[k],
			Runtime: runs[k], Requested: 1.5 * runs[k], Origin: ids[k%3], Data: 100})
	}
	return s
}

func titanFig9() *model.Scenario {
	codes := []string{"cpi", "sweep3d", "fft", "improc", "bitonic"}
	s := &model.Scenario{Version: model.Version, Name: "TITAN Fig. 9 setting, 12 tasks", Seed: 9,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Name: "cluster", Nodes: 16}}},
		Policy:   model.Policy{Name: "titan", Params: map[string]float64{"generations": 300, "frame_every": 10}}}
	for j := 0; j < 12; j++ {
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("t%d", j), Submit: float64(5 * j), Size: 16,
			App: &model.App{Code: codes[j%len(codes)]}, Deadline: float64(60 * (5 + j%7)), Priority: 1 + j%5})
	}
	return s
}

func gamfFig7() *model.Scenario {
	s := &model.Scenario{Version: model.Version, Name: "GA-MF Fig. 7 setting, 12 jobs", Seed: 7,
		Policy: model.Policy{Name: "gamf", Params: map[string]float64{"generations": 60}}}
	for i, m := range []float64{1000, 1500, 2000, 1500} {
		s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: fmt.Sprintf("c%d", i+1), Nodes: 16, MIPS: m, Bandwidth: 1000})
	}
	sizes := []int{8, 24, 16, 4, 32, 12, 6, 20, 10, 28, 2, 14}
	for k, n := range sizes {
		sigma := 0.5 + 0.04*float64(k)
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", k+1), Size: n, Runtime: float64(60 + 15*(k%5)),
			Bandwidth: float64(10 + 5*(k%4)), Sigma: &sigma})
	}
	return s
}

func hybridTable1() *model.Scenario {
	s := &model.Scenario{Version: model.Version, Name: "Hybrid grid, 4 clusters", Seed: 3,
		Policy: model.Policy{Name: "hybrid-phrs"}}
	for c := 0; c < 4; c++ {
		cl := model.Cluster{ID: fmt.Sprintf("c%d", c+1)}
		for k := 0; k < 2; k++ {
			sv := model.Server{ID: fmt.Sprintf("c%ds%d", c+1, k+1), Nodes: 4 + 2*((c+k)%2), PEs: 2, Speed: float64(500 + 250*((c+k)%3))}
			cl.Servers = append(cl.Servers, sv)
			cl.Nodes += sv.Nodes
		}
		s.Platform.Clusters = append(s.Platform.Clusters, cl)
	}
	s.Platform.Network = &model.Network{Bandwidth: 100, Latency: 0.05, MigrationOverhead: 2}
	for k := 0; k < 24; k++ {
		run := float64(30 + 20*(k%6))
		// Most jobs go to the first cluster, so moving work pays off.
		home := "c1"
		if k%3 == 2 {
			home = fmt.Sprintf("c%d", 2+k%3)
		}
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", k+1), Submit: float64(4 * k), Size: 1 + k%4,
			Runtime: run, Deadline: float64(4*k) + 3*run, Origin: home, Data: float64(5 + k%10)})
	}
	return s
}

func classic() *model.Scenario {
	s := DefaultScenario()
	s.Policy.Name = "easy"
	for i := range s.Jobs {
		s.Jobs[i].Requested = 2 * s.Jobs[i].Runtime
	}
	return s
}
