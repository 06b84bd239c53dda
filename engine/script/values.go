package script

import (
	"fmt"
	"strconv"

	"go.starlark.net/starlark"

	"gridplay/engine/backfill"
)

// The Starlark values a script sees. Each job's value is made once per
// run and reused at every call (the "reuse the job values"): a
// decision builds only the tuples of ctx.queue and ctx.running, and only
// when the script reads them after a change.

// clock is the decision time every value reads (job.wait).
type clock struct{ now float64 }

// jobValue is a job as a script sees it (docs/policies.md, "Jobs").
type jobValue struct {
	c        *clock
	i        int // index in the scenario's job list
	id, user starlark.String
	submit   starlark.Float
	estimate starlark.Float
	nodes    starlark.Value
}

var jobAttrs = []string{"estimate", "id", "nodes", "submit", "user", "wait"}

func newJob(c *clock, i int, id, user string, submit float64, nodes int, est float64) *jobValue {
	return &jobValue{c: c, i: i, id: starlark.String(id), user: starlark.String(user), submit: starlark.Float(submit), estimate: starlark.Float(est), nodes: starlark.MakeInt(nodes)}
}

func (j *jobValue) String() string        { return "job(" + strconv.Quote(string(j.id)) + ")" }
func (j *jobValue) Type() string          { return "job" }
func (j *jobValue) Freeze()               {}
func (j *jobValue) Truth() starlark.Bool  { return true }
func (j *jobValue) Hash() (uint32, error) { return uint32(j.i)*2654435761 + 1, nil }
func (j *jobValue) AttrNames() []string   { return jobAttrs }

func (j *jobValue) Attr(name string) (starlark.Value, error) {
	switch name {
	case "id":
		return j.id, nil
	case "submit":
		return j.submit, nil
	case "nodes":
		return j.nodes, nil
	case "estimate":
		return j.estimate, nil
	case "user":
		return j.user, nil
	case "wait":
		return starlark.Float(j.c.now - float64(j.submit)), nil
	}
	return nil, nil // Starlark's "no such attribute" error
}

// runValue is a running job (ctx.running).
type runValue struct {
	job         *jobValue
	cluster     starlark.String
	start, end  starlark.Float
	clusterSite int
}

var runAttrs = []string{"cluster", "end_estimate", "id", "nodes", "start"}

func (r *runValue) String() string        { return "running(" + strconv.Quote(string(r.job.id)) + ")" }
func (r *runValue) Type() string          { return "running_job" }
func (r *runValue) Freeze()               {}
func (r *runValue) Truth() starlark.Bool  { return true }
func (r *runValue) Hash() (uint32, error) { return uint32(r.job.i)*2654435761 + 2, nil }
func (r *runValue) AttrNames() []string   { return runAttrs }

func (r *runValue) Attr(name string) (starlark.Value, error) {
	switch name {
	case "id":
		return r.job.id, nil
	case "nodes":
		return r.job.nodes, nil
	case "cluster":
		return r.cluster, nil
	case "start":
		return r.start, nil
	case "end_estimate":
		return r.end, nil
	}
	return nil, nil
}

// clusterValue is a cluster (ctx.clusters); free is read live.
type clusterValue struct {
	k     int
	id    starlark.String
	nodes starlark.Value
	set   *backfill.NodeSet
}

var clusterAttrs = []string{"free", "id", "nodes"}

func (c *clusterValue) String() string        { return "cluster(" + strconv.Quote(string(c.id)) + ")" }
func (c *clusterValue) Type() string          { return "cluster" }
func (c *clusterValue) Freeze()               {}
func (c *clusterValue) Truth() starlark.Bool  { return true }
func (c *clusterValue) Hash() (uint32, error) { return uint32(c.k)*2654435761 + 3, nil }
func (c *clusterValue) AttrNames() []string   { return clusterAttrs }

func (c *clusterValue) Attr(name string) (starlark.Value, error) {
	switch name {
	case "id":
		return c.id, nil
	case "nodes":
		return c.nodes, nil
	case "free":
		return starlark.MakeInt(c.set.Free()), nil
	}
	return nil, nil
}

// ctxValue is schedule's argument (docs/policies.md, "schedule(ctx)").
type ctxValue struct{ r *schedRun }

var ctxAttrs = []string{"clusters", "fits", "now", "queue", "running", "start"}

func (c *ctxValue) String() string        { return fmt.Sprintf("ctx(now=%s)", fmtTime(c.r.clock.now)) }
func (c *ctxValue) Type() string          { return "ctx" }
func (c *ctxValue) Freeze()               {}
func (c *ctxValue) Truth() starlark.Bool  { return true }
func (c *ctxValue) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable: ctx") }
func (c *ctxValue) AttrNames() []string   { return ctxAttrs }

func (c *ctxValue) Attr(name string) (starlark.Value, error) {
	r := c.r
	switch name {
	case "now":
		return starlark.Float(r.clock.now), nil
	case "queue":
		return r.queueTuple(), nil
	case "running":
		return r.runningTuple(), nil
	case "clusters":
		return r.clusterT, nil
	case "fits":
		return r.fitsB, nil
	case "start":
		return r.startB, nil
	}
	return nil, nil
}

var (
	_ starlark.HasAttrs = (*jobValue)(nil)
	_ starlark.HasAttrs = (*runValue)(nil)
	_ starlark.HasAttrs = (*clusterValue)(nil)
	_ starlark.HasAttrs = (*ctxValue)(nil)
)
