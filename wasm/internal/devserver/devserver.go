// Package devserver serves the playground natively: the files of static/
// with the right MIME types and their pre-compressed .gz variants, and the
// engine API (engine/api) on the same origin under /api/.
//
// It is meant for development and tests on loopback: every response is
// revalidated (Cache-Control: no-cache), so a rebuild shows at once.
package devserver

import (
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path"
	"strings"

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
	mux.Handle("/", &files{root: root})
	return mux, nil
}

type files struct {
	root *os.Root
}

func (f *files) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	name = strings.TrimPrefix(name, "/")
	if name == "" {
		name = "index.html"
	}
	ext := path.Ext(name)
	if ext == ".gz" || ext == ".br" {
		// The compressed variants are served through Accept-Encoding
		// only, so a client never gets bytes it cannot read. A file
		// that is compressed in its own right (the traces,
		// traces/NAME.swf.gz) has no plain sibling, and is a file like
		// any other.
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
	if acceptsGzip(r) {
		if gz, gst, err := f.open(name + ".gz"); err == nil {
			defer gz.Close()
			// Serve the pre-compressed file only while it is not
			// older than the original (a stale build).
			if !gst.ModTime().Before(st.ModTime()) {
				h.Set("Content-Encoding", "gzip")
				http.ServeContent(w, r, name, st.ModTime(), gz)
				return
			}
		}
	}
	http.ServeContent(w, r, name, st.ModTime(), file)
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

// acceptsGzip reports whether the request's Accept-Encoding lists gzip
// with a non-zero quality.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) != "gzip" {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
