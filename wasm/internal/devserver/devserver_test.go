package devserver

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

func write(t *testing.T, dir, name string, b []byte) {
	t.Helper()
	p := filepath.Join(dir, name)
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func gz(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

func br(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	w := brotli.NewWriter(&buf)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

func setup(t *testing.T) (string, http.Handler) {
	dir := t.TempDir()
	write(t, dir, "index.html", []byte("<!doctype html><title>x</title>"))
	wasm := bytes.Repeat([]byte("\x00asm"), 1000)
	write(t, dir, "app.wasm", wasm)
	write(t, dir, "app.wasm.gz", gz(t, wasm))
	write(t, dir, "app.wasm.br", br(t, wasm))
	write(t, dir, "main.js", []byte("console.log(1)"))
	write(t, dir, "worker/w.mjs", []byte("export {}"))
	write(t, dir, "style.css", []byte("body{}"))
	write(t, dir, "traces/t.swf.gz", gz(t, []byte("; trace\n")))
	write(t, dir, "stale.js", []byte("new"))
	write(t, dir, "stale.js.gz", gz(t, []byte("old")))
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(dir, "stale.js.gz"), old, old)
	h, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, h
}

func get(h http.Handler, method, path, enc string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, nil)
	if enc != "" {
		r.Header.Set("Accept-Encoding", enc)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestFiles(t *testing.T) {
	_, h := setup(t)
	tests := []struct {
		path, enc, ctype, cenc string
		status                 int
	}{
		{"/", "", "text/html; charset=utf-8", "", 200},
		{"/index.html", "gzip", "text/html; charset=utf-8", "", 200},
		{"/app.wasm", "gzip, deflate, br", "application/wasm", "br", 200},
		{"/app.wasm", "gzip, deflate", "application/wasm", "gzip", 200},
		{"/app.wasm", "br;q=0, gzip", "application/wasm", "gzip", 200},
		{"/app.wasm", "br", "application/wasm", "br", 200},
		{"/app.wasm", "", "application/wasm", "", 200},
		{"/app.wasm", "gzip;q=0", "application/wasm", "", 200},
		{"/main.js", "", "text/javascript; charset=utf-8", "", 200},
		{"/worker/w.mjs", "", "text/javascript; charset=utf-8", "", 200},
		{"/style.css", "", "text/css; charset=utf-8", "", 200},
		{"/stale.js", "gzip", "text/javascript; charset=utf-8", "", 200},
		{"/app.wasm.gz", "gzip", "", "", 404},
		// a file compressed in its own right (no plain sibling) is served
		// as it is: the engine worker fetches the traces so
		{"/traces/t.swf.gz", "gzip", "application/gzip", "", 200},
		{"/app.wasm.br", "br", "", "", 404},
		{"/missing.js", "", "", "", 404},
		{"/worker", "", "", "", 404},
	}
	for _, tt := range tests {
		w := get(h, "GET", tt.path, tt.enc)
		if w.Code != tt.status {
			t.Errorf("%s: status %d, want %d", tt.path, w.Code, tt.status)
			continue
		}
		if tt.status != 200 {
			continue
		}
		if ct := w.Header().Get("Content-Type"); ct != tt.ctype {
			t.Errorf("%s: Content-Type %q, want %q", tt.path, ct, tt.ctype)
		}
		if ce := w.Header().Get("Content-Encoding"); ce != tt.cenc {
			t.Errorf("%s (Accept-Encoding %q): Content-Encoding %q, want %q", tt.path, tt.enc, ce, tt.cenc)
		}
		if !strings.Contains(w.Header().Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s: no Vary: Accept-Encoding", tt.path)
		}
		if w.Header().Get("Cache-Control") != "no-cache" {
			t.Errorf("%s: Cache-Control %q", tt.path, w.Header().Get("Cache-Control"))
		}
	}
}

func TestTraversal(t *testing.T) {
	dir, _ := setup(t)
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	f := &files{root: root, tags: map[string]etag{}}
	for _, p := range []string{"/../../etc/passwd", "/..%2f..%2fetc/passwd", "/worker/../../x"} {
		r := httptest.NewRequest("GET", "/", nil)
		r.URL.Path = p
		w := httptest.NewRecorder()
		f.ServeHTTP(w, r)
		if w.Code != 404 {
			t.Errorf("%s: status %d", p, w.Code)
		}
	}
}

func TestGzipBody(t *testing.T) {
	dir, h := setup(t)
	w := get(h, "GET", "/app.wasm", "gzip")
	zr, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(zr)
	want, _ := os.ReadFile(filepath.Join(dir, "app.wasm"))
	if !bytes.Equal(got, want) {
		t.Error("gzip body does not unpack to the original")
	}
	// A stale .gz is not used.
	if w := get(h, "GET", "/stale.js", "gzip"); w.Body.String() != "new" {
		t.Errorf("stale.js served %q", w.Body.String())
	}
}

func TestMethodsAndAPI(t *testing.T) {
	_, h := setup(t)
	if w := get(h, "POST", "/index.html", ""); w.Code != 405 {
		t.Errorf("POST a file: status %d", w.Code)
	}
	if w := get(h, "HEAD", "/app.wasm", ""); w.Code != 200 || w.Body.Len() != 0 {
		t.Errorf("HEAD: status %d, %d bytes", w.Code, w.Body.Len())
	}
	w := get(h, "GET", "/api/policies", "")
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
		t.Errorf("/api/policies: status %d, type %q", w.Code, w.Header().Get("Content-Type"))
	}
	if w := get(h, "GET", "/api/nope", ""); w.Code != 404 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
		t.Errorf("/api/nope: status %d, type %q", w.Code, w.Header().Get("Content-Type"))
	}
}

func TestMissingDir(t *testing.T) {
	if _, err := New(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Error("no error for a missing directory")
	}
}

func TestBrotliBody(t *testing.T) {
	dir, h := setup(t)
	w := get(h, "GET", "/app.wasm", "gzip, deflate, br")
	got, _ := io.ReadAll(brotli.NewReader(w.Body))
	want, _ := os.ReadFile(filepath.Join(dir, "app.wasm"))
	if !bytes.Equal(got, want) {
		t.Error("brotli body does not unpack to the original")
	}
}

// Every file has an ETag, one per encoding sent; asking again with it
// gives a 304 without a body; a changed file changes it.
func TestETags(t *testing.T) {
	dir, h := setup(t)
	tags := map[string]string{}
	for _, enc := range []string{"", "gzip", "br"} {
		w := get(h, "GET", "/app.wasm", enc)
		tag := w.Header().Get("ETag")
		if len(tag) < 10 || !strings.HasPrefix(tag, `"`) {
			t.Fatalf("%q: ETag %q", enc, tag)
		}
		for e, other := range tags {
			if other == tag {
				t.Errorf("encodings %q and %q share the ETag %s", e, enc, tag)
			}
		}
		tags[enc] = tag
		r := httptest.NewRequest("GET", "/app.wasm", nil)
		r.Header.Set("Accept-Encoding", enc)
		r.Header.Set("If-None-Match", tag)
		w2 := httptest.NewRecorder()
		h.ServeHTTP(w2, r)
		if w2.Code != 304 || w2.Body.Len() != 0 {
			t.Errorf("%q: revalidation gave %d with %d bytes", enc, w2.Code, w2.Body.Len())
		}
	}
	later := time.Now().Add(time.Minute)
	write(t, dir, "app.wasm", []byte("\x00asm changed"))
	os.Chtimes(filepath.Join(dir, "app.wasm"), later, later)
	if w := get(h, "GET", "/app.wasm", ""); w.Header().Get("ETag") == tags[""] || w.Body.String() != "\x00asm changed" {
		t.Errorf("a changed file kept its ETag %s", tags[""])
	}
	// Its compressed files are now stale: the original is sent.
	if w := get(h, "GET", "/app.wasm", "br"); w.Header().Get("Content-Encoding") != "" {
		t.Errorf("a stale .br was sent")
	}
}
