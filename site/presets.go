package main

import (
	"github.com/vugu/vugu"

	"gridplay/site/state"
)

// Presets is the preset picker: each paper's worked example or a small
// version of an experiment's setting, loaded in one click.
type Presets struct {
	P *Page
}

func (c *Presets) choose(e vugu.DOMEvent) {
	c.P.choosePreset(e.JSEventTarget().Get("value").String())
}

func (c *Presets) about() string {
	if p, ok := state.PresetByID(c.P.presetID()); ok {
		return p.About
	}
	return "Your own scenario (from a link, your last visit, or your edits)."
}
