package main

import (
	"strconv"
	"time"

	"gridplay/site/frames"
	"gridplay/site/jsbridge"
	"gridplay/site/paint"
)

// Playback: the clock (state.Player) runs over the schedule; the Gantt
// chart, the animation view and the narration follow it. play is called
// from a DOM event handler or with the lock held.
func (p *Page) play() {
	if p.offstage {
		p.resume = true
		p.publishReplay()
		return
	}
	p.App.Player.Play()
	p.replay.from = p.App.Player.T
	if p.App.Player.Playing && !p.ticking {
		p.ticking = true
		go p.tick()
	}
	p.publishReplay()
}

// replayLog is what the replay did, published for the browser tests
// (gridplayTest.published.replay): where it last started to play, where
// it left the stage, and the ticks that moved it offstage (none).
type replayLog struct {
	from, left    float64
	movedOffstage int
}

// publishReplay publishes the replay's state; the lock is held.
func (p *Page) publishReplay() {
	pl := &p.App.Player
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	jsbridge.Publish("replay", `{"t":`+f(pl.T)+`,"end":`+f(pl.End)+`,"playing":`+strconv.FormatBool(pl.Playing)+
		`,"offstage":`+strconv.FormatBool(p.offstage)+`,"waiting":`+strconv.FormatBool(p.resume)+
		`,"from":`+f(p.replay.from)+`,"left":`+f(p.replay.left)+`,"movedOffstage":`+strconv.Itoa(p.replay.movedOffstage)+`}`)
}

func (p *Page) pause() { p.App.Player.Pause() }

// setOffstage says whether the playground is hidden behind another view;
// its replay plays only on stage. The lock is held.
func (p *Page) setOffstage(off bool) {
	p.offstage = off
	if off && p.App.Player.Playing {
		p.App.Player.Pause()
		p.resume = true
		p.replay.left = p.App.Player.T
	}
	if !off && p.resume {
		p.resume = false
		p.play()
	}
	p.publishReplay()
}

func (p *Page) toggle() {
	if p.App.Player.Playing {
		p.pause()
	} else {
		p.play()
	}
}

func (p *Page) step(n int) { p.App.Player.Step(n, len(p.App.Frames)) }

func (p *Page) seek(t float64) {
	p.App.Player.Playing = false
	p.App.Player.Seek(t)
}

// frameCount is the number of animation frames shown at the clock.
func (p *Page) frameCount() int { return frames.Shown(p.View, p.App.Frames, &p.App.Player) }

// MaxTickStep is the most wall time one tick of the replay counts, in
// seconds: when the page's thread was held longer, the replay slows down
// instead of jumping ahead unseen.
const MaxTickStep = 0.1

// tick advances the playback clock at about 25 frames a second; render
// requests are not merged by Vugu, so the rate is throttled here.
func (p *Page) tick() {
	defer p.recoverGo()
	const step = 40 * time.Millisecond
	last := time.Now()
	for {
		time.Sleep(step)
		now := time.Now()
		p.env.Lock()
		t0 := p.App.Player.T
		p.App.Player.Tick(min(now.Sub(last).Seconds(), MaxTickStep))
		last = now
		if p.offstage && p.App.Player.T != t0 {
			p.replay.movedOffstage++
		}
		// Only the canvases, the clock and the scrubber change while
		// playing: draw them directly, no page render (the last tick
		// too: a render does not set back the scrubber).
		pl := &p.App.Player
		if !p.offstage {
			paint.Now(p.chart, pl.T, p.View, p.App.Frames, p.frameCount(), frames.PlatformOf(p.App.Scenario),
				Clock(p.chart, pl, p.View, p.App.Frames, p.App.Status), ScrubValue(pl))
			paint.Narration(jsbridge.ByID("narration"), p.narration(), pl.Playing)
			if p.onFrame != nil {
				p.onFrame()
			}
		}
		p.postClock()
		p.publishReplay()
		if !pl.Playing {
			p.ticking = false
			p.env.UnlockRender()
			return
		}
		p.env.UnlockOnly()
	}
}

// keys handles the keyboard: space plays and pauses, the arrows step,
// Ctrl+Z undoes and Ctrl+Shift+Z (or Ctrl+Y) redoes.
func (p *Page) keys() {
	for k := range jsbridge.OnKeys() {
		p.key(k)
	}
}

// key handles one key press; the embed takes only play, pause and step.
func (p *Page) key(k jsbridge.Key) {
	defer p.recoverGo()
	p.env.Lock()
	switch {
	case k.Key == " ":
		p.toggle()
	case k.Key == "ArrowRight":
		p.step(1)
	case k.Key == "ArrowLeft":
		p.step(-1)
	case p.IsEmbed:
	case k.Ctrl && (k.Key == "y" || (k.Key == "z" && k.Shift)):
		p.redo()
	case k.Ctrl && k.Key == "z":
		p.undo()
	}
	p.env.UnlockRender()
}
