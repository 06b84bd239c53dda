package gamf

import (
	"cmp"
	"fmt"
	"math"
	"strconv"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Defaults where a scenario leaves a GA-MF field at zero (doc.go, choices).
const (
	// DefaultMIPS is a node's effective power when Cluster.MIPS is 0.
	DefaultMIPS = 1000
	// DefaultBandwidth is B^k in Mbit/s when Cluster.Bandwidth is 0: the
	// paper's Gigabit links (section 5).
	DefaultBandwidth = 1000
	// MaxBatchJobs caps the jobs one GA-MF run treats as a single package.
	MaxBatchJobs = 2000
	// MaxBatchTasks caps the tasks summed over a package (chromosome
	// length), so one individual stays small.
	MaxBatchTasks = 400000
	// Ranges that keep every T^e finite: MIPS and bandwidths (Mbit/s).
	MinMIPS, MaxMIPS           = 1e-3, 1e9
	MinBandwidth, MaxBandwidth = 1e-6, 1e9
	// MaxGenes caps the genes (order plus allocation) of the GA's two
	// populations, about 80 MB.
	MaxGenes = 20_000_000
)

// problem is a scenario compiled for fast evaluation: nodes numbered
// globally 0..nodes-1 cluster by cluster, jobs numbered 0..n-1 (the jobs
// that can run at all; the others are Drops).
type problem struct {
	// Platform.
	nodes   int
	nclu    int
	cluOf   []int32   // node -> cluster
	cps     []float64 // PS^r of the nodes of each cluster
	mips    []float64 // per cluster
	bw      []float64 // B^k per cluster, Mbit/s
	first   []int     // first global node of each cluster
	size    []int     // nodes of each cluster
	cluIDs  []string
	refMIPS float64 // reference power: the fastest node

	// Jobs.
	n       int
	tau     []int     // tasks tau_j
	off     []int     // job j's genes are alloc[off[j]:off[j+1]]
	tb      []float64 // base time Tb_j, s
	sigma   []float64 // sigma_j
	bj      []float64 // per-task bandwidth B_j, Mbit/s
	release []float64 // submit time Sb_j
	ids     []string
	src     []int // index in the scenario's job list

	dropped []sched.Drop

	// csUsed is the "cs-used" reading (doc.go): CS_j is the maximum of
	// CS_j^k over the links job j's traffic uses (B_j^k > 0), not over
	// every cluster that holds a task of j (the equation's index set, the
	// default).
	csUsed bool
}

// inCS reports whether cluster k's link counts in CS_j = max CS_j^k for
// a job with c tasks there using bjk = B_j^k on the link (GA-MF section
// 3.1: "CS_j = max over N_k: J_j in N_k of CS_j^k").
func (p *problem) inCS(c int, bjk float64) bool {
	if p.csUsed {
		return bjk > 0
	}
	return c > 0
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func jf(i int, f string) string { return "jobs[" + strconv.Itoa(i) + "]." + f }
func cf(i int, f string) string {
	return "platform.clusters[" + strconv.Itoa(i) + "]." + f
}

// compile validates what GA-MF needs and builds the problem. Jobs larger
// than the whole platform become Drops.
func compile(s *model.Scenario) (*problem, error) {
	var es model.Errors
	p := &problem{}
	cl := s.Platform.Clusters
	if len(cl) == 0 {
		return nil, model.Errf("platform.clusters", "GA-MF needs at least one cluster")
	}
	if len(cl) > model.MaxClusters {
		return nil, model.Errf("platform.clusters", fmt.Sprintf("at most %d clusters", model.MaxClusters))
	}
	total := 0
	for i, c := range cl {
		if c.Nodes < 1 || c.Nodes > model.MaxNodes {
			es = append(es, model.Errf(cf(i, "nodes"), fmt.Sprintf("must be between 1 and %d", model.MaxNodes)))
		}
		if !finite(c.MIPS) || c.MIPS < 0 || (c.MIPS > 0 && c.MIPS < MinMIPS) || c.MIPS > MaxMIPS {
			es = append(es, model.Errf(cf(i, "mips"), fmt.Sprintf("must be 0 (meaning 1000) or between %g and %g", MinMIPS, MaxMIPS)))
		}
		if !finite(c.Bandwidth) || c.Bandwidth < 0 || (c.Bandwidth > 0 && c.Bandwidth < MinBandwidth) || c.Bandwidth > MaxBandwidth {
			es = append(es, model.Errf(cf(i, "bandwidth"), fmt.Sprintf("must be 0 (meaning 1000) or between %g and %g Mbit/s", MinBandwidth, MaxBandwidth)))
		}
		if c.Nodes > 0 {
			total += c.Nodes
		}
	}
	if total > model.MaxTotalNodes {
		es = append(es, model.Errf("platform.clusters", fmt.Sprintf("at most %d nodes in all", model.MaxTotalNodes)))
	}
	if len(s.Jobs) > MaxBatchJobs {
		es = append(es, sched.Refuse(sched.NeedFewerJobs, "jobs", fmt.Sprintf("GA-MF schedules one package of at most %d jobs (got %d); cut the workload into packages", MaxBatchJobs, len(s.Jobs))))
	}
	if len(s.Jobs) == 0 {
		es = append(es, model.Errf("jobs", "GA-MF needs at least one job"))
	}
	if len(es) > 0 {
		return nil, es
	}
	p.nclu = len(cl)
	p.nodes = total
	p.cluOf = make([]int32, total)
	p.mips = make([]float64, p.nclu)
	p.bw = make([]float64, p.nclu)
	p.first = make([]int, p.nclu)
	p.size = make([]int, p.nclu)
	p.cluIDs = make([]string, p.nclu)
	g := 0
	for k, c := range cl {
		m, b := cmp.Or(c.MIPS, DefaultMIPS), cmp.Or(c.Bandwidth, DefaultBandwidth)
		p.mips[k], p.bw[k], p.first[k], p.size[k], p.cluIDs[k] = m, b, g, c.Nodes, c.ID
		if m > p.refMIPS {
			p.refMIPS = m
		}
		for r := 0; r < c.Nodes; r++ {
			p.cluOf[g] = int32(k)
			g++
		}
	}
	p.cps = make([]float64, p.nclu)
	for k := range p.cps {
		p.cps[k] = nodeSlowdown(p.refMIPS, p.mips[k])
	}
	tasks := 0
	p.off = []int{0}
	for i := range s.Jobs {
		j := &s.Jobs[i]
		bad := false
		if j.Size < 1 {
			es = append(es, model.Errf(jf(i, "size"), "must be at least 1 task"))
			bad = true
		}
		if !finite(j.Runtime) || j.Runtime <= 0 || j.Runtime > model.MaxTime {
			es = append(es, sched.Refuse(sched.NeedRuntime, jf(i, "runtime"), "GA-MF needs the base time Tb_j > 0 s"))
			bad = true
		}
		if !finite(j.Submit) || j.Submit < 0 || j.Submit > model.MaxTime {
			es = append(es, model.Errf(jf(i, "submit"), "must be a finite time >= 0"))
			bad = true
		}
		if !finite(j.Bandwidth) || j.Bandwidth < 0 || j.Bandwidth > MaxBandwidth {
			es = append(es, model.Errf(jf(i, "bandwidth"), fmt.Sprintf("per-task bandwidth B_j must be between 0 and %g Mbit/s", MaxBandwidth)))
			bad = true
		}
		sg := j.SigmaOr()
		if !finite(sg) || sg < 0 || sg > 1 {
			es = append(es, model.Errf(jf(i, "sigma"), "sigma_j must be in [0,1]"))
			bad = true
		}
		if bad {
			continue
		}
		if j.Size > total {
			p.dropped = append(p.dropped, sched.Drop{Job: j.ID, Reason: fmt.Sprintf("needs %d tasks on distinct nodes; the platform has %d nodes", j.Size, total)})
			continue
		}
		tasks += j.Size
		if tasks > MaxBatchTasks {
			return nil, sched.Refuse(sched.NeedFewerJobs, "jobs", fmt.Sprintf("GA-MF packages hold at most %d tasks in all", MaxBatchTasks))
		}
		p.tau = append(p.tau, j.Size)
		p.off = append(p.off, tasks)
		p.tb = append(p.tb, j.Runtime)
		p.sigma = append(p.sigma, sg)
		p.bj = append(p.bj, j.Bandwidth)
		p.release = append(p.release, j.Submit)
		p.ids = append(p.ids, j.ID)
		p.src = append(p.src, i)
	}
	if len(es) > 0 {
		return nil, es
	}
	p.n = len(p.tau)
	return p, nil
}

// execAt is T^e_j (GA-MF eq. 1) of job j with cnt[k] = t_j^k of its
// tasks in cluster k, starting next to the link loads load: PS_j is the
// highest PS_j^r of its clusters, CS_j the highest CS_j^k of the links
// that count (inCS) with its own B_j^k added to their load.
func (p *problem) execAt(j int32, cnt []int, load []float64) float64 {
	ps, cs := 0.0, 1.0
	for k, c := range cnt {
		if c == 0 {
			continue
		}
		ps = max(ps, p.cps[k])
		if bjk := linkBandwidth(c, p.tau[j], p.bj[j]); p.inCS(c, bjk) {
			cs = max(cs, commSlowdown(saturationDegree(p.bw[k], load[k]+bjk)))
		}
	}
	return execTime(p.tb[j], timeCost(p.sigma[j], ps, cs))
}

// nodeSlowdown is PS_j^r, "inversely proportional to the node computation
// power" (GA-MF section 3.1). The reference power is the fastest node of the
// platform, so Tb_j is the time on the fastest dedicated nodes and PS >= 1.
func nodeSlowdown(refMIPS, mips float64) float64 { return refMIPS / mips }

// linkBandwidth is B_j^k, the bandwidth job j uses on link L_k when t of its
// tau tasks run in cluster k (GA-MF section 3.1):
//
//	B_j^k = (t_j^k * B_j) * (tau_j - t_j^k) / (tau_j - 1)
//
// A one-task job has no peer to talk to, so it uses no bandwidth (the
// formula is 0/0 there).
func linkBandwidth(t, tau int, bj float64) float64 {
	if tau <= 1 || t <= 0 || t >= tau {
		return 0
	}
	return (float64(t) * bj) * (float64(tau-t) / float64(tau-1))
}

// saturationDegree is SD^k = B^k / sum_j B_j^k over the jobs using link L_k
// at the same time (GA-MF section 3.1). No load means no saturation (+Inf).
func saturationDegree(bk, load float64) float64 {
	if load <= 0 {
		return math.Inf(1)
	}
	return bk / load
}

// commSlowdown is CS_j^k: (SD^k)^-1 when SD^k < 1, else 1 (GA-MF section
// 3.1).
func commSlowdown(sd float64) float64 {
	if sd < 1 {
		return 1 / sd
	}
	return 1
}

// timeCost is tc_j = sigma_j * PS_j + (1 - sigma_j) * CS_j (GA-MF section
// 3.1).
func timeCost(sigma, ps, cs float64) float64 {
	return float64(sigma*ps) + float64((1-sigma)*cs)
}

// execTime is T_j^e = Tb_j * tc_j (GA-MF eq. 1).
func execTime(tb, tc float64) float64 { return tb * tc }
