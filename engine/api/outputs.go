package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"gridplay/engine/batsim"
	"gridplay/engine/model"
	"gridplay/engine/outputs"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/shake"
	"gridplay/engine/shake/report"
	"gridplay/engine/swf"
)

// runFormat answers POST /api/run?format=csv|series: the per-job table or
// the time series of the run as CSV (engine/outputs).
func runFormat(w ResponseWriter, r *Request, s *model.Scenario, format string) {
	res, err := runner.Run(r.Context(), s, nil)
	if err != nil {
		writeError(w, statusOf(err), inputError(err))
		return
	}
	var buf bytes.Buffer
	err = outputs.WriteRunCSV(&buf, s, res, format)
	writeText(w, "text/csv; charset=utf-8", buf.Bytes(), err)
}

// handleBatsim imports a Batsim workload (POST /api/batsim?name=FILE): the
// same answer as POST /api/swf, so the page imports both the same way.
// Submit times are kept as they are, as for a trace.
func handleBatsim(w ResponseWriter, r *Request) {
	name, ok := readName(w, r, "workload.json")
	if !ok {
		return
	}
	body, ok := readBody(w, r, model.MaxScenarioBytes, "Batsim workload")
	if !ok {
		return
	}
	wl, err := batsim.Decode(body)
	if err != nil {
		writeError(w, inputStatus(err), inputError(err))
		return
	}
	s := wl.Scenario("fcfs")
	cl := s.Platform.Clusters[0]
	cl.Name = strings.TrimSuffix(name, ".json")
	if len(cl.Name) > model.MaxNameLen {
		cl.Name = cl.Name[:model.MaxNameLen]
	}
	cl.Name = strings.ToValidUTF8(cl.Name, "")
	cut := &swf.Cut{Name: name, Cluster: cl, Jobs: s.Jobs, Usable: len(s.Jobs), Kept: len(s.Jobs), Bytes: int64(len(body)),
		Notice: []string{fmt.Sprintf("%d jobs from the Batsim workload %s, on one cluster of %d nodes (nb_res); submit times as in the file.", len(s.Jobs), name, cl.Nodes)}}
	writeJSON(w, statusOK, cut)
}

// BatsimExport is the answer of POST /api/batsim/export.
type BatsimExport struct {
	Workload *batsim.Workload `json:"workload"`
	// Notes name what the Batsim format cannot carry.
	Notes []string `json:"notes,omitempty"`
}

// handleBatsimExport answers a scenario's workload as Batsim JSON.
func handleBatsimExport(w ResponseWriter, r *Request) {
	s, ok := readScenario(w, r, true)
	if !ok {
		return
	}
	wl, notes, err := batsim.Export(s)
	if err != nil {
		writeError(w, inputStatus(err), inputError(err))
		return
	}
	writeJSON(w, statusOK, BatsimExport{Workload: wl, Notes: notes})
}

// ShakeBody is the body of POST /api/shake, /api/shake/plan and
// /api/shake?point=K: the scenario and the shake request's fields.
type ShakeBody struct {
	Scenario json.RawMessage `json:"scenario"`
	shake.Request
}

// ShakePlan is the answer of POST /api/shake/plan: the points and the
// request resolved (every value as the points will use it).
type ShakePlan struct {
	Points []sched.PointInfo `json:"points"`
	Spec   shake.Spec        `json:"spec"`
}

// ShakeMerge is the body of POST /api/shake/merge: every point's report,
// in index order (each carries the spec it ran with).
type ShakeMerge struct {
	Points []json.RawMessage `json:"points"`
}

// prefixed renames the fields of a scenario error "scenario.<field>".
func prefixed(err error) error {
	var es model.Errors
	var fe *model.FieldError
	switch {
	case errors.As(err, &es):
		out := make(model.Errors, len(es))
		for i, e := range es {
			out[i] = e.Under("scenario")
		}
		return out
	case errors.As(err, &fe):
		return fe.Under("scenario")
	}
	return err
}

// readShake reads a shake body and resolves it.
func readShake(w ResponseWriter, r *Request) (*model.Scenario, shake.Spec, bool) {
	var sp shake.Spec
	var req ShakeBody
	if !readStrict(w, r, model.MaxScenarioBytes, "shake request", &req, false) {
		return nil, sp, false
	}
	if len(req.Scenario) == 0 {
		writeError(w, statusUnprocessableEntity, &Error{Field: "scenario", Msg: "missing"})
		return nil, sp, false
	}
	s, err := decodeScenario(req.Scenario, r)
	if err != nil {
		writeError(w, inputStatus(err), inputError(prefixed(err)))
		return nil, sp, false
	}
	full, sp, err := shake.Resolve(s, req.Request)
	if err != nil {
		if fe := model.FirstError(err); fe != nil && !strings.HasPrefix(fe.Field, "runs") && !strings.HasPrefix(fe.Field, "policies") &&
			fe.Field != "drop" && fe.Field != "dup" && fe.Field != "jitter" {
			err = prefixed(err)
		}
		writeError(w, inputStatus(err), inputError(err))
		return nil, sp, false
	}
	return full, sp, true
}

// handleShake answers POST /api/shake (the whole summary, JSON or
// ?format=csv) and POST /api/shake?point=K (point K's report).
func handleShake(w ResponseWriter, r *Request) {
	format, ok := readFormat(w, r)
	if !ok {
		return
	}
	point, ok := readPoint(w, r)
	if !ok {
		return
	}
	full, sp, ok := readShake(w, r)
	if !ok {
		return
	}
	if point >= 0 {
		rep, err := shake.Point(r.Context(), full, sp, point)
		if err != nil {
			writeError(w, statusOf(err), inputError(err))
			return
		}
		writeJSON(w, statusOK, rep)
		return
	}
	points := make([]*shake.PointReport, sp.Runs+1)
	for k := range points {
		var err error
		if points[k], err = shake.Point(r.Context(), full, sp, k); err != nil {
			writeError(w, statusOf(err), inputError(err))
			return
		}
	}
	sum, err := shake.Merge(sp, points)
	if err != nil {
		writeError(w, inputStatus(err), inputError(err))
		return
	}
	writeSummary(w, format, sum)
}

func writeSummary(w ResponseWriter, format string, sum *shake.Summary) {
	if format != "csv" {
		writeJSON(w, statusOK, sum)
		return
	}
	var buf bytes.Buffer
	err := report.WriteCSV(&buf, sum)
	writeText(w, "text/csv; charset=utf-8", buf.Bytes(), err)
}

func handleShakePlan(w ResponseWriter, r *Request) {
	_, sp, ok := readShake(w, r)
	if !ok {
		return
	}
	writeJSON(w, statusOK, ShakePlan{Points: shake.Plan(sp), Spec: sp})
}

// handleShakeMerge merges point reports computed elsewhere; the spec is
// the one the points carry.
func handleShakeMerge(w ResponseWriter, r *Request) {
	format, ok := readFormat(w, r)
	if !ok {
		return
	}
	var req ShakeMerge
	if !readStrict(w, r, MaxMergeBytes, "merge request", &req, false) {
		return
	}
	if len(req.Points) == 0 {
		writeError(w, statusUnprocessableEntity, &Error{Field: "points", Msg: "must list every point's report"})
		return
	}
	points := make([]*shake.PointReport, len(req.Points))
	for k, b := range req.Points {
		p, err := shake.DecodePoint(b)
		if err != nil {
			writeError(w, statusUnprocessableEntity, &Error{Field: fmt.Sprintf("points[%d]", k), Msg: err.Error()})
			return
		}
		points[k] = p
	}
	sum, err := shake.Merge(points[0].Spec, points)
	if err != nil {
		writeError(w, inputStatus(err), inputError(err))
		return
	}
	writeSummary(w, format, sum)
}

// decodeScenario reads a scenario, or a Batsim workload (detected by
// content) as a scenario for ?policy= (default fcfs).
func decodeScenario(b []byte, r *Request) (*model.Scenario, error) {
	if batsim.IsWorkload(b) {
		wl, err := batsim.Decode(b)
		if err != nil {
			return nil, err
		}
		policy := r.Query.Get("policy")
		if policy == "" {
			policy = "fcfs"
		}
		return wl.Scenario(policy), nil
	}
	return model.Decode(b)
}
