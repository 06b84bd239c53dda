// Package wasmsize reports what a Go WebAssembly binary is made of: the
// bytes of code of each Go package (from the code section and the
// function names of the "name" section) and the size of each section. Go's
// own `go tool nm` does not read WebAssembly; build.sh uses this report
// (go run ./wasm/internal/wasmsize FILE) to show where the bytes go, and
// it guided what was dropped from app.wasm and api.wasm.
package wasmsize

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Report is a binary's size by section and, for its code, by package.
type Report struct {
	Total    int
	Sections []Part // by size, largest first
	Packages []Part // code bytes by Go package, largest first
}

// Part is a named number of bytes.
type Part struct {
	Name  string
	Bytes int
}

// Read parses the binary b. A binary without a name section (built with
// -ldflags=-s) reports its code as one part.
func Read(b []byte) (*Report, error) {
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly binary")
	}
	r := &Report{Total: len(b)}
	p := b[8:]
	imports := 0
	var bodies []int // code size of each defined function
	names := map[int]string{}
	secNames := map[byte]string{0: "custom", 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory",
		6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount"}
	for len(p) > 0 {
		id := p[0]
		n, k, err := uvarint(p[1:])
		if err != nil || uint64(len(p)-1-k) < n {
			return nil, errors.New("a section runs past the end of the binary")
		}
		body := p[1+k : 1+k+int(n)]
		p = p[1+k+int(n):]
		name := secNames[id]
		switch id {
		case 0:
			cn, ck, err := uvarint(body)
			if err == nil && uint64(len(body)-ck) >= cn {
				name = "custom " + string(body[ck:ck+int(cn)])
				if string(body[ck:ck+int(cn)]) == "name" {
					readNames(body[ck+int(cn):], names)
				}
			}
		case 2:
			imports = countFuncImports(body)
		case 10:
			bodies = codeSizes(body)
		}
		r.Sections = append(r.Sections, Part{name, len(body) + 1 + k})
	}
	agg := map[string]int{}
	for i, sz := range bodies {
		agg[pkgOf(names[imports+i])] += sz
	}
	for k, v := range agg {
		r.Packages = append(r.Packages, Part{k, v})
	}
	for _, ps := range [][]Part{r.Sections, r.Packages} {
		sort.Slice(ps, func(i, j int) bool {
			if ps[i].Bytes != ps[j].Bytes {
				return ps[i].Bytes > ps[j].Bytes
			}
			return ps[i].Name < ps[j].Name
		})
	}
	return r, nil
}

// Write prints the sections and the top packages of r.
func (r *Report) Write(w io.Writer, top int) {
	fmt.Fprintf(w, "%d bytes\n", r.Total)
	for _, s := range r.Sections {
		if s.Bytes*100 >= r.Total {
			fmt.Fprintf(w, "  %-22s %9d bytes %5.1f%%\n", s.Name, s.Bytes, 100*float64(s.Bytes)/float64(r.Total))
		}
	}
	fmt.Fprintf(w, "  code by package:\n")
	for i, s := range r.Packages {
		if i == top {
			break
		}
		fmt.Fprintf(w, "  %9d  %s\n", s.Bytes, s.Name)
	}
}

// pkgOf is the package of a function of the name section, where Go writes
// "net_http.__Transport_.roundTrip" for net/http.(*Transport).roundTrip:
// the text before the first dot, past a host name's dot
// ("github.com_vugu_vugu.x").
func pkgOf(fn string) string {
	if fn == "" {
		return "(unnamed)"
	}
	skip := 0
	for _, host := range []string{"github.com", "golang.org", "honnef.co", "gopkg.in", "vendor_golang.org"} {
		if strings.HasPrefix(fn, host) {
			skip = len(host)
		}
	}
	dot := strings.IndexByte(fn[skip:], '.')
	if dot < 0 {
		return fn
	}
	return fn[:skip+dot]
}

func uvarint(b []byte) (uint64, int, error) {
	var x uint64
	var s uint
	for i, c := range b {
		if i == 10 {
			break
		}
		x |= uint64(c&0x7f) << s
		if c < 0x80 {
			return x, i + 1, nil
		}
		s += 7
	}
	return 0, 0, errors.New("bad LEB128 number")
}

// countFuncImports counts the imported functions (they come first in the
// function index space).
func countFuncImports(b []byte) int {
	n, k, err := uvarint(b)
	if err != nil {
		return 0
	}
	b = b[k:]
	count := 0
	for i := uint64(0); i < n; i++ {
		for f := 0; f < 2; f++ { // module and field names
			l, k, err := uvarint(b)
			if err != nil || uint64(len(b)-k) < l {
				return count
			}
			b = b[k+int(l):]
		}
		if len(b) == 0 {
			return count
		}
		kind := b[0]
		b = b[1:]
		switch kind {
		case 0: // function: type index
			count++
			_, k, _ := uvarint(b)
			b = b[k:]
		case 1: // table: reftype, limits
			b = b[1:]
			b = skipLimits(b)
		case 2: // memory: limits
			b = skipLimits(b)
		case 3: // global: valtype, mutability
			b = b[2:]
		default:
			return count
		}
	}
	return count
}

func skipLimits(b []byte) []byte {
	if len(b) == 0 {
		return b
	}
	flag := b[0]
	b = b[1:]
	_, k, _ := uvarint(b)
	b = b[k:]
	if flag&1 != 0 {
		_, k, _ = uvarint(b)
		b = b[k:]
	}
	return b
}

func codeSizes(b []byte) []int {
	n, k, err := uvarint(b)
	if err != nil {
		return nil
	}
	b = b[k:]
	out := make([]int, 0, n)
	for i := uint64(0); i < n && len(b) > 0; i++ {
		sz, k, err := uvarint(b)
		if err != nil || uint64(len(b)-k) < sz {
			break
		}
		out = append(out, int(sz)+k)
		b = b[k+int(sz):]
	}
	return out
}

// readNames reads the function names subsection (id 1) of a name section.
func readNames(b []byte, names map[int]string) {
	for len(b) > 0 {
		id := b[0]
		n, k, err := uvarint(b[1:])
		if err != nil || uint64(len(b)-1-k) < n {
			return
		}
		sub := b[1+k : 1+k+int(n)]
		b = b[1+k+int(n):]
		if id != 1 {
			continue
		}
		cnt, k, err := uvarint(sub)
		if err != nil {
			return
		}
		sub = sub[k:]
		for i := uint64(0); i < cnt; i++ {
			idx, k, err := uvarint(sub)
			if err != nil {
				return
			}
			sub = sub[k:]
			l, k, err := uvarint(sub)
			if err != nil || uint64(len(sub)-k) < l {
				return
			}
			names[int(idx)] = string(sub[k : k+int(l)])
			sub = sub[k+int(l):]
		}
	}
}
