// Package warm is the engine worker's warm-up for a trace import, made
// when a person opens the job table's file dialog (engine-client.mjs
// warmImport): POST /api/swf and an EASY POST /api/run on a synthetic
// trace of Jobs jobs, each twice, through engine/api.
//
// Why: the browser runs a function as baseline code until it has been
// optimised, and a call already running stays in baseline code (no
// on-stack replacement). A trace's parser and the backfilling loop are
// each one long call, so without the warm-up the first import and its
// run ran whole in baseline code. The optimised code belongs to the
// compiled module, which all the page's workers share.
package warm

import (
	"fmt"
	"strings"

	"gridplay/engine/api"
	"gridplay/engine/api/compact"
	"gridplay/engine/model"
	"gridplay/engine/swf"
)

// Jobs is the size of the warm-up trace: big enough that the hot loops
// run long enough to be optimised, small enough to cost little.
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
	// Plain text: a compressor here would add 25 KB to the engine
	// (engine-client.mjs sends a gzipped trace for the inflater).
	trace := Trace(Jobs)
	var cutBody []byte
	for range 2 {
		if cutBody, err = serve("/api/swf?name=warm.swf&limit=0&format=compact", "", trace); err != nil {
			return requests, err
		}
		requests++
	}
	var cut swf.Cut
	jobs, err := compact.DecodeCut(cutBody, &cut)
	if err != nil {
		return requests, err
	}
	s := &model.Scenario{Version: model.Version, Name: "warm-up", Policy: model.Policy{Name: "easy"},
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
	return requests, nil
}
