package outputs

import (
	"math"

	"gridplay/engine/sched"
)

// MaxCDFPoints is the most CDF points a distribution carries.
const MaxCDFPoints = 101

// DistMetrics are the per-job measures Distributions summarises, in
// order.
var DistMetrics = []string{"wait", "turnaround", "bsld"}

// Distributions summarises wait, turnaround and bounded slowdown over the
// scheduled rows of a per-job table (package doc). Nil when no job was
// scheduled.
func Distributions(rows []Job) []sched.Dist {
	var wait, turn, bsld []float64
	for k := range rows {
		r := &rows[k]
		if r.State == Dropped {
			continue
		}
		wait = append(wait, r.Wait)
		turn = append(turn, r.Turnaround)
		bsld = append(bsld, r.BSLD)
	}
	if len(wait) == 0 {
		return nil
	}
	return []sched.Dist{Summarise("wait", wait), Summarise("turnaround", turn), Summarise("bsld", bsld)}
}

// Summarise is the Dist of xs (which it sorts in place).
func Summarise(metric string, xs []float64) sched.Dist {
	d := sched.Dist{Metric: metric, N: len(xs)}
	n := len(xs)
	if n == 0 {
		return d
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	d.Mean = sum / float64(n)
	sortFloats(xs)
	if n%2 == 1 {
		d.Median = xs[n/2]
	} else {
		d.Median = (xs[n/2-1] + xs[n/2]) / 2
	}
	d.P95 = Percentile(xs, 95)
	d.Max = xs[n-1]
	d.CDF = cdf(xs)
	return d
}

// Percentile is the nearest-rank p-th percentile (p in 0..100) of sorted
// xs: the value at rank ceil(p n / 100), rank 1 for p = 0.
func Percentile(sorted []float64, p int) float64 {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	return sorted[rank(p, n)-1]
}

// rank is ceil(p n / 100) in 1..n, in integers so that no rounding moves
// it.
func rank(p, n int) int {
	return min(max((p*n+99)/100, 1), n)
}

// cdf gives points (x, F(x)) of the empirical CDF of sorted xs: every step
// when there are at most MaxCDFPoints distinct values, else the minimum
// and the nearest-rank percentiles 1..100.
func cdf(sorted []float64) []sched.XY {
	n := len(sorted)
	// end is the index of the last value equal to sorted[k], and at
	// the point of F there: F(sorted[k]) = (end + 1) / n.
	end := func(k int) int {
		for k+1 < n && sorted[k+1] == sorted[k] {
			k++
		}
		return k
	}
	at := func(k int) sched.XY {
		k = end(k)
		return sched.XY{X: sorted[k], Y: float64(k+1) / float64(n)}
	}
	distinct := 1
	for k := 1; k < n && distinct <= MaxCDFPoints; k++ {
		if sorted[k] != sorted[k-1] {
			distinct++
		}
	}
	var out []sched.XY
	if distinct <= MaxCDFPoints {
		for k := 0; k < n; k++ {
			if k+1 == n || sorted[k+1] != sorted[k] {
				out = append(out, sched.XY{X: sorted[k], Y: float64(k+1) / float64(n)})
			}
		}
		return out
	}
	out = append(out, at(0))
	// last is the end of the run of equal values the latest point was
	// read in: a rank within it gives that point again, which is not
	// appended (at would scan the run again for each percentile that
	// falls in it, and a whole trace's waits hold tens of thousands of
	// zeros). A NaN is a run of its own, and read again.
	last := -1
	for p := 1; p <= 100; p++ {
		k := rank(p, n) - 1
		if k <= last {
			continue
		}
		last = end(k)
		pt := sched.XY{X: sorted[last], Y: float64(last+1) / float64(n)}
		if math.IsNaN(pt.X) {
			last = -1
		}
		if pt.X != out[len(out)-1].X {
			out = append(out, pt)
		}
	}
	return out
}
