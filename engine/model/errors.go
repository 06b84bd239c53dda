package model

import (
	"errors"
	"strings"
)

// FieldError is one problem with one field of the input, named by its path
// in the JSON form, e.g. "jobs[3].size".
type FieldError struct {
	Field string `json:"field"`
	Msg   string `json:"error"`
	// Need, when set, says what a policy needs that the input lacks
	// (the sched.Need* codes): a page names it in a few words and offers
	// a fix. It is not part of the JSON form, so an answer's bytes do
	// not depend on it.
	Need string `json:"-"`
}

func (e *FieldError) Error() string {
	if e.Field == "" {
		return e.Msg
	}
	return e.Field + ": " + e.Msg
}

// Errorf-free constructor so call sites stay short.
func Errf(field, msg string) *FieldError { return &FieldError{Field: field, Msg: msg} }

// Under is e about a part of the field path: path + "." + e.Field (path
// alone when e names no field), with the same message and need.
func (e *FieldError) Under(path string) *FieldError {
	f := path
	if e.Field != "" {
		f += "." + e.Field
	}
	return &FieldError{Field: f, Msg: e.Msg, Need: e.Need}
}

// Errors is every problem found in one input, in field order.
type Errors []*FieldError

func (es Errors) Error() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "; ")
}

// Err returns nil for no problems, so callers can return it directly.
func (es Errors) Err() error {
	if len(es) == 0 {
		return nil
	}
	return es
}

// FirstError returns the first field error in err: err itself when it is a
// *FieldError, the first of an Errors list, or nil.
func FirstError(err error) *FieldError {
	var fe *FieldError
	var es Errors
	switch {
	case errors.As(err, &es) && len(es) > 0:
		return es[0]
	case errors.As(err, &fe):
		return fe
	}
	return nil
}
