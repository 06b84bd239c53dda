package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"gridplay/engine/api/benchset"
	"gridplay/engine/api/compact"
	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/swf"
	"gridplay/engine/workload"
)

// MaxOptionsBytes caps the body of POST /api/experiments/NAME.
const MaxOptionsBytes = 64 << 10

// Serve answers one request: the routes of the package doc under /api/,
// 404 for anything else. Handler (http.go) is it as an http.Handler.
func Serve(w ResponseWriter, r *Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == errAbort {
				panic(v)
			}
			// Headers may already be out when a stream panics; the
			// best we can do then is end the stream with the error.
			writeError(w, statusInternalServerError, &Error{Msg: fmt.Sprintf("internal error: %v", v)})
		}
	}()
	path := strings.TrimSuffix(r.Path, "/")
	if strings.HasPrefix(path, "/api/") || path == "/api" {
		// The API is public and stateless: a page on any origin (a
		// course page, the playground pointed at a Cloudflare
		// deployment) may call it.
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", "*")
		if r.Method == "OPTIONS" {
			h.Set("Access-Control-Allow-Methods", "GET, POST")
			h.Set("Access-Control-Allow-Headers", "Content-Type")
			h.Set("Access-Control-Max-Age", "86400")
			w.WriteHeader(statusNoContent)
			return
		}
	}
	if rt, ok := routes[path]; ok {
		if allow(w, r, rt.method) {
			rt.handle(w, r)
		}
		return
	}
	if !strings.HasPrefix(path, "/api/experiments/") {
		msg := fmt.Sprintf("no such route %s", r.Path)
		if strings.HasPrefix(path, "/api/shake/") {
			msg += ": use /api/shake, /api/shake/plan or /api/shake/merge"
		}
		writeError(w, statusNotFound, &Error{Msg: msg})
		return
	}
	name, verb, _ := strings.Cut(strings.TrimPrefix(path, "/api/experiments/"), "/")
	e, ok := sched.LookupExperiment(name)
	if !ok {
		writeError(w, statusNotFound, &Error{Msg: fmt.Sprintf("unknown experiment %q (see GET /api/experiments)", name)})
		return
	}
	if verb != "" && verb != "plan" && verb != "merge" {
		writeError(w, statusNotFound, &Error{Msg: fmt.Sprintf("no such route %s: use /api/experiments/%s, /plan or /merge", r.Path, name)})
		return
	}
	if !allow(w, r, "POST") {
		return
	}
	switch verb {
	case "plan":
		handlePlan(w, r, e)
	case "merge":
		handleMerge(w, r, e)
	default:
		handleExperiment(w, r, e)
	}
}

// routes are the routes of a fixed path (the experiments' are by name),
// with the method each takes.
var routes = map[string]struct {
	method string
	handle func(ResponseWriter, *Request)
}{
	"/api/policies":      {"GET", func(w ResponseWriter, _ *Request) { writeJSON(w, statusOK, sched.Policies()) }},
	"/api/run":           {"POST", handleRun},
	"/api/swf":           {"POST", handleSWF},
	"/api/batsim":        {"POST", handleBatsim},
	"/api/batsim/export": {"POST", handleBatsimExport},
	"/api/shake":         {"POST", handleShake},
	"/api/shake/plan":    {"POST", handleShakePlan},
	"/api/shake/merge":   {"POST", handleShakeMerge},
	"/api/expand":        {"POST", handleExpand},
	"/api/bench":         {"GET", handleBench},
	"/api/experiments":   {"GET", func(w ResponseWriter, _ *Request) { writeJSON(w, statusOK, sched.Experiments()) }},
}

// allow answers 405 unless r uses method.
func allow(w ResponseWriter, r *Request, method string) bool {
	if r.Method == method || (method == "GET" && r.Method == "HEAD") {
		return true
	}
	w.Header().Set("Allow", method)
	writeError(w, statusMethodNotAllowed, &Error{Msg: fmt.Sprintf("method %s not allowed, use %s", r.Method, method)})
	return false
}

func handleRun(w ResponseWriter, r *Request) {
	format := r.Query.Get("format")
	switch format {
	case "", "json", "csv", "series", "compact":
	default:
		writeError(w, statusBadRequest, &Error{Field: "format", Msg: "must be json, compact, csv (the per-job table) or series (the time series)"})
		return
	}
	if format == "compact" && r.Query.Get("stream") == "1" {
		writeError(w, statusBadRequest, &Error{Field: "format", Msg: "compact results are not streamed; drop stream=1 or ask for json"})
		return
	}
	if (format == "csv" || format == "series") && r.Query.Get("stream") == "1" {
		writeError(w, statusBadRequest, &Error{Field: "stream", Msg: "streams frames as JSON; ask for format=" + format + " without stream=1"})
		return
	}
	t0 := time.Now()
	// A compact answer comes from runner.Run, which validates (and keeps
	// the index of the jobs it builds for the run): a compact scenario is
	// not validated twice. Its errors are the same 422 either way.
	s, ok := readScenario(w, r, format != "compact")
	if !ok {
		return
	}
	if format == "csv" || format == "series" {
		runFormat(w, r, s, format)
		return
	}
	if format == "compact" {
		t1 := time.Now()
		res, err := runner.Run(r.Context(), s, nil)
		if err != nil {
			writeError(w, statusOf(err), inputError(err))
			return
		}
		t2 := time.Now()
		b, err := compact.EncodeResult(res)
		if err != nil {
			writeError(w, statusInternalServerError, &Error{Msg: "internal error: " + err.Error()})
			return
		}
		// Where the time went, for the page's measurements (the
		// Server-Timing header; the body stays deterministic).
		w.Header().Set("Server-Timing", fmt.Sprintf("decode;dur=%.1f, run;dur=%.1f, encode;dur=%.1f",
			ms(t1.Sub(t0)), ms(t2.Sub(t1)), ms(time.Since(t2))))
		writeBody(w, statusOK, compact.ResultType, b)
		return
	}
	run := func(ctx context.Context, rec sched.Recorder) (any, error) {
		res, err := runner.Run(ctx, s, rec)
		if err != nil {
			return nil, err
		}
		return res, nil
	}
	respond(w, r, run)
}

// handleSWF imports the head of an uploaded SWF trace (swf.Import): the
// job table's import, done here so the page's thread never parses a
// trace.
func handleSWF(w ResponseWriter, r *Request) {
	q := r.Query
	format := q.Get("format")
	if format != "" && format != "json" && format != "compact" {
		writeError(w, statusBadRequest, &Error{Field: "format", Msg: "must be json or compact"})
		return
	}
	name, ok := readName(w, r, "trace.swf")
	if !ok {
		return
	}
	limit := swf.DefaultImportJobs
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			writeError(w, statusBadRequest, &Error{Field: "limit", Msg: fmt.Sprintf("%q is not a whole number", v)})
			return
		}
		if n < 0 || n > swf.MaxImportJobs {
			writeError(w, statusUnprocessableEntity, &Error{Field: "limit", Msg: fmt.Sprintf("must be between 0 (every usable job) and %d", swf.MaxImportJobs)})
			return
		}
		limit = n // 0: every usable job (swf.Import)
	}
	body, ok := readBody(w, r, swf.MaxUploadBytes, "trace")
	if !ok {
		return
	}
	cut, err := swf.Import(name, bytes.NewReader(body), limit)
	if err != nil {
		writeError(w, statusUnprocessableEntity, &Error{Msg: err.Error()})
		return
	}
	if format == "compact" {
		head := *cut
		head.Jobs = nil
		b, err := compact.EncodeCut(&head, cut.Jobs)
		if err != nil {
			writeError(w, statusInternalServerError, &Error{Msg: "internal error: " + err.Error()})
			return
		}
		writeBody(w, statusOK, compact.CutType, b)
		return
	}
	writeJSON(w, statusOK, cut)
}

// handleExpand answers the scenario with its generator drawn into jobs
// (workload.Expand, as engine/runner does before a run), in canonical
// JSON; a scenario without a generator comes back as it is.
func handleExpand(w ResponseWriter, r *Request) {
	s, ok := readScenario(w, r, true)
	if !ok {
		return
	}
	x, err := workload.Expand(s)
	if err == nil {
		var b []byte
		if b, err = model.Encode(x); err == nil {
			writeBody(w, statusOK, "application/json; charset=utf-8", b)
			return
		}
	}
	writeError(w, inputStatus(err), inputError(err))
}

// handleBench answers the standard benchmark set (engine/api/benchset)
// with its request bodies, made here from the HPC2N trace, so that the
// benchmark page need not download 20,000 jobs of scenario.
func handleBench(w ResponseWriter, _ *Request) {
	set, err := benchset.Load()
	if err != nil {
		writeError(w, statusServiceUnavailable, &Error{Msg: err.Error()})
		return
	}
	writeJSON(w, statusOK, set)
}

// readStrict reads a JSON body of at most limit bytes into v, refusing
// unknown fields and trailing data (the messages name what); an empty
// body is no error when emptyOK. On bad input it answers the error and
// reports false.
func readStrict(w ResponseWriter, r *Request, limit int64, what string, v any, emptyOK bool) bool {
	body, ok := readBody(w, r, limit, what)
	switch {
	case !ok:
		return false
	case emptyOK && len(bytes.TrimSpace(body)) == 0:
		return true
	case !json.Valid(body):
		writeError(w, statusBadRequest, &Error{Msg: what + " are not valid JSON"})
		return false
	}
	if err := model.StrictUnmarshal(body, v); err != nil {
		writeError(w, statusUnprocessableEntity, &Error{Msg: what + ": " + err.Error()})
		return false
	}
	return true
}

// handlePlan answers the experiment's points: {"points":[{"index":0,"label":...}]}.
func handlePlan(w ResponseWriter, r *Request, e sched.Experiment) {
	var opt sched.ExperimentOptions // {"quick":bool,"seed":N}, possibly empty
	if !readStrict(w, r, MaxOptionsBytes, "options", &opt, true) {
		return
	}
	plan, err := e.Plan(opt)
	if err != nil {
		writeError(w, inputStatus(err), inputError(err))
		return
	}
	writeJSON(w, statusOK, sched.Plan{Points: plan})
}

// MaxMergeBytes caps the body of POST /api/experiments/NAME/merge: the
// JSON reports of every point.
const MaxMergeBytes = 64 << 20

// MergeRequest is the body of POST /api/experiments/NAME/merge: the
// options the points were run with and each point's JSON report, in
// index order.
type MergeRequest struct {
	Options sched.ExperimentOptions `json:"options"`
	Points  []json.RawMessage       `json:"points"`
}

// handleMerge merges point reports computed elsewhere (other browser
// workers, Cloudflare Workers) into the whole report, in JSON or CSV.
func handleMerge(w ResponseWriter, r *Request, e sched.Experiment) {
	format, ok := readFormat(w, r)
	if !ok {
		return
	}
	var req MergeRequest
	if !readStrict(w, r, MaxMergeBytes, "merge request", &req, false) {
		return
	}
	rep, err := sched.MergePoints(e, req.Options, req.Points)
	switch {
	case err != nil:
		writeError(w, inputStatus(err), inputError(err))
	case format == "csv":
		writeCSV(w, rep.LongRows(), true)
	default:
		writeJSON(w, statusOK, rep)
	}
}

func readFormat(w ResponseWriter, r *Request) (string, bool) {
	format := r.Query.Get("format")
	if format != "" && format != "json" && format != "csv" {
		writeError(w, statusBadRequest, &Error{Field: "format", Msg: "must be json or csv"})
		return "", false
	}
	return format, true
}

func writeCSV(w ResponseWriter, rows []sched.Row, header bool) {
	var buf bytes.Buffer
	var err error
	if header {
		err = WriteRowsCSV(&buf, rows)
	} else {
		err = WriteRows(&buf, rows)
	}
	writeText(w, "text/csv; charset=utf-8", buf.Bytes(), err)
}

// readName reads ?name=, def when absent; on a name too long it answers
// the error and reports false.
func readName(w ResponseWriter, r *Request, def string) (string, bool) {
	name := r.Query.Get("name")
	if name == "" {
		name = def
	}
	if len(name) > 4*model.MaxNameLen {
		writeError(w, statusBadRequest, &Error{Field: "name", Msg: fmt.Sprintf("must be at most %d bytes", 4*model.MaxNameLen)})
		return "", false
	}
	return name, true
}

// readPoint reads ?point=K: -1 when absent; on a bad index it answers
// the error and reports false.
func readPoint(w ResponseWriter, r *Request) (int, bool) {
	v, has := r.Query["point"]
	if !has {
		return -1, true
	}
	k, err := strconv.Atoi(v[0])
	if err != nil || k < 0 {
		writeError(w, statusBadRequest, &Error{Field: "point", Msg: fmt.Sprintf("%q is not a point index (0, 1, ...)", v[0])})
		return 0, false
	}
	return k, true
}

// MaxPointsPerRequest caps the points of one ?points=K-M request.
const MaxPointsPerRequest = 64

// readPoints reads ?points=K-M (K <= M, at most MaxPointsPerRequest
// points): -1, -1 when absent; on a bad range it answers the error and
// reports false.
func readPoints(w ResponseWriter, r *Request) (lo, hi int, ok bool) {
	v, has := r.Query["points"]
	if !has {
		return -1, -1, true
	}
	a, b, cut := strings.Cut(v[0], "-")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	switch {
	case !cut || err1 != nil || err2 != nil || lo < 0 || hi < lo:
		writeError(w, statusBadRequest, &Error{Field: "points", Msg: fmt.Sprintf("%q is not a range of point indexes such as 0-3", v[0])})
		return 0, 0, false
	case hi-lo >= MaxPointsPerRequest:
		writeError(w, statusBadRequest, &Error{Field: "points", Msg: fmt.Sprintf("%q asks for %d points; at most %d at a time", v[0], hi-lo+1, MaxPointsPerRequest)})
		return 0, 0, false
	}
	return lo, hi, true
}

// handleExperiment runs a whole experiment, or with ?point=K its point K
// alone (CSV: the point's rows without the header), or with ?points=K-M
// the points K to M: the answers of ?point=K, ..., ?point=M one after
// the other (JSON: one report a line; CSV: their rows).
func handleExperiment(w ResponseWriter, r *Request, e sched.Experiment) {
	format, ok := readFormat(w, r)
	if !ok {
		return
	}
	point, ok := readPoint(w, r)
	if !ok {
		return
	}
	lo, hi, ok := readPoints(w, r)
	if !ok {
		return
	}
	var opt sched.ExperimentOptions // {"quick":bool,"seed":N}, possibly empty
	if !readStrict(w, r, MaxOptionsBytes, "options", &opt, true) {
		return
	}
	if lo >= 0 && point < 0 {
		points(w, r, e, opt, format, lo, hi)
		return
	}
	run := func(ctx context.Context, rec sched.Recorder) (any, error) {
		if point >= 0 {
			return e.Point(ctx, opt, point, rec)
		}
		return sched.RunExperiment(ctx, e, opt, rec)
	}
	if format == "csv" {
		v, err := run(r.Context(), nil)
		if err != nil {
			writeError(w, statusOf(err), inputError(err))
			return
		}
		writeCSV(w, v.(sched.Report).LongRows(), point < 0)
		return
	}
	respond(w, r, run)
}

// points answers ?points=lo-hi: every point is run first, so a failure
// is answered as the failed point's error, as ?point=K would be.
func points(w ResponseWriter, r *Request, e sched.Experiment, opt sched.ExperimentOptions, format string, lo, hi int) {
	var buf bytes.Buffer
	for k := lo; k <= hi; k++ {
		rep, err := e.Point(r.Context(), opt, k, nil)
		if err != nil {
			writeError(w, statusOf(err), inputError(err))
			return
		}
		if format == "csv" {
			err = WriteRows(&buf, rep.LongRows())
		} else {
			var b []byte
			if b, err = json.Marshal(rep); err == nil {
				buf.Write(append(b, '\n'))
			}
		}
		if err != nil {
			writeError(w, statusInternalServerError, &Error{Msg: err.Error()})
			return
		}
	}
	typ := "application/x-ndjson; charset=utf-8"
	if format == "csv" {
		typ = "text/csv; charset=utf-8"
	}
	writeBody(w, statusOK, typ, buf.Bytes())
}

// respond runs fn and writes its value as JSON, or, with ?stream=1, the
// frames as NDJSON followed by {"result": value}.
func respond(w ResponseWriter, r *Request, fn func(context.Context, sched.Recorder) (any, error)) {
	if r.Query.Get("stream") != "1" {
		v, err := fn(r.Context(), nil)
		if err != nil {
			writeError(w, statusOf(err), inputError(err))
			return
		}
		writeJSON(w, statusOK, v)
		return
	}
	st := &stream{w: w}
	v, err := fn(r.Context(), st)
	if st.err != nil {
		return // the client went away
	}
	if err != nil {
		e := inputError(err)
		if !st.started {
			writeError(w, statusOf(err), e)
			return
		}
		st.line(e)
		return
	}
	st.start()
	st.line(struct {
		Result any `json:"result"`
	}{v})
}

// stream writes NDJSON lines and flushes after each, so every frame reaches
// the client as its own chunk (design.md section 3).
type stream struct {
	w       ResponseWriter
	started bool
	err     error
}

func (s *stream) start() {
	if s.started {
		return
	}
	s.started = true
	writeHead(s.w, statusOK, "application/x-ndjson; charset=utf-8")
}

// Record implements sched.Recorder; a write error stops the run.
func (s *stream) Record(f sched.Frame) error {
	if s.err != nil {
		return s.err
	}
	s.start()
	s.err = s.line(f)
	return s.err
}

func (s *stream) line(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(&Error{Msg: "internal error: " + err.Error()})
	}
	b = append(b, '\n')
	if _, err := s.w.Write(b); err != nil {
		return err
	}
	if f, ok := s.w.(Flusher); ok {
		return f.Flush()
	}
	return nil
}

// Error is the JSON error body.
type Error struct {
	Msg   string `json:"error"`
	Field string `json:"field,omitempty"`
	// Errors lists every problem when there is more than one.
	Errors []*model.FieldError `json:"errors,omitempty"`
}

func (e *Error) Error() string { return e.Msg }

// inputError turns a decode, validation or policy error into the JSON
// error body, keeping the field path.
func inputError(err error) *Error {
	var es model.Errors
	if errors.As(err, &es) && len(es) > 0 {
		e := &Error{Msg: es.Error(), Field: es[0].Field}
		if len(es) > 1 {
			e.Errors = es
		}
		return e
	}
	var fe *model.FieldError
	if errors.As(err, &fe) {
		return &Error{Msg: fe.Msg, Field: fe.Field}
	}
	var pe *sched.PointError
	if errors.As(err, &pe) {
		return &Error{Msg: pe.Msg, Field: "point"}
	}
	return &Error{Msg: err.Error()}
}

// statusOf is the status for an error from a run: a cancelled request
// is not the client's input at fault, anything else is (the engine's
// contract is that policies report bad input as errors and never fail
// otherwise).
func statusOf(err error) int {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return statusServiceUnavailable
	}
	return inputStatus(err)
}

// scriptField is the scenario field of a script policy's program
// (engine/script.Field; a shake body's scenario prefixes it).
const scriptField = "policy.script"

// inputStatus is the status for bad input: 400 when every problem is in
// the policy script (its syntax, a runtime error, a budget, a start that
// does not fit, its size: issue 38, "The API answers 400 with the
// message"), 422 for any other invalid field, alone or with the script.
func inputStatus(err error) int {
	isScript := func(field string) bool {
		return field == scriptField || strings.HasSuffix(field, "."+scriptField)
	}
	var es model.Errors
	var fe *model.FieldError
	switch {
	case errors.As(err, &es) && len(es) > 0:
		for _, e := range es {
			if !isScript(e.Field) {
				return statusUnprocessableEntity
			}
		}
		return statusBadRequest
	case errors.As(err, &fe) && isScript(fe.Field):
		return statusBadRequest
	}
	return statusUnprocessableEntity
}

// readScenario reads, decodes and validates the scenario in r's body (JSON,
// or the compact form when the Content-Type is compact.ScenarioType; a
// Batsim workload is read as a scenario for ?policy=, default fcfs); on
// bad input it answers the error (413, 400 or 422) and reports false.
// With validate false it leaves a compact scenario unvalidated, for a
// caller that validates it (runner.Run, whose errors are answered the
// same way).
func readScenario(w ResponseWriter, r *Request, validate bool) (*model.Scenario, bool) {
	body, ok := readBody(w, r, model.MaxScenarioBytes, "scenario")
	if !ok {
		return nil, false
	}
	if ct, _, _ := strings.Cut(r.Header.Get("Content-Type"), ";"); strings.TrimSpace(ct) == compact.ScenarioType {
		decode := compact.DecodeScenario
		if !validate {
			decode = compact.ReadScenario
		}
		s, err := decode(body)
		var fe *compact.FormatError
		switch {
		case errors.As(err, &fe):
			writeError(w, statusBadRequest, &Error{Msg: "scenario is " + fe.Error()})
			return nil, false
		case err != nil:
			writeError(w, inputStatus(err), inputError(err))
			return nil, false
		}
		return s, true
	}
	if !json.Valid(body) {
		writeError(w, statusBadRequest, &Error{Msg: "scenario is not valid JSON"})
		return nil, false
	}
	s, err := decodeScenario(body, r)
	if err != nil {
		writeError(w, inputStatus(err), inputError(err))
		return nil, false
	}
	return s, true
}

// readBody reads at most limit bytes of r's body; when it cannot, it
// answers the error (413 or 400) and reports false.
func readBody(w ResponseWriter, r *Request, limit int64, what string) ([]byte, bool) {
	if r.ContentLength > limit {
		return nil, tooLarge(w, what, limit)
	}
	if r.Body == nil {
		return nil, true
	}
	// A body of known length (the browser's engine always gives it) is
	// read into one buffer of that size, not grown from 512 bytes.
	var buf bytes.Buffer
	if r.ContentLength > 0 {
		buf.Grow(int(r.ContentLength) + bytes.MinRead)
	}
	_, err := buf.ReadFrom(io.LimitReader(r.Body, limit+1))
	b := buf.Bytes()
	if err != nil {
		writeError(w, statusBadRequest, &Error{Msg: "reading " + what + ": " + err.Error()})
		return nil, false
	}
	if int64(len(b)) > limit {
		return nil, tooLarge(w, what, limit)
	}
	return b, true
}

// tooLarge answers 413 for a body over limit bytes; it reports false.
func tooLarge(w ResponseWriter, what string, limit int64) bool {
	writeError(w, statusRequestEntityTooLarge, &Error{Msg: fmt.Sprintf("%s is larger than %d bytes", what, limit)})
	return false
}

func writeJSON(w ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = statusInternalServerError
		b, _ = json.Marshal(&Error{Msg: "internal error: " + err.Error()})
	}
	writeBody(w, status, "application/json; charset=utf-8", append(b, '\n'))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// writeText answers b as typ, or err (a 500) when it is not nil: the
// answer of a writer into b.
func writeText(w ResponseWriter, typ string, b []byte, err error) {
	if err != nil {
		writeError(w, statusInternalServerError, &Error{Msg: err.Error()})
		return
	}
	writeBody(w, statusOK, typ, b)
}

func writeBody(w ResponseWriter, status int, typ string, b []byte) {
	writeHead(w, status, typ)
	w.Write(b)
}

// writeHead sends the status and the headers of every answer.
func writeHead(w ResponseWriter, status int, typ string) {
	h := w.Header()
	h.Set("Content-Type", typ)
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
}

func writeError(w ResponseWriter, status int, e *Error) {
	writeJSON(w, status, e)
}
