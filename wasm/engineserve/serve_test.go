//go:build js && wasm

package engineserve

import (
	"bytes"
	"runtime"
	"testing"
	"time"

	"gridplay/engine/api"
	"gridplay/engine/api/benchset"
)

// The ballast spares a request the collector's cycles: EASY on the first
// 20,000 HPC2N jobs (the benchmark set's first row), through the API's
// handler (api.Call), after the runtime.GC that ends every request, runs with no
// cycle once the ballast is held, and with at least one without it. The
// test reads the cycles from runtime.MemStats.NumGC around the request.
// It runs under js/wasm (node), where the collector shares the request's
// one thread. With a 16 MiB block it saw a cycle once, in a full run of
// ./build.sh test: the collector's trigger may come at 70% of the way to
// its goal (BallastBytes).
func TestBallastSparesTheRequestsCycles(t *testing.T) {
	set, err := benchset.Load()
	if err != nil {
		t.Fatal(err)
	}
	row := set.Requests[0]
	if row.Name != "easy-hpc2n-20k" {
		t.Fatalf("the set's first row is %q", row.Name)
	}
	body, path, typ := row.Body, row.Path, row.Type
	set = nil // only the body stays live, as in a worker
	var ref []byte
	cycles := func() uint32 {
		runtime.GC()
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		status, answer := api.Call(row.Method, path, typ, body)
		// A cycle that started during the request ends on the
		// collector's own goroutines, which run only when the request's
		// goroutine waits (one thread, no preemption).
		time.Sleep(50 * time.Millisecond)
		runtime.ReadMemStats(&b)
		if status != 200 {
			t.Fatalf("status %d: %.300s", status, answer)
		}
		if ref == nil {
			ref = answer
		} else if !bytes.Equal(answer, ref) {
			t.Fatal("the answer changed between runs")
		}
		return b.NumGC - a.NumGC
	}
	ballast = nil
	cycles() // a first run, as the worker's warm-up
	without := cycles()
	holdBallast()
	with := cycles()
	t.Logf("collector cycles during the request: %d without the ballast, %d with it (%d MiB)", without, with, BallastBytes>>20)
	if without == 0 {
		t.Fatal("the request ran without a cycle even without the ballast: this test shows nothing")
	}
	if with != 0 {
		t.Errorf("%d cycles during the request with the ballast, want 0", with)
	}
}
