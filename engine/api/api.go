package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/swf"
	"gridplay/engine/workload"
)

// MaxOptionsBytes caps the body of POST /api/experiments/NAME.
const MaxOptionsBytes = 64 << 10

// Handler returns the API handler. It serves paths under /api/ and answers
// 404 for anything else, so it can be mounted at the root of a worker or
// next to a static file server.
func Handler() http.Handler {
	return http.HandlerFunc(serve)
}

func serve(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			// Headers may already be out when a stream panics; the
			// best we can do then is end the stream with the error.
			writeError(w, http.StatusInternalServerError, &Error{Msg: fmt.Sprintf("internal error: %v", v)})
		}
	}()
	path := strings.TrimSuffix(r.URL.Path, "/")
	switch {
	case path == "/api/policies":
		if !allow(w, r, http.MethodGet) {
			return
		}
		writeJSON(w, http.StatusOK, sched.Policies())
	case path == "/api/run":
		if !allow(w, r, http.MethodPost) {
			return
		}
		handleRun(w, r)
	case path == "/api/swf":
		if !allow(w, r, http.MethodPost) {
			return
		}
		handleSWF(w, r)
	case path == "/api/expand":
		if !allow(w, r, http.MethodPost) {
			return
		}
		handleExpand(w, r)
	case path == "/api/experiments":
		if !allow(w, r, http.MethodGet) {
			return
		}
		writeJSON(w, http.StatusOK, sched.Experiments())
	case strings.HasPrefix(path, "/api/experiments/"):
		name := strings.TrimPrefix(path, "/api/experiments/")
		e, ok := sched.LookupExperiment(name)
		if !ok {
			writeError(w, http.StatusNotFound, &Error{Msg: fmt.Sprintf("unknown experiment %q (see GET /api/experiments)", name)})
			return
		}
		if !allow(w, r, http.MethodPost) {
			return
		}
		handleExperiment(w, r, e)
	default:
		writeError(w, http.StatusNotFound, &Error{Msg: fmt.Sprintf("no such route %s", r.URL.Path)})
	}
}

// allow answers 405 unless r uses method.
func allow(w http.ResponseWriter, r *http.Request, method string) bool {
	if r.Method == method || (method == http.MethodGet && r.Method == http.MethodHead) {
		return true
	}
	w.Header().Set("Allow", method)
	writeError(w, http.StatusMethodNotAllowed, &Error{Msg: fmt.Sprintf("method %s not allowed, use %s", r.Method, method)})
	return false
}

func handleRun(w http.ResponseWriter, r *http.Request) {
	s, ok := readScenario(w, r)
	if !ok {
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
func handleSWF(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	name := q.Get("name")
	if name == "" {
		name = "trace.swf"
	}
	if len(name) > 4*model.MaxNameLen {
		writeError(w, http.StatusBadRequest, &Error{Field: "name", Msg: fmt.Sprintf("must be at most %d bytes", 4*model.MaxNameLen)})
		return
	}
	limit := swf.DefaultImportJobs
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			writeError(w, http.StatusBadRequest, &Error{Field: "limit", Msg: fmt.Sprintf("%q is not a whole number", v)})
			return
		}
		if n < 0 || n > swf.MaxImportJobs {
			writeError(w, http.StatusUnprocessableEntity, &Error{Field: "limit", Msg: fmt.Sprintf("must be between 0 (every usable job) and %d", swf.MaxImportJobs)})
			return
		}
		limit = n // 0: every usable job (swf.Import)
	}
	body, herr := readBody(w, r, swf.MaxUploadBytes, "trace")
	if herr != nil {
		writeError(w, herr.Status, herr)
		return
	}
	cut, err := swf.Import(name, bytes.NewReader(body), limit)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, &Error{Msg: err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, cut)
}

// handleExpand answers the scenario with its generator drawn into jobs
// (workload.Expand, as engine/runner does before a run), in canonical
// JSON; a scenario without a generator comes back as it is.
func handleExpand(w http.ResponseWriter, r *http.Request) {
	s, ok := readScenario(w, r)
	if !ok {
		return
	}
	x, err := workload.Expand(s)
	if err == nil {
		var b []byte
		if b, err = model.Encode(x); err == nil {
			h := w.Header()
			h.Set("Content-Type", "application/json; charset=utf-8")
			h.Set("Cache-Control", "no-store")
			h.Set("X-Content-Type-Options", "nosniff")
			w.WriteHeader(http.StatusOK)
			w.Write(b)
			return
		}
	}
	writeError(w, http.StatusUnprocessableEntity, inputError(err))
}

func handleExperiment(w http.ResponseWriter, r *http.Request, e sched.Experiment) {
	format := r.URL.Query().Get("format")
	if format != "" && format != "json" && format != "csv" {
		writeError(w, http.StatusBadRequest, &Error{Field: "format", Msg: "must be json or csv"})
		return
	}
	body, herr := readBody(w, r, MaxOptionsBytes, "options")
	if herr != nil {
		writeError(w, herr.Status, herr)
		return
	}
	var opt sched.ExperimentOptions
	if len(bytes.TrimSpace(body)) > 0 {
		if !json.Valid(body) {
			writeError(w, http.StatusBadRequest, &Error{Msg: "options are not valid JSON"})
			return
		}
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&opt); err != nil {
			writeError(w, http.StatusUnprocessableEntity, &Error{Msg: "options: " + err.Error()})
			return
		}
	}
	if format == "csv" {
		rep, err := e.Run(r.Context(), opt, nil)
		if err != nil {
			writeError(w, http.StatusUnprocessableEntity, inputError(err))
			return
		}
		var buf bytes.Buffer
		if err := WriteRowsCSV(&buf, rep.LongRows()); err != nil {
			writeError(w, http.StatusInternalServerError, &Error{Msg: err.Error()})
			return
		}
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		w.Write(buf.Bytes())
		return
	}
	respond(w, r, func(ctx context.Context, rec sched.Recorder) (any, error) {
		rep, err := e.Run(ctx, opt, rec)
		if err != nil {
			return nil, err
		}
		return rep, nil
	})
}

// respond runs fn and writes its value as JSON, or, with ?stream=1, the
// frames as NDJSON followed by {"result": value}.
func respond(w http.ResponseWriter, r *http.Request, fn func(context.Context, sched.Recorder) (any, error)) {
	if r.URL.Query().Get("stream") != "1" {
		v, err := fn(r.Context(), nil)
		if err != nil {
			writeError(w, statusOf(err), inputError(err))
			return
		}
		writeJSON(w, http.StatusOK, v)
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
	w       http.ResponseWriter
	started bool
	err     error
}

func (s *stream) start() {
	if s.started {
		return
	}
	s.started = true
	h := s.w.Header()
	h.Set("Content-Type", "application/x-ndjson; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	s.w.WriteHeader(http.StatusOK)
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
	if err := http.NewResponseController(s.w).Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	return nil
}

// Error is the JSON error body.
type Error struct {
	Msg   string `json:"error"`
	Field string `json:"field,omitempty"`
	// Errors lists every problem when there is more than one.
	Errors []*model.FieldError `json:"errors,omitempty"`
	Status int                 `json:"-"`
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
	return &Error{Msg: err.Error()}
}

// statusOf is the status for an error from a run: a cancelled request
// is not the client's input at fault, anything else is (the engine's
// contract is that policies report bad input as errors and never fail
// otherwise).
func statusOf(err error) int {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return http.StatusServiceUnavailable
	}
	return http.StatusUnprocessableEntity
}

// readScenario reads, decodes and validates the scenario in r's body; on
// bad input it answers the error (413, 400 or 422) and reports false.
func readScenario(w http.ResponseWriter, r *http.Request) (*model.Scenario, bool) {
	body, herr := readBody(w, r, model.MaxScenarioBytes, "scenario")
	if herr != nil {
		writeError(w, herr.Status, herr)
		return nil, false
	}
	if !json.Valid(body) {
		writeError(w, http.StatusBadRequest, &Error{Msg: "scenario is not valid JSON"})
		return nil, false
	}
	s, err := model.Decode(body)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, inputError(err))
		return nil, false
	}
	return s, true
}

// readBody reads at most limit bytes of r's body.
func readBody(w http.ResponseWriter, r *http.Request, limit int64, what string) ([]byte, *Error) {
	if r.ContentLength > limit {
		return nil, tooLarge(what, limit)
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, tooLarge(what, limit)
		}
		return nil, &Error{Msg: "reading " + what + ": " + err.Error(), Status: http.StatusBadRequest}
	}
	return b, nil
}

func tooLarge(what string, limit int64) *Error {
	return &Error{Msg: fmt.Sprintf("%s is larger than %d bytes", what, limit), Status: http.StatusRequestEntityTooLarge}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b, _ = json.Marshal(&Error{Msg: "internal error: " + err.Error()})
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

func writeError(w http.ResponseWriter, status int, e *Error) {
	writeJSON(w, status, e)
}
