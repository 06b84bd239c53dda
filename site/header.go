package main

import "gridplay/site/state"

// Header is the page title and the engine status.
type Header struct {
	Status string
}

func (c *Header) label() string {
	switch c.Status {
	case state.StatusRunning:
		return "engine running"
	case state.StatusDone:
		return "engine done"
	case state.StatusError:
		return "engine error"
	}
	return "engine starting"
}
