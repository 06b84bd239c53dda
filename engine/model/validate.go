package model

import (
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"
)

// Validate reports every problem in s, each with its field path in the JSON
// form (model.Errors), or nil. It checks structure, ranges and limits; it
// does not check that the policy exists (engine/runner does) nor that a
// job fits (a job too big for every cluster is a sched.Drop, not an error).
func (s *Scenario) Validate() error {
	if s == nil {
		return Errors{Errf("", "no scenario")}
	}
	v := &validator{}
	v.scenario(s)
	return v.es.Err()
}

type validator struct {
	es Errors
}

func (v *validator) add(field, msg string) { v.es = append(v.es, Errf(field, msg)) }

func (v *validator) addf(field, format string, a ...any) {
	v.add(field, fmt.Sprintf(format, a...))
}

func idx(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// name checks an optional name: length and valid UTF-8.
func (v *validator) name(field, s string) {
	if len(s) > MaxNameLen {
		v.addf(field, "is %d bytes; the limit is %d", len(s), MaxNameLen)
	}
	if !utf8.ValidString(s) {
		v.add(field, "must be valid UTF-8")
	}
}

// id checks a required identifier.
func (v *validator) id(field, s string) {
	if s == "" {
		v.add(field, "must not be empty")
		return
	}
	v.name(field, s)
}

// finite reports whether x is a usable number; it adds an error otherwise.
func (v *validator) finite(field string, x float64) bool {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		v.add(field, "must be a finite number")
		return false
	}
	return true
}

// nonNeg checks 0 <= x <= max.
func (v *validator) nonNeg(field string, x, max float64) {
	if !v.finite(field, x) {
		return
	}
	if x < 0 {
		v.add(field, "must not be negative")
	} else if x > max {
		v.addf(field, "must be at most %g", max)
	}
}

// rate checks an optional rate or factor: 0 (the documented default) or in
// [MinRate, max], so dividing a time by it stays finite.
func (v *validator) rate(field string, x, max float64) {
	v.check(field, x, x != 0 && (x < MinRate || x > max), fmt.Sprintf("must be 0 (the default) or between %g and %g", MinRate, max))
}

// check adds msg at field when x is finite and bad (a test of x).
func (v *validator) check(field string, x float64, bad bool, msg string) {
	if v.finite(field, x) && bad {
		v.add(field, msg)
	}
}

// time checks a time in seconds: finite, not negative, at most MaxTime.
func (v *validator) time(field string, x float64) { v.nonNeg(field, x, MaxTime) }

func (v *validator) scenario(s *Scenario) {
	if s.Version != Version {
		v.es = append(v.es, VersionError(s.Version))
	}
	v.name("name", s.Name)
	v.platform(&s.Platform)
	v.jobs(s)
	if s.Generator != nil {
		if len(s.Jobs) > 0 {
			v.add("generator", "set either jobs or generator, not both")
		}
		v.generator(s.Generator)
	}
	if s.Trace != nil {
		if len(s.Jobs) > 0 || s.Generator != nil {
			v.add("trace", "set one of jobs, generator or trace")
		}
		v.trace(s.Trace)
	}
	v.events(s)
	v.policy(&s.Policy)
	switch s.Compat {
	case "", CompatPyss:
	default:
		v.addf("compat", "is %q; the only reference simulator is %q (or leave it out)", s.Compat, CompatPyss)
	}
}

func (v *validator) platform(p *Platform) {
	const path = "platform.clusters"
	if len(p.Clusters) == 0 {
		v.add(path, "must have at least one cluster")
	}
	if len(p.Clusters) > MaxClusters {
		v.addf(path, "has %d clusters; the limit is %d", len(p.Clusters), MaxClusters)
		return
	}
	seen := make(map[string]int, len(p.Clusters))
	total := 0
	for i := range p.Clusters {
		c := &p.Clusters[i]
		cp := idx(path, i)
		v.id(cp+".id", c.ID)
		if j, dup := seen[c.ID]; dup && c.ID != "" {
			v.addf(cp+".id", "duplicate cluster id %q (also clusters[%d])", c.ID, j)
		} else {
			seen[c.ID] = i
		}
		v.name(cp+".name", c.Name)
		switch {
		case c.Nodes < 1:
			v.add(cp+".nodes", "must be at least 1")
		case c.Nodes > MaxNodes:
			v.addf(cp+".nodes", "is %d; the limit is %d nodes per cluster", c.Nodes, MaxNodes)
		default:
			total += c.Nodes
		}
		v.rate(cp+".speed", c.Speed, 1e6)
		v.rate(cp+".h", c.H, 1e6)
		v.rate(cp+".mips", c.MIPS, 1e12)
		v.rate(cp+".bandwidth", c.Bandwidth, 1e12)
		v.time(cp+".latency", c.Latency)
		if w := c.Weights; w != nil {
			v.nonNeg(cp+".weights.o", w.O, 1e9)
			v.nonNeg(cp+".weights.m", w.M, 1e9)
			v.nonNeg(cp+".weights.i", w.I, 1e9)
			if w.O == 0 && w.M == 0 && w.I == 0 {
				v.add(cp+".weights", "at least one weight must be positive (MUSCLE eq. 1 divides by their sum)")
			}
		}
		v.servers(cp, c)
	}
	if total > MaxTotalNodes {
		v.addf(path, "have %d nodes in all; the limit is %d", total, MaxTotalNodes)
	}
	if p.Network != nil {
		v.network(p)
	}
}

func (v *validator) servers(cp string, c *Cluster) {
	if len(c.Servers) == 0 {
		return
	}
	if len(c.Servers) > MaxServers {
		v.addf(cp+".servers", "has %d servers; the limit is %d", len(c.Servers), MaxServers)
		return
	}
	seen := make(map[string]int, len(c.Servers))
	sum := 0
	for i := range c.Servers {
		sv := &c.Servers[i]
		sp := idx(cp+".servers", i)
		v.id(sp+".id", sv.ID)
		if j, dup := seen[sv.ID]; dup && sv.ID != "" {
			v.addf(sp+".id", "duplicate server id %q (also servers[%d])", sv.ID, j)
		} else {
			seen[sv.ID] = i
		}
		switch {
		case sv.Nodes < 1:
			v.add(sp+".nodes", "must be at least 1")
		case sv.Nodes > MaxNodes:
			v.addf(sp+".nodes", "is %d; the limit is %d", sv.Nodes, MaxNodes)
		default:
			sum += sv.Nodes
		}
		if sv.PEs < 1 {
			v.add(sp+".pes", "must be at least 1")
		} else if sv.PEs > MaxPEs {
			v.addf(sp+".pes", "is %d; the limit is %d", sv.PEs, MaxPEs)
		}
		v.check(sp+".speed", sv.Speed, sv.Speed < MinRate || sv.Speed > 1e12, fmt.Sprintf("must be between %g and 1e12", MinRate))
	}
	if sum != c.Nodes && c.Nodes >= 1 {
		v.addf(cp+".nodes", "is %d but the servers have %d nodes in all; they must be equal", c.Nodes, sum)
	}
}

func (v *validator) network(p *Platform) {
	n := p.Network
	const np = "platform.network"
	v.rate(np+".bandwidth", n.Bandwidth, 1e12)
	v.time(np+".latency", n.Latency)
	mf := n.MultisiteFactor
	v.check(np+".multisite_factor", mf, mf != 0 && (mf < 1 || mf > 1e6), "must be 0 (meaning 1) or between 1 and 1e6")
	v.time(np+".migration_overhead", n.MigrationOverhead)
	if len(n.Links) > MaxLinks {
		v.addf(np+".links", "has %d links; the limit is %d", len(n.Links), MaxLinks)
		return
	}
	type pair struct{ a, b string }
	seen := make(map[pair]int, len(n.Links))
	for i := range n.Links {
		l := &n.Links[i]
		lp := idx(np+".links", i)
		okFrom := v.clusterRef(lp+".from", l.From, p)
		okTo := v.clusterRef(lp+".to", l.To, p)
		if okFrom && okTo {
			if l.From == l.To {
				v.add(lp+".to", "must differ from from")
			}
			k := pair{l.From, l.To}
			if k.b < k.a {
				k.a, k.b = k.b, k.a
			}
			if j, dup := seen[k]; dup {
				v.addf(lp, "duplicate link between %q and %q (also links[%d])", l.From, l.To, j)
			} else {
				seen[k] = i
			}
		}
		v.check(lp+".bandwidth", l.Bandwidth, l.Bandwidth < MinRate || l.Bandwidth > 1e12, fmt.Sprintf("must be between %g and 1e12", MinRate))
		v.time(lp+".latency", l.Latency)
	}
}

// clusterRef checks that id names a cluster of p.
func (v *validator) clusterRef(field, id string, p *Platform) bool {
	if id == "" {
		v.add(field, "must name a cluster")
		return false
	}
	if p.ClusterIndex(id) < 0 {
		if len(id) > MaxNameLen {
			v.add(field, "does not name a cluster")
		} else {
			v.addf(field, "unknown cluster %q", id)
		}
		return false
	}
	return true
}

func (v *validator) jobs(s *Scenario) {
	if len(s.Jobs) > MaxJobs {
		v.addf("jobs", "has %d jobs; the limit is %d", len(s.Jobs), MaxJobs)
		return
	}
	if len(s.Jobs) == 0 && s.Generator == nil && s.Trace == nil {
		v.add("jobs", "must have at least one job (or set generator or trace)")
		return
	}
	seen := newJobIndex(s.Jobs)
	for i := range s.Jobs {
		j := &s.Jobs[i]
		// The first job of an ID stays in the index (the one the error
		// names); an empty ID is reported below, not as a duplicate.
		if k := seen.insert(i, true); k >= 0 && j.ID != "" {
			v.addf(idx("jobs", i)+".id", "duplicate job id %q (also jobs[%d])", j.ID, k)
		}
		if plainJobOK(j) && (j.Origin == "" || s.Platform.ClusterIndex(j.Origin) >= 0) {
			continue // the common case, without building field paths
		}
		jp := idx("jobs", i)
		v.id(jp+".id", j.ID)
		v.time(jp+".submit", j.Submit)
		if j.Size < 1 {
			v.add(jp+".size", "must be at least 1")
		} else if j.Size > MaxTotalNodes {
			v.addf(jp+".size", "is %d; the limit is %d", j.Size, MaxTotalNodes)
		}
		if v.finite(jp+".runtime", j.Runtime) {
			switch {
			case j.Runtime < 0:
				v.add(jp+".runtime", "must not be negative")
			case j.Runtime > MaxTime:
				v.addf(jp+".runtime", "must be at most %g", float64(MaxTime))
			case j.Runtime == 0 && j.App == nil && j.Requested == 0:
				v.add(jp+".runtime", "must be positive (or give app); 0 needs a requested time")
			}
		}
		if j.App != nil {
			v.app(jp+".app", j.App)
		}
		v.time(jp+".requested", j.Requested)
		v.time(jp+".deadline", j.Deadline)
		if j.Priority < -1_000_000_000 || j.Priority > 1_000_000_000 {
			v.add(jp+".priority", "must be between -1e9 and 1e9")
		}
		if j.Origin != "" {
			v.clusterRef(jp+".origin", j.Origin, &s.Platform)
		}
		v.rate(jp+".bandwidth", j.Bandwidth, 1e12)
		if j.Sigma != nil {
			sg := *j.Sigma
			v.check(jp+".sigma", sg, sg < 0 || sg > 1, "must be between 0 and 1")
		}
		v.nonNeg(jp+".data", j.Data, 1e12)
		v.name(jp+".user", j.User)
	}
}

// plainJobOK is true for a job with a runtime, no app or sigma, whose
// every field is in range (its origin, if any, the caller looks up); NaN
// fails every comparison, so it is never OK here and gets the detailed
// checks.
func plainJobOK(j *Job) bool {
	return j.ID != "" && len(j.ID) <= MaxNameLen && utf8.ValidString(j.ID) &&
		j.Submit >= 0 && j.Submit <= MaxTime &&
		j.Size >= 1 && j.Size <= MaxTotalNodes &&
		(j.Runtime > 0 || j.Requested > 0) && j.Runtime >= 0 && j.Runtime <= MaxTime && j.App == nil &&
		j.Requested >= 0 && j.Requested <= MaxTime &&
		j.Deadline >= 0 && j.Deadline <= MaxTime &&
		j.Priority >= -1_000_000_000 && j.Priority <= 1_000_000_000 &&
		j.Sigma == nil &&
		(j.Bandwidth == 0 || (j.Bandwidth >= MinRate && j.Bandwidth <= 1e12)) &&
		j.Data >= 0 && j.Data <= 1e12 &&
		len(j.User) <= MaxNameLen && utf8.ValidString(j.User)
}

func (v *validator) app(ap string, a *App) {
	if a.Code == "" && len(a.Points) == 0 {
		v.add(ap, "must give code or points")
		return
	}
	if a.Code != "" && len(a.Points) > 0 {
		v.add(ap, "give code or points, not both")
	}
	if a.Code != "" && !KnownAppCode(a.Code) {
		if len(a.Code) > MaxNameLen {
			v.add(ap+".code", "is not a known application code")
		} else {
			v.addf(ap+".code", "unknown application code %q (known: %v)", a.Code, AppCodes)
		}
	}
	if len(a.Points) > MaxPoints {
		v.addf(ap+".points", "has %d points; the limit is %d", len(a.Points), MaxPoints)
		return
	}
	prev := 0
	for i, p := range a.Points {
		pp := idx(ap+".points", i)
		if p.N < 1 || p.N > MaxTotalNodes {
			v.addf(pp+".n", "must be between 1 and %d", MaxTotalNodes)
		} else if p.N <= prev {
			v.add(pp+".n", "must be greater than the previous point's n")
		}
		prev = p.N
		v.check(pp+".t", p.T, p.T <= 0 || p.T > MaxTime, fmt.Sprintf("must be positive and at most %g", float64(MaxTime)))
	}
}

// trace checks a trace reference's form; whether the trace is one that
// ships with gridplay is engine/workload's check, where it is read.
func (v *validator) trace(t *TraceRef) {
	const tp = "trace"
	switch {
	case t.Name == "":
		v.add(tp+".name", "must name a trace shipped with gridplay (such as KTH-SP2-1996-2)")
	case len(t.Name) > MaxNameLen:
		v.addf(tp+".name", "is %d bytes; the limit is %d", len(t.Name), MaxNameLen)
	default:
		for _, r := range t.Name {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '.' || r == '_') {
				v.add(tp+".name", "must be a trace's base name: letters, digits, '-', '.' and '_'")
				break
			}
		}
	}
	if t.First < 0 || t.First > MaxJobs {
		v.addf(tp+".first", "must be between 0 (every job) and %d", MaxJobs)
	}
	okFrom := v.finite(tp+".from", t.From)
	okTo := v.finite(tp+".to", t.To)
	if okFrom && (t.From < 0 || t.From > MaxTime) {
		v.addf(tp+".from", "must be between 0 and %g", float64(MaxTime))
		okFrom = false
	}
	if okTo && (t.To < 0 || t.To > MaxTime) {
		v.addf(tp+".to", "must be between 0 (no end) and %g", float64(MaxTime))
		okTo = false
	}
	if okFrom && okTo && t.To != 0 && t.To <= t.From {
		v.add(tp+".to", "must be after from (or 0 for no end)")
	}
}

func (v *validator) generator(g *Generator) {
	const gp = "generator"
	if g.Jobs < 1 {
		v.add(gp+".jobs", "must be at least 1")
	} else if g.Jobs > MaxJobs {
		v.addf(gp+".jobs", "is %d; the limit is %d", g.Jobs, MaxJobs)
	}
	v.check(gp+".rate", g.Rate, g.Rate <= 0 || g.Rate > 1e9, "must be positive (jobs per second) and at most 1e9")
	okMin := v.finite(gp+".exec_min", g.ExecMin)
	okMax := v.finite(gp+".exec_max", g.ExecMax)
	if okMin && (g.ExecMin <= 0 || g.ExecMin > MaxTime) {
		v.addf(gp+".exec_min", "must be positive and at most %g", float64(MaxTime))
		okMin = false
	}
	if okMax && (g.ExecMax <= 0 || g.ExecMax > MaxTime) {
		v.addf(gp+".exec_max", "must be positive and at most %g", float64(MaxTime))
		okMax = false
	}
	if okMin && okMax && g.ExecMax < g.ExecMin {
		v.add(gp+".exec_max", "must be at least exec_min")
	}
	v.check(gp+".alpha", g.Alpha, g.Alpha < 0 || g.Alpha > 100, "must be between 0 (meaning the default) and 100")
	okLo := v.finite(gp+".dr_min", g.DRMin)
	okHi := v.finite(gp+".dr_max", g.DRMax)
	if okLo && (g.DRMin < 0 || g.DRMin > 1e6) {
		v.add(gp+".dr_min", "must be between 0 and 1e6")
	}
	if okHi && (g.DRMax < 0 || g.DRMax > 1e6) {
		v.add(gp+".dr_max", "must be between 0 and 1e6")
	}
	if okLo && okHi && g.DRMax < g.DRMin {
		v.add(gp+".dr_max", "must be at least dr_min")
	}
	switch g.Sizes {
	case "uniform", "normal", "log":
	case "":
		v.addf(gp+".sizes", "must be one of %v", SizeDists)
	default:
		if len(g.Sizes) > MaxNameLen {
			v.addf(gp+".sizes", "must be one of %v", SizeDists)
		} else {
			v.addf(gp+".sizes", "unknown size distribution %q (one of %v)", g.Sizes, SizeDists)
		}
	}
	okS := true
	if g.SizeMin < 1 || g.SizeMin > MaxTotalNodes {
		v.addf(gp+".size_min", "must be between 1 and %d", MaxTotalNodes)
		okS = false
	}
	if g.SizeMax < 1 || g.SizeMax > MaxTotalNodes {
		v.addf(gp+".size_max", "must be between 1 and %d", MaxTotalNodes)
		okS = false
	}
	if okS && g.SizeMax < g.SizeMin {
		v.add(gp+".size_max", "must be at least size_min")
	}
	v.check(gp+".size_mean", g.SizeMean, g.SizeMean < 0 || g.SizeMean > MaxTotalNodes, fmt.Sprintf("must be between 0 (meaning the midpoint) and %d", MaxTotalNodes))
	v.check(gp+".size_std", g.SizeStd, g.SizeStd < 0 || g.SizeStd > MaxTotalNodes, fmt.Sprintf("must be between 0 (meaning the default) and %d", MaxTotalNodes))
	if len(g.Codes) > MaxCodes {
		v.addf(gp+".codes", "has %d codes; the limit is %d", len(g.Codes), MaxCodes)
		return
	}
	for i, c := range g.Codes {
		if !KnownAppCode(c) {
			if len(c) > MaxNameLen {
				v.add(idx(gp+".codes", i), "is not a known application code")
			} else {
				v.addf(idx(gp+".codes", i), "unknown application code %q (known: %v)", c, AppCodes)
			}
		}
	}
}

func (v *validator) events(s *Scenario) {
	if len(s.Events) > MaxEvents {
		v.addf("events", "has %d events; the limit is %d", len(s.Events), MaxEvents)
		return
	}
	for i := range s.Events {
		e := &s.Events[i]
		ep := idx("events", i)
		v.time(ep+".at", e.At)
		switch e.Kind {
		case "offline", "online":
		default:
			v.add(ep+".kind", `must be "offline" or "online"`)
		}
		if !v.clusterRef(ep+".cluster", e.Cluster, &s.Platform) {
			continue
		}
		nodes := s.Platform.Clusters[s.Platform.ClusterIndex(e.Cluster)].Nodes
		if len(e.Nodes) == 0 {
			v.add(ep+".nodes", "must list at least one node")
		}
		if len(e.Nodes) > MaxNodes {
			v.addf(ep+".nodes", "lists %d nodes; the limit is %d", len(e.Nodes), MaxNodes)
			continue
		}
		seen := make(map[int]bool, len(e.Nodes))
		for k, n := range e.Nodes {
			np := idx(ep+".nodes", k)
			if n < 0 || n >= nodes {
				v.addf(np, "node %d is outside cluster %q (nodes 0..%d)", n, e.Cluster, nodes-1)
			} else if seen[n] {
				v.addf(np, "node %d is listed twice", n)
			}
			seen[n] = true
		}
	}
}

func (v *validator) policy(p *Policy) {
	v.id("policy.name", p.Name)
	if len(p.Script) > MaxScriptBytes {
		v.addf("policy.script", "is %d bytes; the limit is %d bytes (MaxScriptBytes): shorten the script", len(p.Script), MaxScriptBytes)
	} else if !utf8.ValidString(p.Script) {
		v.add("policy.script", "must be UTF-8 text")
	}
	if len(p.Params) > MaxParams {
		v.addf("policy.params", "has %d parameters; the limit is %d (MaxParams)", len(p.Params), MaxParams)
		return
	}
	for _, k := range p.ParamNames() {
		x := p.Params[k]
		if k == "" || len(k) > MaxNameLen || !utf8.ValidString(k) {
			v.add("policy.params", "parameter names must be 1 to 128 bytes of UTF-8")
			continue
		}
		f := "policy.params." + k
		if !v.finite(f, x) {
			continue
		}
		if k == "generations" && (x < 0 || x > MaxGenerations) {
			v.addf(f, "is %g; the limit is %d generations", x, MaxGenerations)
		}
	}
}

// ValidatePolicy reports the problems of a policy block alone, as
// Validate reports them for a scenario's (policy.name,
// policy.params.NAME), or nil.
func ValidatePolicy(p *Policy) error {
	v := &validator{}
	v.policy(p)
	return v.es.Err()
}
