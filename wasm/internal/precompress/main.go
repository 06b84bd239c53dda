// Command precompress writes a .gz and a .br file next to every web asset
// of a directory (.wasm, .js, .mjs, .css, .html, .json), so that the
// servers send them compressed without compressing on each request
// (wasm/internal/devserver natively; wasm/cf/entry.mjs on Cloudflare).
// build.sh runs it:
//
//	go run ./wasm/internal/precompress [-q QUALITY] DIR
//
// gzip is at its best compression, brotli at quality 11 with a 16 MB
// window by default. A compressed file is rewritten only when its source
// is newer; files smaller than 1 KB are left alone. JavaScript and CSS
// are minified (esbuild) before they are compressed, so static/ keeps
// the readable source, sent to a client that accepts neither encoding.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	esbuild "github.com/evanw/esbuild/pkg/api"
)

var exts = map[string]bool{".wasm": true, ".js": true, ".mjs": true, ".css": true, ".html": true, ".json": true}

func main() {
	q := flag.Int("q", 11, "brotli quality, 0 to 11")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: precompress [-q QUALITY] DIR")
		os.Exit(2)
	}
	var files []string
	sizes := map[string]int64{}
	err := filepath.WalkDir(flag.Arg(0), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && exts[filepath.Ext(p)] {
			if info, err := d.Info(); err == nil && info.Size() >= 1024 {
				files = append(files, p)
				sizes[p] = info.Size()
			}
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "precompress:", err)
		os.Exit(1)
	}
	// Largest first, so the two wasm binaries start at once.
	sort.Slice(files, func(i, j int) bool { return sizes[files[i]] > sizes[files[j]] })
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	errs := make([]error, len(files))
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[i] = compress(f, *q)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			fmt.Fprintln(os.Stderr, "precompress:", err)
			os.Exit(1)
		}
	}
}

// fresh tells whether out exists and is not older than src.
func fresh(out string, src os.FileInfo) bool {
	st, err := os.Stat(out)
	return err == nil && !st.ModTime().Before(src.ModTime())
}

func compress(p string, q int) error {
	src, err := os.Stat(p)
	if err != nil {
		return err
	}
	var b []byte
	load := func() error {
		if b == nil {
			if b, err = os.ReadFile(p); err == nil {
				b, err = minify(p, b)
			}
		}
		return err
	}
	encoders := []struct {
		ext string
		w   func(*bytes.Buffer) io.WriteCloser
	}{
		{".gz", func(out *bytes.Buffer) io.WriteCloser {
			w, _ := gzip.NewWriterLevel(out, gzip.BestCompression)
			return w
		}},
		{".br", func(out *bytes.Buffer) io.WriteCloser {
			return brotli.NewWriterOptions(out, brotli.WriterOptions{Quality: q, LGWin: 24})
		}},
	}
	for _, e := range encoders {
		if fresh(p+e.ext, src) {
			continue
		}
		if err := load(); err != nil {
			return err
		}
		var out bytes.Buffer
		w := e.w(&out)
		w.Write(b)
		if err := w.Close(); err != nil {
			return err
		}
		if err := write(p+e.ext, out.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// minify returns the minified form of a .js, .mjs or .css file's bytes
// b, and any other file's bytes as they are. A .mjs file is an ES module;
// a .js file is read as a script, whose top-level names are globals and
// keep their names.
func minify(name string, b []byte) ([]byte, error) {
	opt := esbuild.TransformOptions{MinifyWhitespace: true, MinifySyntax: true, MinifyIdentifiers: true,
		Sourcefile: filepath.Base(name), LegalComments: esbuild.LegalCommentsInline, Charset: esbuild.CharsetUTF8}
	switch filepath.Ext(name) {
	case ".js":
		opt.Loader = esbuild.LoaderJS
	case ".mjs":
		opt.Loader, opt.Format = esbuild.LoaderJS, esbuild.FormatESModule
	case ".css":
		opt.Loader = esbuild.LoaderCSS
	default:
		return b, nil
	}
	r := esbuild.Transform(string(b), opt)
	if len(r.Errors) > 0 {
		m := r.Errors[0]
		line := 0
		if m.Location != nil {
			line = m.Location.Line
		}
		return nil, fmt.Errorf("%s:%d: minifying: %s", name, line, m.Text)
	}
	return r.Code, nil
}

// write writes the file through a temporary name, so a server never
// sends half of it.
func write(name string, b []byte) error {
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, name); err != nil {
		return fmt.Errorf("%s: %v", strings.TrimSuffix(tmp, ".tmp"), err)
	}
	return nil
}
