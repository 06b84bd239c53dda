package check

import (
	"cmp"
	"math"
	"sort"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// gamf replays the schedule's starts through GA-MF's bandwidth-aware
// execution model (GA-MF eq. 1, section 3.1, and the link sharing over
// time of engine/gamf's doc, choice 4) and checks each end against it.
func (c *checker) gamf() {
	cl := c.s.Platform.Clusters
	nc := len(cl)
	mips := make([]float64, nc)
	bk := make([]float64, nc) // B^k, Mbit/s
	ref := 0.0
	for k := range cl {
		mips[k], bk[k] = cmp.Or(cl[k].MIPS, 1000), cmp.Or(cl[k].Bandwidth, 1000)
		ref = math.Max(ref, mips[k])
	}
	type run struct {
		p     *sched.Placement
		tb    float64   // Tb_j
		sigma float64   // sigma_j
		ps    float64   // PS_j
		bjk   []float64 // B_j^k per cluster
		in    []bool    // the clusters CS_j is taken over
		rem   float64   // share of the work left
		rate  float64   // share per second now
		end   float64   // computed end
	}
	csUsed := c.s.Policy.Params["cs"] == 1
	var runs []*run
	c.each(func(j *model.Job, p *sched.Placement) {
		c.size(j, p)
		if len(p.Alloc) == 0 {
			c.add(p.Job, "model", "a GA-MF placement must name its nodes (Alloc)")
			return
		}
		r := &run{p: p, tb: j.Runtime, sigma: j.SigmaOr(), bjk: make([]float64, nc), in: make([]bool, nc), rem: 1}
		tau := 0
		for _, a := range p.Alloc {
			tau += len(a.Nodes)
		}
		for _, a := range p.Alloc {
			k := c.idx(a.Cluster)
			if k < 0 || len(a.Nodes) == 0 {
				continue
			}
			r.ps = math.Max(r.ps, ref/mips[k]) // PS_j = max_r PS_j^r, PS^r = P_ref/P_r
			t := len(a.Nodes)
			if tau > 1 && t < tau {
				// B_j^k = (t_j^k B_j)(tau_j - t_j^k)/(tau_j - 1)
				r.bjk[k] = (float64(t) * j.Bandwidth) * (float64(tau-t) / float64(tau-1))
			}
			// CS_j is taken over every cluster holding a task of the
			// job (engine/gamf's default reading), or under reading
			// cs-used (policy parameter cs = 1) over the links it
			// loads (B_j^k > 0).
			r.in[k] = !csUsed || r.bjk[k] > 0
		}
		runs = append(runs, r)
	})
	sort.SliceStable(runs, func(a, b int) bool { return runs[a].p.Start < runs[b].p.Start })
	load := make([]float64, nc)
	var active []*run
	rates := func() {
		clear(load)
		for _, r := range active {
			for k, b := range r.bjk {
				load[k] += b
			}
		}
		for _, r := range active {
			cs := 1.0 // CS_j = max over its clusters of CS_j^k
			for k, in := range r.in {
				if in && load[k] > bk[k] {
					cs = math.Max(cs, load[k]/bk[k]) // CS_j^k = 1/SD^k when SD^k < 1
				}
			}
			tc := r.sigma*r.ps + (1-r.sigma)*cs // tc_j
			r.rate = 1 / (r.tb * tc)            // T^e_j = Tb_j tc_j under constant conditions
		}
	}
	now := math.Inf(-1)
	next := 0
	for next < len(runs) || len(active) > 0 {
		// The earliest end among the running jobs.
		te, first := math.Inf(1), -1
		for i, r := range active {
			if e := now + r.rem/r.rate; e < te {
				te, first = e, i
			}
		}
		ts := math.Inf(1)
		if next < len(runs) {
			ts = runs[next].p.Start
		}
		t := math.Min(te, ts)
		if len(active) > 0 {
			for _, r := range active {
				r.rem -= r.rate * (t - now)
			}
		}
		now = t
		if te <= ts && first >= 0 {
			active[first].rem = 0
			kept := active[:0]
			for _, r := range active {
				if r.rem <= 1e-12 {
					r.end = now
					continue
				}
				kept = append(kept, r)
			}
			active = kept
		}
		for next < len(runs) && runs[next].p.Start <= now {
			r := runs[next]
			next++
			if r.tb <= 0 {
				r.end = now
				continue
			}
			active = append(active, r)
		}
		rates()
	}
	for _, r := range runs {
		want := r.end - r.p.Start
		c.runs(r.p, want, 1e-6, "GA-MF (eq. 1 with link sharing over time)")
	}
}
