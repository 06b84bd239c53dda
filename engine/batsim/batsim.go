package batsim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"gridplay/engine/model"
	"gridplay/engine/workload"
)

// ClusterID is the id of the one cluster a workload is read as.
const ClusterID = "site0"

// Workload is a Batsim workload with delay profiles.
type Workload struct {
	NbRes       int                `json:"nb_res"`
	Description string             `json:"description,omitempty"`
	Jobs        []Job              `json:"jobs"`
	Profiles    map[string]Profile `json:"profiles"`
}

// Job is one Batsim job.
type Job struct {
	ID      string  `json:"id"`
	Subtime float64 `json:"subtime"`
	Res     int     `json:"res"`
	// Walltime is the time limit; 0 means none (written as absent, read
	// from absent or -1).
	Walltime float64 `json:"walltime,omitempty"`
	Profile  string  `json:"profile"`
}

// Profile is a delay profile, or the profile of a job of no length
// (Zero).
type Profile struct {
	Type string `json:"type"`
	// Delay is a delay profile's length, s, above 0; 0 in Zero.
	Delay float64 `json:"delay,omitempty"`
	// CPU and Com are a homogeneous parallel task's work per host (flops
	// and bytes): set, to 0, in Zero only.
	CPU *float64 `json:"cpu,omitempty"`
	Com *float64 `json:"com,omitempty"`
}

// ZeroName is the name Export gives the profile of the jobs of run time
// 0 (Zero).
const ZeroName = "zero"

// Zero is the profile of a job of no length, as Batsim takes one: a
// homogeneous parallel task of no work (ptask_homogeneous, cpu 0, com 0),
// which ends as it starts. Batsim refuses a delay of 0 ("a
// non-strictly-positive 'delay' field", src/profiles.cpp), and an SWF
// trace's run time of 0 is a job of less than half a second (engine/swf).
func Zero() Profile {
	var none float64
	return Profile{Type: zeroType, CPU: &none, Com: &none}
}

// zeroType is Zero's type: Batsim v4's name for a homogeneous parallel
// task.
const zeroType = "ptask_homogeneous"

// IsWorkload reports whether b is a JSON object with a top-level "nb_res"
// key: a Batsim workload rather than a gridplay scenario.
func IsWorkload(b []byte) bool {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil {
		return false
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		if k, ok := t.(string); ok && k == "nb_res" {
			return true
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return false
		}
	}
	return false
}

var (
	topKeys     = map[string]bool{"nb_res": true, "jobs": true, "profiles": true, "version": true, "command": true, "date": true, "description": true}
	jobKeys     = map[string]bool{"id": true, "subtime": true, "res": true, "walltime": true, "profile": true, "extra_data": true}
	profileKeys = map[string]bool{"type": true, "delay": true, "ret": true, "extra_data": true}
	zeroKeys    = map[string]bool{"type": true, "cpu": true, "com": true, "ret": true, "extra_data": true}
)

func ferr(field, format string, a ...any) *model.FieldError {
	return model.Errf(field, fmt.Sprintf(format, a...))
}

// Decode reads a Batsim workload strictly (package doc); every error
// names its field.
func Decode(b []byte) (*Workload, error) {
	if !json.Valid(b) {
		return nil, model.Errf("", "not valid JSON")
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		return nil, model.Errf("", "a Batsim workload is a JSON object")
	}
	for _, k := range slices.Sorted(maps.Keys(top)) {
		if !topKeys[k] {
			return nil, ferr(k, "unknown field of a Batsim workload (known: nb_res, jobs, profiles, version, command, date, description)")
		}
	}
	w := &Workload{}
	for _, k := range []string{"nb_res", "jobs", "profiles"} {
		if _, ok := top[k]; !ok {
			return nil, ferr(k, "missing")
		}
	}
	n, err := integer(top["nb_res"])
	if err != nil || n < 1 || n > model.MaxNodes {
		return nil, ferr("nb_res", "must be a whole number from 1 to %d", model.MaxNodes)
	}
	w.NbRes = int(n)
	if d, ok := top["description"]; ok {
		json.Unmarshal(d, &w.Description) // metadata: any type is ignored
	}
	if w.Profiles, err = profiles(top["profiles"]); err != nil {
		return nil, err
	}
	if w.Jobs, err = jobs(top["jobs"], w.Profiles); err != nil {
		return nil, err
	}
	return w, nil
}

// isNumber reports whether raw is a JSON number (json.Number would also
// take a string holding one).
func isNumber(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 0 && (raw[0] == '-' || (raw[0] >= '0' && raw[0] <= '9'))
}

// integer reads a JSON number with no fraction.
func integer(raw json.RawMessage) (int64, error) {
	if !isNumber(raw) {
		return 0, errors.New("not a number")
	}
	var num json.Number
	if err := json.Unmarshal(raw, &num); err != nil {
		return 0, err
	}
	if i, err := num.Int64(); err == nil {
		return i, nil
	}
	f, err := num.Float64()
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, errors.New("not a whole number")
	}
	return int64(f), nil
}

// number reads a finite JSON number.
func number(raw json.RawMessage) (float64, error) {
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil {
		return 0, err
	}
	return f, nil
}

func profiles(raw json.RawMessage) (map[string]Profile, error) {
	var m map[string]map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return nil, model.Errf("profiles", "must be an object of profiles, each an object")
	}
	out := make(map[string]Profile, len(m))
	for _, name := range slices.Sorted(maps.Keys(m)) {
		f := "profiles." + name
		if len(name) > model.MaxNameLen || !utf8.ValidString(name) {
			return nil, ferr(f, "a profile name must be valid UTF-8 of at most %d bytes", model.MaxNameLen)
		}
		p := m[name]
		if p == nil {
			return nil, ferr(f, "must be an object")
		}
		var typ string
		if err := json.Unmarshal(p["type"], &typ); err != nil {
			return nil, ferr(f+".type", "must be a string")
		}
		if typ == zeroType {
			if err := zeroProfile(f, p); err != nil {
				return nil, err
			}
			out[name] = Zero()
			continue
		}
		if typ != "delay" && typ != "DelayProfile" {
			return nil, ferr(f+".type", "is %q; gridplay reads delay profiles only (\"delay\" or \"DelayProfile\"), and a %s of no work (a job of run time 0): other types simulate the platform itself", typ, zeroType)
		}
		for _, k := range slices.Sorted(maps.Keys(p)) {
			if !profileKeys[k] {
				return nil, ferr(f+"."+k, "unknown field of a delay profile (known: type, delay, ret, extra_data)")
			}
		}
		raw, ok := p["delay"]
		if !ok {
			return nil, ferr(f+".delay", "missing")
		}
		d, err := number(raw)
		if err != nil || !(d > 0) || d > model.MaxTime {
			return nil, ferr(f+".delay", "must be a number of seconds above 0 and at most %g", float64(model.MaxTime))
		}
		if r, ok := p["ret"]; ok {
			if _, err := integer(r); err != nil {
				return nil, ferr(f+".ret", "must be a whole number")
			}
		}
		out[name] = Profile{Type: "delay", Delay: d}
	}
	return out, nil
}

// zeroProfile checks a ptask_homogeneous profile p, named by field f:
// gridplay reads one of no work only (cpu and com 0, Zero), a job of run
// time 0; a task with work simulates the platform itself.
func zeroProfile(f string, p map[string]json.RawMessage) error {
	for _, k := range slices.Sorted(maps.Keys(p)) {
		if !zeroKeys[k] {
			return ferr(f+"."+k, "unknown field of a %s profile as gridplay reads one (known: type, cpu, com, ret, extra_data)", zeroType)
		}
	}
	for _, k := range []string{"cpu", "com"} {
		raw, ok := p[k]
		if !ok {
			return ferr(f+"."+k, "missing")
		}
		if v, err := number(raw); err != nil || v != 0 {
			return ferr(f+"."+k, "must be 0: gridplay reads a %s of no work only (a job of run time 0); one with work simulates the platform itself", zeroType)
		}
	}
	if r, ok := p["ret"]; ok {
		if _, err := integer(r); err != nil {
			return ferr(f+".ret", "must be a whole number")
		}
	}
	return nil
}

func jobs(raw json.RawMessage, profs map[string]Profile) ([]Job, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return nil, model.Errf("jobs", "must be an array of jobs")
	}
	var out []Job
	seen := map[string]int{}
	for i := 0; dec.More(); i++ {
		f := "jobs[" + strconv.Itoa(i) + "]"
		if i >= model.MaxJobs {
			return nil, ferr("jobs", "has more than %d jobs", model.MaxJobs)
		}
		var m map[string]json.RawMessage
		if err := dec.Decode(&m); err != nil || m == nil {
			return nil, ferr(f, "must be an object")
		}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if !jobKeys[k] {
				return nil, ferr(f+"."+k, "unknown field of a Batsim job (known: id, subtime, res, walltime, profile, extra_data)")
			}
		}
		for _, k := range []string{"id", "subtime", "res", "profile"} {
			if _, ok := m[k]; !ok {
				return nil, ferr(f+"."+k, "missing")
			}
		}
		var j Job
		if err := json.Unmarshal(m["id"], &j.ID); err != nil {
			id, ierr := integer(m["id"])
			if ierr != nil {
				return nil, ferr(f+".id", "must be a string or a whole number")
			}
			j.ID = strconv.FormatInt(id, 10)
		}
		if j.ID == "" || len(j.ID) > model.MaxNameLen || !utf8.ValidString(j.ID) {
			return nil, ferr(f+".id", "must be valid UTF-8 of 1 to %d bytes", model.MaxNameLen)
		}
		if k, dup := seen[j.ID]; dup {
			return nil, ferr(f+".id", "duplicate job id %q (also jobs[%d])", j.ID, k)
		}
		seen[j.ID] = i
		var err error
		if j.Subtime, err = number(m["subtime"]); err != nil || j.Subtime < 0 || j.Subtime > model.MaxTime {
			return nil, ferr(f+".subtime", "must be a number of seconds from 0 to %g", float64(model.MaxTime))
		}
		res, err := integer(m["res"])
		if err != nil || res < 1 || res > model.MaxNodes {
			return nil, ferr(f+".res", "must be a whole number from 1 to %d", model.MaxNodes)
		}
		j.Res = int(res)
		if err := json.Unmarshal(m["profile"], &j.Profile); err != nil {
			return nil, ferr(f+".profile", "must be a string (a profile name)")
		}
		if _, ok := profs[j.Profile]; !ok {
			return nil, ferr(f+".profile", "names profile %q, which the workload does not define", j.Profile)
		}
		if raw, ok := m["walltime"]; ok {
			wt, err := number(raw)
			switch {
			case err != nil:
				return nil, ferr(f+".walltime", "must be a number of seconds")
			case wt == -1:
				// no limit
			case !(wt > 0) || wt > model.MaxTime:
				return nil, ferr(f+".walltime", "must be above 0 and at most %g, or -1 for no limit", float64(model.MaxTime))
			default:
				j.Walltime = wt
			}
		}
		if profs[j.Profile].Delay == 0 && j.Walltime == 0 {
			// gridplay's model: a job of run time 0 needs a requested time.
			return nil, ferr(f+".walltime", "must be given (above 0) for a job whose profile %q does no work: gridplay needs a requested time for a job of run time 0", j.Profile)
		}
		out = append(out, j)
	}
	if _, err := dec.Token(); err != nil {
		return nil, model.Errf("jobs", "must be an array of jobs")
	}
	if len(out) == 0 {
		return nil, model.Errf("jobs", "must have at least one job")
	}
	return out, nil
}

// Scenario is the workload as a gridplay scenario for policy: one cluster
// ClusterID of NbRes nodes, one job per Batsim job (package doc).
func (w *Workload) Scenario(policy string) *model.Scenario {
	s := &model.Scenario{Version: model.Version, Name: w.Description,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: ClusterID, Nodes: w.NbRes}}},
		Policy:   model.Policy{Name: policy}}
	if len(s.Name) > model.MaxNameLen || !utf8.ValidString(s.Name) {
		s.Name = ""
	}
	s.Jobs = make([]model.Job, len(w.Jobs))
	for i, j := range w.Jobs {
		s.Jobs[i] = model.Job{ID: j.ID, Submit: j.Subtime, Size: j.Res, Runtime: w.Profiles[j.Profile].Delay, Requested: j.Walltime}
	}
	return s
}

// Export is s's workload in Batsim form (its generator drawn into jobs
// first), with notes naming what Batsim's format cannot carry (package
// doc). A job of run time 0 gets the profile Zero; a job without a
// runtime (an application model only) is an error naming it.
func Export(s *model.Scenario) (*Workload, []string, error) {
	s, err := workload.Expand(s)
	if err != nil {
		return nil, nil, err
	}
	w := &Workload{NbRes: s.Platform.TotalNodes(), Profiles: map[string]Profile{}, Jobs: make([]Job, 0, len(s.Jobs))}
	w.Description = "exported by gridplay"
	if s.Name != "" {
		w.Description += " from " + s.Name
	}
	lost := map[string]int{}
	zero := 0
	for i := range s.Jobs {
		j := &s.Jobs[i]
		var name string
		switch {
		case j.Runtime == 0 && j.App == nil:
			name = ZeroName
			w.Profiles[name] = Zero()
			zero++
		case !(j.Runtime > 0):
			return nil, nil, ferr(fmt.Sprintf("jobs[%d].runtime", i), "a Batsim delay profile needs a runtime above 0 (an application model alone cannot be written)")
		default:
			name = "d" + strconv.FormatFloat(j.Runtime, 'g', -1, 64)
			w.Profiles[name] = Profile{Type: "delay", Delay: j.Runtime}
		}
		w.Jobs = append(w.Jobs, Job{ID: j.ID, Subtime: j.Submit, Res: j.Size, Walltime: j.Requested, Profile: name})
		for _, f := range []struct {
			name string
			set  bool
		}{{"deadline", j.Deadline != 0}, {"priority", j.Priority != 0}, {"origin", j.Origin != ""}, {"bandwidth", j.Bandwidth != 0},
			{"sigma", j.Sigma != nil}, {"data", j.Data != 0}, {"app", j.App != nil}, {"user", j.User != ""}} {
			if f.set {
				lost[f.name]++
			}
		}
	}
	var notes []string
	if n := len(s.Platform.Clusters); n > 1 {
		notes = append(notes, fmt.Sprintf("Batsim workloads carry no platform: the %d clusters are written as nb_res = %d resources.", n, w.NbRes))
	}
	for _, k := range slices.Sorted(maps.Keys(lost)) {
		notes = append(notes, fmt.Sprintf("%d jobs have a %s, which a Batsim job cannot carry; it is not written.", lost[k], k))
	}
	if zero > 0 {
		notes = append(notes, fmt.Sprintf("%d jobs have a run time of 0, which a Batsim delay profile cannot be: they are written with the profile %q, a %s of no work (cpu 0, com 0): Batsim refuses a delay of 0.", zero, ZeroName, zeroType))
	}
	return w, notes, nil
}

// Encode is the workload's JSON, compact, in a fixed field order (profiles
// sorted by name).
func Encode(w *Workload) ([]byte, error) {
	return json.Marshal(w)
}
