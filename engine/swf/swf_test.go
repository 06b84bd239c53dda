package swf

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"gridplay/engine/model"
)

const sample = `; Version: 2.2
; Computer: Test SP2
; MaxNodes: 338 (batch partition; 512 total)
; MaxProcs: 128
;
    1        0   10    100   16 99.5 -1   16   200 -1 1 1 1 -1 1 -1 -1 -1
    2        5    0    300    8   -1 -1    8   120 -1 0 2 1 -1 1 -1 -1 -1
    3       10    0     50   -1   -1 -1    4    60 -1 1 3 1 -1 1 -1 -1 -1
    4       20    0     -1    4   -1 -1    4    60 -1 5 3 1 -1 1 -1 -1 -1
    5       30    0     40   -1   -1 -1   -1    60 -1 1 3 1 -1 1 -1 -1 -1
    6       40    0     40    2   -1 -1    2    -1 -1 1 3 1 -1 1 -1 -1 -1
this line is garbage
    7       50    0     40    2
    1       60    0     40    2   -1 -1    2    -1 -1 1 3 1 -1 1 -1 -1 -1
    8       70    0   12.5    2   -1 -1    2    -1 -1 1 -1 1 -1 1 -1 -1 -1	
   -9       80    0     40    2   -1 -1    2    -1 -1 1 3 1 -1 1 -1 -1 -1 7

`

func TestRead(t *testing.T) {
	tr, err := Read(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	h := tr.Header
	if h.MaxProcs != 128 || h.MaxNodes != 338 || h.Version != "2.2" || h.Computer != "Test SP2" {
		t.Fatalf("header %+v", h)
	}
	if len(tr.Jobs) != 8 {
		t.Fatalf("%d records", len(tr.Jobs))
	}
	if tr.Skipped != 3 || tr.SkipReasons["number"].Count != 1 || tr.SkipReasons["fields"].Count != 2 {
		t.Fatalf("skipped %d %+v", tr.Skipped, tr.SkipReasons)
	}
	if got := tr.SkipReasons["number"].Lines; len(got) != 1 || got[0] != 12 {
		t.Fatalf("line numbers %v", got)
	}
	r := tr.Jobs[0]
	want := Record{Job: 1, Submit: 0, Wait: 10, Run: 100, Procs: 16, CPU: 99.5, Memory: -1, ReqProcs: 16, ReqTime: 200,
		ReqMemory: -1, Status: 1, User: 1, Group: 1, Executable: -1, Queue: 1, Partition: -1, Preceding: -1, Think: -1, Line: 6}
	if r != want {
		t.Fatalf("record\n%+v\nwant\n%+v", r, want)
	}
	if tr.Jobs[7].Run != 12.5 {
		t.Fatal(tr.Jobs[7].Run)
	}
	// Unusable: 4 (runtime -1), 5 (no size), second 1 (duplicate).
	if tr.Unusable != 3 || tr.UnusableReasons["runtime"].Count != 1 || tr.UnusableReasons["size"].Count != 1 ||
		tr.UnusableReasons["duplicate"].Count != 1 {
		t.Fatalf("unusable %d %+v", tr.Unusable, tr.UnusableReasons)
	}
}

func TestScenario(t *testing.T) {
	tr, _ := Read(strings.NewReader(sample))
	s := tr.Scenario("fcfs")
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	if c := s.Platform.Clusters; len(c) != 1 || c[0].ID != "site0" || c[0].Nodes != 128 {
		t.Fatalf("platform %+v", c)
	}
	want := []model.Job{
		// ran 100 of 200 requested.
		{ID: "1", Submit: 0, Size: 16, Runtime: 100, Requested: 200, User: "1"},
		// ran 300 s past its 120 s request: kept as it ran (the
		// scheduler kills it at 120 and counts it).
		{ID: "2", Submit: 5, Size: 8, Runtime: 300, Requested: 120, User: "2"},
		// allocation unknown: the request (4) stands in.
		{ID: "3", Submit: 10, Size: 4, Runtime: 50, Requested: 60, User: "3"},
		// no requested time.
		{ID: "6", Submit: 40, Size: 2, Runtime: 40, User: "3"},
		// user unknown (-1): "".
		{ID: "8", Submit: 70, Size: 2, Runtime: 12.5},
	}
	if len(s.Jobs) != len(want) {
		t.Fatalf("jobs %+v", s.Jobs)
	}
	for i := range want {
		if s.Jobs[i] != want[i] {
			t.Errorf("job %d: %+v, want %+v", i, s.Jobs[i], want[i])
		}
	}
	if len(s.Jobs)+tr.Unusable != len(tr.Jobs) {
		t.Fatal("Unusable does not match Scenario")
	}
}

func TestNodesFallback(t *testing.T) {
	line := "1 0 0 10 24 -1 -1 24 -1 -1 1 1 1 -1 1 -1 -1 -1\n"
	tr, _ := Read(strings.NewReader("; MaxNodes: 64\n" + line))
	if n := tr.Scenario("x").Platform.Clusters[0].Nodes; n != 64 {
		t.Fatal(n)
	}
	tr, _ = Read(strings.NewReader(line))
	if n := tr.Scenario("x").Platform.Clusters[0].Nodes; n != 24 {
		t.Fatal(n)
	}
}

func TestGzipAndLongLines(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	io.WriteString(zw, sample)
	io.WriteString(zw, strings.Repeat("9", MaxLine*5)+"\n")
	io.WriteString(zw, "   11 0 0 10 2 -1 -1 2 -1 -1 1 1 1 -1 1 -1 -1 -1")
	zw.Close()
	tr, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Jobs) != 9 || tr.SkipReasons["too long"].Count != 1 || tr.Jobs[8].Job != 11 {
		t.Fatalf("%d jobs, %+v", len(tr.Jobs), tr.SkipReasons)
	}
	if _, err := Read(bytes.NewReader([]byte{0x1f, 0x8b, 1, 2, 3})); err == nil {
		t.Fatal("bad gzip accepted")
	}
}

func TestParseNum(t *testing.T) {
	for in, want := range map[string]float64{
		"0": 0, "-1": -1, "42": 42, "552.21": 552.21, "1e3": 1000, "+7": 7, "0.1": 0.1,
		"1234567890123456789": 1234567890123456789, "3.": 3, ".5": 0.5,
	} {
		got, ok := parseNum([]byte(in))
		if !ok || got != want {
			t.Errorf("%q: %v %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "-", "+", ".", "x", "1x", "1..2", "NaN", "inf", "1e999"} {
		if _, ok := parseNum([]byte(in)); ok {
			t.Errorf("%q accepted", in)
		}
	}
}

func TestFind(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "tiny.swf.gz")
	if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GRIDPLAY_TRACES", dir)
	got, err := Find("tiny")
	if err != nil || got != p {
		t.Fatalf("%q %v", got, err)
	}
	if got, err := Find(p); err != nil || got != p {
		t.Fatalf("%q %v", got, err)
	}
	_, err = Find("no-such-trace")
	if err == nil || !strings.Contains(err.Error(), "GRIDPLAY_TRACES") || !strings.Contains(err.Error(), "traces") {
		t.Fatalf("%v", err)
	}
}

// TestZeroRunAndPyss: a run time of 0 ("less than 0.5 s") is a job when
// the record has a requested time; pyss's reading keeps every record that
// gridplay's leaves out for lack of a run time, size or submit time.
func TestZeroRunAndPyss(t *testing.T) {
	const tr = `; MaxProcs: 8
1 0 0 0 4 -1 -1 4 30 -1 1 1 1 -1 1 -1 -1 -1
2 0 0 0 4 -1 -1 4 -1 -1 1 1 1 -1 1 -1 -1 -1
3 5 0 50 12 -1 -1 12 40 -1 1 1 1 -1 1 -1 -1 -1
4 6 0 20 -1 -1 -1 2 40 -1 1 1 1 -1 1 -1 -1 -1
5 7 0 20 3 -1 -1 3 -1 -1 1 1 1 -1 1 -1 -1 -1
6 -1 0 20 3 -1 -1 3 40 -1 1 1 1 -1 1 -1 -1 -1
7 8 0 -1 3 -1 -1 3 40 -1 1 1 1 -1 1 -1 -1 -1
`
	trace, err := Read(strings.NewReader(tr))
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, s *model.Scenario, want []model.Job) {
		t.Helper()
		if err := s.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(s.Jobs) != len(want) {
			t.Fatalf("%s: jobs %+v", name, s.Jobs)
		}
		for i := range want {
			if s.Jobs[i] != want[i] {
				t.Errorf("%s job %d: %+v, want %+v", name, i, s.Jobs[i], want[i])
			}
		}
	}
	check("gridplay", trace.Scenario("easy"), []model.Job{
		{ID: "1", Submit: 0, Size: 4, Runtime: 0, Requested: 30, User: "1"}, // run 0 with a request: kept
		// 2: run 0 and no request: no duration at all, left out.
		{ID: "3", Submit: 5, Size: 12, Runtime: 50, Requested: 40, User: "1"}, // larger than the machine: the policy drops it
		{ID: "4", Submit: 6, Size: 2, Runtime: 20, Requested: 40, User: "1"},  // allocation unknown: the request stands in
		{ID: "5", Submit: 7, Size: 3, Runtime: 20, User: "1"},
		// 6: negative submit, 7: run time unknown.
	})
	if trace.Unusable != 3 || trace.UnusableReasons["runtime"].Count != 2 || trace.UnusableReasons["submit"].Count != 1 {
		t.Errorf("unusable %d %v", trace.Unusable, reasons(trace.UnusableReasons))
	}
	s, err := trace.ScenarioCompat("easy", model.CompatPyss)
	if err != nil || s.Compat != model.CompatPyss {
		t.Fatalf("%v %q", err, s.Compat)
	}
	check("pyss", s, []model.Job{
		{ID: "1", Submit: 1, Size: 4, Runtime: 1, Requested: 1, User: "1"}, // run 0: a 1 s job at max(submit, 1)
		{ID: "2", Submit: 1, Size: 4, Runtime: 1, Requested: 1, User: "1"},
		{ID: "3", Submit: 5, Size: 12, Runtime: 50, Requested: 40, User: "1"}, // the policy caps it at the machine
		{ID: "4", Submit: 6, Size: 1, Runtime: 1, Requested: 1, User: "1"},    // no allocation: 1 processor, 1 s
		{ID: "5", Submit: 7, Size: 3, Runtime: 20, Requested: 1, User: "1"},   // no request: runs max(min(1, 20), 1) = 1 s
		{ID: "6", Submit: 1, Size: 3, Runtime: 1, Requested: 1, User: "1"},    // negative submit
		{ID: "7", Submit: 8, Size: 3, Runtime: 1, Requested: 1, User: "1"},    // no run time
	})
	if _, err := trace.ScenarioCompat("easy", "batsim"); model.FirstError(err).Field != "compat" {
		t.Errorf("unknown compat: %v", err)
	}
}

// The three real traces ship in static/traces; every record of KTH and
// HPC2N is a job (KTH's 8 records with run time 0 have requested times).
func TestRealTraces(t *testing.T) {
	for _, tc := range []struct {
		name           string
		records, procs int
		jobs, jobsPyss int
	}{
		{"KTH-SP2-1996-2", 28489, 100, 28489, 28489},
		{"CTC-SP2-1996-3.1-cln", 77222, 338, 77222, 77222},
		{"HPC2N-2002-2.2-cln", 202871, 240, 202871, 202871},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if (testing.Short() || runtime.GOOS == "js") && tc.jobs > 50000 {
				t.Skip("large traces load natively; too slow for -short and js/wasm")
			}
			p, err := Find(tc.name)
			if err != nil {
				t.Fatal(err) // the traces ship with the repository
			}
			tr, err := ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if len(tr.Jobs) != tc.records || tr.Header.MaxProcs != tc.procs || tr.Name != tc.name {
				t.Fatalf("%d records, %d procs, name %q", len(tr.Jobs), tr.Header.MaxProcs, tr.Name)
			}
			s := tr.Scenario("fcfs")
			if err := s.Validate(); err != nil {
				t.Fatal(err)
			}
			if len(s.Jobs)+tr.Unusable != len(tr.Jobs) {
				t.Fatal("unusable count")
			}
			ps, err := tr.ScenarioCompat("fcfs", model.CompatPyss)
			if err != nil {
				t.Fatal(err)
			}
			if err := ps.Validate(); err != nil {
				t.Fatal(err)
			}
			if len(s.Jobs) != tc.jobs || len(ps.Jobs) != tc.jobsPyss {
				t.Errorf("%d jobs, %d under pyss's reading; want %d and %d", len(s.Jobs), len(ps.Jobs), tc.jobs, tc.jobsPyss)
			}
			t.Logf("%s: %d records, %d skipped lines, %d unusable %v, %d jobs", tc.name, len(tr.Jobs), tr.Skipped, tr.Unusable, reasons(tr.UnusableReasons), len(s.Jobs))
		})
	}
}

func reasons(m map[string]*Skip) map[string]int {
	out := map[string]int{}
	for k, v := range m {
		out[k] = v.Count
	}
	return out
}

func BenchmarkSWFParseHPC2N(b *testing.B) {
	p, err := Find("HPC2N-2002-2.2-cln")
	if err != nil {
		b.Fatal(err) // the traces ship in static/traces
	}
	f, err := os.Open(p)
	if err != nil {
		b.Fatal(err)
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		tr, err := Read(bytes.NewReader(data))
		if err != nil || len(tr.Jobs) != 202871 {
			b.Fatal(err)
		}
	}
}

// FuzzRead checks that Read never fails on in-memory text, never panics,
// and accounts for every line, and that Scenario's output validates.
func FuzzRead(f *testing.F) {
	f.Add([]byte(sample))
	f.Add([]byte("; MaxProcs: 4\n1 0 0 10 2 -1 -1 2 -1 -1 1 1 1 -1 1 -1 -1 -1\n"))
	f.Add([]byte("1 0 0 1e400 2 -1 -1 2 -1 -1 1 1 1 -1 1 -1 -1 -1"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b {
			return
		}
		tr, err := Read(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if tr.Bytes != int64(len(b)) {
			t.Fatalf("read %d of %d bytes", tr.Bytes, len(b))
		}
		skipped := 0
		for _, s := range tr.SkipReasons {
			skipped += s.Count
		}
		if skipped != tr.Skipped || len(tr.Jobs)+tr.Skipped > tr.Lines {
			t.Fatal("counts disagree")
		}
		s := tr.Scenario("fcfs")
		if len(s.Jobs)+tr.Unusable != len(tr.Jobs) {
			t.Fatal("unusable count")
		}
		if len(s.Jobs) > 0 {
			if err := s.Validate(); err != nil {
				t.Fatal(err)
			}
		}
		ps, err := tr.ScenarioCompat("fcfs", model.CompatPyss)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps.Jobs) > 0 {
			if err := ps.Validate(); err != nil {
				t.Fatal(err)
			}
		}
	})
}
