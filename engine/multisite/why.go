package multisite

import (
	"math"
	"slices"
	"strconv"

	"gridplay/engine/backfill"
	"gridplay/engine/sched"
)

// A reason is what one resource selection decided for a job and what it
// weighed against (doc.go, "Why a job went where it did"). Select records
// one for every choice it returns; the run reads back the one the job
// started on: under EASY the last one returned for it, under
// conservative backfilling the latest with the least key (the core's
// compression rule). A placement that does not match its record (sites,
// node counts, start) gets no reason rather than a wrong one.
type reason struct {
	ok           bool
	now          float64 // the decision's time
	start, end   float64 // the choice's start and predicted finish
	key          float64
	sites, nodes []int
	kind         uint8 // what the strategy decided (kind* below)
	// The alternative the strategy weighed the choice against.
	alt      uint8 // alt* below, altNone when there is none
	altOK    bool  // the alternative exists (else: it cannot hold the job)
	altStart float64
	altEnd   float64
	altSites []int
	altNodes []int
	// While a selection runs, r holds no slices: the alternative's
	// sites and node counts are the selector's altSites[:nAlt] and
	// altNodes[:nAlt], the choice's are its candidate's (record).
	nAlt int
}

// Kinds of decision: greedy's two candidates, and the non-adaptive
// classes of section 6 (local, remote single site, several sites; at once
// or by reservation).
const (
	kindNone uint8 = iota
	kindInstant
	kindReserve
	kindLocalNow
	kindRemoteNow
	kindMultiNow
	kindLocal
	kindRemote
	kindMulti
)

// Alternatives a reason names.
const (
	altNone    uint8 = iota
	altSingle        // optimal: the best single site
	altOwn           // optimal: the job's own site
	altReserve       // greedy: the reservation candidate
	altInstant       // greedy: the instant candidate
)

// setAlt names the alternative c in r (ok: it exists), its sites and
// node counts copied into the selector's scratch.
func (s *selector) setAlt(r *reason, kind uint8, c *cand, ok bool) {
	r.alt, r.altOK, r.nAlt = kind, ok, 0
	if ok {
		r.altStart, r.altEnd, r.nAlt = c.start, c.finish(), len(c.sites)
		for i, x := range c.sites {
			s.altSites[i] = x
		}
		for i, x := range c.nodes {
			s.altNodes[i] = x
		}
	}
}

// saved is a reason as the selector keeps it per job: the same numbers,
// with the sites and node counts in the selector's store (offsets, not
// slices), so the per-job records hold no pointers and the collector
// never scans them.
type saved struct {
	ok, altOK                            bool
	kind, alt                            uint8
	now, start, end, key                 float64
	altStart, altEnd                     float64
	off, room                            int // store[off:off+room] is this record's
	nSites, nNodes, nAltSites, nAltNodes int
}

// record keeps the reason of the choice c just returned for job j.
func (s *selector) record(j int, now float64, c *cand, key float64, r *reason) {
	r.ok, r.now, r.start, r.end, r.key = true, now, c.start, c.finish(), key
	if s.last != nil {
		s.save(&s.last[j], r, c)
	}
	if s.kept != nil {
		if k := &s.kept[j]; !k.ok || key <= k.key {
			s.save(k, r, c)
		}
	}
}

// save copies r, with the sites and node counts of its choice x and of
// its alternative (setAlt), into dst, the counts into dst's room in the
// store (a new room at the store's end when they do not fit).
func (s *selector) save(dst *saved, r *reason, x *cand) {
	dst.ok, dst.altOK, dst.kind, dst.alt = r.ok, r.altOK, r.kind, r.alt
	dst.now, dst.start, dst.end, dst.key, dst.altStart, dst.altEnd = r.now, r.start, r.end, r.key, r.altStart, r.altEnd
	a, b, c, d := len(x.sites), len(x.nodes), r.nAlt, r.nAlt
	dst.nSites, dst.nNodes, dst.nAltSites, dst.nAltNodes = a, b, c, d
	if need := a + b + c + d; need > dst.room {
		dst.off, dst.room = len(s.store), need
		s.store = slices.Grow(s.store, need)[:len(s.store)+need]
	}
	// A few ints each: loops, not a memmove call per slice.
	st := s.store[dst.off : dst.off+dst.room]
	for i, v := range x.sites {
		st[i] = v
	}
	st = st[a:]
	for i, v := range x.nodes {
		st[i] = v
	}
	st = st[b:]
	for i, v := range s.altSites[:c] {
		st[i] = v
	}
	st = st[c:]
	for i, v := range s.altNodes[:d] {
		st[i] = v
	}
}

// load is the reason a saved record holds, its slices in the store.
func (s *selector) load(x *saved) reason {
	st := s.store[x.off : x.off+x.room : x.off+x.room]
	a, b, c, d := x.nSites, x.nNodes, x.nAltSites, x.nAltNodes
	return reason{ok: x.ok, now: x.now, start: x.start, end: x.end, key: x.key,
		sites: st[:a:a], nodes: st[a : a+b : a+b], kind: x.kind, alt: x.alt, altOK: x.altOK,
		altStart: x.altStart, altEnd: x.altEnd, altSites: st[a+b : a+b+c : a+b+c], altNodes: st[a+b+c : a+b+c+d : a+b+c+d]}
}

// explain fills Placement.Why from the recorded reasons (see reason).
func (s *selector) explain(res *sched.Result, mode backfill.Mode, index map[string]int) {
	for p := range res.Schedule {
		pl := &res.Schedule[p]
		j, ok := index[pl.Job]
		if !ok {
			continue
		}
		var x *saved
		if mode == backfill.EASY {
			x = &s.last[j]
		} else {
			x = &s.kept[j]
		}
		if r := s.load(x); r.ok && r.start == pl.Start && s.matches(&r, pl) {
			pl.Why = s.text(j, &r)
		}
	}
}

// matches reports whether the placement ran on the sites and node counts
// of the reason.
func (s *selector) matches(r *reason, pl *sched.Placement) bool {
	if len(pl.Alloc) != len(r.sites) {
		return false
	}
	for i, a := range pl.Alloc {
		if a.Cluster != s.sys.ids[r.sites[i]] || len(a.Nodes) != r.nodes[i] {
			return false
		}
	}
	return true
}

// text is the one-sentence reason of a placement, from the numbers of the
// decision (eq. 1-2 predictions, in seconds of simulated time).
func (s *selector) text(j int, r *reason) string {
	jb := &s.jobs[j]
	own := s.sys.ids[jb.origin]
	w := &s.sentence
	if w.s != s {
		w.s = s
	}
	w.b = w.b[:0] // resliced from 0: no pointer written
	switch s.strat {
	case Optimal:
		w.str("Optimal (Alg. 2): ")
		w.when(r)
		if len(r.sites) == 1 && r.sites[0] == jb.origin {
			w.str(" its own site ", own)
		} else {
			w.str(" ")
			w.where(r.sites, r.nodes)
		}
		w.str(", predicted to finish at ")
		w.at(r.end)
		w.str(" (", eq(r.sites), ")")
		switch {
		case r.alt == altSingle && r.altOK:
			w.str("; the best single site, ")
			w.where(r.altSites, r.altNodes)
			w.str(", would finish at ")
			w.at(r.altEnd)
		case r.alt == altSingle:
			w.str("; no single site has ")
			w.int(jb.size)
			w.str(" nodes")
		case r.alt == altOwn && r.altOK:
			w.str("; its own site ", own, " would finish at ")
			w.at(r.altEnd)
		case r.alt == altOwn:
			w.str("; its own site ", own, " has only ")
			w.int(s.sys.nodes[jb.origin])
			w.str(" nodes")
		default:
			w.str(", the earliest of every site and combination")
		}
	case Greedy:
		w.str("Greedy: ")
		w.when(r)
		w.str(" ")
		w.where(r.sites, r.nodes)
		if r.kind == kindInstant {
			w.str(", the fastest sites with idle nodes, predicted to finish at ")
			w.at(r.end)
			w.str(" (", eq(r.sites), ")")
			if r.altOK {
				w.str("; reserving the fastest sites that hold ")
				w.int(jb.size)
				w.str(" nodes (")
				w.where(r.altSites, nil)
				w.str(") would finish at ")
				w.at(r.altEnd)
			}
		} else {
			w.str(", the fastest sites that hold ")
			w.int(jb.size)
			w.str(" nodes, predicted to finish at ")
			w.at(r.end)
			w.str(" (", eq(r.sites), ")")
			if r.altOK {
				w.str("; starting at once on the fastest idle nodes (")
				w.where(r.altSites, r.altNodes)
				w.str(") would finish at ")
				w.at(r.altEnd)
			} else {
				w.str("; the idle nodes could not hold it at once")
			}
		}
	default:
		w.str("Non-adaptive (section 6): ")
		if !s.strict && r.kind >= kindLocal {
			w.str("nothing could start at once, so ")
		}
		switch r.kind {
		case kindLocalNow:
			w.str("at once on its own site ", own)
		case kindRemoteNow:
			w.str("its own site ", own, " had fewer than ")
			w.int(jb.size)
			w.str(" nodes idle for the run, so at once on the remote site ")
			w.where(r.sites, nil)
		case kindMultiNow:
			w.str("no single site had ")
			w.int(jb.size)
			w.str(" nodes idle for the run, so at once on ")
			w.where(r.sites, r.nodes)
			w.str(", its own site first")
		case kindLocal:
			w.when(r)
			w.str(" its own site ", own)
		case kindRemote:
			w.str("its own site ", own, " has only ")
			w.int(s.sys.nodes[jb.origin])
			w.str(" nodes, so ")
			w.when(r)
			w.str(" the remote site with the earliest start, ")
			w.where(r.sites, nil)
		case kindMulti:
			w.str("no single site has ")
			w.int(jb.size)
			w.str(" nodes, so ")
			w.when(r)
			w.str(" ")
			w.where(r.sites, r.nodes)
			w.str(", its own site first")
		}
	}
	w.str(".")
	return string(w.b)
}

// sentence writes a reason's text piece by piece into one buffer, kept
// by the selector for the next text: each text allocates only its string.
type sentence struct {
	s *selector
	b []byte
}

func (w *sentence) str(parts ...string) {
	for _, p := range parts {
		w.b = append(w.b, p...)
	}
}

func (w *sentence) int(n int) { w.b = strconv.AppendInt(w.b, int64(n), 10) }

// when says whether the choice starts at the decision or later.
func (w *sentence) when(r *reason) {
	if r.start <= r.now {
		w.str("at once on")
		return
	}
	w.str("reserved from ")
	w.at(r.start)
	w.str(" on")
}

// where names sites, with the nodes taken on each when there are several.
func (w *sentence) where(sites, nodes []int) {
	for i, x := range sites {
		if i > 0 {
			w.b = append(w.b, '+')
		}
		w.b = append(w.b, w.s.sys.ids[x]...)
	}
	if len(sites) > 1 && len(nodes) == len(sites) {
		w.str(" (")
		for i, n := range nodes {
			if i > 0 {
				w.b = append(w.b, '+')
			}
			w.int(n)
		}
		w.str(" nodes)")
	}
}

func eq(sites []int) string {
	if len(sites) > 1 {
		return "eq. 2"
	}
	return "eq. 1"
}

// at writes a simulated time to a tenth of a second.
func (w *sentence) at(t float64) {
	w.str("t = ")
	w.b = strconv.AppendFloat(w.b, math.Round(t*10)/10, 'f', -1, 64)
	w.str(" s")
}
