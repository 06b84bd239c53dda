package main

import (
	"encoding/json"
	"fmt"
	"strconv"

	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// Compare is the Compare view: it runs every ticked policy on the
// scenario, one after the other in the engine worker, and shows their
// metrics side by side.
type Compare struct {
	P *Page

	// Results of the last comparison, in the order run; Err lists the
	// policies that failed.
	Results []*sched.Result
	Err     string
	Done, N int
	// For names the scenario compared, for the caption.
	For string
	// busy is set while a comparison runs; cancel stops the request in
	// flight.
	busy   bool
	cancel func()
	// Stale is set when the scenario changed after the comparison (see
	// state.CompareKey); key is the key it was made for.
	Stale bool
	key   string
	// runs counts comparisons started; seenRuns is what the staleness
	// check last looked at.
	runs, seenRuns int

	// ShowPartial unfolds the rows only some policies report.
	ShowPartial bool
}

// attach wires the view into the page's hooks.
func (c *Compare) attach(p *Page) {
	c.P = p
	p.comparing = func() bool { return c.busy }
}

// reset forgets the comparison (a preset replaced the scenario).
func (c *Compare) reset() {
	c.Results, c.Stale, c.key, c.Err = nil, false, "", ""
}

// For reports whether the results were made for scenario s as it is.
func (c *Compare) current(s *model.Scenario) bool {
	return len(c.Results) > 0 && c.key == state.CompareKey(s)
}

// checkStale marks the comparison stale once the scenario changed after
// it; called about once a second with the lock held. It says whether the
// page must render.
func (c *Compare) checkStale(changed bool) bool {
	if c.runs != c.seenRuns {
		changed = true
	}
	if !changed || len(c.Results) == 0 || c.busy || c.key == "" {
		return false
	}
	c.seenRuns = c.runs
	st := state.CompareKey(c.P.App.Scenario) != c.key
	if st == c.Stale {
		return false
	}
	c.Stale = st
	return true
}

func (c *Compare) toggle(name string) { c.P.Picked[name] = !c.P.Picked[name] }

// start runs every ticked policy; an event handler.
func (c *Compare) start() {
	p := c.P
	names := p.pickedList()
	if len(names) == 0 || c.busy {
		return
	}
	c.busy = true
	c.runs++
	c.Results = nil
	c.Err = ""
	c.Done, c.N = 0, len(names)
	c.For = fmt.Sprintf("%s, seed %d", p.App.Scenario.Name, p.App.Scenario.Seed)
	base := model.Clone(p.App.Scenario)
	c.key, c.Stale = state.CompareKey(base), false
	infos := p.Policies
	go func() {
		defer p.recoverGo()
		var out []*sched.Result
		for _, n := range names {
			in, _ := state.FindPolicy(infos, n)
			body, err := model.Encode(state.ForPolicy(base, in))
			var res *sched.Result
			if err == nil {
				res, err = c.request("POST", "/api/run", body)
			}
			p.env.Lock()
			if !c.busy { // cancelled
				p.env.UnlockRender()
				return
			}
			c.Done++
			if err != nil {
				c.Err += n + ": " + err.Error() + "\n"
			} else {
				out = append(out, res)
				c.Results = append([]*sched.Result(nil), out...)
			}
			p.env.UnlockRender()
		}
		p.env.Lock()
		c.busy = false
		c.cancel = nil
		p.env.UnlockRender()
	}()
}

// stop cancels a comparison in progress; the lock is held.
func (c *Compare) stop() {
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
}

// request sends one non-streamed run and decodes its result.
func (c *Compare) request(method, path string, body []byte) (*sched.Result, error) {
	p := c.P
	done := make(chan struct{})
	var buf []byte
	var status int
	var rerr error
	cancel := p.Engine.Request(method, path, body, jsbridge.Handlers{
		Head:  func(s int) { status = s },
		Chunk: func(b []byte) { buf = append(buf, b...) },
		End:   func(err error) { rerr = err; close(done) },
	})
	p.env.Lock()
	c.cancel = func() { c.busy = false; cancel() }
	p.env.UnlockOnly()
	<-done
	if rerr != nil {
		return nil, rerr
	}
	if status != 200 {
		return nil, fmt.Errorf("%s", state.ErrorBody(status, buf))
	}
	var res sched.Result
	if err := json.Unmarshal(buf, &res); err != nil {
		return nil, fmt.Errorf("engine sent an unreadable result: %v", err)
	}
	return &res, nil
}

// rows are the metrics every compared policy reports; partialRows the
// others (most policies report a few of their own), folded away.
func (c *Compare) rows() []state.CompareRow {
	all, _ := state.SplitRows(state.Compare(c.Results))
	return all
}

func (c *Compare) partialRows() []state.CompareRow {
	_, some := state.SplitRows(state.Compare(c.Results))
	return some
}

func (c *Compare) partialLabel() string {
	n := len(c.partialRows())
	if c.ShowPartial {
		return "Hide the metrics only some policies report"
	}
	if n == 1 {
		return "Show 1 metric only some policies report"
	}
	return fmt.Sprintf("Show %d metrics only some policies report", n)
}

func (c *Compare) barStyle(cell state.CompareCell) string {
	return fmt.Sprintf("width: %.1f%%", 100*cell.Bar)
}

func (c *Compare) cellClass(cell state.CompareCell) string {
	if cell.Best {
		return "best"
	}
	return ""
}

// progress: the share of policies done.
func (c *Compare) progressStyle() string {
	if c.busy && c.N > 0 {
		return fmt.Sprintf("width: %.0f%%", 100*float64(c.Done)/float64(c.N))
	}
	return ""
}

func (c *Compare) progressNow() string {
	if c.busy && c.N > 0 {
		return strconv.Itoa(100 * c.Done / c.N)
	}
	return ""
}

func (c *Compare) progressText() string {
	return fmt.Sprintf("Comparing: %d of %d policies done", c.Done, c.N)
}
