package shake

import "math"

// meanSD is the sample mean and the sample standard deviation (n - 1 in
// the denominator; 0 for one value).
func meanSD(xs []float64) (mean, sd float64) {
	n := float64(len(xs))
	if n == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= n
	if n < 2 {
		return mean, 0
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / (n - 1))
}

// StudentCDF is P(T <= t) for Student's t distribution with df degrees
// of freedom, df a whole number >= 1, from the finite series of
// Abramowitz and Stegun 26.7.3-26.7.4: with theta = atan(t/sqrt(df)),
// A(t|df) = P(|T| <= t) is
//
//	df = 1:    2 theta / pi
//	df odd:    (2/pi) (theta + sin theta (cos theta + (2/3) cos^3 theta
//	           + ... + (2 4 ... (df-3))/(1 3 ... (df-2)) cos^(df-2) theta))
//	df even:   sin theta (1 + (1/2) cos^2 theta + ... +
//	           (1 3 ... (df-3))/(2 4 ... (df-2)) cos^(df-2) theta)
//
// and the CDF is (1 + A)/2 for t >= 0. Only square roots, arithmetic and
// math.Atan (pure Go on every platform) are used, so the value is the
// same bytes natively and in WebAssembly; math.Exp and math.Log are not
// (amd64 has assembly versions of them).
func StudentCDF(t, df float64) float64 {
	if math.IsNaN(t) || !(df >= 1) || df != math.Trunc(df) || df > 1e6 {
		return math.NaN()
	}
	if math.IsInf(t, 0) {
		if t > 0 {
			return 1
		}
		return 0
	}
	a := twoSided(math.Abs(t), int(df))
	if t >= 0 {
		return (1 + a) / 2
	}
	return (1 - a) / 2
}

// twoSided is A(t|df) = P(|T| <= t), t >= 0 (StudentCDF).
func twoSided(t float64, df int) float64 {
	r := math.Sqrt(float64(df) + t*t)
	sin, cos := t/r, math.Sqrt(float64(df))/r
	c2 := cos * cos
	if df%2 == 1 {
		theta := math.Atan(t / math.Sqrt(float64(df)))
		if df == 1 {
			return 2 * theta / math.Pi
		}
		sum, term := cos, cos
		for k := 3; k <= df-2; k += 2 {
			term *= c2 * float64(k-1) / float64(k)
			sum += term
		}
		return 2 / math.Pi * (theta + sin*sum)
	}
	sum, term := 1.0, 1.0
	for k := 2; k <= df-2; k += 2 {
		term *= c2 * float64(k-1) / float64(k)
		sum += term
	}
	return sin * sum
}

// StudentQuantile is the t with StudentCDF(t, df) = p, for 0 < p < 1,
// by bisection (to the float64 resolution of the CDF).
func StudentQuantile(p, df float64) float64 {
	if !(p > 0 && p < 1) || !(df >= 1) {
		return math.NaN()
	}
	if p < 0.5 {
		return -StudentQuantile(1-p, df)
	}
	lo, hi := 0.0, 1.0
	for StudentCDF(hi, df) < p {
		hi *= 2
		if hi > 1e12 {
			return math.Inf(1)
		}
	}
	for i := 0; i < 200 && hi-lo > 1e-12*hi; i++ {
		mid := (lo + hi) / 2
		if StudentCDF(mid, df) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// Interval is the mean of xs, their sample standard deviation and the
// 95% confidence interval of the mean, mean +- t_{0.975, n-1} sd /
// sqrt(n) (Student); for one value the interval is the value itself.
// engine/sched/verdict decides the papers' claims on it too.
func Interval(xs []float64) (mean, sd, lo, hi float64) {
	mean, sd = meanSD(xs)
	n := len(xs)
	if n < 2 {
		return mean, sd, mean, mean
	}
	h := StudentQuantile(0.975, float64(n-1)) * sd / math.Sqrt(float64(n))
	return mean, sd, mean - h, mean + h
}

// pairedT is the two-sided p value of the paired t test of mean(d) = 0:
// t = mean / (sd / sqrt(n)), p = 2 (1 - T_{n-1}(|t|)). With sd = 0 the
// differences are all equal: p is 1 when they are 0 and 0 otherwise.
func pairedT(d []float64) float64 {
	mean, sd := meanSD(d)
	n := len(d)
	if n < 2 {
		return 1
	}
	if sd == 0 {
		if mean == 0 {
			return 1
		}
		return 0
	}
	t := mean / (sd / math.Sqrt(float64(n)))
	return 1 - twoSided(math.Abs(t), n-1) // 2 (1 - T(|t|))
}
