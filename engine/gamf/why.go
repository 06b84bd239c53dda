package gamf

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Placement.Why: each method's own one-sentence reason for a job's
// placement, computed from the decision it made. The greedy methods
// write theirs as they place (heur.go); the searches (GA-MF, GA-MA,
// HILL) describe where their best schedule put the job (searchWhy).

// ordinal is 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st, ...
func ordinal(n int) string {
	suf := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suf = "st"
		case 2:
			suf = "nd"
		case 3:
			suf = "rd"
		}
	}
	return strconv.Itoa(n) + suf
}

// secs prints a time in whole seconds.
func secs(t float64) string { return strconv.FormatFloat(t, 'f', 0, 64) }

// clusterList names the clusters of nodes with their task counts, in
// platform order: "c1 x30 + c3 x15"; with mips, each cluster's power too.
func (p *problem) clusterList(nodes []int32, mips bool) string {
	cnt := make([]int, p.nclu)
	for _, r := range nodes {
		cnt[p.cluOf[r]]++
	}
	var parts []string
	for k, c := range cnt {
		if c == 0 {
			continue
		}
		s := p.cluIDs[k] + " x" + strconv.Itoa(c)
		if mips {
			s += " at " + strconv.FormatFloat(p.mips[k], 'g', -1, 64) + " MIPS"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " + ")
}

// searchWhy describes, for each job, where the best schedule of a search
// put it: its place in the job order, its clusters, what it waited for,
// and how much slower than its base time it ran and why (PS_j, and CS_j
// at its most saturated, from ev's decode of a with tracking on).
func searchWhy(p *problem, ev *evaluator, a *indiv, what string) []string {
	pos := make([]int, p.n)
	for i, j := range a.order {
		pos[j] = i
	}
	// The predecessor whose end released the job: one ending at its start.
	after := slices.Repeat([]int32{-1}, p.n)
	for _, q := range a.order {
		for _, s := range ev.succ[q] {
			if after[s] < 0 && ev.end[q] == ev.start[s] {
				after[s] = q
			}
		}
	}
	out := make([]string, p.n)
	for j := 0; j < p.n; j++ {
		start := "started at " + secs(ev.start[j]) + " s"
		switch {
		case after[j] >= 0:
			start += " when job " + p.ids[after[j]] + " released its nodes"
		case ev.start[j] == p.release[j] && p.release[j] > 0:
			start += ", its submission"
		}
		slow := fmt.Sprintf("ran %.2fx its base time (PS %.2f", (ev.end[j]-ev.start[j])/p.tb[j], ev.psj[j])
		if ev.csMax[j] > 1 {
			slow += fmt.Sprintf(", links saturated up to CS %.2f)", ev.csMax[j])
		} else {
			slow += ", no saturated link)"
		}
		out[j] = fmt.Sprintf("%s: %s of %d in the job order, on %s; %s; %s.",
			what, ordinal(pos[j]+1), p.n, p.clusterList(a.alloc[p.off[j]:p.off[j+1]], false), start, slow)
	}
	return out
}
