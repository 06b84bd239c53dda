package main

import (
	"gridplay/site/lesson"
	"gridplay/site/state"
)

// Presets is the row of preset cards: each paper's worked example or a
// small version of an experiment's setting, named by what it shows
// ("MUSCLE packs six jobs"), loaded in one click.
type Presets struct {
	P *Page
}

// card names a preset by its lesson ("MUSCLE packs six jobs").
func (c *Presets) card(p state.Preset) string {
	if l := lesson.Builtin(p.ID); l != nil {
		return l.Title
	}
	return p.Title
}

func (c *Presets) pressed(p state.Preset) bool { return c.P.presetID() == p.ID }

func (c *Presets) class(p state.Preset) string {
	if c.pressed(p) {
		return "preset-card current"
	}
	return "preset-card"
}
