package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/vugu/vugu"

	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/site/state"
)

// Params edits the policy's parameters and the scenario's seed.
type Params struct {
	P *Page
	// Err is the last rejected input.
	Err string
}

func (c *Params) value(p sched.Param) string {
	return state.FormatNumber(c.P.App.Scenario.Policy.Param(p.Name, p.Default))
}

func (c *Params) tip(p sched.Param) string {
	return fmt.Sprintf("%s (default %s, range %s to %s)", p.Doc, state.FormatNumber(p.Default), state.FormatNumber(p.Min), state.FormatNumber(p.Max))
}

func (c *Params) set(p sched.Param, e vugu.DOMEvent) {
	raw := strings.TrimSpace(e.JSEventTarget().Get("value").String())
	v, err := strconv.ParseFloat(raw, 64)
	switch {
	case err != nil:
		c.Err = fmt.Sprintf("%s must be a number; %q is not one", p.Name, raw)
		return
	case p.Integer && v != math.Trunc(v):
		c.Err = fmt.Sprintf("%s must be a whole number; %q has a fraction", p.Name, raw)
		return
	case v < p.Min || v > p.Max:
		c.Err = fmt.Sprintf("%s must be between %s and %s; %s is outside", p.Name, state.FormatNumber(p.Min), state.FormatNumber(p.Max), raw)
		return
	}
	c.Err = ""
	c.P.App.Edit("set "+p.Name, func(s *model.Scenario) {
		if s.Policy.Params == nil {
			s.Policy.Params = map[string]float64{}
		}
		s.Policy.Params[p.Name] = v
	})
	go c.P.run()
}

func (c *Params) reset() {
	c.P.App.Edit("reset parameters", func(s *model.Scenario) { s.Policy.Params = nil })
	go c.P.run()
}

func (c *Params) setSeed(e vugu.DOMEvent) {
	v, err := strconv.ParseUint(strings.TrimSpace(e.JSEventTarget().Get("value").String()), 10, 64)
	if err != nil {
		c.Err = "The seed must be a whole number of 0 or more."
		return
	}
	c.Err = ""
	c.P.App.Edit("set seed", func(s *model.Scenario) { s.Seed = v })
	go c.P.run()
}

func (c *Params) seedText() string { return strconv.FormatUint(c.P.App.Scenario.Seed, 10) }
