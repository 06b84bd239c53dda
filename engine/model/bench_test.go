package model_test

import (
	"runtime"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/swf"
)

// The whole HPC2N trace as a scenario passes the limits and round-trips.
func hpc2n(tb testing.TB) *model.Scenario {
	p, err := swf.Find("HPC2N-2002-2.2-cln")
	if err != nil {
		tb.Skip(err)
	}
	tr, err := swf.ReadFile(p)
	if err != nil {
		tb.Fatal(err)
	}
	return tr.Scenario("fcfs")
}

func TestHPC2NRoundTrip(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" {
		t.Skip("the whole trace round-trips natively; too slow for -short and js/wasm")
	}
	s := hpc2n(t)
	b, err := model.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > model.MaxScenarioBytes {
		t.Fatalf("%d bytes", len(b))
	}
	d, err := model.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Jobs) != 202871 || d.Jobs[202870] != s.Jobs[202870] {
		t.Fatal("round trip")
	}
	t.Logf("HPC2N scenario: %d bytes of JSON", len(b))
}

func BenchmarkDecodeHPC2N(b *testing.B) {
	s := hpc2n(b)
	js, err := model.Encode(s)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(js)))
	for b.Loop() {
		if _, err := model.Decode(js); err != nil {
			b.Fatal(err)
		}
	}
}
