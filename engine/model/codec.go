package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Encode returns the canonical JSON form of s: the same scenario always
// gives the same bytes, and Decode(Encode(s)) deep-equals Canonical(s).
// Only a valid scenario has a canonical form, so Encode validates first
// and returns the same model.Errors as Validate.
//
// Canonical form: fields in the order of the Go types, map keys sorted
// (encoding/json), empty lists and maps omitted (decoded as nil), -0
// written as 0, floats in the shortest form that reads back to the same
// float64, no HTML escaping, no whitespace.
func Encode(s *Scenario) ([]byte, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	c := Canonical(s)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(c); err != nil {
		return nil, Errf("", "cannot encode scenario: "+err.Error())
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Decode reads a scenario from its JSON form, strictly: an unknown or
// repeated field, a value of the wrong type, trailing data, input over
// MaxScenarioBytes, or an unsupported version is an error naming the field.
// The result is validated (see Validate) and canonical (see Canonical).
// Decode never panics.
func Decode(b []byte) (*Scenario, error) {
	if len(b) > MaxScenarioBytes {
		return nil, Errors{Errf("", fmt.Sprintf("the scenario is %d bytes; the limit is %d bytes", len(b), MaxScenarioBytes))}
	}
	s, ok := decodeFast(b)
	if !ok {
		s = &Scenario{}
		d := &decoder{dec: json.NewDecoder(bytes.NewReader(b))}
		d.dec.UseNumber()
		err := d.top(s)
		if d.versionSeen && d.version != Version && d.version != 0 {
			return nil, Errors{VersionError(d.version)}
		}
		if err != nil {
			return nil, Errors{err}
		}
	}
	if s.Version != Version {
		return nil, Errors{VersionError(s.Version)}
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return Canonical(s), nil
}

// VersionError is the error for a scenario of version v other than
// Version: missing (0) or unsupported.
func VersionError(v int) *FieldError {
	if v == 0 {
		return Errf("version", fmt.Sprintf("is missing; must be %d", Version))
	}
	return Errf("version", fmt.Sprintf("unsupported scenario version %d (this build reads version %d)", v, Version))
}

// decodeFast decodes b with encoding/json when that gives the same result
// as the exact decoder (see scan.go); ok is false otherwise.
func decodeFast(b []byte) (*Scenario, bool) {
	if !strictCheck(b) {
		return nil, false
	}
	s := &Scenario{}
	if StrictUnmarshal(b, s) != nil {
		return nil, false
	}
	// A missing version reads as 0 on both paths.
	return s, true
}

// StrictUnmarshal decodes one JSON value into v with encoding/json,
// refusing unknown fields and trailing data.
func StrictUnmarshal(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}

// Canonical returns a deep copy of s in canonical form: empty lists and maps
// become nil and -0 becomes 0. Two scenarios that mean the same encode to
// the same bytes.
func Canonical(s *Scenario) *Scenario {
	c := Clone(s)
	if c == nil {
		return nil
	}
	normalize(reflect.ValueOf(c).Elem())
	return c
}

// normalize rewrites v in place: empty slices and maps to nil (except the
// required lists clusters and event nodes, which are never empty in a
// valid scenario), -0 to 0.
func normalize(v reflect.Value) {
	switch v.Kind() {
	case reflect.Float64:
		if v.Float() == 0 {
			v.SetFloat(0)
		}
	case reflect.Pointer:
		if !v.IsNil() {
			normalize(v.Elem())
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			normalize(v.Field(i))
		}
	case reflect.Slice:
		if v.Len() == 0 {
			v.SetZero()
			return
		}
		for i := 0; i < v.Len(); i++ {
			normalize(v.Index(i))
		}
	case reflect.Map:
		if v.Len() == 0 {
			v.SetZero()
			return
		}
		for _, k := range v.MapKeys() {
			x := v.MapIndex(k)
			if x.Kind() == reflect.Float64 && x.Float() == 0 {
				v.SetMapIndex(k, reflect.ValueOf(float64(0)))
			}
		}
	}
}

// Clone returns a deep copy of s; changing the copy never changes s.
func Clone(s *Scenario) *Scenario {
	if s == nil {
		return nil
	}
	c := *s
	c.Platform.Clusters = slices.Clone(s.Platform.Clusters)
	for i := range c.Platform.Clusters {
		cl := &c.Platform.Clusters[i]
		cl.Weights = clonePtr(cl.Weights)
		cl.Servers = slices.Clone(cl.Servers)
	}
	if c.Platform.Network = clonePtr(s.Platform.Network); c.Platform.Network != nil {
		c.Platform.Network.Links = slices.Clone(c.Platform.Network.Links)
	}
	c.Jobs = slices.Clone(s.Jobs)
	for i := range c.Jobs {
		j := &c.Jobs[i]
		if j.App = clonePtr(j.App); j.App != nil {
			j.App.Points = slices.Clone(j.App.Points)
		}
		j.Sigma = clonePtr(j.Sigma)
	}
	if c.Generator = clonePtr(s.Generator); c.Generator != nil {
		c.Generator.Codes = slices.Clone(c.Generator.Codes)
	}
	c.Trace = clonePtr(s.Trace)
	c.Events = slices.Clone(s.Events)
	for i := range c.Events {
		c.Events[i].Nodes = slices.Clone(c.Events[i].Nodes)
	}
	c.Policy.Params = maps.Clone(s.Policy.Params)
	return &c
}

// ParamNames are the names of the policy's parameters in sorted order,
// for a check that reports the first unknown one: a map's order would
// name a different one from run to run.
func (p Policy) ParamNames() []string { return slices.Sorted(maps.Keys(p.Params)) }

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}

// decoder reads JSON tokens straight into the scenario's Go values by
// reflection, so every type error and unknown field carries its full path
// (jobs[2].size), which encoding/json's own errors do not.
type decoder struct {
	dec         *json.Decoder
	version     int
	versionSeen bool
}

func (d *decoder) top(s *Scenario) *FieldError {
	t, err := d.dec.Token()
	if err == io.EOF {
		return Errf("", "empty input: expected a scenario JSON object")
	}
	if err != nil {
		return syntaxErr(err)
	}
	if t != json.Delim('{') {
		return Errf("", "expected a scenario JSON object")
	}
	if fe := d.object(nil, reflect.ValueOf(s).Elem()); fe != nil {
		return fe
	}
	if _, err := d.dec.Token(); err != io.EOF {
		return Errf("", "unexpected data after the scenario object")
	}
	return nil
}

func syntaxErr(err error) *FieldError {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return Errf("", fmt.Sprintf("invalid JSON at byte %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: ")))
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return Errf("", "invalid JSON: unexpected end of input")
	}
	return Errf("", "invalid JSON: "+strings.TrimPrefix(err.Error(), "json: "))
}

// path is a field path built lazily: decoding a large job list must not
// build a string per value, only for the one value that is wrong.
type path struct {
	parent *path
	key    string // member name, or "" for an array index
	index  int
}

func (p *path) String() string {
	if p == nil {
		return ""
	}
	prefix := p.parent.String()
	if p.key == "" {
		return prefix + "[" + strconv.Itoa(p.index) + "]"
	}
	if prefix == "" {
		return p.key
	}
	return prefix + "." + p.key
}

var fieldCache sync.Map // reflect.Type -> map[string]int

// fieldsOf maps the JSON member names of struct type t to the indices of
// their fields.
func fieldsOf(t reflect.Type) map[string]int {
	if m, ok := fieldCache.Load(t); ok {
		return m.(map[string]int)
	}
	m := map[string]int{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		m[name] = i
	}
	fieldCache.Store(t, m)
	return m
}

// object reads the members of an object whose '{' was read, into struct v.
func (d *decoder) object(at *path, v reflect.Value) *FieldError {
	fields := fieldsOf(v.Type())
	var seen []int
	for {
		t, err := d.dec.Token()
		if err != nil {
			return syntaxErr(err)
		}
		if t == json.Delim('}') {
			return nil
		}
		key, ok := t.(string)
		if !ok {
			return Errf(at.String(), "invalid object key")
		}
		fp := &path{parent: at, key: key}
		fi, ok := fields[key]
		if !ok {
			return Errf(fp.String(), fmt.Sprintf("unknown field %q", truncate(key)))
		}
		if slices.Contains(seen, fi) {
			return Errf(fp.String(), "duplicate field")
		}
		seen = append(seen, fi)
		if fe := d.value(fp, v.Field(fi)); fe != nil {
			return fe
		}
		if at == nil && key == "version" {
			d.versionSeen = true
			d.version = int(v.Field(fi).Int())
		}
	}
}

func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// value reads one JSON value into v.
func (d *decoder) value(at *path, v reflect.Value) *FieldError {
	t, err := d.dec.Token()
	if err != nil {
		return syntaxErr(err)
	}
	if t == nil { // null
		switch v.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map:
			v.SetZero()
			return nil
		}
		return Errf(at.String(), "must not be null")
	}
	switch v.Kind() {
	case reflect.Pointer:
		nv := reflect.New(v.Type().Elem())
		if fe := d.valueTok(at, nv.Elem(), t); fe != nil {
			return fe
		}
		v.Set(nv)
		return nil
	}
	return d.valueTok(at, v, t)
}

func (d *decoder) valueTok(at *path, v reflect.Value, t json.Token) *FieldError {
	switch v.Kind() {
	case reflect.Struct:
		if t != json.Delim('{') {
			return Errf(at.String(), "must be an object")
		}
		return d.object(at, v)
	case reflect.Slice:
		if t != json.Delim('[') {
			return Errf(at.String(), "must be an array")
		}
		et := v.Type().Elem()
		s := reflect.MakeSlice(v.Type(), 0, 0)
		for i := 0; ; i++ {
			if !d.dec.More() {
				if _, err := d.dec.Token(); err != nil { // ']'
					return syntaxErr(err)
				}
				break
			}
			if i >= MaxJobs+1 {
				return Errf(at.String(), fmt.Sprintf("has more than %d entries", MaxJobs))
			}
			s = reflect.Append(s, reflect.Zero(et))
			if fe := d.value(&path{parent: at, index: i}, s.Index(i)); fe != nil {
				return fe
			}
		}
		v.Set(s)
		return nil
	case reflect.Map:
		if t != json.Delim('{') {
			return Errf(at.String(), "must be an object")
		}
		m := reflect.MakeMap(v.Type())
		for {
			kt, err := d.dec.Token()
			if err != nil {
				return syntaxErr(err)
			}
			if kt == json.Delim('}') {
				break
			}
			key, ok := kt.(string)
			if !ok {
				return Errf(at.String(), "invalid object key")
			}
			kp := &path{parent: at, key: key}
			if m.MapIndex(reflect.ValueOf(key)).IsValid() {
				return Errf(kp.String(), "duplicate field")
			}
			if m.Len() >= MaxParams {
				return Errf(at.String(), fmt.Sprintf("has more than %d entries (MaxParams)", MaxParams))
			}
			ev := reflect.New(v.Type().Elem()).Elem()
			if fe := d.value(kp, ev); fe != nil {
				return fe
			}
			m.SetMapIndex(reflect.ValueOf(key), ev)
		}
		v.Set(m)
		return nil
	case reflect.String:
		s, ok := t.(string)
		if !ok {
			return Errf(at.String(), "must be a string")
		}
		v.SetString(s)
		return nil
	case reflect.Int:
		n, ok := t.(json.Number)
		if !ok {
			return Errf(at.String(), "must be a whole number")
		}
		i, fe := parseInt(at, string(n))
		if fe != nil {
			return fe
		}
		v.SetInt(i)
		return nil
	case reflect.Uint64:
		n, ok := t.(json.Number)
		if !ok {
			return Errf(at.String(), "must be a whole number")
		}
		u, err := strconv.ParseUint(string(n), 10, 64)
		if err != nil {
			f, ferr := strconv.ParseFloat(string(n), 64)
			if ferr != nil || f != math.Trunc(f) || f < 0 || f >= 1<<53 {
				return Errf(at.String(), "must be a whole number from 0 to 18446744073709551615")
			}
			u = uint64(f)
		}
		v.SetUint(u)
		return nil
	case reflect.Float64:
		n, ok := t.(json.Number)
		if !ok {
			return Errf(at.String(), "must be a number")
		}
		f, err := strconv.ParseFloat(string(n), 64)
		if err != nil {
			return Errf(at.String(), "must be a finite number")
		}
		v.SetFloat(f)
		return nil
	}
	return Errf(at.String(), "unsupported field type")
}

// parseInt reads a whole number; 3, 3.0 and 3e0 are accepted, 3.5 is not.
// Any int64 is read (as encoding/json does); Validate then checks ranges.
func parseInt(at *path, s string) (int64, *FieldError) {
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return i, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, Errf(at.String(), "is out of range")
	}
	if f != math.Trunc(f) {
		return 0, Errf(at.String(), "must be a whole number")
	}
	if f < -(1<<63) || f >= 1<<63 {
		return 0, Errf(at.String(), "is out of range")
	}
	return int64(f), nil
}
