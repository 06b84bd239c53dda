package main

import (
	"time"

	"github.com/vugu/vugu"

	"gridplay/engine/model"
	"gridplay/site/gantt"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// Root is the page: it owns the state, asks the engine worker for the
// schedule and drives the playback clock.
type Root struct {
	App    *state.App
	Engine jsbridge.Engine

	env     vugu.EventEnv
	chart   *gantt.Chart
	ticking bool
	started time.Time
}

// Init starts the first run once the component exists.
func (c *Root) Init(ctx vugu.InitCtx) {
	c.env = ctx.EventEnv()
	if c.App == nil {
		c.App = state.New()
	}
	go c.run()
}

// run posts the scenario to the engine and folds the NDJSON stream into
// the state as it arrives. It runs on its own goroutine and takes the
// render lock for each change.
func (c *Root) run() {
	c.env.Lock()
	c.App.Begin()
	c.chart = nil
	body, err := model.Encode(c.App.Scenario)
	if err != nil {
		c.App.Fail("scenario: " + err.Error())
		c.env.UnlockRender()
		return
	}
	c.started = time.Now()
	c.env.UnlockRender()

	var (
		status int
		lines  state.Lines
		errBuf []byte
	)
	apply := func(b []byte) {
		if err := c.App.ApplyLine(b); err != nil {
			c.App.Fail(err.Error())
		}
	}
	c.Engine.Request("POST", "/api/run?stream=1", body, jsbridge.Handlers{
		Head: func(s int) { status = s },
		Chunk: func(b []byte) {
			if status != 200 {
				errBuf = append(errBuf, b...)
				return
			}
			c.env.Lock()
			lines.Write(b, apply)
			c.update()
			c.env.UnlockRender()
		},
		End: func(err error) {
			c.env.Lock()
			defer c.env.UnlockRender()
			switch {
			case err != nil:
				c.App.Fail("engine: " + err.Error())
			case status != 200:
				c.App.Fail(state.ErrorBody(status, errBuf))
			default:
				lines.Flush(apply)
				if c.App.Status == state.StatusRunning {
					c.App.Fail("engine: the answer ended without a result")
				}
			}
			c.update()
		},
	})
}

// update refreshes what derives from the state; the lock is held.
func (c *Root) update() {
	if c.App.Result != nil && c.chart == nil {
		c.chart = gantt.Layout(c.App.Scenario, c.App.Result)
		c.App.Elapsed = float64(time.Since(c.started).Microseconds()) / 1000
	}
}

// play is called from a DOM event handler (lock held).
func (c *Root) play() {
	c.App.Player.Play()
	if c.App.Player.Playing && !c.ticking {
		c.ticking = true
		go c.tick()
	}
}

func (c *Root) pause() { c.App.Player.Pause() }

func (c *Root) hasError() bool { return c.App.Err != "" }

func (c *Root) player() *state.Player { return &c.App.Player }

// tick advances the playback clock at about 25 frames a second; render
// requests are not merged by Vugu, so the rate is throttled here.
func (c *Root) tick() {
	const step = 40 * time.Millisecond
	last := time.Now()
	for {
		time.Sleep(step)
		now := time.Now()
		c.env.Lock()
		c.App.Player.Tick(now.Sub(last).Seconds())
		last = now
		if !c.App.Player.Playing {
			c.ticking = false
			c.env.UnlockRender()
			return
		}
		c.env.UnlockRender()
	}
}
