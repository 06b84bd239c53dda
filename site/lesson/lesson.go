// Package lesson is a short course module on top of a scenario: what to
// look for, one question, the paper section it comes from, and the steps
// of the playback to pause at, each with a note. A teacher writes one in
// the page and shares it by link, with no server: the lesson is plain
// data in the link's fragment, next to the scenario's own token,
//
//	#s=v1.<scenario token>&l=v1.<lesson token>
//
// where the lesson token is base64url(raw DEFLATE(lesson JSON)), the
// scenario's format (engine/link). Links come from strangers: the token
// and every field are capped, and the page renders every field as text,
// never as HTML. Each preset has a built-in lesson (Builtin).
package lesson

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"unicode/utf8"
)

// Version is the lesson format.
const Version = 1

// Prefix marks the token format, as in share links.
const Prefix = "v1."

// Limits on what a link may carry. A lesson is a few paragraphs: these
// are generous for a teacher and small for a hostile link.
const (
	MaxTokenLen   = 64 << 10 // characters of the token
	MaxJSONBytes  = 256 << 10
	MaxTitle      = 200
	MaxText       = 4000
	MaxQuestion   = 1000
	MaxSection    = 200
	MaxNote       = 1000
	MaxSteps      = 50
	MaxChoices    = 6
	MaxChoice     = 200
	maxStepSecond = 1e12
)

// Lesson is one course module.
type Lesson struct {
	Version int `json:"version"`
	// Title names the lesson ("MUSCLE packs six jobs").
	Title string `json:"title"`
	// Text says what to look for.
	Text string `json:"text,omitempty"`
	// Question is the one question the student answers.
	Question string `json:"question,omitempty"`
	// Section is where the lesson comes from ("MUSCLE section 4.2,
	// Table 2").
	Section string `json:"section,omitempty"`
	// Steps are the moments of the playback to pause at, in order.
	Steps []Step `json:"steps,omitempty"`
}

// Step is one pause: at playback time T (seconds on the chart's clock,
// "t = 2 s of 6 s"), with a note to read there. A step may ask a
// question there (Ask, "Which jobs start at t = 40 s?") with Choices to
// pick from; Answer is the right one (from 1), and Why, shown once it is
// picked, says why. The page checks the pick: the lesson's own Question
// stays an open one.
type Step struct {
	T       float64  `json:"t"`
	Note    string   `json:"note,omitempty"`
	Ask     string   `json:"ask,omitempty"`
	Choices []string `json:"choices,omitempty"`
	Answer  int      `json:"answer,omitempty"`
	Why     string   `json:"why,omitempty"`
}

// Asks says the step asks a question to answer by a choice.
func (s Step) Asks() bool { return len(s.Choices) > 0 }

// Check says whether choice k (from 1) is the step's answer.
func (s Step) Check(k int) bool { return s.Asks() && k == s.Answer }

// Clean trims the text fields and sorts the steps by time. Validate
// checks the result.
func (l *Lesson) Clean() {
	l.Version = Version
	l.Title = strings.TrimSpace(l.Title)
	l.Text = strings.TrimSpace(l.Text)
	l.Question = strings.TrimSpace(l.Question)
	l.Section = strings.TrimSpace(l.Section)
	for i := range l.Steps {
		s := &l.Steps[i]
		s.Note = strings.TrimSpace(s.Note)
		s.Ask = strings.TrimSpace(s.Ask)
		s.Why = strings.TrimSpace(s.Why)
		for k := range s.Choices {
			s.Choices[k] = strings.TrimSpace(s.Choices[k])
		}
		s.T = math.Round(s.T*1000) / 1000
	}
	sort.SliceStable(l.Steps, func(i, j int) bool { return l.Steps[i].T < l.Steps[j].T })
}

// Validate says what is wrong with a lesson, in words for its author.
func (l *Lesson) Validate() error {
	if l.Version != Version {
		return fmt.Errorf("This lesson was made by another version of gridplay (lesson version %d; this one reads %d).", l.Version, Version)
	}
	if strings.TrimSpace(l.Title) == "" {
		return fmt.Errorf("A lesson needs a title.")
	}
	for _, f := range []struct {
		name, v string
		max     int
	}{
		{"title", l.Title, MaxTitle},
		{"text", l.Text, MaxText},
		{"question", l.Question, MaxQuestion},
		{"paper section", l.Section, MaxSection},
	} {
		if err := checkText(f.name, f.v, f.max); err != nil {
			return err
		}
	}
	if len(l.Steps) > MaxSteps {
		return fmt.Errorf("A lesson can pause at %d steps at most; this one has %d.", MaxSteps, len(l.Steps))
	}
	for i, s := range l.Steps {
		if math.IsNaN(s.T) || s.T < 0 || s.T > maxStepSecond {
			return fmt.Errorf("Step %d pauses at a time that is not on the clock (%v s).", i+1, s.T)
		}
		if err := checkText(fmt.Sprintf("note of step %d", i+1), s.Note, MaxNote); err != nil {
			return err
		}
		if err := s.validateAsk(i); err != nil {
			return err
		}
	}
	return nil
}

// validateAsk checks step i's question, its choices and its answer.
func (s Step) validateAsk(i int) error {
	for _, t := range []struct{ name, v string }{{"question", s.Ask}, {"explanation", s.Why}} {
		if err := checkText(fmt.Sprintf("%s of step %d", t.name, i+1), t.v, MaxNote); err != nil {
			return err
		}
	}
	switch n := len(s.Choices); {
	case n == 0 && (strings.TrimSpace(s.Ask) != "" || s.Answer != 0 || strings.TrimSpace(s.Why) != ""):
		return fmt.Errorf("Step %d asks a question: give it two choices or more to pick from.", i+1)
	case n == 0:
		return nil
	case n == 1 || n > MaxChoices:
		return fmt.Errorf("Step %d's question has %d choices; give it 2 to %d.", i+1, n, MaxChoices)
	case strings.TrimSpace(s.Ask) == "":
		return fmt.Errorf("Step %d has choices but no question.", i+1)
	case s.Answer < 1 || s.Answer > n:
		return fmt.Errorf("Step %d's question needs its right answer marked (one of its %d choices).", i+1, n)
	}
	for k, c := range s.Choices {
		if strings.TrimSpace(c) == "" {
			return fmt.Errorf("Choice %d of step %d is empty.", k+1, i+1)
		}
		if err := checkText(fmt.Sprintf("choice %d of step %d", k+1, i+1), c, MaxChoice); err != nil {
			return err
		}
	}
	return nil
}

func checkText(name, v string, max int) error {
	if !utf8.ValidString(v) {
		return fmt.Errorf("The %s is not valid text.", name)
	}
	if n := utf8.RuneCountInString(v); n > max {
		return fmt.Errorf("The %s is too long (%d characters; at most %d).", name, n, max)
	}
	for _, r := range v {
		if r < 0x20 && r != '\n' && r != '\t' {
			return fmt.Errorf("The %s holds a control character.", name)
		}
	}
	return nil
}

// Encode returns the lesson's token ("v1." + base64url(deflate(JSON)))
// after cleaning and validating it.
func Encode(l *Lesson) (string, error) {
	c := *l
	c.Steps = append([]Step(nil), l.Steps...)
	c.Clean()
	if err := c.Validate(); err != nil {
		return "", err
	}
	js, err := json.Marshal(&c)
	if err != nil {
		return "", fmt.Errorf("The lesson could not be written: %v.", err)
	}
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(js)
	w.Close()
	tok := Prefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
	if len(tok) > MaxTokenLen {
		return "", fmt.Errorf("This lesson is too long for a link (%d characters; at most %d). Shorten its text.", len(tok), MaxTokenLen)
	}
	return tok, nil
}

// Decode reads a lesson token. Every error is a sentence for the person
// who opened the link.
func Decode(tok string) (*Lesson, error) {
	tok = strings.TrimSpace(tok)
	if len(tok) > MaxTokenLen {
		return nil, fmt.Errorf("This lesson link is too long to open (%d characters; at most %d).", len(tok), MaxTokenLen)
	}
	if !strings.HasPrefix(tok, Prefix) {
		return nil, fmt.Errorf("This is not a gridplay lesson (a lesson link holds l=v1. followed by the lesson).")
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(tok[len(Prefix):], "="))
	if err != nil {
		return nil, fmt.Errorf("This lesson link is damaged: was it cut short or changed?")
	}
	js, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), MaxJSONBytes+1))
	if err != nil {
		return nil, fmt.Errorf("This lesson link is damaged: was it cut short?")
	}
	if len(js) > MaxJSONBytes {
		return nil, fmt.Errorf("This lesson is too large to open (over %d KB once unpacked).", MaxJSONBytes>>10)
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	var l Lesson
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("This lesson link does not hold a lesson gridplay can read.")
	}
	if err := l.Validate(); err != nil {
		return nil, err
	}
	l.Clean()
	return &l, nil
}

// FromFragment reads the lesson of a URL fragment ("#s=…&l=v1.…"): nil,
// nil when it has none.
func FromFragment(fragment string) (*Lesson, error) {
	f := strings.TrimPrefix(fragment, "#")
	for _, kv := range strings.Split(f, "&") {
		if v, ok := strings.CutPrefix(kv, "l="); ok {
			return Decode(v)
		}
	}
	return nil, nil
}

// Option is the fragment option carrying a lesson ("&l=v1.…"), "" for
// none.
func Option(l *Lesson) (string, error) {
	if l == nil {
		return "", nil
	}
	tok, err := Encode(l)
	if err != nil {
		return "", err
	}
	return "&l=" + tok, nil
}

// Times lists the steps' times (the playback's stops).
func (l *Lesson) Times() []float64 {
	if l == nil {
		return nil
	}
	out := make([]float64, len(l.Steps))
	for i, s := range l.Steps {
		out[i] = s.T
	}
	return out
}
