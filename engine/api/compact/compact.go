// Package compact is the binary form in which the page and its engine
// worker exchange big scenarios, trace imports and results: columns of
// fixed-width numbers and varints instead of JSON, which the page's Go
// would decode by reflection.
//
// The JSON API stays what scripts use; this form is additive (see
// engine/api: POST /api/run with Content-Type ScenarioType and/or
// ?format=compact, POST /api/swf?format=compact). It carries exactly the
// same values: DecodeScenario(EncodeScenario(s)) equals
// model.Decode(model.Encode(s)), and a result decoded from its compact
// form marshals to the same JSON bytes as the original (tests check both
// on every policy), so a schedule computed through it is byte for byte
// the JSON API's.
//
// Layout (little endian). Every message starts with the four bytes "GPC1"
// and a kind byte ('S' scenario, 'R' result, 'C' trace cut), then a JSON
// header (uvarint length, bytes) holding everything but the columns:
//
//   - scenario: the scenario without its jobs, then the job columns;
//   - cut: the swf.Cut without its jobs, then the job columns;
//   - result: the sched.Result without its schedule, then the placement
//     columns.
//
// Job columns: n (uvarint); the ids (a string table: n lengths, then the
// bytes); a bit mask of the optional columns present; submit (n float64);
// size (n zigzag varints); then, when present, runtime, requested,
// deadline (n float64 each), priority (n zigzag varints), origin (a
// dictionary and n indices), bandwidth (n float64), sigma (a presence
// bitmap and a float64 per job that has one), data (n float64), app (a
// presence bitmap and the JSON of each job's application model) and user
// (a dictionary and n indices, as origin). A column is present only when
// some job has a value for it: a scenario whose jobs have no user encodes
// as it did before the user column existed, and such older messages read
// the same.
//
// Placement columns: n+1 (uvarint, 0 for a nil schedule); the job ids (a
// string table); a dictionary of cluster ids; per placement its cluster
// (index), start and end (float64), nodes (zigzag); its allocations (a
// count, then per allocation the cluster index, the node count plus one,
// 0 for nil, and the nodes as zigzag deltas); and the reasons (a
// dictionary, then an index per placement when it is not empty).
//
// Decoding never panics and never allocates more than the input can
// describe: every count is checked against the bytes left.
package compact

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Content types of the three messages.
const (
	ScenarioType = "application/vnd.gridplay.scenario"
	ResultType   = "application/vnd.gridplay.result"
	CutType      = "application/vnd.gridplay.cut"
)

const magic = "GPC1"

// Message kinds.
const (
	kindScenario = 'S'
	kindResult   = 'R'
	kindCut      = 'C'
)

// Is reports whether b starts like a compact message (of any kind).
func Is(b []byte) bool { return len(b) >= len(magic)+1 && string(b[:len(magic)]) == magic }

// Optional job columns, as bits of the mask.
const (
	colRuntime = 1 << iota
	colRequested
	colDeadline
	colPriority
	colOrigin
	colBandwidth
	colSigma
	colData
	colApp
	colUser
	colAll = colUser<<1 - 1
)

// writer appends the encoding to a byte slice.
type writer struct{ b []byte }

func (w *writer) uvarint(x uint64) { w.b = binary.AppendUvarint(w.b, x) }
func (w *writer) varint(x int64)   { w.b = binary.AppendVarint(w.b, x) }
func (w *writer) f64(x float64) {
	w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(x))
}
func (w *writer) bytes(p []byte) { w.uvarint(uint64(len(p))); w.b = append(w.b, p...) }
func (w *writer) str(s string)   { w.uvarint(uint64(len(s))); w.b = append(w.b, s...) }

func (w *writer) head(kind byte, header any) error {
	w.b = append(w.b, magic...)
	w.b = append(w.b, kind)
	h, err := json.Marshal(header)
	if err != nil {
		return err
	}
	w.bytes(h)
	return nil
}

// strtab writes n strings as their total length, their lengths, then
// their bytes.
func (w *writer) strtab(n int, at func(i int) string) {
	total := 0
	for i := 0; i < n; i++ {
		total += len(at(i))
	}
	w.uvarint(uint64(total))
	for i := 0; i < n; i++ {
		w.uvarint(uint64(len(at(i))))
	}
	for i := 0; i < n; i++ {
		w.b = append(w.b, at(i)...)
	}
}

// codes numbers distinct non-empty strings from 1 in order of first
// use, for strings that are visited twice (once to list them, once to
// write their codes): a dictionary written by write.
type codes struct {
	ids  map[string]uint32
	list []string
}

// add gives s its code if it has none and returns the code (0 for "").
func (c *codes) add(s string) uint32 {
	if s == "" {
		return 0
	}
	k, ok := c.ids[s]
	if !ok {
		if c.ids == nil {
			c.ids = map[string]uint32{}
		}
		c.list = append(c.list, s)
		k = uint32(len(c.list))
		c.ids[s] = k
	}
	return k
}

// write writes the distinct values in order of first use; the reader
// gives "" index 0 and the values 1 on.
func (c *codes) write(w *writer) {
	w.uvarint(uint64(len(c.list)))
	for _, s := range c.list {
		w.str(s)
	}
}

func (w *writer) bitmap(n int, has func(i int) bool) {
	bm := make([]byte, (n+7)/8)
	for i := 0; i < n; i++ {
		if has(i) {
			bm[i/8] |= 1 << (i % 8)
		}
	}
	w.b = append(w.b, bm...)
}

// reader reads the encoding; the first error sticks and every later read
// returns zero values. It moves an index through b rather than
// re-slicing it: re-slicing stores a pointer at every read, which costs a
// write barrier each while the garbage collector runs (and in the page it
// often does, while a whole trace decodes).
type reader struct {
	b   []byte
	pos int
	err error
}

var errShort = errors.New("the message ends early")

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// left is the number of bytes not yet read.
func (r *reader) left() int { return len(r.b) - r.pos }

func (r *reader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	x, n := binary.Uvarint(r.b[r.pos:])
	if n <= 0 {
		r.fail(errShort)
		return 0
	}
	r.pos += n
	return x
}

func (r *reader) varint() int64 {
	ux := r.uvarint()
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x
}

// intv reads a zigzag varint that must fit an int32 (sizes, nodes,
// priorities: model limits are far below).
func (r *reader) intv() int {
	x := r.varint()
	if x < math.MinInt32 || x > math.MaxInt32 {
		r.fail(fmt.Errorf("a number is out of range (%d)", x))
		return 0
	}
	return int(x)
}

func (r *reader) f64() float64 {
	if r.err != nil {
		return 0
	}
	if r.left() < 8 {
		r.fail(errShort)
		return 0
	}
	x := math.Float64frombits(binary.LittleEndian.Uint64(r.b[r.pos:]))
	r.pos += 8
	return x
}

// count reads a count of items each taking at least min bytes, checked
// against the bytes left.
func (r *reader) count(min int, what string) int {
	x := r.uvarint()
	if r.err != nil {
		return 0
	}
	if x > uint64(r.left()/max(min, 1)) {
		r.fail(fmt.Errorf("%s: %d is more than the message holds", what, x))
		return 0
	}
	return int(x)
}

func (r *reader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > r.left() {
		r.fail(errShort)
		return nil
	}
	p := r.b[r.pos : r.pos+n : r.pos+n]
	r.pos += n
	return p
}

func (r *reader) bytes() []byte { return r.take(r.count(1, "a length")) }

// strtabTo reads n strings written by writer.strtab and hands each to
// set; it reports false on an error. They share one allocation: a whole
// trace's job ids cost one string, not 200,000.
func (r *reader) strtabTo(n int, set func(i int, s string)) bool {
	total := r.uvarint()
	if r.err != nil {
		return false
	}
	if total > uint64(r.left()) {
		r.fail(errShort)
		return false
	}
	// The lengths are read twice (to find where the bytes start, then
	// to cut them) rather than kept: no allocation but the strings'.
	lensAt := r.pos
	sum := uint64(0)
	for i := 0; i < n; i++ {
		l := r.uvarint()
		sum += l
		if r.err != nil || sum > total {
			r.fail(errors.New("the string table does not add up"))
			return false
		}
	}
	if sum != total {
		r.fail(errors.New("the string table does not add up"))
		return false
	}
	bytesAt := r.pos
	all := string(r.take(int(total)))
	r.pos = lensAt
	at := 0
	for i := 0; i < n; i++ {
		l := int(r.uvarint())
		set(i, all[at:at+l])
		at += l
	}
	r.pos = bytesAt + int(total)
	return true
}

// end is the first error of the message, or an error when bytes are left
// after its last part, what.
func (r *reader) end(what string) error {
	if r.err == nil && r.left() != 0 {
		r.fail(fmt.Errorf("%d bytes after the %s", r.left(), what))
	}
	return r.err
}

// dict reads a dictionary written by codes.write: index 0 is "".
func (r *reader) dict() []string {
	k := r.count(1, "a dictionary")
	out := make([]string, 1, k+1)
	for i := 0; i < k && r.err == nil; i++ {
		out = append(out, string(r.bytes()))
	}
	return out
}

func (r *reader) index(d []string) string {
	i := r.uvarint()
	if i >= uint64(len(d)) {
		r.fail(fmt.Errorf("index %d is outside its dictionary of %d", i, len(d)))
		return ""
	}
	return d[i]
}

func (r *reader) bitmap(n int) []byte { return r.take((n + 7) / 8) }

func has(bm []byte, i int) bool { return bm[i/8]&(1<<(i%8)) != 0 }

// head checks the magic and the kind and decodes the JSON header into v
// with decode.
func (r *reader) head(kind byte, what string, decode func([]byte) error) {
	if !Is(r.b) || r.b[len(magic)] != kind {
		r.fail(fmt.Errorf("not a compact %s (it must start with %q and %q)", what, magic, kind))
		return
	}
	r.pos = len(magic) + 1
	h := r.bytes()
	if r.err != nil {
		return
	}
	if err := decode(h); err != nil {
		r.fail(err)
	}
}

// zero turns -0 into 0, as model.Canonical does.
func zero(x float64) float64 {
	if x == 0 {
		return 0
	}
	return x
}

// column is an optional job column: its bit in the mask, whether a job
// has a value for it, and how its values are written and read.
type column struct {
	bit   uint64
	has   func(j *model.Job) bool
	write func(w *writer, jobs []model.Job)
	read  func(r *reader, jobs []model.Job)
}

// f64Column is a column of one float64 per job, field of the job.
func f64Column(bit uint64, field func(j *model.Job) *float64) column {
	return column{bit,
		func(j *model.Job) bool { return *field(j) != 0 },
		func(w *writer, jobs []model.Job) { w.f64s(jobs, field) },
		func(r *reader, jobs []model.Job) { r.f64s(jobs, field) },
	}
}

// dictColumn is a column of one string per job, field of the job: a
// dictionary of the distinct non-empty strings, then an index per job.
func dictColumn(bit uint64, field func(j *model.Job) *string) column {
	return column{bit,
		func(j *model.Job) bool { return *field(j) != "" },
		func(w *writer, jobs []model.Job) {
			var d codes
			for i := range jobs {
				d.add(*field(&jobs[i]))
			}
			d.write(w)
			for i := range jobs {
				w.uvarint(uint64(d.add(*field(&jobs[i]))))
			}
		},
		func(r *reader, jobs []model.Job) {
			d := r.dict()
			for i := range jobs {
				*field(&jobs[i]) = r.index(d)
			}
		}}
}

// columns are the optional job columns, in the order they are written.
var columns = []column{
	f64Column(colRuntime, func(j *model.Job) *float64 { return &j.Runtime }),
	f64Column(colRequested, func(j *model.Job) *float64 { return &j.Requested }),
	f64Column(colDeadline, func(j *model.Job) *float64 { return &j.Deadline }),
	{colPriority, func(j *model.Job) bool { return j.Priority != 0 },
		func(w *writer, jobs []model.Job) {
			for i := range jobs {
				w.varint(int64(jobs[i].Priority))
			}
		},
		func(r *reader, jobs []model.Job) {
			for i := range jobs {
				jobs[i].Priority = r.intv()
			}
		}},
	dictColumn(colOrigin, func(j *model.Job) *string { return &j.Origin }),
	f64Column(colBandwidth, func(j *model.Job) *float64 { return &j.Bandwidth }),
	{colSigma, func(j *model.Job) bool { return j.Sigma != nil },
		func(w *writer, jobs []model.Job) {
			w.bitmap(len(jobs), func(i int) bool { return jobs[i].Sigma != nil })
			for i := range jobs {
				if jobs[i].Sigma != nil {
					w.f64(*jobs[i].Sigma)
				}
			}
		},
		func(r *reader, jobs []model.Job) {
			bm := r.bitmap(len(jobs))
			if r.err != nil {
				return
			}
			vals := make([]float64, 0, len(jobs))
			for i := range jobs {
				if has(bm, i) {
					vals = append(vals, zero(r.f64()))
					jobs[i].Sigma = &vals[len(vals)-1]
				}
			}
		}},
	f64Column(colData, func(j *model.Job) *float64 { return &j.Data }),
	{colApp, func(j *model.Job) bool { return j.App != nil },
		func(w *writer, jobs []model.Job) {
			w.bitmap(len(jobs), func(i int) bool { return jobs[i].App != nil })
			for i := range jobs {
				if jobs[i].App != nil {
					b, _ := json.Marshal(jobs[i].App) // an App always marshals
					w.bytes(b)
				}
			}
		},
		func(r *reader, jobs []model.Job) {
			bm := r.bitmap(len(jobs))
			for i := range jobs {
				if r.err != nil || !has(bm, i) {
					continue
				}
				a := new(model.App)
				if err := model.StrictUnmarshal(r.bytes(), a); err != nil {
					r.fail(model.Errors{model.Errf(fmt.Sprintf("jobs[%d].app", i), err.Error())})
					return
				}
				if len(a.Points) == 0 {
					a.Points = nil
				}
				for k := range a.Points {
					a.Points[k].T = zero(a.Points[k].T)
				}
				jobs[i].App = a
			}
		}},
	dictColumn(colUser, func(j *model.Job) *string { return &j.User }),
}

// f64s writes a float64 of each job, field of the job, in place (the
// page encodes a whole trace's columns).
func (w *writer) f64s(jobs []model.Job, field func(j *model.Job) *float64) {
	at := len(w.b)
	w.b = append(w.b, make([]byte, 8*len(jobs))...)
	out := w.b[at:]
	for i := range jobs {
		binary.LittleEndian.PutUint64(out[8*i:], math.Float64bits(*field(&jobs[i])))
	}
}

// f64s reads a column written by writer.f64s into field of each job,
// -0 as 0.
func (r *reader) f64s(jobs []model.Job, field func(j *model.Job) *float64) {
	b := r.take(8 * len(jobs))
	if b == nil {
		return
	}
	for i := range jobs {
		*field(&jobs[i]) = zero(math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:])))
	}
}

func appendJobs(w *writer, jobs []model.Job) {
	n := len(jobs)
	w.uvarint(uint64(n))
	w.strtab(n, func(i int) string { return jobs[i].ID })
	var mask uint64
	for _, c := range columns {
		for i := range jobs {
			if c.has(&jobs[i]) {
				mask |= c.bit
				break
			}
		}
	}
	w.uvarint(mask)
	w.f64s(jobs, func(j *model.Job) *float64 { return &j.Submit })
	for i := range jobs {
		w.varint(int64(jobs[i].Size))
	}
	for _, c := range columns {
		if mask&c.bit != 0 {
			c.write(w, jobs)
		}
	}
}

// readJobs reads the job columns into canonical jobs (-0 as 0, empty
// lists as nil), as model.Decode would give them.
func readJobs(r *reader) []model.Job {
	// A job takes at least 9 bytes: its submit time and its size.
	n := r.count(9, "jobs")
	if r.err != nil {
		return nil
	}
	if n > model.MaxJobs {
		r.fail(model.Errors{model.Errf("jobs", fmt.Sprintf("has %d jobs; the limit is %d", n, model.MaxJobs))})
		return nil
	}
	// The IDs go straight into the jobs; the jobs are dropped if the
	// columns are bad.
	var jobs []model.Job
	if n > 0 {
		jobs = make([]model.Job, n)
	}
	r.strtabTo(n, func(i int, s string) { jobs[i].ID = s })
	mask := r.uvarint()
	if mask&^colAll != 0 {
		r.fail(fmt.Errorf("unknown job columns %#x", mask&^colAll))
	}
	if r.err != nil || n == 0 {
		return nil
	}
	r.f64s(jobs, func(j *model.Job) *float64 { return &j.Submit })
	for i := range jobs {
		jobs[i].Size = r.intv()
	}
	for _, c := range columns {
		if mask&c.bit != 0 && r.err == nil {
			c.read(r, jobs)
		}
	}
	if r.err != nil {
		return nil
	}
	return jobs
}

// EncodeScenario writes s in the compact form. It does not validate: the
// engine validates what it decodes, and names the fields at fault.
func EncodeScenario(s *model.Scenario) ([]byte, error) {
	h := *s
	h.Jobs = nil
	w := &writer{b: make([]byte, 0, 64+len(s.Jobs)*32)}
	if err := w.head(kindScenario, &h); err != nil {
		return nil, model.Errf("", "cannot encode scenario: "+err.Error())
	}
	appendJobs(w, s.Jobs)
	return w.b, nil
}

// DecodeScenario reads a scenario written by EncodeScenario: strictly (an
// unknown header field, a job list in the header, trailing bytes or an
// unsupported version are errors), validated (model.Validate, with its
// field paths) and canonical, exactly as model.Decode reads its JSON form.
func DecodeScenario(b []byte) (*model.Scenario, error) {
	s, err := ReadScenario(b)
	if err != nil {
		return nil, err
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// ReadScenario is DecodeScenario without the validation: a well-formed
// scenario that does not validate (a half-edited one the page saved) is
// read as it is.
func ReadScenario(b []byte) (*model.Scenario, error) {
	if len(b) > model.MaxScenarioBytes {
		return nil, model.Errors{model.Errf("", fmt.Sprintf("the scenario is %d bytes; the limit is %d bytes", len(b), model.MaxScenarioBytes))}
	}
	r := &reader{b: b}
	var h model.Scenario
	r.head(kindScenario, "scenario", func(p []byte) error {
		if err := model.StrictUnmarshal(p, &h); err != nil {
			return model.Errors{model.Errf("", "scenario: "+err.Error())}
		}
		return nil
	})
	if r.err == nil && len(h.Jobs) > 0 {
		r.fail(model.Errors{model.Errf("jobs", "must be in the job columns of a compact scenario, not in its header")})
	}
	if r.err == nil && h.Version != model.Version {
		r.fail(model.Errors{model.VersionError(h.Version)})
	}
	jobs := readJobs(r)
	if err := r.end("job columns"); err != nil {
		return nil, asModel(err)
	}
	s := model.Canonical(&h)
	s.Jobs = jobs
	return s, nil
}

// asModel keeps model errors (with their field) and makes the others a
// *FormatError.
func asModel(err error) error {
	var es model.Errors
	if errors.As(err, &es) {
		return es
	}
	return &FormatError{Msg: err.Error()}
}

// FormatError is a message that is not a well-formed compact message
// (the bytes themselves are wrong, as with malformed JSON), as opposed
// to a well-formed scenario that does not validate (model.Errors).
type FormatError struct{ Msg string }

func (e *FormatError) Error() string { return "not a valid compact message: " + e.Msg }

// EncodeCut writes a trace cut: header is the cut without its jobs (any
// JSON value), then the jobs as columns.
func EncodeCut(header any, jobs []model.Job) ([]byte, error) {
	w := &writer{b: make([]byte, 0, 64+len(jobs)*32)}
	if err := w.head(kindCut, header); err != nil {
		return nil, err
	}
	appendJobs(w, jobs)
	return w.b, nil
}

// DecodeCut reads a cut written by EncodeCut: its header into header (a
// pointer, decoded by encoding/json) and its jobs, canonical but not
// validated (the job table shows what is wrong with them).
func DecodeCut(b []byte, header any) ([]model.Job, error) {
	r := &reader{b: b}
	r.head(kindCut, "trace cut", func(p []byte) error { return json.Unmarshal(p, header) })
	jobs := readJobs(r)
	if err := r.end("job columns"); err != nil {
		return nil, err
	}
	return jobs, nil
}

// EncodeResult writes r in the compact form.
func EncodeResult(res *sched.Result) ([]byte, error) {
	h := *res
	h.Schedule = nil
	s := res.Schedule
	n := len(s)
	w := &writer{b: make([]byte, 0, 256+n*40)}
	if err := w.head(kindResult, &h); err != nil {
		return nil, err
	}
	if s == nil {
		w.uvarint(0)
		return w.b, nil
	}
	w.uvarint(uint64(n) + 1)
	w.strtab(n, func(i int) string { return s[i].Job })
	// One dictionary for the placements' and the allocations' clusters,
	// in order of first use: each placement's, then its allocations'.
	var cl codes
	for i := range s {
		cl.add(s[i].Cluster)
		for _, a := range s[i].Alloc {
			cl.add(a.Cluster)
		}
	}
	cl.write(w)
	for i := range s {
		p := &s[i]
		w.uvarint(uint64(cl.add(p.Cluster)))
		w.f64(p.Start)
		w.f64(p.End)
		w.varint(int64(p.Nodes))
		w.uvarint(uint64(len(p.Alloc)))
		for k := range p.Alloc {
			a := &p.Alloc[k]
			w.uvarint(uint64(cl.add(a.Cluster)))
			if a.Nodes == nil {
				w.uvarint(0)
				continue
			}
			w.uvarint(uint64(len(a.Nodes)) + 1)
			// Each node as its difference from the one before: one
			// byte for -64..63, most, since nodes are allocated in runs.
			prev := 0
			for _, x := range a.Nodes {
				w.varint(int64(x - prev))
				prev = x
			}
		}
	}
	// Most policies give no reasons: then the column is absent.
	var why codes
	for i := range s {
		why.add(s[i].Why)
	}
	why.write(w)
	if len(why.list) > 0 {
		for i := range s {
			w.uvarint(uint64(why.add(s[i].Why)))
		}
	}
	return w.b, nil
}

// DecodeResult reads a result written by EncodeResult.
func DecodeResult(b []byte) (*sched.Result, error) {
	r := &reader{b: b}
	res := new(sched.Result)
	r.head(kindResult, "result", func(p []byte) error { return json.Unmarshal(p, res) })
	n1 := r.uvarint()
	if r.err != nil {
		return nil, r.err
	}
	if n1 == 0 {
		res.Schedule = nil
	} else {
		// A placement takes at least 19 bytes (cluster, start, end,
		// nodes, allocations).
		if n1-1 > uint64(r.left()/19) {
			return nil, fmt.Errorf("placements: %d is more than the message holds", n1-1)
		}
		n := int(n1 - 1)
		s := make([]sched.Placement, n)
		r.strtabTo(n, func(i int, id string) { s[i].Job = id })
		d := r.dict()
		if r.err != nil {
			return nil, r.err
		}
		// Allocations and node lists are cut from blocks, not allocated
		// one by one: a whole trace has 200,000 of each.
		var allocs []sched.Alloc
		var nodes []int
		for i := range s {
			p := &s[i]
			p.Cluster = r.index(d)
			p.Start = r.f64()
			p.End = r.f64()
			p.Nodes = r.intv()
			na := r.count(2, "allocations")
			if na > 0 {
				if na > len(allocs) {
					allocs = make([]sched.Alloc, max(na, 4096))
				}
				p.Alloc, allocs = allocs[:na:na], allocs[na:]
			}
			for k := 0; k < na && r.err == nil; k++ {
				a := &p.Alloc[k]
				a.Cluster = r.index(d)
				m1 := r.count(1, "nodes")
				if m1 == 0 {
					continue
				}
				m := m1 - 1
				if m == 0 {
					a.Nodes = []int{}
					continue
				}
				if m > len(nodes) {
					nodes = make([]int, max(m, 16384))
				}
				a.Nodes, nodes = nodes[:m:m], nodes[m:]
				prev := 0
				for j := range a.Nodes {
					prev += r.intv()
					a.Nodes[j] = prev
				}
			}
			if r.err != nil {
				return nil, r.err
			}
		}
		why := r.dict()
		if len(why) > 1 {
			for i := range s {
				s[i].Why = r.index(why)
			}
		}
		res.Schedule = s
	}
	if err := r.end("placements"); err != nil {
		return nil, err
	}
	return res, nil
}
