package muscle

import (
	"math"
	"slices"

	"gridplay/engine/rng"
)

// PackJob is one job of a scheduling round as MUSCLE sees it: its size
// s_i, its execution time e_ij in every cluster and its slack in every
// cluster (deadline minus execution time minus arrival, section 4.3).
type PackJob struct {
	Size  int
	Exec  []float64
	Slack []float64
}

// PackCluster is one cluster at the start of a round: m_i resources,
// the time each resource becomes free, and the attributes of the workload
// already allocated to it that has not finished yet.
type PackCluster struct {
	M       int
	Release []float64
	Load    Load
}

// Placed is a job of a seed schedule: it starts at Start on resources
// First .. First+Size-1 of cluster Cluster (MUSCLE Alg. 3 step 11).
type Placed struct {
	Job     int
	Cluster int
	Start   float64
	End     float64
	First   int
}

// Space is a resource space (t, r, cp) of MUSCLE Alg. 3: r resources,
// cp the first, all free from time t.
type Space struct {
	T  float64
	R  int
	CP int
}

// Earliest returns the earliest available resource space of a cluster
// whose resources become free at the given times: t is the earliest
// release, and the space is the first maximal run of consecutive
// resources free at t. whole reports whether that run is the whole
// cluster.
func Earliest(release []float64) (sp Space, whole bool) {
	if len(release) == 0 {
		return Space{}, false
	}
	t := math.Inf(1)
	for _, x := range release {
		if x < t {
			t = x
		}
	}
	cp := slices.IndexFunc(release, func(x float64) bool { return x <= t })
	r := 0
	for i := cp; i < len(release) && release[i] <= t; i++ {
		r++
	}
	return Space{T: t, R: r, CP: cp}, r == len(release)
}

// skipSpace leaves the resources of sp idle until the next release time
// in the cluster, so that they merge with the space freed then. It is
// used when no unallocated job fits the space.
func skipSpace(release []float64, sp Space) {
	next := math.Inf(1)
	for _, x := range release {
		if x > sp.T && x < next {
			next = x
		}
	}
	for i := sp.CP; i < sp.CP+sp.R; i++ {
		release[i] = next
	}
}

// Packer runs MUSCLE Alg. 4 steps 3-10 for one round of collected jobs.
type Packer struct {
	Jobs     []PackJob
	Clusters []PackCluster
	// Rand breaks ties between clusters of equal epsilon and size.
	Rand *rng.Rand
	// Frame, when not nil, receives every step for animation.
	Frame func(Packing)
	// Table is the composition table built by Run.
	Table *Table
}

// Packing is the payload of a "packing" frame. Op says what happened:
//
//	"row"   Alg. 1 appended composition Jobs to row Row (Jobs[0] is the
//	        job J_i being added).
//	"space" Alg. 4 offered space (T, R, CP) of cluster C; Eps are the
//	        epsilons (eq. 3) of all clusters, -1 for one that cannot take
//	        any remaining job.
//	"try"   Alg. 3/2 examined composition Jobs of row Row (Pos in the
//	        row) with Taken of its jobs allocated, as an alternative for
//	        job For ("" for Alg. 3's own pick), at depth Depth; OK says
//	        whether it could be used.
//	"pick"  Alg. 3 put Jobs into the space, from resource CP at time T.
//	"skip"  nothing fits: the space stays idle until the next release.
//
// Jobs are job indices into the round (the caller maps them to ids).
type Packing struct {
	Op    string    `json:"op"`
	Round int       `json:"round,omitempty"`
	C     *int      `json:"c,omitempty"` // cluster index; absent for "row"
	Row   int       `json:"row,omitempty"`
	Pos   int       `json:"pos,omitempty"`
	Jobs  []int     `json:"jobs,omitempty"`
	For   *int      `json:"for,omitempty"` // "try" only; -1 for Alg. 3's own pick
	Taken int       `json:"taken,omitempty"`
	Depth int       `json:"depth,omitempty"`
	OK    bool      `json:"ok,omitempty"`
	T     float64   `json:"t,omitempty"`
	R     int       `json:"r,omitempty"`
	CP    int       `json:"cp,omitempty"`
	Eps   []float64 `json:"eps,omitempty"`
}

// Run packs every job into a seed schedule per cluster. It returns the
// placements in the order they were made and the indices of jobs that fit
// no cluster (size below 1 or above m_MAX). Clusters' Release and Load are
// updated in place.
func (pk *Packer) Run() (placed []Placed, unfit []int) {
	mMax := 0
	ms := make([]int, len(pk.Clusters))
	for i, c := range pk.Clusters {
		ms[i] = c.M
		mMax = max(mMax, c.M)
	}
	sizes := make([]int, len(pk.Jobs))
	for i, j := range pk.Jobs {
		sizes[i] = j.Size
	}
	var onStep func(TableStep)
	if pk.Frame != nil {
		onStep = func(s TableStep) {
			pk.Frame(Packing{Op: "row", Row: s.Row, Jobs: s.Comp})
		}
	}
	pk.Table = BuildTable(sizes, mMax, onStep) // Alg. 4 step 3
	al := NewAllocator(pk.Table)
	left := 0
	for i, s := range sizes {
		if s < 1 || s > mMax {
			unfit = append(unfit, i)
			al.Taken[i] = true
			continue
		}
		left++
	}
	cur := -1
	if pk.Frame != nil {
		al.Tries = func(t Try) {
			c := pk.Table.Row(t.Row)[t.Pos]
			ci, f := cur, t.For
			pk.Frame(Packing{Op: "try", C: &ci, Row: t.Row, Pos: t.Pos, Jobs: c, For: &f, Taken: t.Taken, Depth: t.Depth, OK: t.OK})
		}
	}
	ok := make([]bool, len(pk.Clusters))
	for i, c := range pk.Clusters {
		ok[i] = c.M > 0 && len(c.Release) == c.M
	}
	eps := make([]float64, len(pk.Clusters))
	for left > 0 { // Alg. 4 steps 4-10
		for i, c := range pk.Clusters { // step 6
			eps[i] = Epsilon(c.Load, c.M)
		}
		ci := PickCluster(eps, ms, ok, pk.Rand) // step 7
		if ci < 0 {
			break
		}
		cur = ci
		c := &pk.Clusters[ci]
		sp, whole := Earliest(c.Release)
		if pk.Frame != nil {
			e := make([]float64, len(eps))
			for i := range eps {
				e[i] = eps[i]
				if !ok[i] {
					e[i] = -1
				}
			}
			pk.Frame(Packing{Op: "space", C: &ci, T: sp.T, R: sp.R, CP: sp.CP, Eps: e})
		}
		q := al.Alloc(sp.R) // step 8
		if len(q) == 0 {
			if whole {
				// Every remaining job is larger than this cluster.
				ok[ci] = false
			} else {
				skipSpace(c.Release, sp)
			}
			if pk.Frame != nil {
				pk.Frame(Packing{Op: "skip", C: &ci, T: sp.T, R: sp.R, CP: sp.CP})
			}
			continue
		}
		// Alg. 3 step 11: start at t, laid out from resource cp in the
		// order of q; step 9 of Alg. 4 updates the space and the load.
		at := sp.CP
		for _, k := range q {
			j := pk.Jobs[k]
			end := sp.T + j.Exec[ci]
			for h := at; h < at+j.Size; h++ {
				c.Release[h] = end
			}
			placed = append(placed, Placed{Job: k, Cluster: ci, Start: sp.T, End: end, First: at})
			c.Load.Add(j.Exec[ci], j.Size, j.Slack[ci])
			at += j.Size
		}
		left -= len(q)
		if pk.Frame != nil {
			pk.Frame(Packing{Op: "pick", C: &ci, Jobs: q, T: sp.T, R: sp.R, CP: sp.CP})
		}
	}
	if left > 0 {
		for i := range sizes {
			if !al.Taken[i] {
				unfit = append(unfit, i)
			}
		}
	}
	return placed, unfit
}
