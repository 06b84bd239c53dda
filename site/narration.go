package main

import (
	"github.com/vugu/vugu/js"

	"gridplay/site/frames"
	"gridplay/site/gantt"
	"gridplay/site/paint"
	"gridplay/site/state"
)

// Narration is the sentence under the chart that says what the frame at
// the playback clock means (site/frames.Narrate), or, when no frame
// explains it, what the chart shows at that time. It follows the clock:
// the ticker repaints it with the chart (Page.tick), and its terms link
// to the glossary.
type Narration struct {
	P *Page
}

func (c *Narration) paint(v js.Value) {
	paint.Narration(v, c.P.narration(), c.P.App.Player.Playing)
	c.P.postClock()
}

// BigSchedule is the size above which the narration of the chart is
// computed when the replay is paused only (it scans the schedule).
const BigSchedule = 5000

// narration says what the frame (or the chart) at the clock means.
func (p *Page) narration() []frames.Seg {
	a := p.App
	switch {
	case a.Result == nil && a.Status == state.StatusRunning:
		return []frames.Seg{{Text: "The engine is scheduling " + a.Scenario.Policy.Name + "; the chart appears as soon as it answers."}}
	case a.Result == nil:
		return nil
	}
	pl := frames.PlatformOf(a.Scenario)
	var tf gantt.Times // the chart's, once it is laid out
	if p.chart != nil {
		tf = p.chart.Times()
	}
	return append(p.scriptNarration(), p.narrationBody(a, pl, tf)...)
}

// narrationBody is the narration of the frame or the chart at the clock.
func (p *Page) narrationBody(a *state.App, pl frames.Platform, tf gantt.Times) []frames.Seg {
	if p.View != "" {
		n := p.frameCount()
		if s := frames.Narrate(p.View, a.Frames, n, pl, tf); s != nil {
			// An event before the clock is said to be the latest one.
			if frames.InTime(p.View) && n > 0 && a.Frames[n-1].T < a.Player.T-1e-9 {
				s = frames.Earlier(s)
			}
			return s
		}
	}
	if len(a.Result.Schedule) > BigSchedule && a.Player.Playing {
		return nil
	}
	return frames.NarrateSchedule(a.Result, p.submits(), a.Scenario.Platform.TotalNodes(), a.Player.T, tf)
}

// submits maps job ids to submit times, nil for a generated workload
// (its jobs are made in the engine).
func (p *Page) submits() map[string]float64 {
	s := p.App.Scenario
	if len(s.Jobs) == 0 {
		return nil
	}
	if k := p.runKey(); p.subFor != k {
		p.subMap = make(map[string]float64, len(s.Jobs))
		for _, j := range s.Jobs {
			p.subMap[j.ID] = j.Submit
		}
		p.subFor = k
	}
	return p.subMap
}
