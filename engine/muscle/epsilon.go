package muscle

import "gridplay/engine/rng"

// minSlack is the floor of slkSum_i in eq. 3, so that a cluster whose
// jobs have no slack at all gets a very large but finite epsilon that
// still orders clusters by the numerator.
const minSlack = 1e-9

// Load is the workload attributes of one cluster (MUSCLE section 4.3):
// p_i, etSum_i, sizeSum_i and slkSum_i of the jobs allocated to it.
type Load struct {
	P       int
	EtSum   float64
	SizeSum float64
	SlkSum  float64
}

// Add counts one more job of execution time et (in this cluster), size s
// and slack slk.
func (l *Load) Add(et float64, s int, slk float64) {
	l.P++
	l.EtSum += et
	l.SizeSum += float64(s)
	l.SlkSum += slk
}

// Epsilon is MUSCLE eq. 3 for a cluster of m resources:
//
//	epsilon = p_i * etSum_i * sizeSum_i / (slkSum_i * m_i)
//
// A cluster with no jobs yet has epsilon 0: nothing is allocated to it,
// so it is the most attractive, and the tie rule then prefers the larger
// of several empty clusters. slkSum_i below minSlack counts as minSlack.
func Epsilon(l Load, m int) float64 {
	if l.P == 0 || m <= 0 {
		return 0
	}
	slk := max(l.SlkSum, minSlack)
	return float64(l.P) * l.EtSum * l.SizeSum / (slk * float64(m))
}

// PickCluster returns the index of the cluster to serve next (MUSCLE
// section 4.3): the smallest epsilon, then the greatest size m, then a
// choice drawn from r among the clusters still tied. ok[i] false excludes
// cluster i. It returns -1 when no cluster is eligible.
func PickCluster(eps []float64, m []int, ok []bool, r *rng.Rand) int {
	best := -1
	ties := 0
	for i := range eps {
		if !ok[i] {
			continue
		}
		switch {
		case best < 0 || eps[i] < eps[best] || (eps[i] == eps[best] && m[i] > m[best]):
			best, ties = i, 1
		case eps[i] == eps[best] && m[i] == m[best]:
			ties++
		}
	}
	if ties <= 1 || r == nil {
		return best
	}
	// Equal epsilon and equal size: uniform among the tied clusters.
	k := r.IntN(ties)
	for i := range eps {
		if ok[i] && eps[i] == eps[best] && m[i] == m[best] {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return best
}
