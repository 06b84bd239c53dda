// Package devserver serves the playground natively: the files of static/
// with the right MIME types and their pre-compressed variants (.br when
// the browser accepts brotli, else .gz when it accepts gzip, with Vary:
// Accept-Encoding), and the engine API (engine/api) on the same origin
// under /api/.
//
// Every file has a strong ETag (a hash of its bytes and the encoding)
// and Cache-Control: no-cache, so a rebuild shows at once and an
// unchanged file costs a 304.
package devserver

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"strings"
	"sync"
	"time"

	"gridplay/engine/api"
)

// mimeTypes fixes the types that matter, instead of trusting the host's
// mime tables: browsers refuse module scripts and streaming wasm
// compilation without them.
var mimeTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".mjs":  "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".wasm": "application/wasm",
	".json": "application/json",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".ico":  "image/x-icon",
	".txt":  "text/plain; charset=utf-8",
	".toml": "text/plain; charset=utf-8",
	".gz":   "application/gzip",
	".md":   "text/plain; charset=utf-8",
}

// New returns the handler for the static directory dir plus the API.
// dir must exist.
func New(dir string) (http.Handler, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("/api/", api.Handler())
	mux.Handle("/", &files{root: root, tags: map[string]etag{}})
	return mux, nil
}

type files struct {
	root *os.Root
	mu   sync.Mutex
	tags map[string]etag // by file name
}

// etag is a file's ETag with the size and time it was computed for.
type etag struct {
	size int64
	mod  time.Time
	tag  string
}

func (f *files) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	// A cleaned path ends with a slash only when it is the root.
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	ext := path.Ext(name)
	if ext == ".gz" || ext == ".br" {
		// A compressed variant is served through Accept-Encoding only;
		// a file without a plain sibling (traces/NAME.swf.gz) is a file
		// like any other.
		if _, err := f.root.Stat(strings.TrimSuffix(name, ext)); err == nil {
			http.NotFound(w, r)
			return
		}
	}
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	if t, ok := mimeTypes[ext]; ok {
		h.Set("Content-Type", t)
	} else {
		h.Set("Content-Type", "application/octet-stream")
	}
	h.Add("Vary", "Accept-Encoding")

	file, st, err := f.open(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			http.NotFound(w, r)
			return
		}
		http.Error(w, "cannot read file", http.StatusInternalServerError)
		return
	}
	defer file.Close()
	// The pre-compressed file is served only while it is not older than
	// the original (a stale build).
	for _, enc := range []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !accepts(r, enc.name) {
			continue
		}
		c, cst, err := f.open(name + enc.ext)
		if err != nil {
			continue
		}
		defer c.Close()
		if cst.ModTime().Before(st.ModTime()) {
			continue
		}
		if tag, err := f.etag(name, file, st); err == nil {
			h.Set("ETag", `"`+tag+"-"+enc.name+`"`)
		}
		h.Set("Content-Encoding", enc.name)
		http.ServeContent(w, r, name, st.ModTime(), c)
		return
	}
	if tag, err := f.etag(name, file, st); err == nil {
		h.Set("ETag", `"`+tag+`"`)
	}
	http.ServeContent(w, r, name, st.ModTime(), file)
}

// etag is the hash of the file's bytes, computed once per size and time
// of the file; file is read from its start and rewound.
func (f *files) etag(name string, file *os.File, st fs.FileInfo) (string, error) {
	f.mu.Lock()
	e, ok := f.tags[name]
	f.mu.Unlock()
	if ok && e.size == st.Size() && e.mod.Equal(st.ModTime()) {
		return e.tag, nil
	}
	hs := sha256.New()
	if _, err := io.Copy(hs, file); err != nil {
		return "", err
	}
	if _, err := file.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	tag := hex.EncodeToString(hs.Sum(nil)[:12])
	f.mu.Lock()
	f.tags[name] = etag{st.Size(), st.ModTime(), tag}
	f.mu.Unlock()
	return tag, nil
}

func (f *files) open(name string) (*os.File, fs.FileInfo, error) {
	file, err := f.root.Open(name)
	if err != nil {
		return nil, nil, err
	}
	st, err := file.Stat()
	if err != nil {
		file.Close()
		return nil, nil, err
	}
	if st.IsDir() {
		file.Close()
		return nil, nil, fs.ErrNotExist
	}
	return file, st, nil
}

// accepts reports whether the request's Accept-Encoding lists the
// encoding name with a non-zero quality.
func accepts(r *http.Request, name string) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) != name {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
