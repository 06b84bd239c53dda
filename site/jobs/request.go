package jobs

import (
	"gridplay/site/jsbridge"
)

// The engine requests of the table (import, shipped traces, generated
// jobs): one at a time (Table.Task, site/state), with a busy notice and
// its Cancel button.

// ask sends one request to the engine and calls ok with its status and
// whole body, or fail with a message, under the render lock, unless a
// later request or Cancel came first. The lock must be held. A request
// cancelled by someone else (the page's runs share the worker, and
// cancelling one restarts it) is sent again, twice at most.
func (c *Table) ask(busy, method, path string, body []byte, ok func(status int, body []byte), fail func(msg string)) {
	id := c.Task.Start(busy)
	var send func(tries int)
	send = func(tries int) {
		var status int
		var buf []byte
		c.Task.SetCancel(id, c.Engine.Request(method, path, body, jsbridge.Handlers{
			Head:  func(s int) { status = s },
			Chunk: func(b []byte) { buf = append(buf, b...) },
			End: func(err error) {
				c.env.Lock()
				defer c.env.UnlockRender()
				if !c.Task.Current(id) {
					return
				}
				if err != nil && err.Error() == jsbridge.ErrCancelled && tries < 2 {
					send(tries + 1)
					return
				}
				c.Task.Done(id)
				switch {
				case err != nil && err.Error() == jsbridge.ErrCancelled:
					fail("cancelled")
				case err != nil:
					fail("engine: " + err.Error())
				default:
					ok(status, buf)
				}
			},
		}))
	}
	send(0)
}

// cancelBusy is the Cancel button of the busy notice.
func (c *Table) cancelBusy() {
	if !c.Task.Running() {
		return
	}
	c.Task.Stop()
	c.Notice = []string{"Cancelled."}
}
