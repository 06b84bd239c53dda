package multisite

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"testing"

	"gridplay/engine/backfill"
	"gridplay/engine/model"
	"gridplay/engine/rng"
)

// TestCoStartMatchesGo: under js/wasm coStart scans in WebAssembly
// (costart_wasm.s); every one of its answers in these runs is compared
// with coStartGo's on the same windows, bit for bit, start and per-site
// counts. The runs are random platforms of one to four sites (up to 40
// nodes, so that windows hold many steps) under the three strategies
// and both backfilling modes, strict non-adaptive included. ./build.sh test runs the
// engine's tests under node too; natively coStart is coStartGo and the
// test only runs the scenarios.
func TestCoStartMatchesGo(t *testing.T) {
	calls, finite := 0, 0
	var bad string
	coStartCheck = func(s *selector, c []int, size int, d, now, limit float64, minEach int, m *backfill.Machine, got float64, caps []int) {
		calls++
		gotCaps := slices.Clone(caps)
		want, wantCaps := s.coStartGo(c, size, d, now, limit, minEach, m)
		if !math.IsInf(want, 1) {
			finite++
		}
		if bad == "" && (math.Float64bits(got) != math.Float64bits(want) || (!math.IsInf(want, 1) && !slices.Equal(gotCaps, wantCaps))) {
			bad = fmt.Sprintf("sites %v, size %d, d %v, now %v, limit %v, minEach %d: coScan gives %v %v, coStartGo %v %v",
				c, size, d, now, limit, minEach, got, gotCaps, want, wantCaps)
		}
	}
	defer func() { coStartCheck = nil }()

	r := rng.NewPCG(11, 11)
	for trial := 0; trial < 30; trial++ {
		s, tot := randomPlatform(r, 40)
		randomJobs(r, s, 20+r.IntN(100), tot)
		for _, name := range []string{"multisite-optimal", "multisite-greedy", "multisite-nonadaptive"} {
			for _, cons := range []float64{0, 1} {
				for _, strict := range []float64{0, 1} {
					s.Policy = model.Policy{Name: name, Params: map[string]float64{"conservative": cons, "strict": strict}}
					runPolicy(t, s)
				}
			}
		}
		if bad != "" {
			t.Fatalf("trial %d: %s", trial, bad)
		}
	}
	t.Logf("%d coStart calls compared (%d with a start), GOARCH %s", calls, finite, runtime.GOARCH)
	if runtime.GOARCH == "wasm" && (calls == 0 || finite == 0) {
		t.Fatalf("coScan ran %d times (%d with a start): the comparison checked nothing", calls, finite)
	}
}
