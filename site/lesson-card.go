package main

import (
	"strconv"

	"gridplay/site/lesson"
	"gridplay/site/state"
)

// LessonCard shows the lesson of the scenario: what to look for, one
// question, the paper section, and the steps the replay pauses at. Every
// field is shown as text (a lesson comes from a link: a stranger's data).
type LessonCard struct {
	P *Page
	// Editor is the lesson editor, opened by "Write your own".
	Editor *LessonEditor
	// OpenPanel opens one of the page's panels.
	OpenPanel func(name string)
}

func (c *LessonCard) l() *lesson.Lesson { return c.P.Lesson() }

func (c *LessonCard) has() bool { return c.l() != nil }

func (c *LessonCard) stepLabel(i int, s lesson.Step) string {
	return "Step " + strconv.Itoa(i+1) + " at t = " + state.FormatNumber(s.T) + " s"
}

// current says the replay paused at step i.
func (c *LessonCard) current(i int) bool { return c.P.App.Player.Stopped == i+1 }

func (c *LessonCard) stepClass(i int) string {
	if c.current(i) {
		return "lesson-step current"
	}
	return "lesson-step"
}

// goStep moves the replay to step i; an event handler.
func (c *LessonCard) goStep(i int) {
	l := c.l()
	if l == nil || i < 0 || i >= len(l.Steps) {
		return
	}
	c.P.seek(l.Steps[i].T)
	c.P.App.Player.Stopped = i + 1
}

// stopNote is the note of the step the replay paused at, "" when none.
func (c *LessonCard) stopNote() string {
	l := c.l()
	k := c.P.App.Player.Stopped
	if l == nil || k < 1 || k > len(l.Steps) || c.P.App.Player.Playing {
		return ""
	}
	return l.Steps[k-1].Note
}

func (c *LessonCard) write() {
	if c.Editor != nil {
		c.Editor.startFrom(c.l())
	}
	if c.OpenPanel != nil {
		c.OpenPanel("lesson")
	}
}

// own says the lesson is not the preset's (a link's, or a preview).
func (c *LessonCard) own() bool { return c.P.lesson != nil }
