package jobs

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
)

// Limits on pasted or imported CSV text. Pasted text comes from anyone's
// clipboard, so every size is capped with its own message.
const (
	// MaxCSVBytes caps the pasted text.
	MaxCSVBytes = 4 << 20
	// MaxField caps one cell, in bytes.
	MaxField = 256
	// MaxRows caps the job rows read from one paste: a paste is parsed
	// on the page's own thread, unlike an import, which the engine reads.
	MaxRows = 2000
	// MaxProblems caps the problems reported for one paste.
	MaxProblems = 20
)

// Column is one job field shown in the table and read from CSV.
type Column struct {
	// Key is the CSV header name and the JSON field name of model.Job.
	Key string
	// Label is the table header.
	Label string
	// Help is the header's tooltip.
	Help string
	// Kind is "text", "int" or "float".
	Kind string
	// Required columns must have a value in every row.
	Required bool
	// Aliases are other header names accepted on paste (lower case).
	Aliases []string
}

// Columns are the job table's columns, in CSV order. Application
// models are read and written by code name only ("app"); a job with a
// scaling curve keeps its points when edited in the table, and the CSV
// export writes "points" in that cell (see the package doc).
var Columns = []Column{
	{Key: "id", Label: "ID", Help: "job identifier, unique", Kind: "text", Aliases: []string{"job", "job id", "job_id", "name"}},
	{Key: "submit", Label: "Submit (s)", Help: "arrival time in seconds", Kind: "float", Required: true, Aliases: []string{"arrival", "submit time", "submit_time", "release"}},
	{Key: "size", Label: "Size", Help: "nodes (or tasks) the job needs", Kind: "int", Required: true, Aliases: []string{"nodes", "procs", "processors", "tasks", "width"}},
	{Key: "runtime", Label: "Runtime (s)", Help: "run time on reference nodes; leave empty when app is set", Kind: "float", Aliases: []string{"run", "run time", "run_time", "duration", "exec"}},
	{Key: "requested", Label: "Requested (s)", Help: "user's runtime estimate for backfilling; empty means runtime", Kind: "float", Aliases: []string{"estimate", "req_time", "requested time", "walltime"}},
	{Key: "deadline", Label: "Deadline (s)", Help: "absolute deadline; empty means none", Kind: "float", Aliases: []string{"due"}},
	{Key: "priority", Label: "Priority", Help: "TITAN FCFS order, higher first", Kind: "int", Aliases: []string{"prio"}},
	{Key: "origin", Label: "Origin", Help: "id of the cluster the job was submitted to", Kind: "text", Aliases: []string{"site", "home", "cluster"}},
	{Key: "bandwidth", Label: "B_j (Mbit/s)", Help: "per-task bandwidth (GA-MF)", Kind: "float", Aliases: []string{"bw"}},
	{Key: "sigma", Label: "σ", Help: "share of run time spent processing, 0..1 (GA-MF); empty means 1", Kind: "float"},
	{Key: "data", Label: "Data (MB)", Help: "input size to move to a remote site (multisite)", Kind: "float"},
	{Key: "app", Label: "App", Help: "TITAN application code: cpi, sweep3d, fft, improc or bitonic", Kind: "text", Aliases: []string{"code", "application"}},
}

// ColumnIndex returns the index of the column with the given key, or -1.
func ColumnIndex(key string) int {
	return slices.IndexFunc(Columns, func(c Column) bool { return c.Key == key })
}

// Problem is one thing wrong with pasted CSV. Row and Col count from 1 as
// a spreadsheet does (row 1 is the first line of the text); 0 means the
// whole row or the whole text.
type Problem struct {
	Row, Col int
	Msg      string
	// Warning problems do not stop the paste (an ignored column).
	Warning bool
}

func (p Problem) Error() string {
	switch {
	case p.Row > 0 && p.Col > 0:
		return fmt.Sprintf("row %d, column %d: %s", p.Row, p.Col, p.Msg)
	case p.Row > 0:
		return fmt.Sprintf("row %d: %s", p.Row, p.Msg)
	default:
		return p.Msg
	}
}

// Parsed is the outcome of ParseCSV.
type Parsed struct {
	Jobs []model.Job
	// Problems lists errors first met, then warnings, at most
	// MaxProblems; More counts those left out.
	Problems []Problem
	More     int
	// Header tells whether the first row was read as a header.
	Header bool
	// Truncated is set when rows beyond MaxRows were left out.
	Truncated int

	errs int // problems that are not warnings, listed or not
	// rows is the row of each job read; cols maps the CSV cells to
	// Columns (-1 for an ignored cell).
	rows []int
	cols []int
}

// OK is true when no problem is an error: the jobs can be applied.
func (p *Parsed) OK() bool {
	return p.errs == 0
}

func (p *Parsed) add(pr Problem) {
	if !pr.Warning {
		p.errs++
	}
	if len(p.Problems) >= MaxProblems {
		p.More++
		return
	}
	p.Problems = append(p.Problems, pr)
}

// Sniff picks the separator of CSV text from its first line that is
// neither empty nor a # comment: a tab when there is one (spreadsheets
// copy cells tab-separated), else the more frequent of ',' and ';'
// outside quotes, ',' on a tie.
func Sniff(text string) rune {
	line := ""
	for l := range strings.Lines(text) {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			line = l
			break
		}
	}
	if strings.ContainsRune(line, '\t') {
		return '\t'
	}
	commas, semis, quoted := 0, 0, false
	for _, r := range line {
		switch {
		case r == '"':
			quoted = !quoted
		case quoted:
		case r == ',':
			commas++
		case r == ';':
			semis++
		}
	}
	if semis > commas {
		return ';'
	}
	return ','
}

// ParseCSV reads job rows from CSV text as pasted from a spreadsheet or
// saved by FormatCSV. The separator is sniffed (Sniff). The first row is a
// header when one of its cells names a column (Columns, or an alias, in
// any case); otherwise the columns are in Columns order. A cell may be
// empty for an optional column. An empty id becomes "j<row>". Every
// problem names its row and column.
func ParseCSV(text string) *Parsed {
	p := &Parsed{}
	if len(text) > MaxCSVBytes {
		p.add(Problem{Msg: fmt.Sprintf("the text is %d bytes; the limit is %d (about %d MB)", len(text), MaxCSVBytes, MaxCSVBytes>>20)})
		return p
	}
	if !utf8.ValidString(text) {
		p.add(Problem{Msg: "the text is not valid UTF-8"})
		return p
	}
	text = strings.TrimPrefix(text, "\ufeff") // a byte order mark from Excel
	sep := Sniff(text)
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = sep
	r.FieldsPerRecord = -1 // counts are checked here, with row numbers
	r.TrimLeadingSpace = sep != '\t'
	r.ReuseRecord = true

	var cols []int // CSV cell index -> Columns index, -1 ignored
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				p.add(quoteProblem(text, pe, sep))
			} else {
				p.add(Problem{Msg: err.Error()})
			}
			return p
		}
		row, _ := r.FieldPos(0)
		if blank(rec) || strings.HasPrefix(strings.TrimSpace(rec[0]), "#") {
			continue
		}
		if cols == nil {
			var isHeader bool
			cols, isHeader = p.header(rec, row)
			p.Header = isHeader
			if isHeader {
				continue
			}
		}
		if len(p.Jobs) >= MaxRows {
			p.Truncated++
			continue
		}
		if len(rec) > len(cols) {
			what := "the header has"
			if !p.Header {
				what = "a job has at most"
			}
			p.add(Problem{Row: row, Msg: fmt.Sprintf("has %d cells; %s %d columns", len(rec), what, len(cols))})
			continue
		}
		if j, ok := p.row(rec, cols, row, len(p.Jobs)); ok {
			p.Jobs = append(p.Jobs, j)
			p.rows = append(p.rows, row)
		}
	}
	p.cols = cols
	if cols == nil {
		p.add(Problem{Msg: "the text has no rows"})
	} else if len(p.Jobs) == 0 && p.OK() {
		p.add(Problem{Msg: "the text has a header but no job rows"})
	}
	if p.Truncated > 0 {
		p.add(Problem{Warning: true, Msg: fmt.Sprintf("only the first %d rows were read; %d more were left out (the table holds at most %d jobs)", MaxRows, p.Truncated, MaxRows)})
	}
	return p
}

// quoteProblem turns a csv.ParseError (whose Column is a byte offset)
// into a Problem naming the row and the cell: for a quote left open,
// the row and cell where the quoted cell starts.
func quoteProblem(text string, pe *csv.ParseError, sep rune) Problem {
	row, col := pe.Line, pe.Column
	if errors.Is(pe.Err, csv.ErrQuote) && pe.StartLine != pe.Line {
		row, col = pe.StartLine, -1 // the end of the line: the open cell
	}
	line := nthLine(text, row)
	if col < 0 || col > len(line)+1 {
		col = len(line) + 1
	}
	cell, quoted := 1, false
	for _, r := range line[:max(col-1, 0)] {
		switch {
		case r == '"':
			quoted = !quoted
		case r == sep && !quoted:
			cell++
		}
	}
	return Problem{Row: row, Col: cell, Msg: csvMsg(pe.Err)}
}

// nthLine returns line n (from 1) of text without its line ending.
func nthLine(text string, n int) string {
	lines := strings.SplitN(text, "\n", n+1)
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSuffix(lines[n-1], "\r")
}

func csvMsg(err error) string {
	switch {
	case errors.Is(err, csv.ErrBareQuote):
		return `a quote (") inside an unquoted cell; put the cell in quotes and double the quote ("")`
	case errors.Is(err, csv.ErrQuote):
		return `a quoted cell is not closed, or a quote (") follows its closing quote`
	}
	return err.Error()
}

func blank(rec []string) bool {
	for _, c := range rec {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// Check validates the jobs read, as they will be applied (p.Jobs, ids
// made fresh for an append), with the engine's model on the platform pl,
// and names every problem by its row and column: a size of -1, a
// repeated id, an unknown origin. Rows that did not parse are not among
// p.Jobs; their problems are listed already.
func (p *Parsed) Check(pl model.Platform) {
	if len(p.Jobs) == 0 {
		return
	}
	probe := &model.Scenario{Version: model.Version, Platform: pl, Policy: model.Policy{Name: "check"}, Jobs: p.Jobs}
	var es model.Errors
	if !errors.As(probe.Validate(), &es) {
		return
	}
	for _, fe := range es {
		i, key, ok := jobField(fe.Field)
		if !ok || i >= len(p.rows) {
			continue // the platform's problems belong to its panel
		}
		msg := p.alsoRow(fe.Msg)
		pr := Problem{Row: p.rows[i], Msg: msg}
		if key != "" {
			pr.Msg = key + ": " + msg
			pr.Col = cellOf(p.cols, ColumnIndex(key))
		}
		p.add(pr)
	}
}

// alsoRow names the row of the job a model message refers to as the
// first of a repeated id, "(also jobs[K])", as "(also row R)".
func (p *Parsed) alsoRow(msg string) string {
	const pre = "(also jobs["
	a := strings.Index(msg, pre)
	if a < 0 {
		return msg
	}
	rest := msg[a+len(pre):]
	b := strings.Index(rest, "])")
	if b < 0 {
		return msg
	}
	k, err := strconv.Atoi(rest[:b])
	if err != nil || k < 0 || k >= len(p.rows) {
		return msg
	}
	return msg[:a] + "(also row " + strconv.Itoa(p.rows[k]) + ")" + rest[b+2:]
}

// header maps the first row's cells to columns. It is a header when at
// least one cell names a column; then unknown names are ignored with a
// warning and a column named twice is an error.
func (p *Parsed) header(rec []string, row int) ([]int, bool) {
	cols := make([]int, len(rec))
	known := 0
	for i, c := range rec {
		cols[i] = lookup(c)
		if cols[i] >= 0 {
			known++
		}
	}
	if known == 0 {
		// No header: the Columns order.
		cols = make([]int, len(Columns))
		for i := range cols {
			cols[i] = i
		}
		return cols, false
	}
	seen := map[int]int{}
	for i, k := range cols {
		if k < 0 {
			name := rec[i]
			if len(name) > 40 {
				name = name[:40] + "…"
			}
			name = strings.ToValidUTF8(name, "")
			p.add(Problem{Row: row, Col: i + 1, Warning: true, Msg: fmt.Sprintf("column %q is not a job field; it is ignored", name)})
			continue
		}
		if j, dup := seen[k]; dup {
			p.add(Problem{Row: row, Col: i + 1, Msg: fmt.Sprintf("column %q appears twice (also column %d)", Columns[k].Key, j+1)})
			cols[i] = -1
			continue
		}
		seen[k] = i
	}
	for k, c := range Columns {
		if _, ok := seen[k]; !ok && c.Required {
			p.add(Problem{Row: row, Msg: fmt.Sprintf("the header has no %q column", c.Key)})
		}
	}
	return cols, true
}

// lookup returns the Columns index a header cell names, or -1.
func lookup(name string) int {
	n := strings.ToLower(strings.TrimSpace(name))
	// "Runtime (s)" and "B_j (Mbit/s)": the table's own labels.
	for i, c := range Columns {
		if n == c.Key || n == strings.ToLower(c.Label) || slices.Contains(c.Aliases, n) {
			return i
		}
	}
	return -1
}

// cellOf is the cell (from 1) that holds column k, 0 for none.
func cellOf(cols []int, k int) int {
	col := 0
	for i, kk := range cols {
		if kk == k {
			col = i + 1
		}
	}
	return col
}

// row reads one job; problems name row and column. n is the job's
// position, for a default id.
func (p *Parsed) row(rec []string, cols []int, row, n int) (model.Job, bool) {
	j := model.Job{}
	ok := true
	filled := make([]bool, len(Columns))
	for i, cell := range rec {
		k := cols[i]
		if k < 0 {
			continue
		}
		if len(cell) > MaxField {
			p.add(Problem{Row: row, Col: i + 1, Msg: fmt.Sprintf("%s: the cell is %d bytes; the limit is %d", Columns[k].Key, len(cell), MaxField)})
			ok = false
			continue
		}
		v := strings.TrimSpace(cell)
		if v == "" {
			continue
		}
		if msg := SetField(&j, Columns[k].Key, v); msg != "" {
			p.add(Problem{Row: row, Col: i + 1, Msg: Columns[k].Key + ": " + msg})
			ok = false
			continue
		}
		filled[k] = true
	}
	for k, c := range Columns {
		if c.Required && !filled[k] && ok {
			p.add(Problem{Row: row, Col: cellOf(cols, k), Msg: c.Key + ": is empty; every job needs one"})
			ok = false
		}
	}
	if j.Runtime == 0 && j.App == nil && j.Requested == 0 && ok {
		// Zero and empty are the same in the model (and in FormatCSV).
		// A runtime of 0 with a requested time is a job that ran less
		// than half a second (SWF), as the model accepts.
		p.add(Problem{Row: row, Msg: "needs a positive runtime (or a requested time, or an app code)"})
		ok = false
	}
	if j.ID == "" {
		j.ID = "j" + strconv.Itoa(n+1)
	}
	return j, ok
}

// SetField parses v into the job field named key (a Columns key) and
// returns "" or a message saying what is wrong with v. An empty v clears
// an optional field. Range checks are left to model.Validate, whose
// messages the table shows next to the cell.
func SetField(j *model.Job, key, v string) string {
	v = strings.TrimSpace(v)
	switch key {
	case "id", "origin":
		v = unescapeFormula(v)
		if len(v) > model.MaxNameLen {
			return fmt.Sprintf("is %d bytes; the limit is %d", len(v), model.MaxNameLen)
		}
		if key == "id" {
			j.ID = v
		} else {
			j.Origin = v
		}
	case "app":
		v = unescapeFormula(v)
		switch {
		case v == "":
			j.App = nil
		case v == "points" && j.App != nil && len(j.App.Points) > 0:
			// The export's marker for a scaling curve: keep it.
		case model.KnownAppCode(strings.ToLower(v)):
			j.App = &model.App{Code: strings.ToLower(v)}
		default:
			return fmt.Sprintf("unknown application code %s (known: %s)", quoteShort(v), strings.Join(model.AppCodes, ", "))
		}
	case "size", "priority":
		n, msg := ParseInt(v)
		if msg != "" {
			return msg
		}
		if key == "size" {
			j.Size = n
		} else {
			j.Priority = n
		}
	case "sigma":
		x, msg := ParseFloat(v)
		switch {
		case msg != "":
			return msg
		case v == "":
			j.Sigma = nil
		default:
			j.Sigma = &x
		}
	default:
		p := numField(j, key)
		if p == nil {
			return "is not a job field"
		}
		x, msg := ParseFloat(v)
		if msg != "" {
			return msg
		}
		*p = x
	}
	return ""
}

// numField is the plain number field of j named key, or nil.
func numField(j *model.Job, key string) *float64 {
	switch key {
	case "submit":
		return &j.Submit
	case "runtime":
		return &j.Runtime
	case "requested":
		return &j.Requested
	case "deadline":
		return &j.Deadline
	case "bandwidth":
		return &j.Bandwidth
	case "data":
		return &j.Data
	}
	return nil
}

func quoteShort(v string) string {
	if len(v) > 20 {
		v = v[:20] + "…"
	}
	return strconv.Quote(strings.ToValidUTF8(v, ""))
}

// ParseFloat reads a number typed in a cell or an input; empty means 0.
// It returns a message naming the problem, or "".
func ParseFloat(v string) (float64, string) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, ""
	}
	x, err := strconv.ParseFloat(strings.ReplaceAll(v, "_", "x"), 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange) {
			return 0, quoteShort(v) + " is out of range (not a number a cell can hold)"
		}
		if strings.Count(v, ",") == 1 && !strings.Contains(v, ".") {
			return 0, quoteShort(v) + " is not a number; use a point as the decimal separator"
		}
		return 0, quoteShort(v) + " is not a number"
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, quoteShort(v) + " is not a finite number"
	}
	return x, ""
}

// ParseInt reads a whole number as ParseFloat reads a number.
func ParseInt(v string) (int, string) {
	x, msg := ParseFloat(v)
	if msg != "" {
		return 0, msg
	}
	if x != math.Trunc(x) {
		return 0, quoteShort(v) + " is not a whole number"
	}
	if math.Abs(x) > 1e15 {
		return 0, quoteShort(v) + " is out of range"
	}
	return int(x), ""
}

// Field formats the job field named key for a table cell or CSV, numbers
// as every CSV of gridplay writes them (csvfmt.Float: 1174966, not
// 1.174966e+06); zero optional fields are empty.
func Field(j *model.Job, key string) string {
	switch key {
	case "id":
		return j.ID
	case "origin":
		return j.Origin
	case "submit":
		return csvfmt.Float(j.Submit)
	case "size":
		return strconv.Itoa(j.Size)
	case "priority":
		if j.Priority == 0 {
			return ""
		}
		return strconv.Itoa(j.Priority)
	case "sigma":
		if j.Sigma == nil {
			return ""
		}
		return csvfmt.Float(*j.Sigma)
	case "app":
		switch {
		case j.App == nil:
			return ""
		case j.App.Code != "":
			return j.App.Code
		default:
			return "points"
		}
	}
	if p := numField(j, key); p != nil && *p != 0 {
		return csvfmt.Float(*p)
	}
	return ""
}

// FormatCSV writes jobs as comma-separated CSV with a header row of
// Columns keys, in the given order. Text cells that a spreadsheet would
// run as a formula (starting with = + - @) get a leading apostrophe,
// which ParseCSV removes again, so a hostile id cannot run in Excel.
func FormatCSV(jobs []model.Job) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	rec := make([]string, len(Columns))
	for i, c := range Columns {
		rec[i] = c.Key
	}
	_ = w.Write(rec) // a bytes.Buffer never fails
	for i := range jobs {
		for k, c := range Columns {
			v := Field(&jobs[i], c.Key)
			if c.Kind == "text" {
				v = escapeFormula(v)
			}
			rec[k] = v
		}
		_ = w.Write(rec)
	}
	w.Flush()
	return b.Bytes()
}

func escapeFormula(v string) string {
	if v != "" && strings.ContainsRune("=+-@'", rune(v[0])) {
		return "'" + v
	}
	return v
}

func unescapeFormula(v string) string {
	if len(v) >= 2 && v[0] == '\'' && strings.ContainsRune("=+-@'", rune(v[1])) {
		return v[1:]
	}
	return v
}
