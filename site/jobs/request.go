package jobs

import (
	"gridplay/site/jsbridge"
)

// The engine requests of the table (import, shipped traces, generated
// jobs): one at a time, with a busy notice and its Cancel button.

// ask sends one request to the engine and calls ok with its status and
// whole body, or fail with a message, under the render lock, unless a
// later request or Cancel came first. The lock must be held. A request
// cancelled by someone else (the page's runs share the worker, and
// cancelling one restarts it) is sent again, twice at most.
func (c *Table) ask(busy, method, path string, body []byte, ok func(status int, body []byte), fail func(msg string)) {
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
	c.reqID++
	id := c.reqID
	c.Busy = busy
	var send func(tries int)
	send = func(tries int) {
		var status int
		var buf []byte
		c.cancel = c.engine().Request(method, path, body, jsbridge.Handlers{
			Head:  func(s int) { status = s },
			Chunk: func(b []byte) { buf = append(buf, b...) },
			End: func(err error) {
				c.env.Lock()
				defer c.env.UnlockRender()
				if id != c.reqID {
					return
				}
				if err != nil && err.Error() == jsbridge.ErrCancelled && tries < 2 {
					send(tries + 1)
					return
				}
				c.Busy, c.cancel = "", nil
				switch {
				case err != nil && err.Error() == jsbridge.ErrCancelled:
					fail("cancelled")
				case err != nil:
					fail("engine: " + err.Error())
				default:
					ok(status, buf)
				}
			},
		})
	}
	send(0)
}

func (c *Table) engine() jsbridge.Engine {
	if c.Engine == nil {
		return jsbridge.WorkerEngine{}
	}
	return c.Engine
}

// stop cancels the engine request in flight, if any; the lock is held.
func (c *Table) stop() {
	c.reqID++
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
	c.Busy = ""
}

// cancelBusy is the Cancel button of the busy notice.
func (c *Table) cancelBusy() {
	if c.Busy == "" {
		return
	}
	c.stop()
	c.Notice = []string{"Cancelled."}
}

func (c *Table) busy() bool { return c.Busy != "" }
