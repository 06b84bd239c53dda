package experiments

import (
	"bytes"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vugu/vugu"

	"gridplay/engine/api"
	"gridplay/engine/sched"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// View is the Experiments view: pick an experiment, quick or full and a
// seed, run its points over the page's engine workers (or a gridplay API
// URL), watch partial results arrive, and read the figure, the paper's
// claims with computed verdicts, the setup and the notes.
type View struct {
	// Engine is the page's engine (its pool of workers).
	Engine jsbridge.Engine
	// Embed shows only the figure and its run control (embed.html).
	Embed bool
	// Link, when set at creation, is the #e=... part of a share link to
	// open (experiment, options, seed; autoplay runs it at once).
	Link string

	Infos    []sched.ExperimentInfo
	Name     string
	Quick    bool
	Seed     string
	Remote   string
	UseCloud bool
	ShowGrid bool
	Msg      string
	Sweep    *Sweep
	ShareURL string

	env      vugu.EventEnv
	autoplay bool
	ticking  bool
	inited   bool
	// rendered is when a point's answer last re-rendered the view.
	rendered time.Time
	// derived holds what is drawn from the current table, made once
	// per table (the template asks on every render, the grid twice).
	derived derived
	// ctl and res are its parts (parts.go), made by Init.
	ctl *Controls
	res *Results
	// perCost is, per experiment, a worker's time per unit of point cost
	// measured by its last run here (estimate.go).
	perCost map[string]time.Duration
}

// Init takes the list of experiments and opens the link it was given.
// Vugu calls it each time the view is shown again (after the other tab);
// only the first call does anything. The list is this binary's registry:
// the page's engine workers run the same binary, so GET /api/experiments
// would answer the same list.
func (c *View) Init(ctx vugu.InitCtx) {
	c.env = ctx.EventEnv()
	if c.inited {
		return
	}
	c.inited = true
	c.ctl, c.res = &Controls{V: c}, &Results{V: c}
	c.Quick, c.Seed = true, "1"
	if c.Link != "" {
		if err := c.applyLink(c.Link); err != "" {
			c.Msg = err
		}
	}
	c.Infos = sched.Experiments()
	if c.Name == "" && len(c.Infos) > 0 {
		c.Name = preferred(c.Infos)
	}
	if c.autoplay {
		c.autoplay = false
		c.start()
	}
}

// preferred is the experiment shown first: MUSCLE Fig. 4 when present.
func preferred(infos []sched.ExperimentInfo) string {
	if slices.ContainsFunc(infos, func(in sched.ExperimentInfo) bool { return in.Name == "muscle-fig4" }) {
		return "muscle-fig4"
	}
	return infos[0].Name
}

// handlersFor collects a whole answer and calls done with its body or a
// message.
func handlersFor(done func(body []byte, err string)) jsbridge.Handlers {
	var status int
	var buf []byte
	return jsbridge.Handlers{
		Head:  func(s int) { status = s },
		Chunk: func(b []byte) { buf = append(buf, b...) },
		End: func(err error) {
			switch {
			case err != nil:
				done(nil, err.Error())
			case status != 200:
				done(nil, state.ErrorBody(status, buf))
			default:
				done(buf, "")
			}
		},
	}
}

// ParseLink reads "e=NAME&quick=1&seed=N[&autoplay=1]" (with or without
// the leading #). It refuses an unknown form with a sentence.
func ParseLink(s string) (name string, opt sched.ExperimentOptions, autoplay bool, err string) {
	s = strings.TrimPrefix(s, "#")
	q, perr := url.ParseQuery(s)
	if perr != nil || q.Get("e") == "" {
		return "", opt, false, "This experiment link is not valid: it names no experiment."
	}
	name = q.Get("e")
	if len(name) > 64 {
		return "", opt, false, "This experiment link is not valid: its experiment name is too long."
	}
	opt.Quick = q.Get("quick") == "1"
	if v := q.Get("seed"); v != "" {
		n, e := strconv.ParseUint(v, 10, 64)
		if e != nil {
			return "", opt, false, "This experiment link is not valid: its seed is not a whole number."
		}
		opt.Seed = n
	}
	return name, opt, q.Get("autoplay") == "1", ""
}

// Link is the fragment that reopens an experiment with these options.
func Link(name string, opt sched.ExperimentOptions) string {
	v := url.Values{}
	v.Set("e", name)
	if opt.Quick {
		v.Set("quick", "1")
	}
	if opt.Seed != 0 {
		v.Set("seed", strconv.FormatUint(opt.Seed, 10))
	}
	return "#" + v.Encode()
}

func (c *View) applyLink(s string) string {
	name, opt, auto, err := ParseLink(s)
	if err != "" {
		return err
	}
	c.Name, c.Quick, c.autoplay = name, opt.Quick, auto
	c.Seed = strconv.FormatUint(max(opt.Seed, 1), 10)
	return ""
}

// Open shows the experiment of link h (#e=...), running it when the link
// says autoplay. It is called with the view's lock held.
func (c *View) Open(h string) {
	if c.Sweep.Active() {
		c.Msg = "An experiment is running: cancel it before opening another."
		return
	}
	if err := c.applyLink(h); err != "" {
		c.Msg = err
		return
	}
	c.Msg, c.Sweep, c.ShareURL = "", nil, ""
	if c.autoplay && c.Infos != nil {
		c.autoplay = false
		c.start()
	}
}

// Options are the options of the form (quick mode and the seed when it
// reads as one).
func (c *View) Options() sched.ExperimentOptions {
	opt, _ := c.options()
	opt.Quick = c.Quick
	return opt
}

// options reads the form; a bad seed is a message.
func (c *View) options() (sched.ExperimentOptions, string) {
	seed, err := strconv.ParseUint(strings.TrimSpace(c.Seed), 10, 64)
	if err != nil || seed == 0 {
		return sched.ExperimentOptions{}, "The seed must be a whole number from 1 up."
	}
	return sched.ExperimentOptions{Quick: c.Quick, Seed: seed}, ""
}

func (c *View) info() sched.ExperimentInfo {
	if i := slices.IndexFunc(c.Infos, func(in sched.ExperimentInfo) bool { return in.Name == c.Name }); i >= 0 {
		return c.Infos[i]
	}
	return sched.ExperimentInfo{Name: c.Name}
}

func (c *View) choose(e vugu.DOMEvent) {
	if c.Sweep.Active() {
		return
	}
	c.Name = e.PropString("target", "value")
	c.Sweep, c.ShareURL = nil, ""
}

func (c *View) setQuick(e vugu.DOMEvent) { c.Quick = e.PropBool("target", "checked") }
func (c *View) setSeed(e vugu.DOMEvent)  { c.Seed = e.PropString("target", "value") }
func (c *View) setRemote(e vugu.DOMEvent) {
	c.Remote = strings.TrimSpace(e.PropString("target", "value"))
}
func (c *View) setCloud(e vugu.DOMEvent) { c.UseCloud = e.PropBool("target", "checked") }
func (c *View) toggleGrid()              { c.ShowGrid = !c.ShowGrid }

// start runs the chosen experiment's points.
func (c *View) start() {
	opt, msg := c.options()
	c.Msg = msg
	if msg != "" || c.Name == "" {
		return
	}
	eng, where := c.Engine, ""
	parallel := min(jsbridge.Cores(), MaxParallel)
	remote := c.UseCloud && !c.Embed
	if remote {
		u, err := url.Parse(c.Remote)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			c.Msg = "The Cloudflare Workers address must be a web address such as https://gridplay.example.workers.dev."
			return
		}
		eng, where = jsbridge.RemoteEngine{Base: c.Remote}, u.Host
		parallel = MaxParallel
	} else {
		where = state.Count(parallel, "browser worker")
	}
	s := NewSweep(eng, c.Name, opt, parallel, where)
	if !remote {
		// The page's binary has the browser workers' engine: it plans and
		// merges here (a deployment at a Cloudflare Workers address may
		// run another version, so it plans and merges its own points).
		s.Local, _ = sched.LookupExperiment(c.Name)
	}
	s.Update = c.locked
	c.Sweep, c.ShareURL = s, ""
	s.Start()
	c.tick()
}

// locked runs f from an engine callback under the render lock. Points'
// answers re-render the view at most every pointRender: a render of the
// figures costs the page's main thread tens of milliseconds, which on a
// small machine the workers need, and the ticker (tick) renders the
// latest state every half second anyway. The end of a sweep, and a
// failure, render at once.
func (c *View) locked(f func()) {
	c.env.Lock()
	f()
	s := c.Sweep
	if s != nil && s.Finished {
		c.learn(s)
	}
	if s.Active() && c.ticking && time.Since(c.rendered) < pointRender {
		c.env.UnlockOnly()
		return
	}
	c.rendered = time.Now()
	c.env.UnlockRender()
}

// pointRender is the least time between two renders for points' answers.
const pointRender = 400 * time.Millisecond

// tick re-renders the progress line while a sweep runs (Tick).
func (c *View) tick() { Tick(c.env, &c.ticking, func() bool { return c.Sweep.Active() }, nil) }

// Tick re-renders env every half second while active says its sweep
// runs (its elapsed time and estimate move without any answer), unless
// *ticking says a ticker runs already; guard, when set, is deferred in
// the ticker's goroutine (a recover). The lock is held.
func Tick(env vugu.EventEnv, ticking *bool, active func() bool, guard func()) {
	if *ticking {
		return
	}
	*ticking = true
	go func() {
		if guard != nil {
			defer guard()
		}
		for {
			time.Sleep(500 * time.Millisecond)
			env.Lock()
			if !active() {
				*ticking = false
				env.UnlockRender()
				return
			}
			env.UnlockRender()
		}
	}()
}

func (c *View) retry() {
	if c.Sweep != nil {
		c.Sweep.Retry()
		c.tick()
	}
}

// table is what the figures are drawn from: the merged report when done,
// else the points so far.
func (c *View) table() *sched.Table {
	if c.Sweep == nil {
		return nil
	}
	if c.Sweep.Result != nil {
		return c.Sweep.Result
	}
	return c.Sweep.Partial()
}

// figures are the figures of the current table. They are built, and
// their SVG written, once per table: a render while a sweep runs (the
// progress line moves twice a second) reuses them.
func (c *View) figures() []Figure {
	t := c.table()
	if t == nil {
		return nil
	}
	return c.derive(t).figs
}

// derived is what the view draws from one table of one experiment: its
// figures, their SVG and its grid.
type derived struct {
	table *sched.Table
	name  string
	figs  []Figure
	svgs  []string
	grid  Grid
}

// derive makes c.derived for table t unless it is made already.
func (c *View) derive(t *sched.Table) *derived {
	if d := &c.derived; d.table == t && d.name == c.Name {
		return d
	}
	l := Layouts[c.Name]
	figs := Build(l.Figures, t)
	svgs := make([]string, len(figs))
	for i, f := range figs {
		svgs[i] = SVG(f)
	}
	metrics := l.Table
	if l.Figures != nil {
		metrics = nil
	}
	c.derived = derived{table: t, name: c.Name, figs: figs, svgs: svgs, grid: Tabulate(t, metrics)}
	return &c.derived
}

// svg is figure i's SVG (figures, which the template calls first, made it).
func (c *View) svg(i int) string {
	if i < len(c.derived.svgs) {
		return c.derived.svgs[i]
	}
	return ""
}

// showGrid: experiments drawn as tables always show the table; the others
// on demand.
func (c *View) showGrid() bool {
	return c.table() != nil && (Layouts[c.Name].Figures == nil || c.ShowGrid)
}

// grid renders only under showGrid, with a table.
func (c *View) grid() Grid {
	return c.derive(c.table()).grid
}

func (c *View) done() bool { return c.Sweep != nil && c.Sweep.Finished }

func (c *View) claims() []sched.Claim {
	if !c.done() {
		return nil
	}
	return c.Sweep.Result.Claims
}

func (c *View) notes() []string {
	if !c.done() {
		return nil
	}
	return c.Sweep.Result.Notes
}

// fileBase names the exports, which there are only of a sweep.
func (c *View) fileBase() string {
	b := c.Name
	if c.Sweep.Opt.Quick {
		b += "-quick"
	}
	return b + "-seed" + strconv.FormatUint(c.Sweep.Opt.Seed, 10)
}

// exportCSV offers the long CSV of the report's rows, byte for byte what
// POST /api/experiments/NAME?format=csv answers (the same writer).
func (c *View) exportCSV() {
	if c.done() {
		var b bytes.Buffer
		api.WriteRowsCSV(&b, c.Sweep.Result.Rows)
		jsbridge.Download(c.fileBase()+".csv", "text/csv", b.Bytes())
	}
}

func (c *View) exportJSON() {
	if c.done() {
		jsbridge.Download(c.fileBase()+".json", "application/json", c.Sweep.ResultJSON)
	}
}

func (c *View) exportFigure(i int, png bool) {
	if fs := c.figures(); i < len(fs) {
		jsbridge.DownloadFigure(fmt.Sprintf("%s-figure%d", c.fileBase(), i+1), c.svg(i), png)
	}
}

func (c *View) share() {
	opt, msg := c.options()
	if msg != "" {
		c.Msg = msg
		return
	}
	base := jsbridge.PageURL()
	c.ShareURL = base + Link(c.Name, opt)
	jsbridge.Copy(c.ShareURL)
}

// embedCode is the iframe for a course page: the figure alone, run at
// once.
func (c *View) embedCode() string {
	opt, msg := c.options()
	if msg != "" {
		return ""
	}
	base := strings.TrimSuffix(jsbridge.PageURL(), "index.html")
	src := base + "embed.html" + Link(c.Name, opt) + "&autoplay=1"
	return `<iframe src="` + src + `" width="760" height="520" style="border:0" title="gridplay: ` + c.Name + `" loading="lazy"></iframe>`
}

func (c *View) verdictClass(v string) string {
	switch {
	case v == sched.Holds:
		return "verdict holds"
	case v == sched.DoesNotHold:
		return "verdict fails"
	}
	return "verdict partly"
}

func compositionText(r Composition) string {
	var parts []string
	for _, c := range r.Compositions {
		parts = append(parts, strings.Join(c, "+"))
	}
	return strings.Join(parts, ", ")
}

func toggleText(on bool) string {
	if on {
		return "Hide the numbers"
	}
	return "Show the numbers as a table"
}

func paperClass(paper bool) string {
	if paper {
		return "paper-row"
	}
	return ""
}

func policyText(l GridLine) string {
	if l.Paper {
		return l.Policy + " (paper)"
	}
	return l.Policy
}

func readingText(r string) string {
	if r == "" {
		return "default"
	}
	return r
}

// doneAttr is the data-done attribute: "true" once the merged report is
// shown (a bool attribute would render as present or absent).
func (c *View) doneAttr() string { return strconv.FormatBool(c.done()) }
