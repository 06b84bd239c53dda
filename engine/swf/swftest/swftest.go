// Package swftest cuts small windows of the shipped traces for tests: a
// few records of a whole trace, with its header, imported as the page
// imports a trace (swf.Import), so a test runs every policy on what the
// page would give it in milliseconds.
package swftest

import (
	"bufio"
	"compress/gzip"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"gridplay/engine/swf"
)

// Shipped are the traces in static/traces, by the names swf.Find takes.
var Shipped = []string{"KTH-SP2-1996-2", "CTC-SP2-1996-3.1-cln", "HPC2N-2002-2.2-cln"}

// Window imports n records of the trace called name (swf.Find): from a
// few records before its first job of run time 0 with a requested time
// (the archive's "less than 0.5 s"), or from its first record when it
// has none. The cut keeps the trace's own times and machine.
func Window(t testing.TB, name string, n int) *swf.Cut {
	t.Helper()
	path, err := swf.Find(name)
	if err != nil {
		t.Skip(err)
	}
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	var r io.Reader = file
	if strings.HasSuffix(path, ".gz") {
		if r, err = gzip.NewReader(file); err != nil {
			t.Fatal(err)
		}
	}
	// The header comes first; the scan stops once the window is read.
	var head, recs []string
	zero := -1
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), ";") {
			head = append(head, line)
			continue
		}
		f := strings.Fields(line)
		if len(f) != 18 {
			continue
		}
		if zero < 0 && f[3] == "0" {
			if req, err := strconv.ParseFloat(f[8], 64); err == nil && req > 0 {
				zero = len(recs)
			}
		}
		recs = append(recs, line)
		if zero >= 0 && len(recs) >= max(zero-3, 0)+n {
			break
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	from := max(zero-3, 0)
	to := min(from+n, len(recs))
	text := strings.Join(head, "\n") + "\n" + strings.Join(recs[from:to], "\n") + "\n"
	cut, err := swf.Import(name+".swf", strings.NewReader(text), 0)
	if err != nil {
		t.Fatal(err)
	}
	return cut
}
