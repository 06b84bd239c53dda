package titan

import (
	"cmp"
	"math"

	"gridplay/engine/model"
)

// DefaultConfig is the paper's setting where it gives one, and a
// documented choice where it does not (package doc):
//
//   - Population 40: section 4.2 found 40 and 60 "minimal" apart and 40
//     much cheaper.
//   - Weights {Makespan 1, Idle 0, Deadline 1}: the paper neglects the
//     idle weight in its experiments (section 4.2, "it has a less visible
//     effect"); eq. 8 sums pockets over all hosts, so with W^i = W^m it
//     outweighs the makespan and favours every task on all hosts.
//   - CrossoverRate 0.8, MutationRate 0.2, MapMutationRate 0.5, Elite 1:
//     the paper gives no rates; these were TUNED, and LiteratureRates is
//     the untuned alternative.
func DefaultConfig() Config {
	return Config{
		Population:      40,
		Weights:         Weights{Makespan: 1, Idle: 0, Deadline: 1},
		CrossoverRate:   0.8,
		MutationRate:    0.2,
		MapMutationRate: 0.5,
		Elite:           1,
	}
}

// LiteratureRates are the untuned GA rates: K.A. De Jong's standard
// setting (An Analysis of the Behavior of a Class of Genetic Adaptive
// Systems, PhD thesis, University of Michigan, 1975): crossover 0.6 and
// mutation 0.001 per gene. TITAN's mutations act once per child (one
// swap of the order, expr. 13; one toggle of the host map, expr. 14), so
// the per-gene rate becomes the expected number of mutated genes per
// child: 0.001 times n order genes for the swap, and 0.001 times n·m map
// bits for the toggle (capped at 1). Population and elitism stay as in
// DefaultConfig: the population is the paper's (section 4.2).
func LiteratureRates(n, m int) Config {
	c := DefaultConfig()
	c.CrossoverRate = 0.6
	c.MutationRate = math.Min(1, 0.001*float64(n))
	c.MapMutationRate = math.Min(1, 0.001*float64(n*m))
	return c
}

// MaxPopulation caps Config.Population (memory is population x tasks x
// host words).
const MaxPopulation = 10000

// withDefaults fills zero fields from DefaultConfig.
func (c Config) withDefaults() Config {
	d := DefaultConfig()
	c.Population = cmp.Or(c.Population, d.Population)
	c.Weights = cmp.Or(c.Weights, d.Weights)
	c.CrossoverRate = cmp.Or(c.CrossoverRate, d.CrossoverRate)
	c.MutationRate = cmp.Or(c.MutationRate, d.MutationRate)
	c.MapMutationRate = cmp.Or(c.MapMutationRate, d.MapMutationRate)
	c.Elite = max(cmp.Or(c.Elite, d.Elite), 0)
	return c
}

// Validate reports the first bad field of c (after defaults), named like
// the titan policy's parameters.
func (c Config) Validate() error {
	c = c.withDefaults()
	if c.Population < 2 || c.Population > MaxPopulation {
		return model.Errf("population", "must be between 2 and 10000")
	}
	if err := c.Weights.Validate(); err != nil {
		return err
	}
	for _, r := range []struct {
		name string
		v    float64
	}{{"crossover", c.CrossoverRate}, {"mutation", c.MutationRate}, {"map_mutation", c.MapMutationRate}} {
		if !(r.v >= 0 && r.v <= 1) {
			return model.Errf(r.name, "must be between 0 and 1")
		}
	}
	if c.Elite >= c.Population {
		return model.Errf("elite", "must be less than the population")
	}
	return nil
}

// Validate checks that every weight is finite and >= 0.
func (w Weights) Validate() error {
	for _, x := range []struct {
		name string
		v    float64
	}{{"w_makespan", w.Makespan}, {"w_idle", w.Idle}, {"w_deadline", w.Deadline}} {
		if !(x.v >= 0) || math.IsInf(x.v, 0) {
			return model.Errf(x.name, "must be a finite weight >= 0")
		}
	}
	return nil
}
