package state

import "math"

// Player is the playback clock of the Gantt chart: simulated time T runs
// from 0 to End while Playing, at Speed simulated seconds per wall second.
type Player struct {
	T       float64
	End     float64
	Playing bool
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

// Play starts the replay, from 0 when it had reached the end. It leaves
// the stop it paused at (the lesson card no longer says "Paused here").
func (p *Player) Play() {
	if p.End <= 0 {
		return
	}
	if p.T >= p.End {
		p.T = 0
	}
	p.Playing = true
	p.Stopped = 0
}

// Pause stops the replay where it is.
func (p *Player) Pause() { p.Playing = false }

// Tick advances the clock by dt wall seconds and reports whether T moved.
func (p *Player) Tick(dt float64) bool {
	if !p.Playing || dt <= 0 {
		return false
	}
	speed := p.Speed
	if speed <= 0 {
		speed = p.End / Duration
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

// Progress is T as a share of End, in [0, 1].
func (p *Player) Progress() float64 {
	if p.End <= 0 {
		return 1
	}
	return p.T / p.End
}

// Steps is how many positions the step buttons and arrow keys visit: one
// per animation frame when there are many, else fifty over the schedule.
func (p *Player) Steps(frames int) int {
	if frames < 50 {
		return 50
	}
	return frames
}

// Step moves the clock by n steps (negative steps back) and pauses.
func (p *Player) Step(n, frames int) {
	p.Playing = false
	if p.End <= 0 {
		return
	}
	k := float64(p.Steps(frames))
	i := math.Round(p.T/p.End*k) + float64(n)
	p.Seek(i / k * p.End)
}

// Seek sets the clock, clamped to [0, End], away from any stop (a
// lesson's step sets Stopped after seeking to it).
func (p *Player) Seek(t float64) {
	p.Stopped = 0
	if math.IsNaN(t) || t < 0 {
		t = 0
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
