package swf

import (
	"fmt"
	"io"
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
	path, err := Find(name)
	if err == nil {
		return ReadFile(path)
	}
	if Fetcher == nil {
		return nil, err
	}
	base := filepath.Base(name)
	var tried []string
	for _, n := range []string{base, base + ".swf.gz", base + ".swf"} {
		if !strings.HasSuffix(n, ".swf") && !strings.HasSuffix(n, ".swf.gz") {
			continue
		}
		rc, ferr := Fetcher(n)
		if ferr != nil {
			tried = append(tried, ferr.Error())
			continue
		}
		t, rerr := Read(rc)
		rc.Close()
		if rerr != nil {
			return nil, fmt.Errorf("%s: %w", n, rerr)
		}
		t.Name = strings.TrimSuffix(strings.TrimSuffix(n, ".gz"), ".swf")
		return t, nil
	}
	return nil, fmt.Errorf("swf: trace %q not found here or from the site (%s)", name, strings.Join(tried, "; "))
}
