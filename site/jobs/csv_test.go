package jobs

import (
	"reflect"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/site/state"
)

func TestSniff(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want rune
	}{
		{"id,submit,size\n", ','},
		{"id\tsubmit\tsize\n", '\t'},
		{"id;submit;size\n", ';'},
		{"\n\n  \nid;size\n", ';'},
		{`"a,b";c;d` + "\n", ';'}, // commas inside quotes do not count
		{"", ','},
		{"1 2 3", ','},
	} {
		if got := Sniff(tc.in); got != tc.want {
			t.Errorf("Sniff(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParseCSVHeaderAndOrder(t *testing.T) {
	sigma := 0.5
	for _, tc := range []struct {
		name   string
		in     string
		header bool
		want   []model.Job
	}{
		{
			name:   "header, comma, reordered columns",
			in:     "size,runtime,id,submit\n4,10,a,0\n2,5.5,b,3\n",
			header: true,
			want:   []model.Job{{ID: "a", Size: 4, Runtime: 10}, {ID: "b", Submit: 3, Size: 2, Runtime: 5.5}},
		},
		{
			name:   "spreadsheet copy: tabs, aliases, mixed case, CRLF, BOM",
			in:     "\ufeffJob ID\tArrival\tProcs\tRun Time\tSigma\r\nx1\t1\t8\t100\t0.5\r\n",
			header: true,
			want:   []model.Job{{ID: "x1", Submit: 1, Size: 8, Runtime: 100, Sigma: &sigma}},
		},
		{
			name:   "no header: the Columns order; empty id gets j<n>",
			in:     "a,0,4,10\n,2,1,3,6\n",
			header: false,
			want:   []model.Job{{ID: "a", Size: 4, Runtime: 10}, {ID: "j2", Submit: 2, Size: 1, Runtime: 3, Requested: 6}},
		},
		{
			name:   "semicolons, blank and comment lines, quoted id with separator",
			in:     "# exported\nid;submit;size;runtime\n\n\"a;b\";0;1;2\n",
			header: true,
			want:   []model.Job{{ID: "a;b", Size: 1, Runtime: 2}},
		},
		{
			name:   "app code instead of runtime; formula escape removed",
			in:     "id,submit,size,app\n'=cmd,0,4,FFT\n",
			header: true,
			want:   []model.Job{{ID: "=cmd", Size: 4, App: &model.App{Code: "fft"}}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := ParseCSV(tc.in)
			if !p.OK() {
				t.Fatalf("problems: %v", p.Problems)
			}
			if p.Header != tc.header {
				t.Errorf("Header = %v, want %v", p.Header, tc.header)
			}
			if !reflect.DeepEqual(p.Jobs, tc.want) {
				t.Errorf("jobs\n got %+v\nwant %+v", p.Jobs, tc.want)
			}
		})
	}
}

// TestParseCSVHostile checks that bad text gives a message naming the row
// and the column, and never a panic.
func TestParseCSVHostile(t *testing.T) {
	huge := strings.Repeat("9", MaxField+1)
	for _, tc := range []struct {
		name string
		in   string
		want string // substring of the first error
	}{
		{"unclosed quote", "id,submit,size,runtime\n\"a,0,1,2\n", "row 2, column 1: a quoted cell is not closed"},
		{"unclosed quote in a later cell", "id\tsubmit\tsize\truntime\nx\t0\t2\t\"oops\ny\t1\t1\t1\n", "row 2, column 4: a quoted cell"},
		{"quote after closing quote", "id,submit,size,runtime\na,\"0\"x,1,2\n", "row 2, column 2: a quoted cell"},
		{"bare quote", "id,submit,size,runtime\na\"b,0,1,2\n", "row 2, column 1: a quote"},
		{"bare quote in cell 3", "id,submit,size,runtime\nab,0,1\"x,2\n", "row 2, column 3: a quote"},
		{"too many cells", "id,submit,size,runtime\na,0,1,2,9\n", "row 2: has 5 cells; the header has 4 columns"},
		{"too many cells without header", "a,0,1,2,0,0,0,,0,0,0,,extra\n", "row 1: has 13 cells; a job has at most 12 columns"},
		{"missing size", "id,submit,size,runtime\na,0,,2\n", "row 2, column 3: size: is empty"},
		{"missing column in header", "id,submit,runtime\na,0,2\n", `the header has no "size" column`},
		{"not a number", "id,submit,size,runtime\na,0,1,abc\n", `row 2, column 4: runtime: "abc" is not a number`},
		{"decimal comma", "id;submit;size;runtime\na;0;1;2,5\n", "use a point as the decimal separator"},
		{"fraction of a node", "id,submit,size,runtime\na,0,1.5,2\n", `row 2, column 3: size: "1.5" is not a whole number`},
		{"NaN", "id,submit,size,runtime\na,NaN,1,2\n", "row 2, column 2: submit: \"NaN\" is not a finite number"},
		{"infinity", "id,submit,size,runtime\na,0,1,1e999\n", "out of range"},
		{"huge field", "id,submit,size,runtime\na,0,1," + huge + "\n", "row 2, column 4: runtime: the cell is 257 bytes"},
		{"unknown app", "id,submit,size,app\na,0,1,doom\n", `unknown application code "doom"`},
		{"no runtime", "id,submit,size\na,0,1\n", "row 2: needs a positive runtime"},
		{"zero runtime", "id,submit,size,runtime\na,0,1,0\n", "row 2: needs a positive runtime"},
		{"duplicate column", "id,size,submit,size,runtime\na,1,0,1,2\n", `row 1, column 4: column "size" appears twice (also column 2)`},
		{"empty", "", "the text has no rows"},
		{"header only", "id,submit,size,runtime\n", "has a header but no job rows"},
		{"invalid utf-8", "id,submit\xff\n", "not valid UTF-8"},
		{"too big", strings.Repeat("a", MaxCSVBytes+1), "the limit is"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := ParseCSV(tc.in)
			if p.OK() {
				t.Fatalf("accepted %q: %+v", tc.in, p.Jobs)
			}
			var first string
			for _, pr := range p.Problems {
				if !pr.Warning {
					first = pr.Error()
					break
				}
			}
			if !strings.Contains(first, tc.want) {
				t.Errorf("first error %q does not contain %q (all: %v)", first, tc.want, p.Problems)
			}
		})
	}
}

func TestParseCSVWarningsAndCaps(t *testing.T) {
	p := ParseCSV("id,submit,size,runtime,colour\na,0,1,2,red\n")
	if !p.OK() || len(p.Jobs) != 1 {
		t.Fatalf("an unknown column should only warn: %v", p.Problems)
	}
	if len(p.Problems) != 1 || !p.Problems[0].Warning || !strings.Contains(p.Problems[0].Error(), `row 1, column 5: column "colour" is not a job field`) {
		t.Errorf("problems = %v", p.Problems)
	}

	var b strings.Builder
	b.WriteString("id,submit,size,runtime\n")
	for i := 0; i < MaxRows+7; i++ {
		b.WriteString(",0,1,1\n")
	}
	p = ParseCSV(b.String())
	if !p.OK() || len(p.Jobs) != MaxRows || p.Truncated != 7 {
		t.Errorf("cap: ok=%v jobs=%d truncated=%d", p.OK(), len(p.Jobs), p.Truncated)
	}

	b.Reset()
	b.WriteString("id,submit,size,runtime\n")
	for i := 0; i < 50; i++ {
		b.WriteString("a,0,x,1\n")
	}
	p = ParseCSV(b.String())
	if len(p.Problems) != MaxProblems || p.More != 50-MaxProblems || p.OK() {
		t.Errorf("problem cap: %d listed, %d more, ok=%v", len(p.Problems), p.More, p.OK())
	}
}

// TestCSVRoundTrip: FormatCSV then ParseCSV gives the same jobs, for
// random jobs with hostile ids (quotes, separators, newlines, formulas).
func TestCSVRoundTrip(t *testing.T) {
	r := rng.NewPCG(1, 2)
	ids := []string{"a", "b,c", `q"uote`, "line\nbreak", "=1+1", "+x", "-y", "@z", "'=w", " pad", "tab\tbed", "é✓"}
	var jobs []model.Job
	for i := 0; i < 200; i++ {
		j := model.Job{
			ID:      ids[i%len(ids)] + string(rune('A'+i%26)),
			Submit:  float64(r.IntN(1000)) / 8,
			Size:    1 + r.IntN(64),
			Runtime: 0.1 + r.Float64()*100,
		}
		if r.IntN(2) == 0 {
			j.Requested = j.Runtime * 2
			j.Deadline = 1e6 + r.Float64()
			j.Priority = r.IntN(7) - 3
			j.Bandwidth = r.Float64() * 10
			j.Data = 3
			s := r.Float64()
			j.Sigma = &s
			j.Origin = "c1"
		}
		if r.IntN(5) == 0 {
			j.Runtime = 0
			j.App = &model.App{Code: model.AppCodes[r.IntN(len(model.AppCodes))]}
		}
		jobs = append(jobs, j)
	}
	out := FormatCSV(jobs)
	p := ParseCSV(string(out))
	if !p.OK() {
		t.Fatalf("problems: %v", p.Problems)
	}
	// A leading space in an id is trimmed on paste (spreadsheets pad).
	for i := range jobs {
		jobs[i].ID = strings.TrimSpace(jobs[i].ID)
	}
	if !reflect.DeepEqual(p.Jobs, jobs) {
		for i := range jobs {
			if !reflect.DeepEqual(p.Jobs[i], jobs[i]) {
				t.Fatalf("job %d:\n got %+v\nwant %+v", i, p.Jobs[i], jobs[i])
			}
		}
		t.Fatalf("got %d jobs, want %d", len(p.Jobs), len(jobs))
	}
	if !strings.Contains(string(out), "'=1+1") || strings.Contains(string(out), "\n=1+1") {
		t.Errorf("formula cells are not escaped:\n%s", out)
	}
}

func TestSetField(t *testing.T) {
	var j model.Job
	for _, tc := range []struct{ key, v, msg string }{
		{"size", "12", ""},
		{"size", "1e3", ""},
		{"size", "x", `"x" is not a number`},
		{"sigma", "0.25", ""},
		{"sigma", "", ""},
		{"nope", "1", "is not a job field"},
		{"id", strings.Repeat("i", model.MaxNameLen+1), "the limit is 128"},
		{"priority", "1_000", `"1_000" is not a number`},
	} {
		if got := SetField(&j, tc.key, tc.v); !strings.Contains(got, tc.msg) || (tc.msg == "" && got != "") {
			t.Errorf("SetField(%s, %q) = %q, want %q", tc.key, tc.v, got, tc.msg)
		}
	}
	if j.Size != 1000 || j.Sigma != nil {
		t.Errorf("job = %+v", j)
	}
}

func FuzzParseCSV(f *testing.F) {
	f.Add("id,submit,size,runtime\na,0,1,2\n")
	f.Add("a\t0\t1\t2\n\"x\"\"y\"\t1\t2\t3")
	f.Add("size;runtime\n1;2,5\n")
	f.Fuzz(func(t *testing.T, s string) {
		p := ParseCSV(s)
		if p.OK() {
			if len(p.Jobs) == 0 || len(p.Jobs) > MaxRows {
				t.Fatalf("OK with %d jobs", len(p.Jobs))
			}
			// What was accepted formats and reads back the same.
			q := ParseCSV(string(FormatCSV(p.Jobs)))
			if !q.OK() || len(q.Jobs) != len(p.Jobs) {
				t.Fatalf("round trip: %v", q.Problems)
			}
		}
		for _, pr := range p.Problems {
			if pr.Msg == "" {
				t.Fatal("empty message")
			}
		}
	})
}

// A runtime of 0 with a requested time (an SWF job that ran less than half
// a second, as KTH's 8 such records) is a job, as the model says; the old
// parser refused it, so an exported KTH table did not import again.
func TestParseCSVZeroRuntimeWithRequest(t *testing.T) {
	p := ParseCSV("id,submit,size,runtime,requested\na,0,1,0,60\n")
	if !p.OK() || len(p.Jobs) != 1 || p.Jobs[0].Runtime != 0 || p.Jobs[0].Requested != 60 {
		t.Fatalf("problems %+v, jobs %+v", p.Problems, p.Jobs)
	}
}

// Numbers are written as every CSV of gridplay writes them
// (csvfmt.Float): a trace's submit times of a million seconds and more
// without an exponent (1174966, not 1.174966e+06), and read back.
func TestFormatCSVNumbers(t *testing.T) {
	jobs := []model.Job{{ID: "1", Submit: 1174966, Size: 2, Runtime: 109256855.5, Requested: 0.00001}}
	out := string(FormatCSV(jobs))
	if !strings.Contains(out, "\n1,1174966,2,109256855.5,0.00001,") {
		t.Errorf("numbers written as\n%s", out)
	}
	if p := ParseCSV(out); !p.OK() || !reflect.DeepEqual(p.Jobs, jobs) {
		t.Errorf("read back as %+v (%v)", p.Jobs, p.Problems)
	}
}

// Every bad row of a paste is named with its row and column, also those
// only the model refuses: a size of -1, a repeated id and an unknown
// origin used to pass the parse and go into the table unnamed.
func TestPasteNamesEveryBadRow(t *testing.T) {
	text := "id,submit,size,runtime,origin\n" +
		"a,0,2,10,\n" + // row 2: good
		"b,0,-1,10,\n" + // row 3: size -1
		"a,5,1,10,\n" + // row 4: a repeats row 2's id
		"c,7,1,10,nowhere\n" + // row 5: no such cluster
		"d,x,1,10,\n" // row 6: not a number (the parse's own problem)
	c, ev := newTable(&apiEngine{})
	var problems []string
	var jobs int
	under(ev, func() {
		jobs = len(c.App.Scenario.Jobs)
		c.PasteText = text
		c.applyPaste()
		problems = c.pasteProblems()
	})
	got := strings.Join(problems, "\n")
	for _, want := range []string{
		"row 3, column 3: size: must be at least 1",
		`row 4, column 1: id: duplicate job id "a" (also row 2)`,
		`row 5, column 5: origin: unknown cluster "nowhere"`,
		`row 6, column 2: submit: "x" is not a number`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems lack %q:\n%s", want, got)
		}
	}
	for _, pr := range problems {
		if strings.HasPrefix(pr, "row 2,") || strings.HasPrefix(pr, "row 2:") {
			t.Errorf("the good row is named: %s", pr)
		}
	}
	if len(c.App.Scenario.Jobs) != jobs {
		t.Errorf("a paste with problems changed the table: %d jobs, had %d", len(c.App.Scenario.Jobs), jobs)
	}

	// Without the parse's problem, the model's are still found, and a
	// clean paste goes in.
	p := ParseCSV("id,submit,size,runtime\nx,0,-1,10\ny,0,1,10\n")
	if !p.OK() {
		t.Fatalf("the parse refuses: %v", p.Problems)
	}
	p.Check(state.DefaultScenario().Platform)
	if p.OK() || len(p.Problems) != 1 || p.Problems[0].Error() != "row 2, column 3: size: must be at least 1" {
		t.Errorf("check: %v", p.Problems)
	}
	under(ev, func() {
		c.PasteText = "id,submit,size,runtime\nx,0,2,10\ny,0,1,10\n"
		c.applyPaste()
	})
	if n := len(c.App.Scenario.Jobs); n != 2 {
		t.Errorf("a clean paste: %d jobs", n)
	}
}
