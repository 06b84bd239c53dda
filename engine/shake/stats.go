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
// of freedom: for t >= 0, 1 - I_x(df/2, 1/2)/2 with x = df/(df + t^2),
// I the regularised incomplete beta function.
func StudentCDF(t, df float64) float64 {
	if math.IsNaN(t) || df <= 0 {
		return math.NaN()
	}
	if math.IsInf(t, 1) {
		return 1
	}
	if math.IsInf(t, -1) {
		return 0
	}
	tail := 0.5 * incBeta(df/2, 0.5, df/(df+t*t))
	if t >= 0 {
		return 1 - tail
	}
	return tail
}

// StudentQuantile is the t with StudentCDF(t, df) = p, for 0 < p < 1,
// by bisection (to the float64 resolution of the CDF).
func StudentQuantile(p, df float64) float64 {
	if !(p > 0 && p < 1) || df <= 0 {
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

// incBeta is the regularised incomplete beta function I_x(a, b), from
// its continued fraction evaluated by the modified Lentz method, using
// the symmetry I_x(a, b) = 1 - I_{1-x}(b, a) where the fraction converges
// slowly.
func incBeta(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log1p(-x))
	if x > (a+1)/(a+b+2) {
		return 1 - front*betaCF(b, a, 1-x)/b
	}
	return front * betaCF(a, b, x) / a
}

// betaCF is the continued fraction of the incomplete beta function.
func betaCF(a, b, x float64) float64 {
	const tiny = 1e-300
	c, d := 1.0, 1-(a+b)*x/(a+1)
	if math.Abs(d) < tiny {
		d = tiny
	}
	d = 1 / d
	h := d
	for m := 1; m <= 300; m++ {
		fm := float64(m)
		// Even step.
		num := fm * (b - fm) * x / ((a + 2*fm - 1) * (a + 2*fm))
		d = 1 + num*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + num/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		h *= d * c
		// Odd step.
		num = -(a + fm) * (a + b + fm) * x / ((a + 2*fm) * (a + 2*fm + 1))
		d = 1 + num*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + num/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-15 {
			break
		}
	}
	return h
}

// interval is the 95% confidence interval of the mean of xs, mean +-
// t_{0.975, n-1} sd / sqrt(n) (Student), and the half-width; for one
// value the interval is the value itself.
func interval(xs []float64) (mean, sd, lo, hi float64) {
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
	df := float64(n - 1)
	// 2 (1 - T(|t|)) = I_{df/(df+t^2)}(df/2, 1/2), without the
	// cancellation of 1 - T for large |t|.
	return incBeta(df/2, 0.5, df/(df+t*t))
}
