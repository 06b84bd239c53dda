package main

import (
	"fmt"
	"strconv"

	"gridplay/site/lesson"
	"gridplay/site/state"
)

// LessonCard shows the lesson of the scenario: what to look for, one
// question, the paper section, and the steps the replay pauses at. Every
// field is shown as text (a lesson comes from a link: a stranger's data).
type LessonCard struct {
	P *Page
	// R opens the lesson editor ("Write your own").
	R *Root

	// picks are the choices picked for the steps' questions, by step,
	// for the lesson pickedFor.
	picks     map[int]int
	pickedFor string
}

// lessonKey names the lesson shown: a preset's lesson is made afresh at
// each call (lesson.Builtin), a link's or a preview's is kept.
func (c *LessonCard) lessonKey() string {
	if c.P.lesson != nil {
		return fmt.Sprintf("%p", c.P.lesson)
	}
	return "preset " + c.P.presetID()
}

// step is the step the replay paused at (or was moved to), -1 for none.
func (c *LessonCard) step() int {
	l := c.P.Lesson()
	k := c.P.App.Player.Stopped
	if l == nil || k < 1 || k > len(l.Steps) || c.P.App.Player.Playing {
		return -1
	}
	return k - 1
}

// ask is the question of the step paused at, nil when it asks none.
func (c *LessonCard) ask() *lesson.Step {
	i := c.step()
	if i < 0 || !c.P.Lesson().Steps[i].Asks() {
		return nil
	}
	return &c.P.Lesson().Steps[i]
}

// picked is the choice picked (from 1) for the step paused at, 0 for
// none yet.
func (c *LessonCard) picked() int {
	if c.pickedFor != c.lessonKey() {
		return 0
	}
	return c.picks[c.step()]
}

// pick checks choice k of the step's question; an event handler.
func (c *LessonCard) pick(k int) {
	i := c.step()
	if i < 0 {
		return
	}
	if c.pickedFor != c.lessonKey() {
		c.picks, c.pickedFor = map[int]int{}, c.lessonKey()
	}
	c.picks[i] = k
}

// right says the choice picked is the answer. It and verdict render
// only under the question (c.ask() != nil), verdict once a choice is
// picked.
func (c *LessonCard) right() bool {
	return c.ask().Check(c.picked())
}

// verdict says whether the choice picked is right, and why.
func (c *LessonCard) verdict() string {
	s := c.ask()
	if s.Check(c.picked()) {
		if s.Why == "" {
			return "Right."
		}
		return "Right. " + s.Why
	}
	return "Not this one. Look at the chart again (the jobs waiting, the nodes free) and pick another."
}

func (c *LessonCard) choiceClass(k int) string {
	switch {
	case c.picked() != k:
		return "lesson-choice"
	case c.right():
		return "lesson-choice right"
	}
	return "lesson-choice wrong"
}

func (c *LessonCard) stepLabel(i int, s lesson.Step) string {
	l := "Step " + strconv.Itoa(i+1) + " at t = " + state.FormatNumber(s.T) + " s"
	if s.Asks() {
		l += " (a question)"
	}
	return l
}

// current says the replay paused at step i.
func (c *LessonCard) current(i int) bool { return c.P.App.Player.Stopped == i+1 }

func (c *LessonCard) stepClass(i int) string {
	if c.current(i) {
		return "lesson-step current"
	}
	return "lesson-step"
}

// stopNote is the note of the step the replay paused at, "" when none.
func (c *LessonCard) stopNote() string {
	if i := c.step(); i >= 0 {
		return c.P.Lesson().Steps[i].Note
	}
	return ""
}

func (c *LessonCard) write() {
	c.R.LessonEditor.startFrom(c.P.Lesson())
	c.R.openPanel("lesson")
}
