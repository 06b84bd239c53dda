package model

import (
	"bytes"
	"reflect"
	"sync"
)

// Decoding has two paths with the same result. The exact path (decoder)
// reads tokens into the Go values by reflection and names the field of
// every problem; it is the reference, but slow on large job lists. The
// fast path is encoding/json with DisallowUnknownFields, used only when
// strictCheck finds nothing that encoding/json treats more leniently than
// the exact path: a key of another case, a repeated key, an escaped key,
// or a null where the exact path wants a value. Whenever the fast path
// fails or is not safe, the exact path decides.

var (
	keysOnce sync.Once
	allKeys  map[string]bool
)

// knownKeys is every JSON member name of the scenario types.
func knownKeys() map[string]bool {
	keysOnce.Do(func() {
		allKeys = map[string]bool{}
		seen := map[reflect.Type]bool{}
		var walk func(t reflect.Type)
		walk = func(t reflect.Type) {
			for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
				t = t.Elem()
			}
			if t.Kind() != reflect.Struct || seen[t] {
				return
			}
			seen[t] = true
			for name, fi := range fieldsOf(t) {
				allKeys[name] = true
				walk(t.Field(fi).Type)
			}
		}
		walk(reflect.TypeOf(Scenario{}))
	})
	return allKeys
}

// nullable are the members whose Go type takes null in the exact path
// ("nodes" is not: it is an int in a cluster).
var nullable = map[string]bool{
	"network": true, "weights": true, "servers": true, "links": true, "jobs": true,
	"app": true, "sigma": true, "points": true, "events": true, "generator": true, "trace": true,
	"codes": true, "params": true, "clusters": true,
}

// strictCheck scans b for what encoding/json would accept but the exact
// path would not. It reports true when the fast path is safe. It never
// fails on malformed JSON by itself: encoding/json reports that.
func strictCheck(b []byte) bool {
	known := knownKeys()
	type frame struct {
		obj, free bool
		keys      int // index into keys where this object's keys start
	}
	var stack []frame
	var keys [][]byte
	var lastKey []byte
	for i := 0; i < len(b); {
		switch c := b[i]; c {
		case '{', '[':
			f := frame{obj: c == '{', keys: len(keys)}
			if f.obj && len(stack) > 0 && stack[len(stack)-1].obj && string(lastKey) == "params" {
				f.free = true
			}
			stack = append(stack, f)
			lastKey = nil
			i++
		case '}', ']':
			if len(stack) == 0 {
				return false
			}
			keys = keys[:stack[len(stack)-1].keys]
			stack = stack[:len(stack)-1]
			i++
		case '"':
			j := i + 1
			escaped := false
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					escaped = true
					j++
				}
				j++
			}
			if j >= len(b) {
				return false
			}
			s := b[i+1 : j]
			i = j + 1
			k := i
			for k < len(b) && (b[k] == ' ' || b[k] == '\t' || b[k] == '\n' || b[k] == '\r') {
				k++
			}
			if k >= len(b) || b[k] != ':' || len(stack) == 0 || !stack[len(stack)-1].obj {
				continue // a string value
			}
			top := stack[len(stack)-1]
			if escaped || (!top.free && !known[string(s)]) {
				return false
			}
			for _, prev := range keys[top.keys:] {
				if bytes.Equal(prev, s) {
					return false
				}
			}
			keys = append(keys, s)
			lastKey = s
		case 'n':
			if len(stack) == 0 || !stack[len(stack)-1].obj || stack[len(stack)-1].free || !nullable[string(lastKey)] {
				return false
			}
			i++
		default:
			i++
		}
	}
	return true
}
