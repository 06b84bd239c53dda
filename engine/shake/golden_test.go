package shake_test

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"gridplay/engine/metrics"
	"gridplay/engine/shake"
)

// summaryDigest pins the bytes of merged summaries of fixed point
// reports (intervals, p values, verdicts). The test runs natively and
// under js/wasm (./build.sh test), so a platform whose arithmetic gave
// other bytes fails here. The reports use only the statistics code, so
// no policy change moves the digest.
const summaryDigest = "37b39067e8e371d6530db73eff0dee41a7ad4ad71d564e28caf6b7e036b60ddc"

func TestSummaryBytesPinned(t *testing.T) {
	h := sha256.New()
	for _, runs := range []int{2, 7, 30, 101} {
		sp := shake.Spec{Runs: runs, Policies: []string{"a", "b", "c"}, Jitter: 1.5, Drop: 0.01, Dup: 0.02, Seed: 4}
		var points []*shake.PointReport
		for k := 0; k <= runs; k++ {
			p := &shake.PointReport{Spec: sp, Point: k, Jobs: 100}
			for i, pol := range sp.Policies {
				m := map[string]float64{}
				for j, key := range metrics.Keys {
					// Awkward values from exactly rounded operations.
					m[key] = math.Sqrt(float64(1+k*7+j*13+i*29)) * (1 + float64(i)/3)
				}
				p.Runs = append(p.Runs, shake.PolicyRun{Policy: pol, Metrics: m, Valid: true})
			}
			points = append(points, p)
		}
		sum, err := shake.Merge(sp, points)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(sum)
		h.Write(b)
	}
	if got := fmt.Sprintf("%x", h.Sum(nil)); got != summaryDigest {
		t.Fatalf("summaries' digest %s, pinned %s", got, summaryDigest)
	}
}
