package main

import (
	"math"
	"strconv"
	"strings"

	"github.com/vugu/vugu"

	"gridplay/site/jsbridge"
	"gridplay/site/lesson"
	"gridplay/site/state"
)

// LessonEditor lets a teacher write a lesson on the scenario shown: a
// title, what to look for, one question, the paper section, and the
// steps of the replay to pause at, each with a note. The lesson is
// shared as plain data in the link (site/lesson), with no server.
type LessonEditor struct {
	P *Page
	// Share makes the embed code (its dialog's options).
	Share *Share

	Draft lesson.Lesson
	// Err is what is wrong with the draft; URL the last lesson link;
	// Code the last embed code.
	Err  string
	URL  string
	Code string
}

// startFrom copies l (or an empty lesson) into the draft.
func (c *LessonEditor) startFrom(l *lesson.Lesson) {
	c.Err, c.URL, c.Code = "", "", ""
	if l == nil {
		c.Draft = lesson.Lesson{Version: lesson.Version, Title: c.P.App.Scenario.Name}
		return
	}
	c.Draft = *l
	c.Draft.Steps = append([]lesson.Step(nil), l.Steps...)
}

func (c *LessonEditor) value(e vugu.DOMEvent) string {
	return e.JSEventTarget().Get("value").String()
}

func (c *LessonEditor) setTitle(e vugu.DOMEvent)    { c.Draft.Title = c.value(e); c.changed() }
func (c *LessonEditor) setText(e vugu.DOMEvent)     { c.Draft.Text = c.value(e); c.changed() }
func (c *LessonEditor) setQuestion(e vugu.DOMEvent) { c.Draft.Question = c.value(e); c.changed() }
func (c *LessonEditor) setSection(e vugu.DOMEvent)  { c.Draft.Section = c.value(e); c.changed() }

// editStep applies f to step i of the draft, when there is one.
func (c *LessonEditor) editStep(i int, f func(s *lesson.Step)) {
	if i >= 0 && i < len(c.Draft.Steps) {
		f(&c.Draft.Steps[i])
		c.changed()
	}
}

// A step's note and question: its text, its choices (one a line in the
// editor, the right one marked with a leading "*") and why the answer is
// right.

func (c *LessonEditor) setNote(i int, e vugu.DOMEvent) {
	c.editStep(i, func(s *lesson.Step) { s.Note = c.value(e) })
}

func (c *LessonEditor) setAsk(i int, e vugu.DOMEvent) {
	c.editStep(i, func(s *lesson.Step) { s.Ask = c.value(e) })
}

func (c *LessonEditor) setWhy(i int, e vugu.DOMEvent) {
	c.editStep(i, func(s *lesson.Step) { s.Why = c.value(e) })
}

func (c *LessonEditor) setChoices(i int, e vugu.DOMEvent) {
	c.editStep(i, func(s *lesson.Step) { s.Choices, s.Answer = ParseChoices(c.value(e)) })
}

// ChoicesText writes a step's choices one a line, the answer marked
// with "* ".
func ChoicesText(s lesson.Step) string {
	var b strings.Builder
	for k, ch := range s.Choices {
		if k+1 == s.Answer {
			b.WriteString("* ")
		}
		b.WriteString(ch)
		b.WriteByte('\n')
	}
	return b.String()
}

// ParseChoices reads ChoicesText: the non-blank lines are the choices,
// and the first marked with a leading "*" is the answer (0 for none).
func ParseChoices(text string) (choices []string, answer int) {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "*"); ok {
			line = strings.TrimSpace(rest)
			if answer == 0 {
				answer = len(choices) + 1
			}
		}
		choices = append(choices, line)
	}
	return choices, answer
}

// changed forgets the links made from an older draft.
func (c *LessonEditor) changed() { c.URL, c.Code = "", "" }

// clock is the replay's position, rounded to the millisecond.
func (c *LessonEditor) clock() float64 { return math.Round(c.P.App.Player.T*1000) / 1000 }

func (c *LessonEditor) addLabel() string {
	return "Pause here (t = " + state.FormatNumber(c.clock()) + " s)"
}

// addStep adds a pause at the replay's position.
func (c *LessonEditor) addStep() {
	t := c.clock()
	for _, s := range c.Draft.Steps {
		if s.T == t {
			c.Err = "There is a step at t = " + state.FormatNumber(t) + " s already: move the replay (step or drag the scrubber) first."
			return
		}
	}
	c.Draft.Steps = append(c.Draft.Steps, lesson.Step{T: t})
	c.Draft.Clean()
	c.Err = ""
	c.changed()
}

func (c *LessonEditor) removeStep(i int) {
	if i >= 0 && i < len(c.Draft.Steps) {
		c.Draft.Steps = append(c.Draft.Steps[:i], c.Draft.Steps[i+1:]...)
		c.changed()
	}
}

func (c *LessonEditor) stepLabel(s lesson.Step) string {
	return "t = " + state.FormatNumber(s.T) + " s"
}

// checked returns a clean, valid copy of the draft, or sets Err.
func (c *LessonEditor) checked() *lesson.Lesson {
	l := c.Draft
	l.Steps = append([]lesson.Step(nil), c.Draft.Steps...)
	l.Clean()
	// Encode validates it, and checks that it fits a link.
	if _, err := lesson.Encode(&l); err != nil {
		c.Err = err.Error()
		return nil
	}
	c.Err = ""
	return &l
}

// preview shows the draft in the lesson card, and pauses the replay at
// its steps.
func (c *LessonEditor) preview() {
	if l := c.checked(); l != nil {
		c.P.setLesson(l)
		c.P.async.Notice = "The lesson card shows your lesson; press Play to try its pauses."
	}
}

// link is the page's share link with the draft lesson in it.
func (c *LessonEditor) link(base string) (string, bool) {
	l := c.checked()
	if l == nil {
		return "", false
	}
	u, err := c.P.shareLinkWith(base, l)
	if err != nil {
		c.Err = err.Error()
		return "", false
	}
	return u, true
}

// share copies the lesson link; an event handler.
func (c *LessonEditor) share() {
	u, ok := c.link(jsbridge.PageURL())
	if !ok {
		c.URL = ""
		return
	}
	c.URL = u
	c.P.setLesson(c.checked())
	if jsbridge.Copy(u) {
		c.P.async.Notice = "Lesson link copied to the clipboard."
	}
}

// embed makes the iframe code of the lesson for a course page.
func (c *LessonEditor) embed() {
	u, ok := c.link(embedURL())
	if !ok {
		c.Code = ""
		return
	}
	h := c.Share.EmbedHeight
	c.Code = EmbedSnippet(u+"&autoplay=0&height="+strconv.Itoa(h), EmbedFrameHeight(h, c.checked()), "gridplay lesson: "+c.Draft.Title)
	if jsbridge.Copy(c.Code) {
		c.P.async.Notice = "Lesson embed code copied to the clipboard."
	}
}
