package state

import "math"

// Player is the playback clock of the Gantt chart: simulated time T runs
// from 0 to End while Playing, at Speed simulated seconds per wall second.
type Player struct {
	// T runs from Start to End: the schedule's span, from its first
	// submit (a trace keeps its own times, so Start may be far from 0).
	T, Start, End float64
	Playing       bool
	// Speed in simulated seconds per wall second; 0 means End/Duration.
	Speed float64
	// Stops are times the replay pauses at (a lesson's steps), in
	// increasing order; Stopped is the number (from 1) of the stop it
	// paused at last, 0 when none.
	Stops   []float64
	Stopped int
}

// Duration is the wall time a replay takes at the default speed, in
// seconds.
const Duration = 6.0

// Play starts the replay, from Start when it had reached the end. It
// leaves the stop it paused at (the lesson card no longer says "Paused
// here").
func (p *Player) Play() {
	if p.span() <= 0 {
		return
	}
	if p.T >= p.End {
		p.T = p.Start
	}
	p.Playing = true
	p.Stopped = 0
}

// span is the length of the replay, End - Start.
func (p *Player) span() float64 { return p.End - p.Start }

// Pause stops the replay where it is.
func (p *Player) Pause() { p.Playing = false }

// Tick advances the clock by dt wall seconds and reports whether T moved.
func (p *Player) Tick(dt float64) bool {
	if !p.Playing || dt <= 0 {
		return false
	}
	speed := p.Speed
	if speed <= 0 {
		speed = p.span() / Duration
	}
	next := p.T + dt*speed
	// A stop ahead of the clock, reached in this tick, pauses the
	// replay there (a stop exactly at the clock is where it paused).
	for i, st := range p.Stops {
		if st > p.T+1e-9 && st <= next && st <= p.End {
			p.T, p.Playing, p.Stopped = st, false, i+1
			return true
		}
	}
	p.T = next
	if p.T >= p.End {
		p.T = p.End
		p.Playing = false
	}
	return true
}

// Progress is how far T is from Start to End, in [0, 1].
func (p *Player) Progress() float64 {
	if p.span() <= 0 {
		return 1
	}
	return (p.T - p.Start) / p.span()
}

// At is the time a share f of the replay in: Start + f (End - Start).
func (p *Player) At(f float64) float64 { return p.Start + f*p.span() }

// Steps is how many positions the step buttons and arrow keys visit: one
// per animation frame when there are many, else fifty over the schedule.
func (p *Player) Steps(frames int) int { return max(frames, 50) }

// Step moves the clock by n steps (negative steps back) and pauses.
func (p *Player) Step(n, frames int) {
	p.Playing = false
	if p.span() <= 0 {
		return
	}
	k := float64(p.Steps(frames))
	i := math.Round(p.Progress()*k) + float64(n)
	p.Seek(p.At(i / k))
}

// Seek sets the clock, clamped to [Start, End], away from any stop (a
// lesson's step sets Stopped after seeking to it).
func (p *Player) Seek(t float64) {
	p.Stopped = 0
	if math.IsNaN(t) || t < p.Start {
		t = p.Start
	}
	if t > p.End {
		t = p.End
	}
	p.T = t
}

// FrameIndex is the number of frames shown at the clock's position:
// frames are spread evenly over the replay, so the scrubber reaches
// every one of them.
func (p *Player) FrameIndex(frames int) int {
	if frames == 0 {
		return 0
	}
	return int(math.Ceil(p.Progress()*float64(frames) - 1e-9))
}
