package swf

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Fetcher, when set, opens a trace by its base name (such as
// "HPC2N-2002-2.2-cln.swf.gz") where there is no file system to search:
// in the browser's engine worker it fetches static/traces/NAME from the
// page's origin, on Cloudflare Workers from the deployment's assets
// (wasm/api sets it for js/wasm). Load uses it when Find finds no file.
var Fetcher func(name string) (io.ReadCloser, error)

// Load reads the trace called name (as for Find): from a file when Find
// finds one, else through Fetcher when it is set, trying name, name.swf.gz
// and name.swf. The trace's Name is name without .gz and .swf.
func Load(name string) (*Trace, error) {
	if path, err := Find(name); err == nil {
		return ReadFile(path)
	}
	rc, n, err := fetch(name)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return readNamed(rc, n)
}

// Shipped are the traces that ship with gridplay (static/traces, the
// Parallel Workloads Archive's, see its README): a scenario's trace
// reference (model.TraceRef) names one by its base name. Nodes is the
// machine an import of it gets (the header's MaxProcs).
var Shipped = []ShippedTrace{
	{Name: "CTC-SP2-1996-3.1-cln", Nodes: 338},
	{Name: "HPC2N-2002-2.2-cln", Nodes: 240},
	{Name: "KTH-SP2-1996-2", Nodes: 100},
}

// ShippedTrace is one of the traces that ship with gridplay.
type ShippedTrace struct {
	Name  string
	Nodes int
}

// FindShipped returns the shipped trace called name, if there is one.
func FindShipped(name string) (ShippedTrace, bool) {
	for _, t := range Shipped {
		if t.Name == name {
			return t, true
		}
	}
	return ShippedTrace{}, false
}

// LoadEach streams the records of the trace called name (found as Load
// finds it: a file, else through Fetcher) to fn in file order, until fn
// returns false. The record is valid only during the call to fn (one
// Record serves every line). Nothing after the line where fn says stop
// is parsed, and little more is decompressed (gamf-fig7 reads the head
// of HPC2N).
func LoadEach(name string, fn func(r *Record) bool) error {
	rc, err := Open(name)
	if err != nil {
		return err
	}
	defer rc.Close()
	_, err = read(rc, func(rec *Record, _ string, _ *Header) bool { return fn(rec) }, 0)
	return err
}

// Open opens the trace called name as Load finds it (a file, else
// through Fetcher), compressed as it is stored.
func Open(name string) (io.ReadCloser, error) {
	if path, err := Find(name); err == nil {
		return os.Open(path)
	}
	rc, _, err := fetch(name)
	return rc, err
}

// fetch opens the trace called name through Fetcher, trying name,
// name.swf.gz and name.swf, and says which answered; without a Fetcher it
// is Find's error.
func fetch(name string) (io.ReadCloser, string, error) {
	if Fetcher == nil {
		_, err := Find(name)
		return nil, "", err
	}
	base := filepath.Base(name)
	var tried []string
	for _, n := range []string{base, base + ".swf.gz", base + ".swf"} {
		if !strings.HasSuffix(n, ".swf") && !strings.HasSuffix(n, ".swf.gz") {
			continue
		}
		rc, err := Fetcher(n)
		if err == nil {
			return rc, n, nil
		}
		tried = append(tried, err.Error())
	}
	return nil, "", fmt.Errorf("swf: trace %q not found here or from the site (%s)", name, strings.Join(tried, "; "))
}
