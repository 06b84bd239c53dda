package hybrid

import (
	"fmt"
	"math"
	"strconv"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/workload"
)

// Setup is the platform and workload of the experiments. The paper gives
// only the number of clusters, the number of jobs and T_s = 20 s; every
// other value here is a documented choice (doc.go, "Experiments").
type Setup struct {
	// Platform: each cluster has ServersMin..ServersMax servers, each with
	// NodesMin..NodesMax nodes of PEsMin..PEsMax PEs; PE speeds are drawn
	// from SpeedMin..SpeedMax MIPS in steps of SpeedStep.
	ServersMin, ServersMax int
	NodesMin, NodesMax     int
	PEsMin, PEsMax         int
	SpeedMin, SpeedMax     float64
	SpeedStep              float64
	// Network: one WAN bandwidth (Mbit/s) and latency (s) between every
	// pair of clusters, and the fixed part of eq. 2 (rescheduling plus job
	// start, s).
	Bandwidth, Latency, Fixed float64
	// Workload: Poisson arrivals spread over Window seconds (rate =
	// jobs/Window, so more jobs is more load), home cluster uniform, size
	// uniform in SizeMin..SizeMax nodes, reference run time bounded Pareto
	// on [ExecMin, ExecMax] with shape Alpha, deadline = submit + dr x run
	// time with dr uniform in [DRMin, DRMax], input data uniform in
	// [DataMin, DataMax] MB. The run time is given on a node of
	// DefaultRefMIPS (the policies' ref_mips); the deadline's run time is
	// the time on a node of DeadlineMIPS (the tightness of the deadlines,
	// doc.go "Deadline tightness"; 0 means DefaultRefMIPS).
	Window           float64
	SizeMin, SizeMax int
	ExecMin, ExecMax float64
	Alpha            float64
	DRMin, DRMax     float64
	DeadlineMIPS     float64
	DataMin, DataMax float64
	// UserClusters, when positive, limits the clusters users submit to
	// (the jobs' home clusters) to the first UserClusters clusters; 0
	// means every cluster of the grid (doc.go, reading users10).
	UserClusters int
}

// DefaultSetup is the setting of hybrid-table1 and hybrid-table3.
var DefaultSetup = Setup{
	ServersMin: 1, ServersMax: 4,
	NodesMin: 4, NodesMax: 32,
	PEsMin: 1, PEsMax: 4,
	SpeedMin: 500, SpeedMax: 2000, SpeedStep: 100,
	Bandwidth: 100, Latency: 0.05, Fixed: 5,
	Window:  3600,
	SizeMin: 1, SizeMax: 16,
	ExecMin: 60, ExecMax: 3600, Alpha: 1,
	DRMin: 1, DRMax: 4, DeadlineMIPS: 3125,
	DataMin: 10, DataMax: 500,
}

// Platform draws a C/S/N platform of c clusters with ids c0, c1, ...
// Cluster i is the same whatever c is, so a larger grid adds clusters to a
// smaller one (section IV.B).
func (st Setup) Platform(r *rng.Rand, c int) model.Platform {
	pl := model.Platform{Network: &model.Network{
		Bandwidth: st.Bandwidth, Latency: st.Latency, MigrationOverhead: st.Fixed,
	}}
	steps := int((st.SpeedMax-st.SpeedMin)/st.SpeedStep) + 1
	for i := 0; i < c; i++ {
		cl := model.Cluster{ID: clusterID(i)}
		ns := workload.UniformSize(r, st.ServersMin, st.ServersMax)
		for k := 0; k < ns; k++ {
			sv := model.Server{
				ID:    cl.ID + ".s" + strconv.Itoa(k),
				Nodes: workload.UniformSize(r, st.NodesMin, st.NodesMax),
				PEs:   workload.UniformSize(r, st.PEsMin, st.PEsMax),
				Speed: st.SpeedMin + float64(r.IntN(steps))*st.SpeedStep,
			}
			cl.Servers = append(cl.Servers, sv)
			cl.Nodes += sv.Nodes
		}
		pl.Clusters = append(pl.Clusters, cl)
	}
	return pl
}

// maxClusters is the largest grid drawn (Table III goes to 100).
const maxClusters = 100

// Grid is the first c clusters of the grid drawn from seed: cluster i is
// the same whatever c is.
func (st Setup) Grid(seed uint64, c int) model.Platform {
	pl := st.Platform(rng.New(seed, "hybrid", "platform"), maxClusters)
	pl.Clusters = pl.Clusters[:c]
	return pl
}

// Scenario builds the scenario of one experiment point: c clusters, n
// jobs, workload number rep, for approach ap.
func (st Setup) Scenario(seed uint64, c, n, rep int, ap Approach) *model.Scenario {
	// The workload depends on the clusters with users, not on the grid
	// size: with UserClusters set, a larger grid runs the same jobs.
	jr := rng.New(seed, "hybrid", "jobs", strconv.Itoa(st.users(c)), strconv.Itoa(n), strconv.Itoa(rep))
	return &model.Scenario{
		Version:  model.Version,
		Name:     fmt.Sprintf("hybrid C=%d jobs=%d rep=%d", c, n, rep),
		Seed:     seed,
		Platform: st.Grid(seed, c),
		Jobs:     st.Jobs(jr, n, c),
		Policy:   model.Policy{Name: ap.String()},
	}
}

// Jobs draws n jobs whose home clusters are among the first c clusters
// (the first UserClusters, when set).
func (st Setup) Jobs(r *rng.Rand, n, c int) []model.Job {
	jobs := make([]model.Job, n)
	c = st.users(c)
	// The home clusters' ids, made once: the jobs share them.
	homes := make([]string, c)
	for k := range homes {
		homes[k] = clusterID(k)
	}
	arrivals := workload.PoissonArrivals(r, float64(n)/st.Window, n, 0)
	for i := range jobs {
		t := arrivals[i]
		rt := workload.BoundedPareto(r, st.ExecMin, st.ExecMax, st.Alpha)
		dr := st.DRMin + r.Float64()*(st.DRMax-st.DRMin)
		drt := rt // the run time the deadline is drawn against
		if st.DeadlineMIPS > 0 && st.DeadlineMIPS != DefaultRefMIPS {
			drt = rt * DefaultRefMIPS / st.DeadlineMIPS
		}
		jobs[i] = model.Job{
			ID:       "j" + strconv.Itoa(i),
			Submit:   round3(t),
			Size:     workload.UniformSize(r, st.SizeMin, st.SizeMax),
			Runtime:  round3(rt),
			Deadline: round3(t + dr*drt),
			Origin:   homes[r.IntN(c)],
			Data:     round3(st.DataMin + r.Float64()*(st.DataMax-st.DataMin)),
		}
	}
	return jobs
}

// clusterID is the id of the generated grid's cluster i (Platform), which
// the generated jobs name as their home (Jobs).
func clusterID(i int) string { return "c" + strconv.Itoa(i) }

// round3 keeps generated times to the millisecond, so scenarios print
// short and round-trip exactly through JSON.
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// users is the number of clusters users submit to in a grid of c.
func (st Setup) users(c int) int {
	if st.UserClusters > 0 && st.UserClusters < c {
		return st.UserClusters
	}
	return c
}
