package swf

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
)

// swfLines is a trace of n good jobs (job k: submit 100+10k, run 20+k,
// k%4+1 processors, 50 s requested), then a 17-field line and a record
// with an unknown run time.
func swfLines(n int) string {
	var b strings.Builder
	b.WriteString("; Version: 2.2\n; MaxProcs: 16\n")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "%d %d 0 %d %d -1 -1 %d 50 -1 1 1 1 1 1 1 -1 -1\n", k, 100+10*k, 20+k, k%4+1, k%4+1)
	}
	b.WriteString("999 5 0 10 1 -1 -1 1 50 -1 1 1 1 1 1 1 -1\n")     // 17 fields
	b.WriteString("1000 5 0 -1 1 -1 -1 1 50 -1 1 1 1 1 1 1 -1 -1\n") // runtime -1
	return b.String()
}

func gz(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

func TestImportCapAndNotice(t *testing.T) {
	c, err := Import("cut.swf.gz", bytes.NewReader(gz(swfLines(30))), 25)
	if err != nil {
		t.Fatal(err)
	}
	// Usable: the 30 good jobs (999 is skipped, 1000 unusable). Kept: 25.
	// The trace's own times, as the CLI reads them: job k arrives at
	// 100+10k, not shifted to start at 0.
	if c.Usable != 30 || c.Kept != 25 || len(c.Jobs) != 25 || c.Jobs[0].Submit != 110 {
		t.Fatalf("usable %d kept %d len %d, first submit %g", c.Usable, c.Kept, len(c.Jobs), c.Jobs[0].Submit)
	}
	// Job 25: submit 100+250 = 350, size 25%4+1 = 2, run 45 (under the
	// 50 s request).
	if j := c.Jobs[24]; j.ID != "25" || j.Submit != 350 || j.Size != 2 || j.Runtime != 45 || j.Requested != 50 {
		t.Errorf("job 25 = %+v", j)
	}
	if c.Cluster.Nodes != 16 || c.Cluster.ID != "site0" || c.Cluster.Name != "cut" {
		t.Errorf("cluster = %+v", c.Cluster)
	}
	if c.Skipped != 1 || c.SkipReasons["fields"].Count != 1 || c.Unusable != 1 || c.UnusableReasons["runtime"].Count != 1 {
		t.Errorf("skipped %d %v, unusable %d %v", c.Skipped, c.SkipReasons, c.Unusable, c.UnusableReasons)
	}
	notice := strings.Join(c.Notice, " ")
	if strings.Contains(notice, "shifted") {
		t.Errorf("notice %q: the times are the trace's own", notice)
	}
	for _, want := range []string{"first 25 of 30 usable jobs", "Skipped 1 invalid lines", "1 fields (line 33)", "Left out 1 records", "1 runtime (line 34)"} {
		if !strings.Contains(notice, want) {
			t.Errorf("notice %q lacks %q", notice, want)
		}
	}
	s := &model.Scenario{Version: model.Version, Platform: model.Platform{Clusters: []model.Cluster{c.Cluster}}, Jobs: c.Jobs, Policy: model.Policy{Name: "fcfs"}}
	if err := s.Validate(); err != nil {
		t.Errorf("the cut does not validate: %v", err)
	}

	// The same trace, not gzipped, without a cap (limit 0): all 30 jobs.
	c, err = Import("cut.swf", strings.NewReader(swfLines(30)), 0)
	if err != nil || c.Kept != 30 || !strings.HasPrefix(c.Notice[0], "Imported 30 jobs.") {
		t.Fatalf("uncapped: %v %+v", err, c)
	}
}

// TestImportKeepsTraceTimes: the page's import keeps the trace's own
// submit times, unsorted ones too (it used to shift them to start at 0:
// HPC2N by 342,072 s, so the page's per-job CSV differed from the
// CLI's), and gives the jobs the CLI reads (Trace.Scenario).
func TestImportKeepsTraceTimes(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("natively only: whole traces: 7 s under node; the page's import of a whole trace is checked against the CLI in the browser suite (TestTraceCSVEqualsCLI)")
	}
	tr := "1 500 0 10 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n2 200 0 10 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n"
	c, err := Import("u.swf", strings.NewReader(tr), 10)
	if err != nil {
		t.Fatal(err)
	}
	if c.Jobs[0].Submit != 500 || c.Jobs[1].Submit != 200 || c.Cluster.Nodes != 1 {
		t.Errorf("submits %g %g, nodes %d", c.Jobs[0].Submit, c.Jobs[1].Submit, c.Cluster.Nodes)
	}
	for _, name := range []string{"KTH-SP2-1996-2", "HPC2N-2002-2.2-cln"} {
		path, err := Find(name)
		if err != nil {
			t.Skip(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Import(name+".swf.gz", f, 0)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		tr, err := ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		cli := tr.Scenario("easy")
		if !reflect.DeepEqual(c.Jobs, cli.Jobs) || !reflect.DeepEqual(c.Cluster, cli.Platform.Clusters[0]) {
			t.Errorf("%s: the import's %d jobs (first submit %g) are not the CLI's %d (first submit %g)",
				name, len(c.Jobs), c.Jobs[0].Submit, len(cli.Jobs), cli.Jobs[0].Submit)
		}
		if strings.HasPrefix(name, "HPC2N") && c.Jobs[0].Submit != 342072 {
			t.Errorf("HPC2N's first job is submitted at %g s, want the trace's 342072", c.Jobs[0].Submit)
		}
	}
}

func TestImportHostile(t *testing.T) {
	for _, bad := range []struct{ name, data, want string }{
		{"empty.swf", "", "no usable job (read 0 lines"},
		{"header.swf", "; MaxProcs: 8\n", "no usable job (read 1 lines"},
		{"text.swf", "hello world\n", "skipped: 1 number (line 1)"},
		{"zero.swf", "1 0 0 -1 0 -1 -1 0 -1 -1 1 1 1 1 1 1 -1 -1\n", "unusable: 1 size (line 1)"},
		{"broken.swf.gz", "\x1f\x8b\x08garbage", "broken.swf.gz"},
		{"cut.swf.gz", string(gz(swfLines(50))[:200]), "ends early"},
		{"<b>x</b>\xff.swf", "", "<b>x</b>.swf has no usable job"},
	} {
		if c, err := Import(bad.name, strings.NewReader(bad.data), 10); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: err = %v (cut %+v), want %q", bad.name, err, c, bad.want)
		}
	}
}

// TestImportByteCap: reading stops at the uncompressed cap, drops the
// partial line and says so; a bomb of one endless line has no job.
func TestImportByteCap(t *testing.T) {
	line := "1 0 0 10 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n" // 44 bytes
	tr := strings.Repeat(line, 10)
	c, err := importCut("cap.swf", strings.NewReader(tr), 10, int64(2*len(line)+5))
	if err != nil {
		t.Fatal(err)
	}
	// Two whole lines fit in the cap; the third is cut and dropped. Job
	// 1 repeats, so one usable job and one duplicate.
	if !c.Truncated || c.Lines != 2 || c.Skipped != 0 || c.Usable != 1 || c.UnusableReasons["duplicate"].Count != 1 {
		t.Errorf("truncated %v lines %d skipped %d usable %d unusable %v", c.Truncated, c.Lines, c.Skipped, c.Usable, c.UnusableReasons)
	}
	if !strings.Contains(strings.Join(c.Notice, " "), "Read only the first") {
		t.Errorf("notice %q", c.Notice)
	}

	bomb := gz(strings.Repeat("0", 4<<20))
	_, err = importCut("bomb.swf.gz", bytes.NewReader(bomb), 10, 1<<20)
	if err == nil || !strings.Contains(err.Error(), "too long") {
		t.Errorf("bomb: %v", err)
	}
}

// TestImportMatchesScenario: the cut is the head of Trace.Scenario's job
// list, at the same times.
func TestImportMatchesScenario(t *testing.T) {
	data := gz(sample)
	tr, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	s := tr.Scenario("")
	c, err := Import("sample.swf.gz", bytes.NewReader(data), 2)
	if err != nil {
		t.Fatal(err)
	}
	if c.Cluster.Nodes != s.Platform.Clusters[0].Nodes || c.Usable != len(s.Jobs) || c.Kept != min(2, len(s.Jobs)) {
		t.Fatalf("cut %+v vs scenario %d jobs on %d nodes", c, len(s.Jobs), s.Platform.Clusters[0].Nodes)
	}
	for i, j := range c.Jobs {
		if w := s.Jobs[i]; j != w {
			t.Errorf("job %d = %+v, want %+v", i, j, w)
		}
	}
}

// TestImportRealTraceCut imports a real trace (KTH SP2) when the traces
// are present next to the project.
func TestImportRealTraceCut(t *testing.T) {
	path, err := Find("KTH-SP2-1996-2")
	if err != nil {
		t.Fatal(err) // the traces ship in static/traces
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := Import("KTH-SP2-1996-2.swf.gz", f, DefaultImportJobs)
	if err != nil {
		t.Fatal(err)
	}
	if c.Kept != DefaultImportJobs || c.Usable <= DefaultImportJobs || c.Cluster.Nodes != 100 {
		t.Errorf("kept %d of %d, cluster %d nodes", c.Kept, c.Usable, c.Cluster.Nodes)
	}
	if c.Jobs[0].Submit != 0 {
		t.Errorf("first submit %g", c.Jobs[0].Submit)
	}
	// Users are field 12: jobs 1 and 2 are users 1 and 2; the cut's
	// 2,000 jobs come from 65 users.
	users := map[string]bool{}
	for _, j := range c.Jobs {
		users[j.User] = true
	}
	if c.Jobs[0].User != "1" || c.Jobs[1].User != "2" || len(users) != 65 || users[""] {
		t.Errorf("users %q %q, %d distinct", c.Jobs[0].User, c.Jobs[1].User, len(users))
	}
	if !strings.Contains(c.Notice[0], "first 2,000 of") {
		t.Errorf("notice %q", c.Notice[0])
	}
}

func TestComma(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 28489: "28,489", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := csvfmt.Thousands(n); got != want {
			t.Errorf("csvfmt.Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

func FuzzImport(f *testing.F) {
	f.Add([]byte(swfLines(3)), 2)
	f.Add(gz(swfLines(3)), 1)
	f.Add([]byte("\x1f\x8b"), 5)
	f.Fuzz(func(t *testing.T, data []byte, limit int) {
		c, err := importCut("f.swf", bytes.NewReader(data), limit, 1<<20)
		if err != nil {
			return
		}
		if c.Kept == 0 || c.Kept != len(c.Jobs) || c.Kept > c.Usable || c.Kept > MaxImportJobs {
			t.Fatalf("kept %d, jobs %d, usable %d", c.Kept, len(c.Jobs), c.Usable)
		}
		s := &model.Scenario{Version: model.Version, Platform: model.Platform{Clusters: []model.Cluster{c.Cluster}}, Jobs: c.Jobs, Policy: model.Policy{Name: "fcfs"}}
		if err := s.Validate(); err != nil {
			t.Fatalf("the cut does not validate: %v", err)
		}
	})
}

// Limit 0 imports the whole trace (the page imports whole traces).
func TestImportWholeTrace(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the whole KTH trace")
	}
	path, err := Find("KTH-SP2-1996-2")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := Import("KTH-SP2-1996-2.swf.gz", f, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Every record of KTH is a job (8 ran for 0 s, with requested times).
	if c.Kept != c.Usable || c.Kept != 28489 || !strings.HasPrefix(c.Notice[0], "Imported 28,489 jobs") {
		t.Errorf("kept %d of %d; notice %q", c.Kept, c.Usable, c.Notice)
	}
}
