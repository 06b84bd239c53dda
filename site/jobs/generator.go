package jobs

import (
	"errors"
	"strconv"
	"strings"

	"github.com/vugu/vugu"

	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
	"gridplay/engine/swf"
	"gridplay/site/state"
)

// The generator: the dialog that sets Scenario.Generator (MUSCLE section
// 5: Poisson arrivals, bounded Pareto run times of eq. 4, deadlines by
// eq. 5), and "Expand into rows", whose jobs the engine draws.

func (c *Table) genSummary() string {
	g := c.App.Scenario.Generator
	if g == nil {
		return ""
	}
	return csvfmt.Thousands(g.Jobs) + " jobs are drawn from the generator (seed " + strconv.FormatUint(c.App.Scenario.Seed, 10) +
		"): Poisson arrivals at " + num(g.Rate) + " jobs/s, bounded Pareto run times in [" + num(g.ExecMin) + ", " + num(g.ExecMax) +
		"] s, " + g.Sizes + " sizes in [" + strconv.Itoa(g.SizeMin) + ", " + strconv.Itoa(g.SizeMax) + "]. Share links keep only these numbers."
}

// genFields are the generator dialog's inputs, in order, with labels and
// help.
var genFields = []struct{ Key, Label, Help string }{
	{"jobs", "Jobs", "number of jobs"},
	{"rate", "Arrival rate (jobs/s)", "Poisson arrival rate"},
	{"exec_min", "Run time min e_l (s)", "bounded Pareto lower bound, MUSCLE eq. 4"},
	{"exec_max", "Run time max e_u (s)", "bounded Pareto upper bound, MUSCLE eq. 4"},
	{"alpha", "Pareto α", "bounded Pareto shape, MUSCLE eq. 4; empty means the default"},
	{"dr_min", "Deadline ratio min", "dr lower bound, MUSCLE eq. 5; both empty means no deadlines"},
	{"dr_max", "Deadline ratio max", "dr upper bound, MUSCLE eq. 5"},
	{"sizes", "Size distribution", "uniform, normal or log"},
	{"size_min", "Size min (nodes)", "smallest job"},
	{"size_max", "Size max (nodes)", "largest job"},
	{"size_mean", "Size mean", "normal sizes: mean; empty means the midpoint"},
	{"size_std", "Size std. dev.", "normal sizes: standard deviation; empty means the default"},
	{"seed", "Seed", "the scenario's seed; the same seed draws the same jobs"},
}

func (c *Table) openGen() {
	c.ShowGen, c.ShowPaste = true, false
	g := c.App.Scenario.Generator
	if g == nil {
		g = DefaultGenerator(c.App.Scenario)
	}
	c.gen = GeneratorForm(g, c.App.Scenario.Seed)
	c.genErr = nil
}

func (c *Table) closeGen() { c.ShowGen = false }

func (c *Table) genInput(key string, e vugu.DOMEvent) {
	if c.gen == nil {
		c.gen = map[string]string{}
	}
	c.gen[key] = e.PropString("target", "value")
}

// genWarnings are GeneratorWarnings for the form as it is filled in.
func (c *Table) genWarnings() []string {
	if !c.ShowGen {
		return nil // the dialog is closed
	}
	g, _, errs := ParseGeneratorForm(c.gen, c.App.Scenario)
	if len(errs) > 0 {
		return nil
	}
	return GeneratorWarnings(g, c.App.Scenario)
}

func (c *Table) applyGen() {
	g, seed, errs := ParseGeneratorForm(c.gen, c.App.Scenario)
	c.genErr = errs
	if len(errs) > 0 {
		return
	}
	c.App.Edit("generate "+csvfmt.Thousands(g.Jobs)+" jobs", func(s *model.Scenario) {
		s.Generator = g
		s.Jobs = nil
		s.Seed = seed
	})
	c.ShowGen = false
	c.showNew()
	c.Notice = []string{"The workload is now generated: " + csvfmt.Thousands(g.Jobs) + " jobs from seed " + strconv.FormatUint(seed, 10) + "."}
	c.Problem = ""
}

// expand turns the generator into editable rows, drawn by the engine.
func (c *Table) expand() {
	s := c.App.Scenario
	if s.Generator == nil {
		return
	}
	if s.Generator.Jobs > swf.MaxImportJobs {
		c.Problem = "the table holds at most " + csvfmt.Thousands(swf.MaxImportJobs) + " jobs; keep " + csvfmt.Thousands(s.Generator.Jobs) + " jobs as a generator"
		return
	}
	c.drawJobs("Drawing the generated jobs…", func(jobs []model.Job) {
		c.App.Edit("expand generated jobs", func(s *model.Scenario) {
			s.Jobs = jobs
			s.Generator = nil
		})
		c.showNew()
		c.Notice = []string{"Expanded into " + csvfmt.Thousands(len(jobs)) + " editable rows."}
	})
}

// drawJobs asks the engine for the generated jobs (POST /api/expand) and
// calls done with them; the lock is held. When the scenario changed while
// the engine drew them, the answer is dropped: it was for another
// scenario.
func (c *Table) drawJobs(busy string, done func(jobs []model.Job)) {
	body, err := model.Encode(c.App.Scenario)
	if err != nil {
		c.Problem = "cannot draw the generated jobs: " + err.Error()
		return
	}
	c.Problem, c.Notice = "", nil
	sent := string(body)
	c.ask(busy, "POST", "/api/expand", body,
		func(status int, b []byte) {
			if status != 200 {
				c.Problem = "cannot draw the generated jobs: " + state.ErrorBody(status, b)
				return
			}
			now, err := model.Encode(c.App.Scenario)
			if err != nil || string(now) != sent {
				c.Problem = "the scenario changed while the jobs were drawn; try again"
				return
			}
			x, err := model.Decode(b)
			if err != nil || x.Generator != nil {
				c.Problem = "the engine's answer is not an expanded scenario"
				return
			}
			done(x.Jobs)
		},
		func(msg string) { c.Problem = "cannot draw the generated jobs: " + msg })
}

// DefaultGenerator is the dialog's starting point when the scenario has
// no generator: 100 jobs, one every 10 s on average, run times in
// [10, 1000] s, uniform sizes up to the largest cluster.
func DefaultGenerator(s *model.Scenario) *model.Generator {
	largest := 1
	for _, cl := range s.Platform.Clusters {
		largest = max(largest, cl.Nodes)
	}
	return &model.Generator{Jobs: 100, Rate: 0.1, ExecMin: 10, ExecMax: 1000, Sizes: "uniform", SizeMin: 1, SizeMax: largest}
}

// GeneratorForm is the dialog's text for g and seed.
func GeneratorForm(g *model.Generator, seed uint64) map[string]string {
	opt := func(x float64) string {
		if x == 0 {
			return ""
		}
		return num(x)
	}
	return map[string]string{
		"jobs": strconv.Itoa(g.Jobs), "rate": num(g.Rate), "exec_min": num(g.ExecMin), "exec_max": num(g.ExecMax),
		"alpha": opt(g.Alpha), "dr_min": opt(g.DRMin), "dr_max": opt(g.DRMax), "sizes": g.Sizes,
		"size_min": strconv.Itoa(g.SizeMin), "size_max": strconv.Itoa(g.SizeMax),
		"size_mean": opt(g.SizeMean), "size_std": opt(g.SizeStd), "seed": strconv.FormatUint(seed, 10),
	}
}

// ParseGeneratorForm reads the dialog into a generator and a seed, and
// checks it with model.Validate on a copy of s (so the messages are the
// model's, named by field). Application codes of an existing generator
// are kept.
func ParseGeneratorForm(f map[string]string, s *model.Scenario) (*model.Generator, uint64, map[string]string) {
	errs := map[string]string{}
	g := &model.Generator{Sizes: strings.TrimSpace(f["sizes"])}
	if s.Generator != nil {
		g.Codes = append([]string(nil), s.Generator.Codes...)
	}
	nums := map[string]*float64{"rate": &g.Rate, "exec_min": &g.ExecMin, "exec_max": &g.ExecMax, "alpha": &g.Alpha,
		"dr_min": &g.DRMin, "dr_max": &g.DRMax, "size_mean": &g.SizeMean, "size_std": &g.SizeStd}
	for k, p := range nums {
		x, msg := ParseFloat(f[k])
		if msg != "" {
			errs[k] = msg
		}
		*p = x
	}
	ints := map[string]*int{"jobs": &g.Jobs, "size_min": &g.SizeMin, "size_max": &g.SizeMax}
	for k, p := range ints {
		x, msg := ParseInt(f[k])
		if msg != "" {
			errs[k] = msg
		}
		*p = x
	}
	seed := s.Seed
	if v := strings.TrimSpace(f["seed"]); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			errs["seed"] = quoteShort(v) + " is not a whole number from 0 to 18446744073709551615"
		}
		seed = n
	}
	if len(errs) > 0 {
		return nil, 0, errs
	}
	// The probe has no job list, which a whole trace makes long to copy.
	shallow := *s
	shallow.Jobs = nil
	probe := model.Clone(&shallow)
	probe.Generator, probe.Seed = g, seed
	var es model.Errors
	if errors.As(probe.Validate(), &es) {
		for _, fe := range es {
			if k, ok := strings.CutPrefix(fe.Field, "generator."); ok {
				if i := strings.IndexByte(k, '['); i >= 0 {
					k = k[:i]
				}
				errs[k] = JoinMessages(errs[k], fe.Msg)
			} else if fe.Field == "generator" {
				errs["jobs"] = JoinMessages(errs["jobs"], fe.Msg)
			}
		}
	}
	if len(errs) > 0 {
		return nil, 0, errs
	}
	return g, seed, nil
}
