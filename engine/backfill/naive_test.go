package backfill

import (
	"sort"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
)

// The reference implementations below follow the textbook definitions
// directly and share no code with the core: classic EASY with a list of
// running jobs and the shadow-time/extra-nodes rule (Lifka), and
// conservative backfilling over an array of free processors per second
// (Mu'alem & Feitelson). They work on integer times.

type nj struct {
	submit, est, run float64
	size, idx        int
}

func naiveJobs(s *model.Scenario) []nj {
	var js []nj
	for i, j := range s.Jobs {
		est := j.Estimate()
		js = append(js, nj{j.Submit, est, min(j.Runtime, est), j.Size, i})
	}
	sort.SliceStable(js, func(a, b int) bool { return js[a].submit < js[b].submit })
	return js
}

// eventTimes returns the next time > t among pending arrivals and ends.
func nextTime(js []nj, next int, ends []float64, t float64) float64 {
	x := 1e300
	if next < len(js) {
		x = js[next].submit
	}
	for _, e := range ends {
		if e > t && e < x {
			x = e
		}
	}
	return x
}

// naiveEASY returns the start time of every job (by scenario index).
func naiveEASY(s *model.Scenario) map[int]float64 {
	N := s.Platform.Clusters[0].Nodes
	js := naiveJobs(s)
	start := map[int]float64{}
	type rj struct {
		estEnd, end float64
		size        int
	}
	var running []rj
	var queue []nj
	next := 0
	t := -1.0
	again := false // a job started at t also ended at t: pass again at t
	for {
		if !again {
			var ends []float64
			for _, r := range running {
				ends = append(ends, r.end)
			}
			t = nextTime(js, next, ends, t)
			if t >= 1e300 {
				break
			}
		}
		keep := running[:0]
		for _, r := range running {
			if r.end > t {
				keep = append(keep, r)
			}
		}
		running = keep
		for next < len(js) && js[next].submit <= t {
			if js[next].size <= N {
				queue = append(queue, js[next])
			}
			next++
		}
		free := N
		for _, r := range running {
			free -= r.size
		}
		// Start from the head while it fits.
		for len(queue) > 0 && queue[0].size <= free {
			j := queue[0]
			queue = queue[1:]
			start[j.idx] = t
			running = append(running, rj{t + j.est, t + j.run, j.size})
			free -= j.size
		}
		again = false
		for _, r := range running {
			again = again || r.end <= t
		}
		if len(queue) == 0 {
			continue
		}
		// Shadow time and extra nodes for the head.
		rs := append([]rj(nil), running...)
		sort.SliceStable(rs, func(a, b int) bool { return rs[a].estEnd < rs[b].estEnd })
		avail, shadow := free, t
		for _, r := range rs {
			// Extra nodes are those free at the shadow time: every job
			// that ends at the shadow time counts.
			if avail >= queue[0].size && r.estEnd > shadow {
				break
			}
			avail += r.size
			shadow = r.estEnd
		}
		extra := avail - queue[0].size
		rest := queue[:1]
		for _, j := range queue[1:] {
			if j.size <= free && (t+j.est <= shadow || j.size <= extra) {
				start[j.idx] = t
				running = append(running, rj{t + j.est, t + j.run, j.size})
				free -= j.size
				if t+j.est > shadow {
					extra -= j.size
				}
				continue
			}
			rest = append(rest, j)
		}
		queue = rest
		for _, r := range running {
			again = again || r.end <= t
		}
	}
	return start
}

// naiveConservative returns the start time of every job, with an array of
// free processors per second as the profile.
func naiveConservative(s *model.Scenario) map[int]float64 {
	N := s.Platform.Clusters[0].Nodes
	js := naiveJobs(s)
	H := 0
	for _, j := range js {
		H = max(H, int(j.submit))
		H += int(j.est) + 1
	}
	H += 10
	free := make([]int, H)
	for i := range free {
		free[i] = N
	}
	earliest := func(t, size, dur int) int {
		for s := t; ; s++ {
			ok := true
			for u := s; u < s+max(dur, 1) && ok; u++ {
				ok = free[u] >= size
			}
			if ok {
				return s
			}
		}
	}
	add := func(a, b, d int) {
		for u := a; u < b; u++ {
			free[u] += d
		}
	}
	start := map[int]float64{}
	res := map[int]int{} // reserved start by idx, for waiting jobs
	type rj struct {
		start, est, end int
		size            int
	}
	var running []rj
	var queue []nj
	next := 0
	t := -1.0
	for {
		var ends []float64
		for _, r := range running {
			ends = append(ends, float64(r.end))
		}
		for _, j := range queue {
			ends = append(ends, float64(res[j.idx]))
		}
		t = nextTime(js, next, ends, t)
		if t >= 1e300 {
			break
		}
		ti := int(t)
		early := false
		keep := running[:0]
		for _, r := range running {
			if r.end > ti {
				keep = append(keep, r)
				continue
			}
			if r.end < r.start+r.est {
				add(r.end, r.start+r.est, r.size)
				early = true
			}
		}
		running = keep
		if early {
			for _, j := range queue {
				add(res[j.idx], res[j.idx]+int(j.est), j.size)
				res[j.idx] = earliest(ti, j.size, int(j.est))
				add(res[j.idx], res[j.idx]+int(j.est), -j.size)
			}
		}
		for next < len(js) && js[next].submit <= t {
			j := js[next]
			next++
			if j.size > N {
				continue
			}
			res[j.idx] = earliest(ti, j.size, int(j.est))
			add(res[j.idx], res[j.idx]+int(j.est), -j.size)
			queue = append(queue, j)
		}
		rest := queue[:0]
		for _, j := range queue {
			if res[j.idx] == ti {
				start[j.idx] = t
				running = append(running, rj{ti, int(j.est), ti + int(j.run), j.size})
				continue
			}
			rest = append(rest, j)
		}
		queue = rest
	}
	return start
}

// TestAgainstReference compares the core with the reference
// implementations on random workloads with positive integer times.
func TestAgainstReference(t *testing.T) {
	r := rng.NewPCG(11, 12)
	for trial := 0; trial < 200; trial++ {
		nodes := 1 + r.IntN(10)
		s := randomScenario(r, "", nodes, 5+r.IntN(50))
		for i := range s.Jobs {
			// The reference handles zero-length jobs differently (they
			// hold nothing there); keep runtimes and estimates >= 1.
			s.Jobs[i].Runtime = max(s.Jobs[i].Runtime, 1)
			s.Jobs[i].Requested = max(s.Jobs[i].Requested, 1)
		}
		for _, c := range []struct {
			mode Mode
			ref  func(*model.Scenario) map[int]float64
		}{{EASY, naiveEASY}, {Conservative, naiveConservative}} {
			s.Policy.Name = c.mode.String()
			want := c.ref(s)
			res := run(t, s, nil)
			got := map[string]float64{}
			for _, p := range res.Schedule {
				got[p.Job] = p.Start
			}
			if len(got) != len(want) {
				t.Fatalf("trial %d %s: %d jobs ran, reference %d", trial, c.mode, len(got), len(want))
			}
			for i, st := range want {
				if got[s.Jobs[i].ID] != st {
					t.Fatalf("trial %d %s: %s starts at %g, reference %g", trial, c.mode, s.Jobs[i].ID, got[s.Jobs[i].ID], st)
				}
			}
		}
	}
}
