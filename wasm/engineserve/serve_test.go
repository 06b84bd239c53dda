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

// sink is a ResponseWriter that keeps the answer, as the worker's writer
// does until its Flush.
type sink struct {
	h      api.Header
	status int
	buf    []byte
}

func (s *sink) Header() api.Header          { return s.h }
func (s *sink) WriteHeader(status int)      { s.status = status }
func (s *sink) Write(b []byte) (int, error) { s.buf = append(s.buf, b...); return len(b), nil }

// The ballast spares a request the collector's cycles: EASY on the first
// 20,000 HPC2N jobs (the benchmark set's first row), served as a worker
// serves it, after the runtime.GC that ends every request, runs with no
// cycle once the ballast is held, and with at least one without it. The
// test reads the cycles from runtime.MemStats.NumGC around the request.
// It runs under js/wasm (node), where the collector shares the request's
// one thread.
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
		r := &api.Request{Method: row.Method, Path: "/api/run", Header: api.Header{}, ContentLength: int64(len(body)), Body: bytes.NewReader(body)}
		r.Query = map[string][]string{"format": {"compact"}}
		if path != "/api/run?format=compact" {
			t.Fatalf("the row's path is %q", path)
		}
		r.Header.Set("Content-Type", typ)
		runtime.GC()
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		w := &sink{h: api.Header{}, status: 200}
		api.Serve(w, r)
		// A cycle that started during the request ends on the
		// collector's own goroutines, which run only when the request's
		// goroutine waits (one thread, no preemption).
		time.Sleep(50 * time.Millisecond)
		runtime.ReadMemStats(&b)
		if w.status != 200 {
			t.Fatalf("status %d: %.300s", w.status, w.buf)
		}
		if ref == nil {
			ref = w.buf
		} else if !bytes.Equal(w.buf, ref) {
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
