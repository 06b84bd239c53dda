package swf

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"gridplay/engine/model"
)

// Record is one SWF job line: all 18 fields, -1 meaning unknown.
type Record struct {
	Job        int64   `json:"job"`        // 1 job number
	Submit     float64 `json:"submit"`     // 2 submit time, s
	Wait       float64 `json:"wait"`       // 3 wait time, s
	Run        float64 `json:"run"`        // 4 run time, s
	Procs      int     `json:"procs"`      // 5 allocated processors
	CPU        float64 `json:"cpu"`        // 6 average CPU time used, s
	Memory     float64 `json:"memory"`     // 7 used memory, KB per processor
	ReqProcs   int     `json:"req_procs"`  // 8 requested processors
	ReqTime    float64 `json:"req_time"`   // 9 requested time, s
	ReqMemory  float64 `json:"req_memory"` // 10 requested memory, KB per processor
	Status     int     `json:"status"`     // 11 status (1 completed, 0 failed, 5 cancelled)
	User       int     `json:"user"`       // 12 user id
	Group      int     `json:"group"`      // 13 group id
	Executable int     `json:"executable"` // 14 executable (application) number
	Queue      int     `json:"queue"`      // 15 queue number
	Partition  int     `json:"partition"`  // 16 partition number
	Preceding  int64   `json:"preceding"`  // 17 preceding job number
	Think      float64 `json:"think"`      // 18 think time from preceding job, s
	Line       int     `json:"line"`       // line number in the file
}

// Header is the trace's header comments.
type Header struct {
	Version       string `json:"version,omitempty"`
	Computer      string `json:"computer,omitempty"`
	Installation  string `json:"installation,omitempty"`
	MaxJobs       int    `json:"max_jobs,omitempty"`
	MaxRecords    int    `json:"max_records,omitempty"`
	MaxNodes      int    `json:"max_nodes,omitempty"`
	MaxProcs      int    `json:"max_procs,omitempty"`
	UnixStartTime int64  `json:"unix_start_time,omitempty"`
	// Comments are the header lines without their ";", the first
	// MaxComments of them.
	Comments []string `json:"comments,omitempty"`
}

// MaxComments caps the header lines kept.
const MaxComments = 1000

// MaxLine is the longest line read; longer lines are skipped.
const MaxLine = 64 << 10

// KeepLines is how many line numbers each skip reason keeps.
const KeepLines = 5

// Skip counts the lines or records skipped for one reason.
type Skip struct {
	Count int   `json:"count"`
	Lines []int `json:"lines"` // the first KeepLines line numbers
}

// Trace is a whole SWF file.
type Trace struct {
	Name   string   `json:"name,omitempty"`
	Header Header   `json:"header"`
	Jobs   []Record `json:"jobs"`
	// Skipped counts invalid lines, by reason in SkipReasons.
	Skipped     int              `json:"skipped"`
	SkipReasons map[string]*Skip `json:"skip_reasons,omitempty"`
	// Unusable counts valid records Scenario leaves out, by reason in
	// UnusableReasons (see the package doc).
	Unusable        int              `json:"unusable"`
	UnusableReasons map[string]*Skip `json:"unusable_reasons,omitempty"`
	// Lines is the number of lines read.
	Lines int `json:"lines"`
	// Bytes is the uncompressed size read.
	Bytes int64 `json:"bytes"`
	// Truncated is set when reading stopped at a byte cap (Import).
	Truncated bool `json:"truncated,omitempty"`
}

func note(m *map[string]*Skip, reason string, line int) {
	if *m == nil {
		*m = map[string]*Skip{}
	}
	s := (*m)[reason]
	if s == nil {
		s = &Skip{}
		(*m)[reason] = s
	}
	s.Count++
	if len(s.Lines) < KeepLines {
		s.Lines = append(s.Lines, line)
	}
}

// ReadFile reads an SWF trace from path, gunzipping it when it starts with
// the gzip magic bytes. The trace's Name is the file name without .gz and
// .swf.
func ReadFile(path string) (*Trace, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readNamed(f, path)
}

// readNamed is Read for the trace of file: a read error names file, and
// the trace's Name is file's base name without .gz and .swf.
func readNamed(r io.Reader, file string) (*Trace, error) {
	t, err := Read(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	t.Name = strings.TrimSuffix(strings.TrimSuffix(filepath.Base(file), ".gz"), ".swf")
	return t, nil
}

// Read reads an SWF trace from r, gunzipping it when it starts with the
// gzip magic bytes. Invalid lines are counted, never fatal; only an I/O or
// gzip error is.
func Read(r io.Reader) (*Trace, error) {
	return read(r, nil, 0)
}

// errTooBig stops reading at the byte cap of read.
var errTooBig = errors.New("swf: byte cap reached")

// capReader returns errTooBig once n bytes were read.
type capReader struct {
	r io.Reader
	n int64
}

func (c *capReader) Read(b []byte) (int, error) {
	if c.n <= 0 {
		return 0, errTooBig
	}
	if int64(len(b)) > c.n {
		b = b[:c.n]
	}
	k, err := c.r.Read(b)
	c.n -= int64(k)
	return k, err
}

// read is Read with a sink: when record is set, each record goes to it
// (with the reason Scenario would leave it out, or "", and the header read
// so far) instead of t.Jobs; the record is valid only during the call.
// When maxBytes > 0, reading stops after that many uncompressed
// bytes, drops the partial last line and sets t.Truncated. When record
// answers false, read stops at that line (LoadEach, a reader of a trace's
// head): nothing after it is parsed, and no more is decompressed than
// the line buffer holds.
func read(r io.Reader, record func(r *Record, reason string, h *Header) bool, maxBytes int64) (*Trace, error) {
	br := bufio.NewReaderSize(r, 256<<10)
	var src io.Reader = br
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("swf: bad gzip data: %w", err)
		}
		defer zr.Close()
		src = zr
	}
	if maxBytes > 0 {
		src = &capReader{r: src, n: maxBytes}
	}
	if src != io.Reader(br) {
		br = bufio.NewReaderSize(src, 256<<10)
	}
	t := &Trace{}
	p := parser{t: t, record: record, seen: map[int64]bool{}}
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, errTooBig) {
			t.Truncated = true
			break
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			// Too long: skip to the end of the line.
			t.Lines++
			n := int64(len(line))
			for errors.Is(err, bufio.ErrBufferFull) {
				line, err = br.ReadSlice('\n')
				n += int64(len(line))
			}
			t.Bytes += n
			t.Skipped++
			note(&t.SkipReasons, "too long", t.Lines)
			if err == io.EOF {
				break
			}
			if errors.Is(err, errTooBig) {
				t.Truncated = true
				break
			}
			if err != nil {
				return nil, fmt.Errorf("swf: %w", err)
			}
			continue
		}
		if len(line) > 0 {
			t.Lines++
			t.Bytes += int64(len(line))
			if len(line) > MaxLine {
				t.Skipped++
				note(&t.SkipReasons, "too long", t.Lines)
			} else {
				p.line(line, t.Lines)
				if p.stop {
					break
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("swf: %w", err)
		}
	}
	return t, nil
}

type parser struct {
	t      *Trace
	seen   map[int64]bool // the job numbers of usable records
	usable int
	f      [18]float64
	// rec is the record of the current line: a field, not a local, so
	// that passing it to record does not allocate one per line.
	rec Record
	// record, when set, takes each record instead of t.Jobs; stop is
	// set when it answers false.
	record func(r *Record, reason string, h *Header) bool
	stop   bool
}

func (p *parser) line(line []byte, n int) {
	line = bytes.TrimRight(line, "\r\n")
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i == len(line) {
		return
	}
	if line[i] == ';' {
		p.header(string(line[i+1:]))
		return
	}
	k := 0
	for i < len(line) {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i == len(line) {
			break
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		if k == 18 {
			k++
			break
		}
		x, ok := parseNum(line[i:j])
		if !ok {
			p.t.Skipped++
			note(&p.t.SkipReasons, "number", n)
			return
		}
		p.f[k] = x
		k++
		i = j
	}
	if k != 18 {
		p.t.Skipped++
		note(&p.t.SkipReasons, "fields", n)
		return
	}
	f := &p.f
	p.rec = Record{
		Job: toInt64(f[0]), Submit: f[1], Wait: f[2], Run: f[3], Procs: toInt(f[4]),
		CPU: f[5], Memory: f[6], ReqProcs: toInt(f[7]), ReqTime: f[8], ReqMemory: f[9],
		Status: toInt(f[10]), User: toInt(f[11]), Group: toInt(f[12]), Executable: toInt(f[13]),
		Queue: toInt(f[14]), Partition: toInt(f[15]), Preceding: toInt64(f[16]), Think: f[17],
		Line: n,
	}
	reason := p.unusable(&p.rec)
	if reason != "" {
		p.t.Unusable++
		note(&p.t.UnusableReasons, reason, n)
	}
	if p.record != nil {
		p.stop = !p.record(&p.rec, reason, &p.t.Header)
		return
	}
	p.t.Jobs = append(p.t.Jobs, p.rec)
}

// unusable says why Scenario leaves rec out, or "" when it keeps it; it
// also records rec's job number and counts usable jobs.
func (p *parser) unusable(r *Record) string {
	_, reason := convert(r)
	if reason == "" {
		if p.seen[r.Job] {
			return "duplicate"
		}
		if p.usable >= model.MaxJobs {
			return "max jobs"
		}
		p.seen[r.Job] = true
		p.usable++
	}
	return reason
}

// convert applies the package's conventions to one record, giving its
// job without an ID: the size is the allocated processors, else the
// requested ones; the run time is the trace's own (a job that ran past
// its request is killed at it by the scheduler, which counts it); a run
// time of 0 ("less than 0.5 s") is kept when the record has a requested
// time, since a job needs a duration to hold its processors for.
func convert(r *Record) (j model.Job, reason string) {
	size := r.Procs
	if size <= 0 {
		size = r.ReqProcs
	}
	switch {
	case size <= 0:
		return j, "size"
	case r.Run < 0 || (r.Run == 0 && r.ReqTime <= 0):
		return j, "runtime"
	case r.Submit < 0:
		return j, "submit"
	case overLimit(r, size):
		return j, "limit"
	}
	j = model.Job{Submit: r.Submit, Size: size, Runtime: r.Run}
	if r.ReqTime > 0 {
		j.Requested = r.ReqTime
	}
	return j, ""
}

func overLimit(r *Record, size int) bool {
	return size > model.MaxTotalNodes || r.Run > model.MaxTime || r.Submit > model.MaxTime ||
		r.ReqTime > model.MaxTime || r.Job < 0 || r.Job > 1<<53
}

// convertPyss reads a record as pyss does (see the package doc, "pyss's
// reading"): the job's ID is left for the caller; a record with no run time (<= 0), no allocated processors or
// a negative submit time becomes a 1 s job with a 1 s estimate on
// max(1, allocated) processors, submitted at max(submit, 1); any other
// record keeps its allocated processors, run time and submit time, and a
// record without a requested time gets a requested time of 1 s, so that
// pyss's rule run = max(min(requested, run), 1) gives its 1 s run.
func convertPyss(r *Record) (j model.Job, reason string) {
	procs := r.Procs
	if overLimit(r, max(procs, 1)) {
		return j, "limit"
	}
	j = model.Job{Submit: r.Submit, Size: procs, Runtime: r.Run, Requested: r.ReqTime}
	if r.Run <= 0 || procs <= 0 || r.Submit < 0 {
		j.Size, j.Runtime, j.Requested, j.Submit = max(1, procs), 1, 1, max(r.Submit, 1)
		return j, ""
	}
	if j.Requested <= 0 {
		j.Requested = 1
	}
	return j, ""
}

func toInt(x float64) int {
	if x > math.MaxInt32 || x < math.MinInt32 {
		return -1
	}
	return int(x)
}

func toInt64(x float64) int64 {
	if x > 1<<62 || x < -(1<<62) {
		return -1
	}
	return int64(x)
}

var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// parseNum reads a decimal number. Plain integers and short decimals take
// an exact fast path (mantissa and power of ten both exact in float64, so
// one correctly rounded division); anything else goes to strconv.
func parseNum(b []byte) (float64, bool) {
	i, neg := 0, false
	if i < len(b) && (b[i] == '-' || b[i] == '+') {
		neg = b[i] == '-'
		i++
	}
	var mant uint64
	digits, frac, nd := 0, 0, 0
	dot := false
	for ; i < len(b); i++ {
		c := b[i]
		switch {
		case c >= '0' && c <= '9':
			if digits >= 15 {
				return slowNum(b)
			}
			mant = mant*10 + uint64(c-'0')
			nd++
			if mant != 0 {
				digits++
			}
			if dot {
				frac++
			}
		case c == '.' && !dot:
			dot = true
		default:
			return slowNum(b)
		}
	}
	if nd == 0 {
		return 0, false
	}
	if frac > 22 {
		return slowNum(b)
	}
	x := float64(mant) / pow10[frac]
	if neg {
		x = -x
	}
	return x, true
}

func slowNum(b []byte) (float64, bool) {
	x, err := strconv.ParseFloat(string(b), 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, false
	}
	return x, true
}

// Scenario turns the trace into a one-site scenario for the named policy,
// following the conventions in the package doc. The result passes
// model.Validate when the trace has at least one usable job.
func (t *Trace) Scenario(policy string) *model.Scenario {
	s, _ := t.ScenarioCompat(policy, "")
	return s
}

// ScenarioCompat is Scenario under the record reading of a reference
// simulator: compat "" is gridplay's own conventions, model.CompatPyss
// pyss's (see the package doc), and the scenario then carries Compat so
// that the policy follows pyss's job model and tie order too. Records
// pyss keeps but gridplay leaves out are kept; only "limit" and
// "duplicate" records are left out under both. An unknown compat is an
// error naming the field.
func (t *Trace) ScenarioCompat(policy, compat string) (*model.Scenario, error) {
	if compat != "" && compat != model.CompatPyss {
		return nil, model.Errf("compat", fmt.Sprintf("is %q; the only reference simulator is %q", compat, model.CompatPyss))
	}
	s := &model.Scenario{Version: model.Version, Name: t.scenarioName(), Policy: model.Policy{Name: policy}, Compat: compat}
	s.Jobs = make([]model.Job, 0, min(len(t.Jobs), model.MaxJobs))
	seen := map[int64]bool{}
	var ids idText
	largest := 0
	for i := range t.Jobs {
		r := &t.Jobs[i]
		var j model.Job
		var reason string
		if compat == model.CompatPyss {
			j, reason = convertPyss(r)
		} else {
			j, reason = convert(r)
		}
		if reason != "" || seen[r.Job] || len(s.Jobs) >= model.MaxJobs {
			continue
		}
		seen[r.Job] = true
		j.ID = ids.id(r.Job)
		j.User = ids.user(r.User)
		largest = max(largest, j.Size)
		s.Jobs = append(s.Jobs, j)
	}
	s.Platform.Clusters = []model.Cluster{{ID: "site0", Name: s.Name, Nodes: t.Header.machine(largest)}}
	return s, nil
}

// machine is the nodes of the trace's machine: MaxProcs, else MaxNodes,
// else the largest job read, within 1..model.MaxNodes.
func (h *Header) machine(largest int) int {
	nodes := h.MaxProcs
	if nodes <= 0 {
		nodes = h.MaxNodes
	}
	if nodes <= 0 {
		nodes = largest
	}
	return min(max(nodes, 1), model.MaxNodes)
}

func (t *Trace) scenarioName() string {
	n := t.Name
	if n == "" {
		n = t.Header.Installation
	}
	n = strings.ToValidUTF8(n, "")
	for len(n) > model.MaxNameLen {
		_, size := utf8.DecodeLastRuneInString(n)
		n = n[:len(n)-size]
	}
	return n
}

func (p *parser) header(c string) {
	t := p.t
	if len(t.Header.Comments) < MaxComments {
		t.Header.Comments = append(t.Header.Comments, strings.TrimSpace(c))
	}
	key, val, ok := strings.Cut(c, ":")
	if !ok {
		return
	}
	key = strings.TrimSpace(key)
	val = strings.TrimSpace(val)
	h := &t.Header
	switch key {
	case "Version":
		h.Version = val
	case "Computer":
		h.Computer = val
	case "Installation":
		h.Installation = val
	case "MaxJobs":
		h.MaxJobs = int(leadingInt(val))
	case "MaxRecords":
		h.MaxRecords = int(leadingInt(val))
		if len(t.Jobs) == 0 && h.MaxRecords > 0 && p.record == nil {
			// Size the record list once; capped so a lying header
			// cannot reserve much memory.
			t.Jobs = make([]Record, 0, min(h.MaxRecords, model.MaxJobs))
		}
	case "MaxNodes":
		h.MaxNodes = int(leadingInt(val))
	case "MaxProcs":
		h.MaxProcs = int(leadingInt(val))
	case "UnixStartTime":
		h.UnixStartTime = leadingInt(val)
	}
}

// leadingInt reads the integer at the start of s ("338 (batch ...)"), 0
// when there is none.
func leadingInt(s string) int64 {
	end := 0
	for end < len(s) && s[end] >= '0' && s[end] <= '9' && end < 15 {
		end++
	}
	n, _ := strconv.ParseInt(s[:end], 10, 64)
	return n
}

// Find locates a trace file by name: name itself when it is a file, else
// name, name.swf or name.swf.gz in $GRIDPLAY_TRACES (a path list), then in
// static/traces of the module root (the nearest directory up from the
// working directory holding go.mod; the traces ship there), then in
// ../shared/traces beside the module root, then in ./traces.
func Find(name string) (string, error) {
	if name == "" {
		return "", errors.New("swf: no trace name given")
	}
	if isFile(name) {
		return name, nil
	}
	var dirs []string
	if env := os.Getenv("GRIDPLAY_TRACES"); env != "" {
		dirs = append(dirs, filepath.SplitList(env)...)
	}
	if root, ok := moduleRoot(); ok {
		dirs = append(dirs, filepath.Join(root, "static", "traces"), filepath.Join(root, "..", "shared", "traces"))
	}
	dirs = append(dirs, "traces")
	base := filepath.Base(name)
	for _, d := range dirs {
		for _, ext := range []string{"", ".swf", ".swf.gz"} {
			p := filepath.Join(d, base+ext)
			if isFile(p) {
				return p, nil
			}
		}
	}
	return "", fmt.Errorf("swf: trace %q not found (looked for %s, .swf, .swf.gz in: $GRIDPLAY_TRACES, %s)", name, base, strings.Join(dirs, ", "))
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

func moduleRoot() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for range 64 {
		if isFile(filepath.Join(dir, "go.mod")) {
			return dir, true
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return "", false
}
