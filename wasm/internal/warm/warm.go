// Package warm is the engine worker's warm-up: a few requests through
// the same handler as the page's (engine/api), on the paths a trace takes
// (POST /api/swf of an SWF file of Jobs jobs, POST /api/run of its jobs
// in the compact form under EASY and conservative backfilling), each made
// twice, then on the paper systems' own code (Engines: titan-fig9's
// whole quick sweep, a point of hybrid-table3, and a small GA-MF scenario
// under each of the six methods of GA-MF's Fig. 7), once each;
// static/engine-client.mjs adds two imports of a gzipped trace.
//
// Why: the browser compiles WebAssembly in two tiers. A function runs
// first as baseline code and is compiled again, optimised, once it has
// run for a while; a call already running stays in the baseline code
// until it returns (WebAssembly has no on-stack replacement). A trace's
// parser and the backfilling loop are each one long call, so the first
// import of a trace and the first EASY run of a page ran their whole
// length in baseline code: in the 100-run soak (wasm/e2e TestSoak) the
// first run of 20,000 HPC2N jobs took 2.0-2.1 s and every later one
// 0.36-0.50 s, and an HPC2N import 1.37 s the first time and 0.74-0.78 s
// after (a by-hand probe timing requests through the page's engine
// client). The optimised code belongs to the compiled module, which all
// the page's workers share (the soak's runs on its second worker were as
// fast), so one warm-up in one worker, while the page is idle, serves
// them all.
//
// The sizes are what it took: with 3,000 jobs the first HPC2N import
// after the warm-up still took 1.19-1.44 s (the functions had not run
// long enough to be optimised); with 10,000 here and 20,000 gzipped by
// the page, 0.66 s, against 0.51-0.56 s for the next ones. The warm-up
// then costs 1.3-2.1 s of one worker's Go in the tests' logs (0.1 s natively).
package warm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"gridplay/engine/api"
	"gridplay/engine/api/compact"
	gamfrepro "gridplay/engine/gamf/repro"
	"gridplay/engine/model"
	"gridplay/engine/swf"
)

// Jobs is the size of the warm-up trace: big enough that the hot loops
// run long enough to be optimised (see the package doc), small enough to
// cost little.
const Jobs = 10000

// Trace is a synthetic SWF trace of n jobs on a 128-node machine, in the
// Standard Workload Format's 18 fields (deterministic).
func Trace(n int) []byte {
	var b strings.Builder
	b.WriteString("; MaxNodes: 128\n; MaxProcs: 128\n")
	x := uint32(2463534242)
	next := func() uint32 { // xorshift32
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		return x
	}
	submit := 0
	for k := 1; k <= n; k++ {
		submit += int(next() % 300)
		run := 30 + int(next()%1800)
		procs := 1 << (next() % 6)
		req := run + int(next()%1800)
		fmt.Fprintf(&b, "%d %d 0 %d %d -1 -1 %d %d -1 1 %d 1 1 1 1 -1 -1\n", k, submit, run, procs, procs, req, 1+next()%40)
	}
	return []byte(b.String())
}

func serve(target, ctype string, body []byte) ([]byte, error) {
	status, answer := api.Call("POST", target, ctype, body)
	if status != 200 {
		return nil, fmt.Errorf("warm-up POST %s: %d %s", target, status, answer)
	}
	return answer, nil
}

// Run makes the warm-up's requests and reports how many it made; it stops
// at the first that fails (which would warm up an error path instead).
func Run() (requests int, err error) {
	// The trace goes in as plain text: gzip's inflater is many short
	// calls, optimised early in any import, and a compressor to make the
	// .gz would add 25 KB (brotli) to the engine.
	trace := Trace(Jobs)
	var cutBody []byte
	for range 2 {
		b, err := serve("/api/swf?name=warm.swf&limit=0&format=compact", "", trace)
		if err != nil {
			return requests, err
		}
		requests++
		cutBody = b
	}
	var cut swf.Cut
	jobs, err := compact.DecodeCut(cutBody, &cut)
	if err != nil {
		return requests, err
	}
	for _, policy := range []string{"easy", "conservative"} {
		s := &model.Scenario{Version: model.Version, Name: "warm-up", Policy: model.Policy{Name: policy},
			Platform: model.Platform{Clusters: []model.Cluster{cut.Cluster}}, Jobs: jobs}
		body, err := compact.EncodeScenario(s)
		if err != nil {
			return requests, err
		}
		for range 2 {
			if _, err := serve("/api/run?format=compact", compact.ScenarioType, body); err != nil {
				return requests, err
			}
			requests++
		}
	}
	n, err := Engines()
	return requests + n, err
}

// Points are the single experiment points of the engines' warm-up
// (Engines): the hybrid grid's three approaches, whose sweeps' first run
// in a fresh page was among the slowest against the next one (TITAN's
// sweep is whole, in Sweeps), without a trace.
var Points = []string{
	"/api/experiments/hybrid-table3?point=0",
}

// Sweeps are the experiments whose whole quick sweep the engines' warm-up
// runs (Engines): the plan, every point in one request, and the merge, as
// a page's Experiments view asks for them. titan-fig9's 25 points take
// five kinds of GA run (Figs. 7-10) and its merge its own code. With the
// whole sweep here, a page's first sweep of it took 395-448 ms against
// 466-700 ms with its point 3 alone (GRIDPLAY_EXPERIMENTS=titan-fig9 go
// test -run TestExperimentsInPage ./wasm/e2e/, the two builds alternated
// four times); the warm-up then takes about 0.5 s more of one worker's
// time (1.75-1.80 s in TestEngineWarmsUpWhenIdle and TestWorkerReuse).
var Sweeps = []string{"titan-fig9"}

// EngineRequests is how many requests Engines makes.
func EngineRequests() int { return len(Points) + 3*len(Sweeps) + len(gamfrepro.Fig7Policies) }

// GAMF is the GA-MF scenario of the engines' warm-up: twelve jobs with
// bandwidth demands on four clusters, as the playground's GA-MF preset,
// for 200 generations (the GA-MF points read a trace, which the warm-up
// does not fetch). Engines runs it under each of gamfrepro.Fig7Policies: with
// GA-MF alone, a fresh page's first sweep of gamf-fig7 had the browser
// optimise the heuristics' code (METL's, CBS's, the evaluator's) beside
// the workers (V8's --trace-wasm-compilation-times in Chromium). With all
// six (GA-MA then at 200 generations) that sweep took 310 and 324 ms, and
// without them 356 and 360 ms, in two runs each of
// GRIDPLAY_EXPERIMENTS=titan-fig9,gamf-fig7,hybrid-table1,hybrid-table3
// go test -v -run TestExperimentsInPage ./wasm/e2e/ (run one after the
// other, not alternated). The four heuristics took 4-8 ms each under node
// (GOOS=js GOARCH=wasm), and GA-MA runs 20 generations.
func GAMF() *model.Scenario {
	s := &model.Scenario{Version: model.Version, Name: "warm-up", Seed: 7,
		Policy: model.Policy{Name: "gamf", Params: map[string]float64{"generations": 200}}}
	for i, m := range []float64{1000, 1500, 2000, 1500} {
		s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: fmt.Sprintf("c%d", i+1), Nodes: 16, MIPS: m, Bandwidth: 1000})
	}
	for k, n := range []int{8, 24, 16, 4, 32, 12, 6, 20, 10, 28, 2, 14} {
		sigma := 0.5 + 0.04*float64(k)
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", k+1), Size: n, Runtime: float64(60 + 15*(k%5)),
			Bandwidth: float64(10 + 5*(k%4)), Sigma: &sigma})
	}
	return s
}

// Engines is the warm-up of the paper systems' own code, beside the
// trace's paths: one point each of Points, the whole sweep of each of
// Sweeps and the GA-MF scenario under each of Fig. 7's methods, once each.
// A sweep's first points, and a first run of these policies in the
// playground, then find their genetic algorithms' and simulators' hot
// functions optimised. Measured in Chromium on titan-fig9 (quick): a
// fresh page's first sweep took 525-569 ms and the next one in the same
// page 297-308 ms.
func Engines() (requests int, err error) {
	opt := []byte(`{"quick":true,"seed":1}`)
	for _, p := range Points {
		if _, err := serve(p, "application/json", opt); err != nil {
			return requests, err
		}
		requests++
	}
	for _, name := range Sweeps {
		n, err := sweep(name, opt)
		requests += n
		if err != nil {
			return requests, err
		}
	}
	for _, policy := range gamfrepro.Fig7Policies {
		s := GAMF()
		s.Policy.Name = policy
		switch policy {
		case "gamf":
		case "gama":
			// GA-MA is GA-MF's algorithm with another fitness: a few
			// generations reach its own code (200 took 162 ms under node).
			s.Policy.Params = map[string]float64{"generations": 20}
		default:
			s.Policy.Params = nil
		}
		body, err := json.Marshal(s)
		if err != nil {
			return requests, err
		}
		if _, err := serve("/api/run", "application/json", body); err != nil {
			return requests, err
		}
		requests++
	}
	return requests, nil
}

// sweep runs experiment name's whole sweep under opt in three requests
// (plan, ?points=0-N, merge) and reports how many it made.
func sweep(name string, opt []byte) (int, error) {
	base := "/api/experiments/" + name
	b, err := serve(base+"/plan", "application/json", opt)
	if err != nil {
		return 0, err
	}
	var plan struct {
		Points []struct{} `json:"points"`
	}
	if err := json.Unmarshal(b, &plan); err != nil || len(plan.Points) == 0 {
		return 1, fmt.Errorf("warm-up: the plan of %s: %d points, %v", name, len(plan.Points), err)
	}
	b, err = serve(fmt.Sprintf("%s?points=0-%d", base, len(plan.Points)-1), "application/json", opt)
	if err != nil {
		return 1, err
	}
	reports := bytes.Split(bytes.TrimSpace(b), []byte("\n"))
	if len(reports) != len(plan.Points) {
		return 2, fmt.Errorf("warm-up: %s sent %d reports for %d points", name, len(reports), len(plan.Points))
	}
	var m api.MergeRequest
	if err := json.Unmarshal(opt, &m.Options); err != nil {
		return 2, err
	}
	for _, r := range reports {
		m.Points = append(m.Points, r)
	}
	body, err := json.Marshal(m)
	if err != nil {
		return 2, err
	}
	if _, err := serve(base+"/merge", "application/json", body); err != nil {
		return 2, err
	}
	return 3, nil
}
