// Package model holds gridplay's scenario: the platform, the jobs, the policy
// and the seed, with a versioned, canonical JSON form and validation that
// names the field of every problem.
//
// One model serves all five paper systems (design.md section 5). A field a
// paper does not use is left at its zero value, and each policy checks that
// the scenario has what it needs.
//
// Units: times in seconds, bandwidth in Mbit/s, data in MB (10^6 bytes),
// nodes as integers.
package model

// Version is the only scenario JSON version this build reads and writes.
const Version = 1

// Scenario is everything one run needs. The same scenario and seed give
// byte-identical results everywhere (design.md section 7).
type Scenario struct {
	Version  int      `json:"version"`
	Name     string   `json:"name,omitempty"`
	Seed     uint64   `json:"seed"`
	Platform Platform `json:"platform"`
	// Jobs is the workload. It is empty when Generator is set; the
	// generator then produces the jobs from Seed (see engine/workload).
	Jobs      []Job      `json:"jobs,omitempty"`
	Generator *Generator `json:"generator,omitempty"`
	// Trace, when set, takes the jobs from a trace shipped with gridplay
	// (static/traces) instead: a share link names the trace and a cut of
	// it rather than listing its jobs (see engine/workload).
	Trace *TraceRef `json:"trace,omitempty"`
	// Events are platform changes during the run, such as hosts going
	// offline (TITAN Fig. 10).
	Events []Event `json:"events,omitempty"`
	Policy Policy  `json:"policy"`
	// Compat, when set, runs the scenario under the job model and tie
	// order of a reference simulator, to cross-check results against it:
	// CompatPyss is Tsafrir's pyss (see engine/backfill, "Compatibility
	// with pyss"). Only fcfs, easy and conservative honour it; other
	// policies ignore it.
	Compat string `json:"compat,omitempty"`
}

// CompatPyss is Scenario.Compat for pyss, Tsafrir's Python scheduler
// simulator.
const CompatPyss = "pyss"

// Platform is the set of clusters (sites) and the network joining them.
type Platform struct {
	Clusters []Cluster `json:"clusters"`
	Network  *Network  `json:"network,omitempty"`
}

// Cluster is a cluster or site. Each paper reads its own speed field; a
// zero speed field means the documented default.
type Cluster struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
	// Nodes is the node (processor) count. For the hybrid C/S/N model it
	// must equal the sum of the servers' nodes.
	Nodes int `json:"nodes"`
	// Speed is the relative service rate u_i (MUSCLE section 5); 0 means 1.
	Speed float64 `json:"speed,omitempty"`
	// H is the multisite heterogeneity factor h, a slowdown: a job runs
	// h times as long as on a reference node (multisite eq. 1-2); 0 means 1.
	H float64 `json:"h,omitempty"`
	// MIPS is the effective power of each node (GA-MF section 5); 0 means
	// 1000.
	MIPS float64 `json:"mips,omitempty"`
	// Bandwidth (Mbit/s) and Latency (s) of the link to the central switch
	// (GA-MF B^k).
	Bandwidth float64 `json:"bandwidth,omitempty"`
	Latency   float64 `json:"latency,omitempty"`
	// Weights are the optional per-cluster CP weights (MUSCLE eq. 1, Fig. 6).
	Weights *Weights `json:"weights,omitempty"`
	// Servers describe the hybrid model's cluster / server / node / PE
	// hierarchy (hybrid section III).
	Servers []Server `json:"servers,omitempty"`
}

// Weights are the CP weights (W^o, W^m, W^i) of MUSCLE eq. 1.
type Weights struct {
	O float64 `json:"o"`
	M float64 `json:"m"`
	I float64 `json:"i"`
}

// Server is a server of the hybrid model: Nodes nodes, each with PEs
// processing elements of Speed MIPS.
type Server struct {
	ID    string  `json:"id"`
	Nodes int     `json:"nodes"`
	PEs   int     `json:"pes"`
	Speed float64 `json:"speed"`
}

// Network is the site-to-site network and the overhead factors.
type Network struct {
	// Links between pairs of sites; a pair without a link uses the
	// defaults below.
	Links []Link `json:"links,omitempty"`
	// Bandwidth (Mbit/s) and Latency (s) between sites without a Link.
	Bandwidth float64 `json:"bandwidth,omitempty"`
	Latency   float64 `json:"latency,omitempty"`
	// MultisiteFactor is p >= 1, the runtime overhead of a multisite run
	// (multisite section 3); 0 means 1.
	MultisiteFactor float64 `json:"multisite_factor,omitempty"`
	// MigrationOverhead is the fixed part of the hybrid migration cost
	// (hybrid eq. 2: rescheduling plus job start), in seconds.
	MigrationOverhead float64 `json:"migration_overhead,omitempty"`
}

// Link joins two sites, by cluster id.
type Link struct {
	From      string  `json:"from"`
	To        string  `json:"to"`
	Bandwidth float64 `json:"bandwidth"`
	Latency   float64 `json:"latency,omitempty"`
}

// Job is one parallel job. A field a paper does not use stays zero.
type Job struct {
	ID string `json:"id"`
	// Submit is the arrival time.
	Submit float64 `json:"submit"`
	// Size is the number of nodes (or tasks) the job needs.
	Size int `json:"size"`
	// Runtime is the run time on Size reference nodes (actual run time
	// for traces). Either Runtime or App must be given; a Runtime of 0
	// (an SWF record's "less than 0.5 s") needs a Requested time.
	Runtime float64 `json:"runtime,omitempty"`
	// App is an application model whose run time depends on the host
	// count (TITAN's PACE-style p_ext(n)).
	App *App `json:"app,omitempty"`
	// Requested is the user's runtime estimate, used by backfilling; 0
	// means Runtime.
	Requested float64 `json:"requested,omitempty"`
	// Deadline is the absolute deadline; 0 means none.
	Deadline float64 `json:"deadline,omitempty"`
	// Priority orders TITAN's FCFS baseline; higher first.
	Priority int `json:"priority,omitempty"`
	// Origin is the id of the cluster the job was submitted to
	// (multisite "local" site, hybrid home cluster).
	Origin string `json:"origin,omitempty"`
	// Bandwidth is the per-task bandwidth B_j in Mbit/s (GA-MF).
	Bandwidth float64 `json:"bandwidth,omitempty"`
	// Sigma is the share of run time spent processing, sigma_j in [0,1]
	// (GA-MF); nil means 1.
	Sigma *float64 `json:"sigma,omitempty"`
	// Data is the input size in MB to move to a remote site (multisite).
	Data float64 `json:"data,omitempty"`
	// User is the submitting user, "" if unknown; for a job imported
	// from an SWF trace, the trace's user id as a decimal string
	// (engine/swf). Only script policies read it (job.user).
	User string `json:"user,omitempty"`
}

// App is an application model: a named code from TITAN Fig. 6 (cpi,
// sweep3d, fft, improc, bitonic) or explicit points (n, seconds).
type App struct {
	Code   string  `json:"code,omitempty"`
	Points []Point `json:"points,omitempty"`
}

// Point is one (host count, run time) sample of a scaling curve.
type Point struct {
	N int     `json:"n"`
	T float64 `json:"t"`
}

// Event changes the platform at a time during the run.
type Event struct {
	At      float64 `json:"at"`
	Kind    string  `json:"kind"` // "offline" or "online"
	Cluster string  `json:"cluster"`
	Nodes   []int   `json:"nodes"`
}

// Policy names the scheduling policy and its numeric parameters; a missing
// parameter takes the policy's documented default.
type Policy struct {
	Name   string             `json:"name"`
	Params map[string]float64 `json:"params,omitempty"`
	// Script is the source of a policy written in Starlark, for the
	// policy "script" (engine/script, docs/policies.md); other policies
	// ignore it. At most MaxScriptBytes.
	Script string `json:"script,omitempty"`
}

// Param returns the named parameter, or def when it is not set.
func (p Policy) Param(name string, def float64) float64 {
	if v, ok := p.Params[name]; ok {
		return v
	}
	return def
}

// TraceRef names a cut of a trace shipped with gridplay: its jobs, read
// as an SWF import reads them (engine/swf.Import, with the same submit
// times), whose submit time is in [From, To) (To 0: no end), the first
// First of them (0: every one, up to MaxJobs).
type TraceRef struct {
	// Name is the trace's base name, "KTH-SP2-1996-2" (engine/swf.Shipped).
	Name  string  `json:"name"`
	First int     `json:"first,omitempty"`
	From  float64 `json:"from,omitempty"`
	To    float64 `json:"to,omitempty"`
}

// Generator describes a synthetic workload (MUSCLE section 5). With a
// Generator, a share link stores these few numbers and the seed instead of
// the job list.
type Generator struct {
	Jobs int `json:"jobs"`
	// Rate is the Poisson arrival rate in jobs per second.
	Rate float64 `json:"rate"`
	// ExecMin, ExecMax and Alpha are the bounded Pareto parameters
	// e_l, e_u and alpha of MUSCLE eq. 4.
	ExecMin float64 `json:"exec_min"`
	ExecMax float64 `json:"exec_max"`
	Alpha   float64 `json:"alpha,omitempty"`
	// DRMin and DRMax bound the deadline ratio dr of MUSCLE eq. 5; both
	// zero means no deadlines.
	DRMin float64 `json:"dr_min,omitempty"`
	DRMax float64 `json:"dr_max,omitempty"`
	// Sizes is "uniform", "normal" or "log".
	Sizes    string  `json:"sizes"`
	SizeMin  int     `json:"size_min"`
	SizeMax  int     `json:"size_max"`
	SizeMean float64 `json:"size_mean,omitempty"`
	SizeStd  float64 `json:"size_std,omitempty"`
	// Codes, when set, gives each job an App drawn from these TITAN codes
	// instead of a plain runtime.
	Codes []string `json:"codes,omitempty"`
}

// ClusterIndex returns the index of the cluster with the given id, or -1.
func (p *Platform) ClusterIndex(id string) int {
	for i := range p.Clusters {
		if p.Clusters[i].ID == id {
			return i
		}
	}
	return -1
}

// TotalNodes is the node count summed over all clusters.
func (p *Platform) TotalNodes() int {
	n := 0
	for _, c := range p.Clusters {
		n += c.Nodes
	}
	return n
}

// SigmaOr returns Sigma, or 1 when it is not set.
func (j *Job) SigmaOr() float64 {
	if j.Sigma == nil {
		return 1
	}
	return *j.Sigma
}

// Estimate is the requested time, falling back to the runtime.
func (j *Job) Estimate() float64 {
	if j.Requested > 0 {
		return j.Requested
	}
	return j.Runtime
}
