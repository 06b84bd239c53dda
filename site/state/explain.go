package state

import (
	"fmt"
	"strconv"
	"strings"

	"gridplay/engine/model"
)

// Explain turns an engine message with a field path ("jobs[3].size:
// must be at least 1") into a sentence ("Job j4's size must be at least
// 1.") and keeps the exact text as the detail.

// Explained is a message for a person, with the exact text as detail.
type Explained struct {
	Sentence string
	// Detail is the engine's own text ("" when the sentence says it all).
	Detail string
}

// fieldPrefix returns the length of the field path that starts s and is
// followed by ": " ("jobs[3].size: ..."), 0 when s does not start so. A
// path is names of a-z and _ joined by dots, each with an optional
// [index]. (Written by hand: regexp would grow app.wasm.)
func fieldPrefix(s string) int {
	i := 0
	for {
		start := i
		for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] == '_') {
			i++
		}
		if i == start {
			return 0
		}
		if i < len(s) && s[i] == '[' {
			j := i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j == i+1 || j >= len(s) || s[j] != ']' {
				return 0
			}
			i = j + 1
		}
		if i < len(s) && s[i] == '.' {
			i++
			continue
		}
		if i+1 < len(s) && s[i] == ':' && s[i+1] == ' ' {
			return i
		}
		return 0
	}
}

// indexed splits "jobs[3]" into "jobs" and 3.
func indexed(p string) (name string, k int, ok bool) {
	i := strings.IndexByte(p, '[')
	if i <= 0 || !strings.HasSuffix(p, "]") {
		return "", 0, false
	}
	k, err := strconv.Atoi(p[i+1 : len(p)-1])
	if err != nil || k < 0 {
		return "", 0, false
	}
	return p[:i], k, true
}

// splitProblems splits "a.b: x; c[1].d: y" into its field errors.
func splitProblems(msg string) []model.FieldError {
	var out []model.FieldError
	rest := msg
	for rest != "" {
		n := fieldPrefix(rest)
		if n == 0 {
			out = append(out, model.FieldError{Msg: rest})
			break
		}
		field := rest[:n]
		rest = rest[n+2:]
		// The message runs to the next "; field: ".
		end := len(rest)
		for i := 0; i+2 < len(rest); i++ {
			if rest[i] == ';' && rest[i+1] == ' ' && fieldPrefix(rest[i+2:]) > 0 {
				end = i
				break
			}
		}
		out = append(out, model.FieldError{Field: field, Msg: rest[:end]})
		if end == len(rest) {
			break
		}
		rest = rest[end+2:]
	}
	return out
}

// Explain turns an engine or page message about s into a sentence.
func Explain(msg string, s *model.Scenario) Explained {
	msg = strings.TrimSpace(msg)
	switch {
	case msg == "":
		return Explained{}
	case msg == "run cancelled":
		return Explained{Sentence: "The run was cancelled. Press Retry to run it again."}
	case strings.HasPrefix(msg, "engine sent an unreadable"):
		return Explained{Sentence: "The engine's answer could not be read. Press Retry; if it happens again, please report it.", Detail: msg}
	case strings.HasPrefix(msg, "engine: "):
		inner := strings.TrimPrefix(msg, "engine: ")
		if strings.Contains(inner, "press Retry") {
			return Explained{Sentence: sentence(inner)}
		}
		return Explained{Sentence: "The engine stopped before it finished (" + strings.TrimSuffix(inner, ".") + "). Press Retry to run the scenario again.", Detail: msg}
	}
	msg = strings.TrimPrefix(msg, "scenario: ")
	ps := splitProblems(msg)
	if len(ps) == 0 || ps[0].Field == "" && len(ps) == 1 {
		return Explained{Sentence: sentence(msg)}
	}
	first := describe(ps[0], s)
	if len(ps) > 1 {
		first = strings.TrimSuffix(first, ".") + fmt.Sprintf("; and %s.", Count(len(ps)-1, "more problem"))
	}
	return Explained{Sentence: first, Detail: msg}
}

// describe writes one field error as a sentence: the subject named from
// the scenario, then the message.
func describe(fe model.FieldError, s *model.Scenario) string {
	subj := Subject(fe.Field, s)
	m := strings.TrimSpace(fe.Msg)
	if subj == "" {
		return sentence(m)
	}
	for _, verb := range []string{"must ", "is ", "are ", "has ", "needs ", "appears ", "cannot ", "does ", "exceeds "} {
		if strings.HasPrefix(m, verb) {
			return sentence(subj + " " + m)
		}
	}
	return sentence(subj + ": " + m)
}

// sentence capitalises s and ends it with a full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") {
		s += "."
	}
	return s
}

// fieldWords names the last part of a field path.
var fieldWords = map[string]string{
	"size": "size", "runtime": "run time", "submit": "submit time", "requested": "requested time", "deadline": "deadline",
	"nodes": "node count", "speed": "speed", "h": "heterogeneity factor h", "mips": "MIPS", "bandwidth": "bandwidth",
	"latency": "latency", "id": "id", "name": "name", "origin": "home cluster", "sigma": "processing share σ", "data": "data size",
	"priority": "priority", "app": "application model", "servers": "servers", "pes": "processing elements", "weights": "CP weights",
	"multisite_factor": "multisite factor p", "migration_overhead": "migration overhead", "jobs": "job count", "rate": "arrival rate",
	"seed": "seed", "version": "format version", "clusters": "clusters", "network": "network", "generator": "workload generator",
}

// Subject names the thing a field path points at, for a sentence:
// "jobs[3].size" is "Job j4's size" when the fourth job is j4.
func Subject(field string, s *model.Scenario) string {
	if field == "" || field == "link" {
		return ""
	}
	parts := strings.Split(field, ".")
	word := func(p string) string {
		if w, ok := fieldWords[p]; ok {
			return w
		}
		return strings.ReplaceAll(p, "_", " ")
	}
	head := parts[0]
	var owner string
	if name, k, ok := indexed(head); ok {
		switch name {
		case "jobs":
			owner = "Job " + strconv.Itoa(k+1)
			if s != nil && k < len(s.Jobs) && s.Jobs[k].ID != "" {
				owner = "Job " + s.Jobs[k].ID
			}
		case "events":
			owner = "Event " + strconv.Itoa(k+1)
		default:
			owner = word(name) + " " + strconv.Itoa(k+1)
		}
		parts = parts[1:]
	} else {
		switch head {
		case "platform":
			parts = parts[1:]
			if len(parts) > 0 {
				if name, k, ok := indexed(parts[0]); ok && name == "clusters" {
					owner = "Cluster " + strconv.Itoa(k+1)
					if s != nil && k < len(s.Platform.Clusters) && s.Platform.Clusters[k].ID != "" {
						owner = "Cluster " + s.Platform.Clusters[k].ID
					}
					parts = parts[1:]
				} else if parts[0] == "clusters" {
					owner = "The platform"
					parts = parts[1:]
				} else if parts[0] == "network" {
					owner = "The network"
					parts = parts[1:]
				}
			}
			if owner == "" {
				owner = "The platform"
			}
		case "policy":
			parts = parts[1:]
			if len(parts) >= 2 && parts[0] == "params" {
				return "The parameter " + strings.Join(parts[1:], ".")
			}
			owner = "The policy"
		case "generator":
			owner = "The workload generator"
			parts = parts[1:]
		case "seed", "version", "name":
			return "The scenario's " + word(head)
		default:
			owner = "The " + word(head)
			parts = parts[1:]
		}
	}
	if len(parts) == 0 {
		return owner
	}
	// Nested parts (servers[0].nodes): name the last, with its owner.
	var ws []string
	for _, p := range parts {
		if name, k, ok := indexed(p); ok {
			ws = append(ws, strings.TrimSuffix(word(name), "s")+" "+strconv.Itoa(k+1))
		} else {
			ws = append(ws, word(p))
		}
	}
	return owner + "'s " + strings.Join(ws, " ")
}
