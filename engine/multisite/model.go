package multisite

import (
	"cmp"
	"fmt"
	"math"
	"strconv"

	"gridplay/engine/backfill"
	"gridplay/engine/model"
)

// MaxOptimalSites is the most sites multisite-optimal accepts: Algorithm 2
// enumerates every combination, 2^N - 1 of them (4095 at 12 sites) for
// every decision.
const MaxOptimalSites = 12

// system is the multisite computing system of section 3: sites with nodes
// and a heterogeneity factor h, the multisite factor p, and the network.
type system struct {
	n     int
	ids   []string
	nodes []int
	h     []float64 // slowdown: a job runs h times as long as on a reference node
	p     float64   // multisite overhead factor, >= 1
	bw    []float64 // n*n, Mbit/s between sites (0 on the diagonal)
	lat   []float64 // n*n, s
	total int
}

// job is what the performance model needs of one job.
type job struct {
	origin int     // site i the job was submitted to
	size   int     // nodes
	run    float64 // runtime on reference nodes (h = 1)
	est    float64 // requested time on reference nodes
	data   float64 // MB to move to a remote site
}

// newSystem reads the platform, with field-named errors.
func newSystem(s *model.Scenario) (*system, error) {
	cl := s.Platform.Clusters
	var es model.Errors
	if len(cl) == 0 {
		return nil, model.Errf("platform.clusters", "multisite scheduling needs at least one site")
	}
	sys := &system{n: len(cl), p: 1}
	for i, c := range cl {
		f := "platform.clusters[" + strconv.Itoa(i) + "]"
		if c.Nodes < 1 {
			es = append(es, model.Errf(f+".nodes", "must be at least 1"))
		}
		h := cmp.Or(c.H, 1)
		if math.IsNaN(h) || math.IsInf(h, 0) || h <= 0 {
			es = append(es, model.Errf(f+".h", "must be a finite number > 0 (multisite section 3.2)"))
			h = 1
		}
		sys.ids = append(sys.ids, c.ID)
		sys.nodes = append(sys.nodes, c.Nodes)
		sys.h = append(sys.h, h)
		sys.total += c.Nodes
	}
	n := sys.n
	sys.bw = make([]float64, n*n)
	sys.lat = make([]float64, n*n)
	net := s.Platform.Network
	var defBW, defLat float64
	if net != nil {
		defBW, defLat = net.Bandwidth, net.Latency
		if net.MultisiteFactor != 0 {
			sys.p = net.MultisiteFactor
		}
		if math.IsNaN(sys.p) || math.IsInf(sys.p, 0) || sys.p < 1 {
			es = append(es, model.Errf("platform.network.multisite_factor", "must be at least 1 (multisite section 3.2: 1 <= p)"))
		}
		if bad(defBW) {
			es = append(es, model.Errf("platform.network.bandwidth", "must be a finite number >= 0"))
		}
		if bad(defLat) {
			es = append(es, model.Errf("platform.network.latency", "must be a finite number >= 0"))
		}
	}
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			if a != b {
				sys.bw[a*n+b], sys.lat[a*n+b] = defBW, defLat
			}
		}
	}
	if net != nil {
		for k, l := range net.Links {
			f := "platform.network.links[" + strconv.Itoa(k) + "]"
			a, b := s.Platform.ClusterIndex(l.From), s.Platform.ClusterIndex(l.To)
			if a < 0 {
				es = append(es, model.Errf(f+".from", fmt.Sprintf("unknown cluster %q", l.From)))
			}
			if b < 0 {
				es = append(es, model.Errf(f+".to", fmt.Sprintf("unknown cluster %q", l.To)))
			}
			if bad(l.Bandwidth) || l.Bandwidth == 0 {
				es = append(es, model.Errf(f+".bandwidth", "must be a finite number > 0"))
			}
			if bad(l.Latency) {
				es = append(es, model.Errf(f+".latency", "must be a finite number >= 0"))
			}
			if a >= 0 && b >= 0 && a != b {
				// Links are symmetric.
				sys.bw[a*n+b], sys.lat[a*n+b] = l.Bandwidth, l.Latency
				sys.bw[b*n+a], sys.lat[b*n+a] = l.Bandwidth, l.Latency
			}
		}
	}
	return sys, es.Err()
}

func bad(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) || x < 0 }

// readJobs reads the jobs: origin (empty means the first site), size,
// runtime and estimate (through backfill.Durations) and data size.
func readJobs(s *model.Scenario, sys *system) ([]job, *backfill.Dur, error) {
	if err := jobsError(s, sys); err != nil {
		return nil, nil, err
	}
	d, _ := backfill.Durations(s) // jobsError passed the jobs
	jobs := make([]job, len(s.Jobs))
	for i := range s.Jobs {
		j := &s.Jobs[i]
		o := 0
		if j.Origin != "" {
			o = s.Platform.ClusterIndex(j.Origin)
		}
		jobs[i] = job{origin: o, size: d.Size[i], run: d.Run[i], est: d.Est[i], data: j.Data}
	}
	return jobs, d, nil
}

// jobsError is what readJobs refuses in the jobs of s: what backfilling
// cannot use (backfill.JobsError), an unknown origin, bad data, and data
// to send where no bandwidth is given. It reads without building
// anything, so that a policy's Check is cheap on a whole trace.
func jobsError(s *model.Scenario, sys *system) error {
	if err := backfill.JobsError(s); err != nil {
		return err
	}
	var es model.Errors
	for i := range s.Jobs {
		j := &s.Jobs[i]
		f := func() string { return "jobs[" + strconv.Itoa(i) + "]" } // an error's field, only when there is one
		o := 0
		if j.Origin != "" {
			o = s.Platform.ClusterIndex(j.Origin)
			if o < 0 {
				es = append(es, model.Errf(f()+".origin", fmt.Sprintf("unknown cluster %q", j.Origin)))
				o = 0
			}
		}
		if bad(j.Data) {
			es = append(es, model.Errf(f()+".data", "must be a finite number >= 0"))
		}
		if j.Data > 0 && sys.n > 1 {
			for b := 0; b < sys.n; b++ {
				if b != o && sys.bw[o*sys.n+b] == 0 {
					es = append(es, model.Errf("platform.network.bandwidth", fmt.Sprintf("must be > 0: job %s carries %g MB and no bandwidth is given from %s to %s (multisite eq. 1)", j.ID, j.Data, sys.ids[o], sys.ids[b])))
					return es
				}
			}
		}
	}
	return es.Err()
}

// transfer is t_trans(i,j) = s/b_ij + l_ij (multisite section 3.2), with s
// in MB and b in Mbit/s, so s*8/b seconds. It is 0 on the local site.
func (sys *system) transfer(i, j int, data float64) float64 {
	if i == j {
		return 0
	}
	k := i*sys.n + j
	t := sys.lat[k]
	if data > 0 {
		t += data * 8 / sys.bw[k]
	}
	return t
}

// durations is the predicted execution time of job jb on the sites in
// c, for its estimate and for its actual runtime (capped at the estimate:
// a job is killed at its requested time):
//
//	one site j:  T_i->j = T_i * h_j/h_i + t_trans(i,j)                  (multisite eq. 1)
//	sites j..m:  T_i->(j..m) = T_i * p * max(h_j..h_m)/h_i
//	                             + max(t_trans(i,j), ..., t_trans(i,m))  (multisite eq. 2)
//
// T_i is the local predicted time, base*h_i (base is the time on a
// reference node, h = 1), so T_i*h_j/h_i = base*h_j.
func (sys *system) durations(jb *job, c []int) (est, run float64) {
	hi := sys.h[jb.origin]
	maxH, maxT := 0.0, 0.0
	for _, j := range c {
		maxH = math.Max(maxH, sys.h[j])
		maxT = math.Max(maxT, sys.transfer(jb.origin, j, jb.data))
	}
	ti1, ti2 := jb.est*hi, jb.run*hi
	if len(c) == 1 {
		hj := sys.h[c[0]]
		est, run = ti1*hj/hi+maxT, ti2*hj/hi+maxT // eq. 1
	} else {
		est, run = ti1*sys.p*maxH/hi+maxT, ti2*sys.p*maxH/hi+maxT // eq. 2
	}
	if run > est {
		run = est
	}
	return est, run
}
