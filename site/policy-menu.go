package main

import (
	"gridplay/engine/sched"
)

// PolicyMenu is the policy picker, grouped by paper; its boxes tick
// policies for the Compare view.
type PolicyMenu struct {
	P       *Page
	Compare *Compare
}

func (c *PolicyMenu) tip(in sched.Info) string {
	return in.System + ": " + in.Summary
}
