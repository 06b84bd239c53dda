package main

import (
	"flag"
	"fmt"
	"math"
	"runtime"

	"gridplay/engine/model"
	"gridplay/engine/shake"
	shakereport "gridplay/engine/shake/report"
)

// shakeOpts are the flags of run -shake.
type shakeOpts struct {
	runs     int
	jitter   float64
	drop     float64
	dup      float64
	seed     uint64
	parallel int
	fs       *flag.FlagSet
}

func shakeFlags(fs *flag.FlagSet) *shakeOpts {
	o := &shakeOpts{fs: fs}
	fs.IntVar(&o.runs, "shake", 0, "run N shaken copies of the workload (input shaking, Tsafrir et al. 2007) and report each metric's mean and 95% confidence interval")
	fs.Float64Var(&o.jitter, "jitter", math.NaN(), "with -shake: largest shift of a submit time, s (default 10% of the mean inter-arrival time)")
	fs.Float64Var(&o.drop, "drop", shake.DefaultDrop, "with -shake: share of jobs left out of each copy")
	fs.Float64Var(&o.dup, "dup", shake.DefaultDup, "with -shake: share of jobs duplicated in each copy")
	fs.Uint64Var(&o.seed, "shake-seed", 0, "with -shake: seed of the perturbations (default the scenario's seed)")
	fs.IntVar(&o.parallel, "parallel", runtime.NumCPU(), "with -shake: copies run at once")
	return o
}

// request is the shake request the flags describe.
func (o *shakeOpts) request(policies []string) shake.Request {
	r := shake.Request{Runs: o.runs, Policies: policies, Drop: &o.drop, Dup: &o.dup}
	if !math.IsNaN(o.jitter) {
		r.Jitter = &o.jitter
	}
	o.fs.Visit(func(f *flag.Flag) {
		if f.Name == "shake-seed" {
			r.Seed = &o.seed
		}
	})
	return r
}

// shake runs N shaken copies of s under every policy and prints the
// summary; the comparison of each pair goes to stderr in sentences.
func (c *command) shake(file string, s *model.Scenario, policies []string, o *shakeOpts, format string) int {
	if o.parallel < 1 {
		return c.usageErr("-parallel must be at least 1, got %d", o.parallel)
	}
	req := o.request(policies)
	if len(policies) == 0 {
		req.Policies = []string{s.Policy.Name}
	}
	prog := newProgress(c.stderr, "shake", o.runs+1, fmt.Sprintf("%d goroutines", o.parallel))
	sum, err := shake.Run(c.ctx, s, req, o.parallel, prog.done)
	prog.end()
	if err != nil {
		return c.fail("%s: %v", file, err)
	}
	for _, n := range sum.Notes {
		fmt.Fprintf(c.stderr, "# %s\n", n)
	}
	for _, d := range sum.Compare {
		if d.Metric != "wait" && d.Metric != "bsld" && d.Metric != "utilisation" {
			continue
		}
		verdict := "not significant"
		if d.Significant {
			verdict = "significant, " + d.Better + " better"
		}
		fmt.Fprintf(c.stderr, "# %s - %s, %s: %.4g [%.4g, %.4g], p = %.3g (%s)\n", d.A, d.B, d.Metric, d.Mean, d.Low, d.High, d.P, verdict)
	}
	if format == "csv" {
		if err := shakereport.WriteCSV(c.stdout, sum); err != nil {
			return c.fail("%v", err)
		}
		return 0
	}
	return c.writeJSON(sum)
}
