package workload

import (
	"cmp"
	"errors"
	"math"
	"strconv"

	"gridplay/engine/detmath"
	"gridplay/engine/model"
	"gridplay/engine/rng"
)

// DefaultAlpha is the bounded Pareto shape used when Generator.Alpha is 0
// (MUSCLE eq. 4 gives no value).
const DefaultAlpha = 1.0

// BoundedPareto draws from the bounded Pareto distribution of MUSCLE eq. 4,
//
//	f(x) = alpha lo^alpha / (1 - (lo/hi)^alpha) * x^(-alpha-1), lo <= x <= hi,
//
// by inverting its distribution function F(x) = (1 - (lo/x)^alpha) /
// (1 - (lo/hi)^alpha): x = lo / (1 - u (1 - (lo/hi)^alpha))^(1/alpha).
// lo == hi gives lo. It needs 0 < lo <= hi and alpha > 0.
func BoundedPareto(r *rng.Rand, lo, hi, alpha float64) float64 {
	if hi <= lo {
		return lo
	}
	u := r.Float64()
	k := 1 - detmath.Pow(lo/hi, alpha)
	x := lo / detmath.Pow(1-u*k, 1/alpha)
	return math.Min(math.Max(x, lo), hi)
}

// PoissonArrivals returns n arrival times of a Poisson process of the given
// rate (jobs per second) starting at start: each gap is exponential with
// mean 1/rate, and the first arrival is one gap after start.
func PoissonArrivals(r *rng.Rand, rate float64, n int, start float64) []float64 {
	out := make([]float64, n)
	t := start
	for i := range out {
		t += r.ExpFloat64() / rate
		out[i] = t
	}
	return out
}

// UniformSize draws a size uniformly from the integers lo..hi.
func UniformSize(r *rng.Rand, lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + r.IntN(hi-lo+1)
}

// NormalSize draws a normal size with the given mean and standard
// deviation, rounded and redrawn when outside lo..hi (clamped after 64
// misses).
func NormalSize(r *rng.Rand, lo, hi int, mean, std float64) int {
	if hi <= lo {
		return lo
	}
	x := mean
	for range 64 {
		x = math.Round(mean + std*r.NormFloat64())
		if x >= float64(lo) && x <= float64(hi) {
			return int(x)
		}
	}
	return int(math.Min(math.Max(x, float64(lo)), float64(hi)))
}

// LogSize draws a size in lo..hi such that the probability of a size below
// n is log(n/lo)/log((hi+1)/lo): proportional to log n for lo = 1 (MUSCLE
// section 5).
func LogSize(r *rng.Rand, lo, hi int) int {
	if hi <= lo {
		return lo
	}
	x := float64(lo) * detmath.Pow(float64(hi+1)/float64(lo), r.Float64())
	n := int(math.Floor(x))
	return min(max(n, lo), hi)
}

// Deadline is MUSCLE eq. 5 as an absolute time: the arrival plus the
// longest execution time over the clusters, times (1 + dr).
func Deadline(arrival, maxExec, dr float64) float64 {
	return arrival + maxExec*(1+dr) // MUSCLE eq. 5
}

// speeds returns u_1 (the first cluster's speed) and the slowest speed,
// 0 meaning 1.
func speeds(p model.Platform) (u1, slowest float64) {
	u1, slowest = 1, math.Inf(1)
	for i, c := range p.Clusters {
		u := cmp.Or(c.Speed, 1)
		if i == 0 {
			u1 = u
		}
		slowest = math.Min(slowest, u)
	}
	if math.IsInf(slowest, 1) {
		slowest = 1
	}
	return u1, slowest
}

// Generate draws g.Jobs jobs for platform p from r (see the package doc
// for every convention). Problems with g are model.Errors on fields
// "generator.<field>".
func Generate(g model.Generator, p model.Platform, r *rng.Rand) ([]model.Job, error) {
	check := &model.Scenario{Version: model.Version, Platform: p, Generator: &g, Policy: model.Policy{Name: "generate"}}
	if err := check.Validate(); err != nil {
		return nil, err
	}
	if r == nil {
		return nil, errors.New("workload: nil random stream")
	}
	arrR, execR, drR, sizeR, codeR := rng.Child(r), rng.Child(r), rng.Child(r), rng.Child(r), rng.Child(r)
	alpha := cmp.Or(g.Alpha, DefaultAlpha)
	mean := cmp.Or(g.SizeMean, float64(g.SizeMin+g.SizeMax)/2)
	std := cmp.Or(g.SizeStd, float64(g.SizeMax-g.SizeMin)/4)
	u1, slowest := speeds(p)
	arrivals := PoissonArrivals(arrR, g.Rate, g.Jobs, 0)
	jobs := make([]model.Job, g.Jobs)
	for i := range jobs {
		j := &jobs[i]
		j.ID = "j" + strconv.Itoa(i+1)
		j.Submit = arrivals[i]
		e1 := BoundedPareto(execR, g.ExecMin, g.ExecMax, alpha) // MUSCLE eq. 4, time on C_1
		j.Runtime = e1 * u1                                     // reference time: C_j runs it in e1*u1/u_j
		if g.DRMin != 0 || g.DRMax != 0 {
			dr := g.DRMin + (g.DRMax-g.DRMin)*drR.Float64()
			j.Deadline = Deadline(j.Submit, j.Runtime/slowest, dr) // MUSCLE eq. 5
		}
		switch g.Sizes {
		case "normal":
			j.Size = NormalSize(sizeR, g.SizeMin, g.SizeMax, mean, std)
		case "log":
			j.Size = LogSize(sizeR, g.SizeMin, g.SizeMax)
		default:
			j.Size = UniformSize(sizeR, g.SizeMin, g.SizeMax)
		}
		if len(g.Codes) > 0 {
			j.App = &model.App{Code: g.Codes[codeR.IntN(len(g.Codes))]}
		}
	}
	return jobs, nil
}
