//go:build !js

package e2e

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"gridplay/engine/gamf"
)

// slowTraces sends the files under /traces/ in pieces of 16 KiB, each
// flushed and followed by a 10 ms pause (1.6 MB/s, a slow link), and
// counts the bytes the connection took before the client closed it.
type slowTraces struct {
	next http.Handler
	mu   sync.Mutex
	sent map[string]int
}

func (s *slowTraces) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasPrefix(r.URL.Path, "/traces/") {
		s.next.ServeHTTP(w, r)
		return
	}
	s.next.ServeHTTP(&slowWriter{ResponseWriter: w, count: func(n int) {
		s.mu.Lock()
		s.sent[r.URL.Path] += n
		s.mu.Unlock()
	}}, r)
}

func (s *slowTraces) bytes(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sent[path]
}

type slowWriter struct {
	http.ResponseWriter
	count func(int)
	err   error
}

func (w *slowWriter) Write(b []byte) (int, error) {
	done := 0
	for len(b) > 0 && w.err == nil {
		piece := b[:min(len(b), 16<<10)]
		n, err := w.ResponseWriter.Write(piece)
		w.count(n)
		done += n
		b = b[n:]
		if err != nil {
			w.err = err
			break
		}
		if f, ok := w.ResponseWriter.(http.Flusher); ok {
			f.Flush()
		}
		time.Sleep(10 * time.Millisecond)
	}
	return done, w.err
}

// TestTraceHeadFetchedOnly sends a point of gamf-fig7 to the page's
// engine worker, which reads the head of HPC2N (wasm/internal/jsfetch:
// 407 of its 202,871 lines), over a slow link (slowTraces). The worker
// must stop the download once it has the head: the test's server must
// have sent less than half of the trace's 3.0 MB gzip, counted once the
// count has settled. The old worker fetched the whole file before
// reading a line.
func TestTraceHeadFetchedOnly(t *testing.T) {
	slow := &slowTraces{sent: map[string]int{}}
	actx, _, _, url := browserWith(t, 1280, 800, func(h http.Handler) http.Handler {
		slow.next = h
		return slow
	})
	ctx, con := longTab(t, actx, 2*time.Minute)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	var res struct {
		Err string  `json:"err"`
		N   int     `json:"n"`
		Ms  float64 `json:"ms"`
	}
	err := chromedp.Run(ctx, chromedp.Evaluate(`(async () => {
  const E = globalThis.gridplayEngine;
  const body = new TextEncoder().encode(JSON.stringify({quick: true, seed: 1}));
  const t0 = performance.now();
  const r = await new Promise((res) => {
    let n = 0;
    E.request("POST", "/api/experiments/gamf-fig7?point=0", body, () => {}, (c) => (n += c.length), (e) => res({err: e || "", n}));
  });
  r.ms = performance.now() - t0;
  return r;
})()`, &res, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if err != nil {
		t.Fatal(err)
	}
	if res.Err != "" || res.N == 0 {
		t.Fatalf("the point failed: %q (%d bytes)", res.Err, res.N)
	}
	st, err := os.Stat(filepath.Join(staticDir, "traces", gamf.TraceName))
	if err != nil {
		t.Fatal(err)
	}
	// The count stops growing once the worker's cancel has closed the
	// connection, or once the whole file is out (1.9 s at this rate):
	// read it when it has not moved for 300 ms, so that a worker that
	// read only the head but let the download run on fails too.
	path := "/traces/" + gamf.TraceName
	sent := slow.bytes(path)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		time.Sleep(300 * time.Millisecond)
		now := slow.bytes(path)
		if now == sent {
			break
		}
		sent = now
	}
	line := fmt.Sprintf("a gamf-fig7 point in the page at 1.6 MB/s: %.0f ms; the server sent %d of the trace's %d bytes", res.Ms, sent, st.Size())
	t.Log(line)
	fmt.Printf("gridplay e2e: %s\n", line)
	if sent == 0 || sent > int(st.Size())/2 {
		t.Errorf("the server sent %d bytes of %s (%d bytes), want some and less than half", sent, gamf.TraceName, st.Size())
	}
	con.check(t)
}
