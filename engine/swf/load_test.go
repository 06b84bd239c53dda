package swf

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

// Load falls back to Fetcher when no file is found, and names what it
// tried when neither has the trace.
func TestLoadFetcher(t *testing.T) {
	defer func(f func(string) (io.ReadCloser, error)) { Fetcher = f }(Fetcher)
	var asked []string
	Fetcher = func(name string) (io.ReadCloser, error) {
		asked = append(asked, name)
		if name == "remote-only.swf.gz" {
			f, err := os.Open(mustFind(t, "KTH-SP2-1996-2"))
			return f, err
		}
		return nil, errors.New("404 " + name)
	}
	tr, err := Load("remote-only")
	if err != nil {
		t.Fatal(err)
	}
	if tr.Name != "remote-only" || len(tr.Jobs) < 28000 {
		t.Errorf("trace %q with %d jobs", tr.Name, len(tr.Jobs))
	}
	if strings.Join(asked, ",") != "remote-only.swf.gz" {
		t.Errorf("asked %v", asked)
	}
	asked = nil
	if _, err := Load("nowhere"); err == nil || !strings.Contains(err.Error(), "404 nowhere.swf.gz") {
		t.Errorf("missing trace: %v", err)
	}
	// A file, when there is one, wins over the fetcher.
	asked = nil
	if tr, err := Load("KTH-SP2-1996-2"); err != nil || len(asked) != 0 || tr.Name != "KTH-SP2-1996-2" {
		t.Errorf("file: %v, asked %v", err, asked)
	}
}

func mustFind(t *testing.T, name string) string {
	t.Helper()
	p, err := Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// LoadEach stops reading where its function says, and gives the records
// Load gives, in order, up to there.
func TestLoadEach(t *testing.T) {
	whole, err := Load("HPC2N-2002-2.2-cln")
	if err != nil {
		t.Fatal(err)
	}
	var got []Record
	err = LoadEach("HPC2N-2002-2.2-cln", func(r *Record) bool {
		got = append(got, *r)
		return len(got) < 1000
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1000 {
		t.Fatalf("%d records, want 1000 (the function said stop there)", len(got))
	}
	for i := range got {
		if got[i] != whole.Jobs[i] {
			t.Fatalf("record %d: %+v, want %+v", i, got[i], whole.Jobs[i])
		}
	}
	n := 0
	if err := LoadEach("KTH-SP2-1996-2", func(*Record) bool { n++; return true }); err != nil || n < 28000 {
		t.Errorf("to the end: %d records, %v", n, err)
	}
	if err := LoadEach("no-such-trace", func(*Record) bool { return true }); err == nil {
		t.Error("a missing trace gave no error")
	}
}

// A reader of a trace's head stops the parser at the line where it says
// stop: the lines after it are not read (they used to be parsed to the
// end of what the line buffer held, some 20,000 lines of HPC2N).
func TestReadStopsAtTheLine(t *testing.T) {
	f, err := os.Open(mustFind(t, "HPC2N-2002-2.2-cln"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, last := 0, 0
	tr, err := read(f, func(r *Record, _ string, _ *Header) bool {
		n++
		last = r.Line
		return n < 400
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if n != 400 || tr.Lines != last {
		t.Errorf("stopped after %d records at line %d; the parser read %d lines", n, last, tr.Lines)
	}
}

// The shipped traces' list says what static/traces holds, and the
// machine each import gets.
func TestShippedTraces(t *testing.T) {
	for _, st := range Shipped {
		path, err := Find(st.Name)
		if err != nil {
			t.Errorf("%s: %v", st.Name, err)
			continue
		}
		rc, err := Open(path)
		if err != nil {
			t.Errorf("%s: %v", st.Name, err)
			continue
		}
		tr, err := read(rc, func(*Record, string, *Header) bool { return false }, 0)
		rc.Close()
		if err != nil {
			t.Errorf("%s: %v", st.Name, err)
			continue
		}
		if tr.Header.MaxProcs != st.Nodes {
			t.Errorf("%s: MaxProcs %d, the list says %d", st.Name, tr.Header.MaxProcs, st.Nodes)
		}
	}
}
