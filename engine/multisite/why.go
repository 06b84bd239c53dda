package multisite

import (
	"fmt"
	"math"
	"strconv"
	"strings"

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
	// altNodes[:nAlt], the choice's are its candidate's (save copies
	// them into the job's record).
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
		copy(s.altSites, c.sites)
		copy(s.altNodes, c.nodes)
	}
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

// save copies r into dst, with the sites and node counts of its choice x
// and of its alternative (setAlt), reusing dst's slices.
func (s *selector) save(dst *reason, r *reason, x *cand) {
	sites, nodes, altSites, altNodes := dst.sites, dst.nodes, dst.altSites, dst.altNodes
	*dst = *r
	dst.sites = append(sites[:0], x.sites...)
	dst.nodes = append(nodes[:0], x.nodes...)
	dst.altSites = append(altSites[:0], s.altSites[:r.nAlt]...)
	dst.altNodes = append(altNodes[:0], s.altNodes[:r.nAlt]...)
}

// explain fills Placement.Why from the recorded reasons (see reason).
func (s *selector) explain(res *sched.Result, mode backfill.Mode, index map[string]int) {
	for p := range res.Schedule {
		pl := &res.Schedule[p]
		j, ok := index[pl.Job]
		if !ok {
			continue
		}
		var r *reason
		if mode == backfill.EASY {
			r = &s.last[j]
		} else {
			r = &s.kept[j]
		}
		if r.ok && r.start == pl.Start && s.matches(r, pl) {
			pl.Why = s.text(j, r)
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
	var w strings.Builder
	switch s.strat {
	case Optimal:
		w.WriteString("Optimal (Alg. 2): " + when(r))
		if len(r.sites) == 1 && r.sites[0] == jb.origin {
			w.WriteString(" its own site " + own)
		} else {
			w.WriteString(" " + s.where(r.sites, r.nodes))
		}
		fmt.Fprintf(&w, ", predicted to finish at %s (%s)", at(r.end), eq(r.sites))
		switch {
		case r.alt == altSingle && r.altOK:
			fmt.Fprintf(&w, "; the best single site, %s, would finish at %s", s.where(r.altSites, r.altNodes), at(r.altEnd))
		case r.alt == altSingle:
			fmt.Fprintf(&w, "; no single site has %d nodes", jb.size)
		case r.alt == altOwn && r.altOK:
			fmt.Fprintf(&w, "; its own site %s would finish at %s", own, at(r.altEnd))
		case r.alt == altOwn:
			fmt.Fprintf(&w, "; its own site %s has only %d nodes", own, s.sys.nodes[jb.origin])
		default:
			w.WriteString(", the earliest of every site and combination")
		}
	case Greedy:
		fmt.Fprintf(&w, "Greedy: %s %s", when(r), s.where(r.sites, r.nodes))
		if r.kind == kindInstant {
			fmt.Fprintf(&w, ", the fastest sites with idle nodes, predicted to finish at %s (%s)", at(r.end), eq(r.sites))
			if r.altOK {
				fmt.Fprintf(&w, "; reserving the fastest sites that hold %d nodes (%s) would finish at %s", jb.size, s.where(r.altSites, nil), at(r.altEnd))
			}
		} else {
			fmt.Fprintf(&w, ", the fastest sites that hold %d nodes, predicted to finish at %s (%s)", jb.size, at(r.end), eq(r.sites))
			if r.altOK {
				fmt.Fprintf(&w, "; starting at once on the fastest idle nodes (%s) would finish at %s", s.where(r.altSites, r.altNodes), at(r.altEnd))
			} else {
				w.WriteString("; the idle nodes could not hold it at once")
			}
		}
	default:
		w.WriteString("Non-adaptive (section 6): ")
		if !s.strict && r.kind >= kindLocal {
			w.WriteString("nothing could start at once, so ")
		}
		switch r.kind {
		case kindLocalNow:
			w.WriteString("at once on its own site " + own)
		case kindRemoteNow:
			fmt.Fprintf(&w, "its own site %s had fewer than %d nodes idle for the run, so at once on the remote site %s", own, jb.size, s.where(r.sites, nil))
		case kindMultiNow:
			fmt.Fprintf(&w, "no single site had %d nodes idle for the run, so at once on %s, its own site first", jb.size, s.where(r.sites, r.nodes))
		case kindLocal:
			fmt.Fprintf(&w, "%s its own site %s", when(r), own)
		case kindRemote:
			fmt.Fprintf(&w, "its own site %s has only %d nodes, so %s the remote site with the earliest start, %s", own, s.sys.nodes[jb.origin], when(r), s.where(r.sites, nil))
		case kindMulti:
			fmt.Fprintf(&w, "no single site has %d nodes, so %s %s, its own site first", jb.size, when(r), s.where(r.sites, r.nodes))
		}
	}
	w.WriteString(".")
	return w.String()
}

// when says whether the choice starts at the decision or later.
func when(r *reason) string {
	if r.start <= r.now {
		return "at once on"
	}
	return "reserved from " + at(r.start) + " on"
}

// where names sites, with the nodes taken on each when there are several.
func (s *selector) where(sites, nodes []int) string {
	var ids, ns []string
	for _, x := range sites {
		ids = append(ids, s.sys.ids[x])
	}
	if len(sites) > 1 && len(nodes) == len(sites) {
		for _, n := range nodes {
			ns = append(ns, strconv.Itoa(n))
		}
		return strings.Join(ids, "+") + " (" + strings.Join(ns, "+") + " nodes)"
	}
	return strings.Join(ids, "+")
}

func eq(sites []int) string {
	if len(sites) > 1 {
		return "eq. 2"
	}
	return "eq. 1"
}

// at is a simulated time to a tenth of a second.
func at(t float64) string {
	return "t = " + strconv.FormatFloat(math.Round(t*10)/10, 'f', -1, 64) + " s"
}
