package main

import "gridplay/site/state"

// Header is the page title, the views (playground, experiments) and the
// engine status.
type Header struct {
	R *Root
}

func (c *Header) tabClass(tab string) string {
	if c.R.Tab == tab {
		return "tab nav-" + tab + " selected"
	}
	return "tab nav-" + tab
}

func (c *Header) current(tab string) string {
	if c.R.Tab == tab {
		return "page"
	}
	return "false"
}

func (c *Header) label() string {
	switch c.R.P.App.Status {
	case state.StatusRunning:
		return "engine running"
	case state.StatusDone:
		return "engine done"
	case state.StatusError:
		return "engine error"
	case state.StatusCancelled:
		return "run cancelled"
	}
	return "engine starting"
}
