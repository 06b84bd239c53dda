package analysis

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"math"
	"slices"

	"gridplay/engine/csvfmt"
	"gridplay/engine/sched"
	"gridplay/site/experiments"
)

// Move is one job's start under schedule A and under schedule B.
type Move struct {
	Job            string
	StartA, StartB float64
	EndA, EndB     float64
	// Delta is StartB - StartA: negative when the job started earlier
	// under B (and waited less).
	Delta float64
}

// Diff compares two schedules of the same jobs.
type Diff struct {
	A, B string
	// Moves are the jobs placed by both, largest |Delta| first (ties in
	// A's order).
	Moves []Move
	// Earlier, Later and Same count the moves by sign.
	Earlier, Later, Same int
	// MeanDelta is the mean of Delta over Moves.
	MeanDelta float64
	// OnlyA and OnlyB are the jobs placed by one policy only (the other
	// dropped them, or a multisite split renamed them).
	OnlyA, OnlyB []string
}

// Compare is the difference between schedules a and b: which jobs
// started earlier or later under b, by how much. A job placed several
// times (not a valid schedule) is taken at its first placement.
func Compare(a, b *sched.Result) *Diff {
	d := &Diff{A: a.Policy, B: b.Policy}
	inB := make(map[string]int, len(b.Schedule))
	for i := len(b.Schedule) - 1; i >= 0; i-- {
		inB[b.Schedule[i].Job] = i
	}
	seen := make(map[string]bool, len(a.Schedule))
	sum := 0.0
	for i := range a.Schedule {
		pa := &a.Schedule[i]
		if seen[pa.Job] {
			continue
		}
		seen[pa.Job] = true
		j, ok := inB[pa.Job]
		if !ok {
			d.OnlyA = append(d.OnlyA, pa.Job)
			continue
		}
		pb := &b.Schedule[j]
		m := Move{Job: pa.Job, StartA: pa.Start, StartB: pb.Start, EndA: pa.End, EndB: pb.End, Delta: pb.Start - pa.Start}
		switch {
		case m.Delta < 0:
			d.Earlier++
		case m.Delta > 0:
			d.Later++
		default:
			d.Same++
		}
		sum += m.Delta
		d.Moves = append(d.Moves, m)
	}
	for i := range b.Schedule {
		if !seen[b.Schedule[i].Job] {
			seen[b.Schedule[i].Job] = true
			d.OnlyB = append(d.OnlyB, b.Schedule[i].Job)
		}
	}
	if len(d.Moves) > 0 {
		d.MeanDelta = sum / float64(len(d.Moves))
	}
	slices.SortStableFunc(d.Moves, func(x, y Move) int { return cmp.Compare(math.Abs(y.Delta), math.Abs(x.Delta)) })
	return d
}

// Top is the n largest moves (fewer when there are fewer), leaving out
// jobs that did not move.
func (d *Diff) Top(n int) []Move {
	var out []Move
	for _, m := range d.Moves {
		if len(out) == n || m.Delta == 0 {
			break
		}
		out = append(out, m)
	}
	return out
}

// Figure is the difference Gantt of the n largest moves.
func (d *Diff) Figure(n int) string {
	var rows []experiments.PairRow
	for _, m := range d.Top(n) {
		rows = append(rows, experiments.PairRow{Label: m.Job, A0: m.StartA, A1: m.EndA, B0: m.StartB, B1: m.EndB})
	}
	title := "Largest moves from " + d.A + " to " + d.B
	if len(rows) == 0 {
		title = "No job started at another time under " + d.B + " than under " + d.A
	}
	return experiments.PairsSVG(title, d.A, d.B, rows)
}

// CSV lists every job placed by both, largest move first:
// job,start_a,start_b,delta,end_a,end_b (a and b named in the header).
func (d *Diff) CSV() []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"job", "start_" + d.A, "start_" + d.B, "delta", "end_" + d.A, "end_" + d.B})
	for _, m := range d.Moves {
		w.Write([]string{m.Job, csvfmt.Float(m.StartA), csvfmt.Float(m.StartB), csvfmt.Float(m.Delta), csvfmt.Float(m.EndA), csvfmt.Float(m.EndB)})
	}
	w.Flush()
	return b.Bytes()
}
