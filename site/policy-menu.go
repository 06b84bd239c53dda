package main

import (
	"github.com/vugu/vugu"

	"gridplay/engine/sched"
	"gridplay/site/state"
)

// PolicyMenu is the compact policy picker: one menu, grouped by paper. A
// policy that cannot run the scenario is greyed, with the reason in its
// label; the Compare view offers the fixes.
type PolicyMenu struct {
	P *Page
}

func (c *PolicyMenu) choose(e vugu.DOMEvent) {
	c.P.selectPolicy(e.JSEventTarget().Get("value").String())
}

// label is an option's text: the name, and why it is greyed.
func (c *PolicyMenu) label(in sched.Info) string {
	if v := c.P.verdict(in.Name); !v.OK {
		return state.PolicyLabel(in.Name) + " (" + v.Short + ")"
	}
	return state.PolicyLabel(in.Name)
}

func (c *PolicyMenu) disabled(in sched.Info) bool {
	return in.Name != c.P.App.Scenario.Policy.Name && !c.P.verdict(in.Name).OK
}

func (c *PolicyMenu) tip(in sched.Info) string {
	if v := c.P.verdict(in.Name); !v.OK {
		return v.Reason
	}
	return in.System + ": " + in.Summary
}

func (c *PolicyMenu) groupLabel(g state.Group) string {
	if g.Paper == "" {
		return g.Title
	}
	return g.Title + " (paper " + g.Paper + ")"
}
