// Command api is gridplay's engine program. Built for js/wasm it is the
// HTTP API served by github.com/syumai/workers (in the browser's module Web
// Worker and on Cloudflare Workers); built natively it is the CLI:
//
//	api serve [-addr 127.0.0.1:8080] [-dir static]
//	api run [-policy NAME | -script FILE.star] [-format json|csv|series|batsim] [-compat pyss] FILE
//	api run -shake N [-policy A,B,...] [-script FILE.star] [-jitter S] [-drop F] [-dup F] [-shake-seed N] [-parallel N] [-format json|csv] FILE
//	api policies [-format text|json]
//	api experiments
//	api experiment NAME [-format csv|json|md] [-quick] [-seed N] [-parallel N] [-remote URL]
//
// FILE is a scenario JSON, a Batsim workload JSON or an SWF trace (.swf
// or .swf.gz). Exit status:
// 0 success, 1 failure (bad input, a failed run), 2 usage error or unknown
// name.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"gridplay/engine/api"
	"gridplay/engine/batsim"
	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
	"gridplay/engine/outputs"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/sched/verdict"
	"gridplay/wasm/internal/devserver"

	_ "gridplay/engine/all"
)

const usage = `usage:
  api serve [-addr 127.0.0.1:8080] [-dir static]
  api run [-policy NAME | -script FILE.star] [-format json|csv|series|batsim] [-compat pyss] FILE   (FILE: scenario or Batsim .json, or .swf / .swf.gz trace)
  api run -shake N [-policy A,B,...] [-script FILE.star] [-jitter S] [-drop F] [-dup F] [-shake-seed N] [-parallel N] [-format json|csv] FILE
  api policies [-format text|json]
  api experiments
  api experiment NAME [-format csv|json|md] [-quick] [-seed N] [-parallel N] [-remote URL [-retries N]]
`

// exitUsage is the status for a usage error or an unknown name.
const exitUsage = 2

// cli runs one command and returns the process exit status.
func cli(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	c := &command{ctx: ctx, stdout: stdout, stderr: stderr}
	switch args[0] {
	case "serve":
		return c.serve(args[1:])
	case "run":
		return c.run(args[1:])
	case "policies":
		return c.policies(args[1:])
	case "experiments":
		return c.experiments(args[1:])
	case "experiment":
		return c.experiment(args[1:])
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "api: unknown command %q\n%s", args[0], usage)
	return exitUsage
}

type command struct {
	ctx            context.Context
	stdout, stderr io.Writer
}

func (c *command) flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	return fs
}

// parse parses flags placed before or after the positional arguments
// (`run FILE -format csv` and `run -format csv FILE` both work) and
// returns the positional ones.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func (c *command) fail(format string, a ...any) int {
	fmt.Fprintf(c.stderr, "api: "+format+"\n", a...)
	return 1
}

func (c *command) usageErr(format string, a ...any) int {
	c.fail(format, a...)
	return exitUsage
}

func (c *command) serve(args []string) int {
	fs := c.flags("serve")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := fs.String("dir", "static", "directory of the built site")
	pos, err := parse(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) > 0 {
		return c.usageErr("serve takes no arguments, got %q", pos)
	}
	if _, err := os.Stat(*dir + "/app.wasm"); err != nil {
		fmt.Fprintf(c.stderr, "api: warning: %s/app.wasm is missing; run ./build.sh first\n", *dir)
	}
	h, err := devserver.New(*dir)
	if err != nil {
		return c.fail("serve: %v", err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return c.fail("serve: %v", err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(c.stdout, "gridplay: serving %s on http://%s\n", *dir, ln.Addr())
	go func() {
		<-c.ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return c.fail("serve: %v", err)
	}
	return 0
}

func (c *command) run(args []string) int {
	fs := c.flags("run")
	policy := fs.String("policy", "", "policy name (overrides the scenario's; default fcfs for traces); with -shake, a comma-separated list to compare")
	format := fs.String("format", "json", "output: json, csv (per-job table), series (time series) or batsim (the workload as Batsim JSON); with -shake, json or csv")
	sh := shakeFlags(fs)
	compat := fs.String("compat", "", "run under a reference simulator's job model and tie order: pyss")
	script := fs.String("script", "", "run your Starlark policy in FILE.star (policy script, docs/policies.md); with -shake, compared with the -policy list")
	pos, err := parse(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) != 1 {
		return c.usageErr("run needs exactly one FILE (scenario or Batsim .json, .swf or .swf.gz)")
	}
	formats, known := "json, csv, series or batsim", map[string]bool{"json": true, "csv": true, "series": true, "batsim": true}
	if sh.runs > 0 {
		formats, known = "json or csv (with -shake)", map[string]bool{"json": true, "csv": true}
	}
	if !known[*format] {
		return c.usageErr("unknown format %q: use %s", *format, formats)
	}
	if sh.runs < 0 {
		return c.usageErr("-shake must be at least 1, got %d", sh.runs)
	}
	if *compat != "" && *compat != model.CompatPyss {
		return c.usageErr("unknown compat %q: use %s", *compat, model.CompatPyss)
	}
	names := strings.Split(*policy, ",")
	if *policy == "" {
		names = nil
	}
	if names, err = scriptNames(*script, names, sh.runs > 0); err != nil {
		return c.usageErr("%v", err)
	}
	if len(names) > 1 && sh.runs == 0 {
		return c.usageErr("-policy %s: several policies are compared with -shake N", *policy)
	}
	for _, n := range names {
		if _, ok := sched.Lookup(n); !ok {
			return c.usageErr("unknown policy %q; known policies: %s", n, policyNames())
		}
	}
	first := ""
	if len(names) > 0 {
		first = names[0]
	}
	file := pos[0]
	s, err := c.load(file, first, *compat)
	if err != nil {
		return c.fail("%s: %v", file, err)
	}
	if err := withScript(s, *script); err != nil {
		return c.fail("%v", err)
	}
	if _, ok := sched.Lookup(s.Policy.Name); !ok {
		return c.usageErr("%s: unknown policy %q; known policies: %s", file, s.Policy.Name, policyNames())
	}
	if sh.runs > 0 {
		return c.shake(file, s, names, sh, *format)
	}
	if *format == "batsim" {
		return c.batsim(file, s)
	}
	res, err := runner.Run(c.ctx, s, nil)
	if err != nil {
		return c.fail("%s: %v", file, err)
	}
	if res.Valid != nil && !*res.Valid {
		fmt.Fprintf(c.stderr, "api: %s: the schedule failed the checker: %d violations (see \"violations\" in -format json)\n", file, len(res.Violations))
	}
	switch *format {
	case "csv", "series":
		if err := outputs.WriteRunCSV(c.stdout, s, res, *format); err != nil {
			return c.fail("%v", err)
		}
		return 0
	}
	return c.writeJSON(res)
}

// load reads FILE as a scenario for policy (empty: the file's own, or
// fcfs for a trace or a Batsim workload), run under compat when it is set
// (a trace is then read as that simulator reads it). The format is found by the
// name for SWF traces (.swf, .swf.gz) and by the content otherwise: gzip
// or text that is not JSON is an SWF trace, a JSON object with "nb_res" a
// Batsim workload, any other JSON a scenario.
func (c *command) load(file, policy, compat string) (*model.Scenario, error) {
	traceDefault := policy
	if traceDefault == "" {
		traceDefault = "fcfs"
	}
	if isTrace(file) {
		return loadTrace(file, traceDefault, compat, c.stderr)
	}
	b, err := readCapped(file, model.MaxScenarioBytes)
	if err != nil {
		return nil, err
	}
	trimmed := bytes.TrimLeft(b, " \t\r\n")
	switch {
	case len(trimmed) > 0 && trimmed[0] != '{' && trimmed[0] != '[':
		return loadTrace(file, traceDefault, compat, c.stderr) // gzip or SWF text
	case batsim.IsWorkload(b):
		w, err := batsim.Decode(b)
		if err != nil {
			return nil, fmt.Errorf("Batsim workload: %w", err)
		}
		s := w.Scenario(traceDefault)
		s.Compat = compat
		return s, nil
	}
	s, err := model.Decode(b)
	if err != nil {
		return nil, err
	}
	if policy != "" && policy != s.Policy.Name {
		// Parameters belong to the policy they were written for.
		s.Policy = model.Policy{Name: policy}
	}
	if compat != "" {
		s.Compat = compat
	}
	return s, nil
}

// batsim writes the scenario's workload as Batsim JSON; what Batsim cannot
// carry is said on stderr.
func (c *command) batsim(file string, s *model.Scenario) int {
	w, notes, err := batsim.Export(s)
	if err != nil {
		return c.fail("%s: %v", file, err)
	}
	for _, n := range notes {
		fmt.Fprintf(c.stderr, "# %s\n", n)
	}
	b, err := batsim.Encode(w)
	if err != nil {
		return c.fail("encoding Batsim workload: %v", err)
	}
	c.stdout.Write(append(b, '\n'))
	return 0
}

func isTrace(name string) bool {
	n := strings.ToLower(name)
	return strings.HasSuffix(n, ".swf") || strings.HasSuffix(n, ".swf.gz")
}

// readCapped reads a whole file of at most limit bytes.
func readCapped(name string, limit int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", name, limit)
	}
	return b, nil
}

func policyNames() string {
	var names []string
	for _, p := range sched.Policies() {
		names = append(names, p.Name)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func experimentNames() string {
	var names []string
	for _, e := range sched.Experiments() {
		names = append(names, e.Name)
	}
	return strings.Join(names, ", ")
}

func (c *command) policies(args []string) int {
	fs := c.flags("policies")
	format := fs.String("format", "text", "output format: text or json")
	pos, err := parse(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) > 0 {
		return c.usageErr("policies takes no arguments")
	}
	ps := sched.Policies()
	switch *format {
	case "json":
		return c.printJSON(ps)
	case "text":
	default:
		return c.usageErr("unknown format %q: use text or json", *format)
	}
	for _, p := range ps {
		src := p.System
		if p.Paper != "" {
			src += ", paper " + p.Paper
		}
		fmt.Fprintf(c.stdout, "%s (%s)\n    %s\n", p.Name, src, p.Summary)
		for _, pr := range p.Params {
			fmt.Fprintf(c.stdout, "    -%s default %s, range [%s, %s]: %s\n",
				pr.Name, csvfmt.Float(pr.Default), csvfmt.Float(pr.Min), csvfmt.Float(pr.Max), pr.Doc)
		}
	}
	return 0
}

func (c *command) experiments(args []string) int {
	fs := c.flags("experiments")
	format := fs.String("format", "text", "output format: text or json")
	if _, err := parse(fs, args); err != nil {
		return exitUsage
	}
	es := sched.Experiments()
	if *format == "json" {
		return c.printJSON(es)
	}
	for _, e := range es {
		fmt.Fprintf(c.stdout, "%s (paper %s)\n    %s\n", e.Name, e.Paper, e.Summary)
	}
	return 0
}

func (c *command) experiment(args []string) int {
	fs := c.flags("experiment")
	format := fs.String("format", "csv", "output format: csv, json or md (the paper's claims against this run, for docs/experiments.md)")
	quick := fs.Bool("quick", false, "run the reduced version (seconds instead of minutes)")
	seed := fs.Uint64("seed", 0, "seed (0: the experiment's default)")
	seeds := fs.Int("seeds", 1, "run the seeds seed..seed+N-1 (1..N when -seed is 0) and decide the claims over them; a claim that compares needs 5")
	parallel := fs.Int("parallel", runtime.NumCPU(), "points run at once (goroutines, or requests with -remote)")
	remote := fs.String("remote", "", "URL of a gridplay API (wrangler dev, a Cloudflare Workers deployment, api serve) to run the points on")
	retries := fs.Int("retries", 3, "with -remote, attempts more for a point that failed")
	pos, err := parse(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) != 1 {
		return c.usageErr("experiment needs exactly one NAME; known experiments: %s", experimentNames())
	}
	if *format != "csv" && *format != "json" && *format != "md" {
		return c.usageErr("unknown format %q: use csv, json or md", *format)
	}
	if *parallel < 1 {
		return c.usageErr("-parallel must be at least 1, got %d", *parallel)
	}
	if *retries < 0 {
		return c.usageErr("-retries must be at least 0, got %d", *retries)
	}
	e, ok := sched.LookupExperiment(pos[0])
	if !ok {
		return c.usageErr("unknown experiment %q; known experiments: %s", pos[0], experimentNames())
	}
	if *seeds < 1 {
		return c.usageErr("-seeds must be at least 1, got %d", *seeds)
	}
	opt := sched.ExperimentOptions{Seed: *seed, Quick: *quick}
	if *seeds > 1 {
		opt.Seeds = *seeds
	}
	plan, err := e.Plan(opt)
	if err != nil {
		return c.fail("experiment %s: %v", pos[0], err)
	}
	run := sched.LocalPoints(e, opt)
	where := fmt.Sprintf("%d goroutines", *parallel)
	// The progress lines and a remote's retry messages come from
	// different goroutines.
	stderr := &lockedWriter{w: c.stderr}
	if *remote != "" {
		rc, err := api.NewRemote(*remote, e, opt, *retries, stderr)
		if err != nil {
			return c.usageErr("-remote: %v", err)
		}
		if err := rc.CheckPlan(c.ctx, plan); err != nil {
			return c.fail("experiment %s on %s: %v", pos[0], *remote, err)
		}
		run = rc.Point
		where = fmt.Sprintf("%d requests to %s", *parallel, *remote)
	}
	prog := newProgress(stderr, pos[0], len(plan), where)
	parts, err := sched.FanOut(c.ctx, plan, *parallel, run, prog.done)
	prog.end()
	if err != nil {
		return c.fail("experiment %s: %v", pos[0], err)
	}
	rep, err := e.Merge(opt, parts)
	if err != nil {
		return c.fail("experiment %s: %v", pos[0], err)
	}
	if *format == "json" {
		return c.writeJSON(rep) // the same bytes as POST /api/experiments/NAME
	}
	if *format == "md" {
		writeMarkdown(c.stdout, e.Info(), opt, rep)
		return 0
	}
	if t, ok := rep.(*sched.Table); ok {
		for _, n := range t.Notes {
			fmt.Fprintf(c.stderr, "# %s\n", n)
		}
	}
	if err := api.WriteRowsCSV(c.stdout, rep.LongRows()); err != nil {
		return c.fail("%v", err)
	}
	return 0
}

// writeMarkdown writes an experiment's section of docs/experiments.md: what
// it reproduces, how it was run, and each of the paper's claims beside the
// value this run computed and the verdict.
func writeMarkdown(w io.Writer, info sched.ExperimentInfo, opt sched.ExperimentOptions, rep sched.Report) {
	cell := func(s string) string {
		return strings.NewReplacer("|", "\\|", "\n", " ").Replace(s)
	}
	mode := "full"
	if opt.Quick {
		mode = "quick"
	}
	seed := "the experiment's default seed"
	if opt.Seed != 0 {
		seed = fmt.Sprintf("seed %d", opt.Seed)
	}
	t, ok := rep.(*sched.Table)
	if opt.Seeds > 1 {
		if ok && len(t.Rows) > 0 && t.Rows[0].Seed != 0 {
			first := max(opt.Seed, 1)
			seed = fmt.Sprintf("seeds %d to %d", first, first+uint64(opt.Seeds)-1)
		} else {
			seed += "; the experiment has no seed to vary, so it ran once"
		}
	}
	fmt.Fprintf(w, "## %s (paper %s)\n\n%s\n\n", info.Name, info.Paper, info.Summary)
	fmt.Fprintf(w, "Run: `go run ./wasm/api experiment %s -format md", info.Name)
	if opt.Quick {
		fmt.Fprint(w, " -quick")
	}
	if opt.Seed != 0 {
		fmt.Fprintf(w, " -seed %d", opt.Seed)
	}
	if opt.Seeds > 1 {
		fmt.Fprintf(w, " -seeds %d", opt.Seeds)
	}
	fmt.Fprintf(w, "` (%s mode, %s).\n\n", mode, seed)
	if !ok || len(t.Claims) == 0 {
		fmt.Fprint(w, "The paper states no number this experiment checks.\n\n")
		return
	}
	if len(t.Sets) > 0 {
		fmt.Fprintf(w, "Every claim is evaluated under every reading set; %s.\n", verdict.BestNote(t))
	}
	// One table per reading set, in the order of the claims.
	set := "\x00"
	for _, cl := range t.Claims {
		if cl.Reading != set {
			set = cl.Reading
			title := set
			if title == "" {
				title = "default"
			}
			fmt.Fprintf(w, "\nReading set %s:\n\n| the paper says | paper | gridplay | verdict |\n| --- | --- | --- | --- |\n", title)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", cell(cl.Claim), cell(cl.Paper), cell(cl.Ours), cell(cl.Verdict))
	}
	if len(t.Notes) > 0 {
		fmt.Fprint(w, "\nNotes:\n\n")
		for _, n := range t.Notes {
			fmt.Fprintf(w, "- %s\n", cell(n))
		}
	}
	if info.Distance != "" {
		fmt.Fprintf(w, "\nWhy ours differs from the paper: %s\n", info.Distance)
	}
	fmt.Fprintln(w)
}

// printJSON writes v as indented JSON and a newline.
func (c *command) printJSON(v any) int { return c.writeEncoded(json.MarshalIndent(v, "", "  ")) }

// writeJSON writes v as compact JSON and a newline, as the API answers.
func (c *command) writeJSON(v any) int { return c.writeEncoded(json.Marshal(v)) }

// writeEncoded writes JSON b and a newline, or fails with err.
func (c *command) writeEncoded(b []byte, err error) int {
	if err != nil {
		return c.fail("encoding JSON: %v", err)
	}
	c.stdout.Write(append(b, '\n'))
	return 0
}
