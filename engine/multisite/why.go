package multisite

import (
	"math"
	"strconv"
	"strings"

	"gridplay/engine/backfill"
	"gridplay/engine/sched"
)

// A reason is what one resource selection decided for a job and what it
// weighed against, kept so that the placement can say why the job went
// where it did (sched.Placement.Why). Select records one for every choice
// it returns; the backfilling core keeps some of those choices and drops
// others, and the run reads back the one the job started on:
//
//   - under EASY a job starts on the choice of the selection made at that
//     instant, the last one returned for it;
//   - under conservative backfilling a job starts on its reservation,
//     which the core replaces only by a choice whose key is no higher
//     (engine/backfill, compression), so it is the latest choice with the
//     least key.
//
// Each placement is checked against the record (same sites, node counts
// and start); a placement that does not match gets no reason rather than
// a wrong one.
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

func (r *reason) setAlt(kind uint8, c *cand, ok bool) {
	r.alt, r.altOK = kind, ok
	if ok {
		r.altStart, r.altEnd, r.altSites, r.altNodes = c.start, c.finish(), c.sites, c.nodes
	}
}

// record keeps the reason of the choice c just returned for job j. The
// candidates' sites and node counts live in the selection's scratch, so
// each kept reason copies them into storage of its own.
func (s *selector) record(j int, now float64, c *cand, key float64, r *reason) {
	r.ok, r.now, r.start, r.end, r.key, r.sites, r.nodes = true, now, c.start, c.finish(), key, c.sites, c.nodes
	s.save(&s.last[j], r)
	if k := &s.kept[j]; !k.ok || key <= k.key {
		s.save(k, r)
	}
}

// save copies r into dst, field by field (a whole-struct copy of
// pointers goes through the bulk write barrier while the collector
// marks), the slices into dst's own storage.
func (s *selector) save(dst, r *reason) {
	dst.ok, dst.now, dst.start, dst.end, dst.key = r.ok, r.now, r.start, r.end, r.key
	dst.kind, dst.alt, dst.altOK, dst.altStart, dst.altEnd = r.kind, r.alt, r.altOK, r.altStart, r.altEnd
	dst.sites = s.store.keep(dst.sites, r.sites)
	dst.nodes = s.store.keep(dst.nodes, r.nodes)
	dst.altSites = s.store.keep(dst.altSites, r.altSites)
	dst.altNodes = s.store.keep(dst.altNodes, r.altNodes)
}

// intArena hands out int slices cut from shared arrays (one allocation
// per chunk), each with its capacity cut to its length.
type intArena struct {
	buf   []int
	chunk int
}

// keep returns src copied into dst when dst has room, else into a new
// slice from the arena; nil when src is empty and dst is nil.
func (a *intArena) keep(dst, src []int) []int {
	if cap(dst) < len(src) {
		k := len(src)
		if len(a.buf)+k > cap(a.buf) {
			a.buf = make([]int, 0, max(k, a.chunk))
		}
		n := len(a.buf)
		a.buf = a.buf[:n+k]
		dst = a.buf[n : n+k : n+k]
	}
	dst = dst[:len(src)]
	copy(dst, src)
	return dst
}

// explain fills Placement.Why from the recorded reasons (see reason).
func (s *selector) explain(res *sched.Result, mode backfill.Mode, index map[string]int) {
	for p := range res.Schedule {
		pl := &res.Schedule[p]
		j, ok := index[pl.Job]
		if !ok {
			continue
		}
		r := &s.kept[j]
		if mode == backfill.EASY {
			r = &s.last[j]
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
	size := strconv.Itoa(jb.size)
	var b strings.Builder
	switch s.strat {
	case Optimal:
		b.WriteString("Optimal (Alg. 2): ")
		b.WriteString(s.when(r))
		if len(r.sites) == 1 && r.sites[0] == jb.origin {
			b.WriteString(" its own site " + own)
		} else {
			b.WriteString(" " + s.where(r.sites, r.nodes))
		}
		b.WriteString(", predicted to finish at " + at(r.end) + " (" + eq(r.sites) + ")")
		switch {
		case r.alt == altSingle && r.altOK:
			b.WriteString("; the best single site, " + s.where(r.altSites, r.altNodes) + ", would finish at " + at(r.altEnd))
		case r.alt == altSingle:
			b.WriteString("; no single site has " + size + " nodes")
		case r.alt == altOwn && r.altOK:
			b.WriteString("; its own site " + own + " would finish at " + at(r.altEnd))
		case r.alt == altOwn:
			b.WriteString("; its own site " + own + " has only " + strconv.Itoa(s.sys.nodes[jb.origin]) + " nodes")
		default:
			b.WriteString(", the earliest of every site and combination")
		}
	case Greedy:
		b.WriteString("Greedy: " + s.when(r) + " " + s.where(r.sites, r.nodes))
		if r.kind == kindInstant {
			b.WriteString(", the fastest sites with idle nodes, predicted to finish at " + at(r.end) + " (" + eq(r.sites) + ")")
			if r.altOK {
				b.WriteString("; reserving the fastest sites that hold " + size + " nodes (" + s.where(r.altSites, nil) + ") would finish at " + at(r.altEnd))
			}
		} else {
			b.WriteString(", the fastest sites that hold " + size + " nodes, predicted to finish at " + at(r.end) + " (" + eq(r.sites) + ")")
			if r.altOK {
				b.WriteString("; starting at once on the fastest idle nodes (" + s.where(r.altSites, r.altNodes) + ") would finish at " + at(r.altEnd))
			} else {
				b.WriteString("; the idle nodes could not hold it at once")
			}
		}
	default:
		b.WriteString("Non-adaptive (section 6): ")
		if !s.strict && r.kind >= kindLocal {
			b.WriteString("nothing could start at once, so ")
		}
		switch r.kind {
		case kindLocalNow:
			b.WriteString("at once on its own site " + own)
		case kindRemoteNow:
			b.WriteString("its own site " + own + " had fewer than " + size + " nodes idle for the run, so at once on the remote site " + s.where(r.sites, nil))
		case kindMultiNow:
			b.WriteString("no single site had " + size + " nodes idle for the run, so at once on " + s.where(r.sites, r.nodes) + ", its own site first")
		case kindLocal:
			b.WriteString(s.when(r) + " its own site " + own)
		case kindRemote:
			b.WriteString("its own site " + own + " has only " + strconv.Itoa(s.sys.nodes[jb.origin]) + " nodes, so " + s.when(r) + " the remote site with the earliest start, " + s.where(r.sites, nil))
		case kindMulti:
			b.WriteString("no single site has " + size + " nodes, so " + s.when(r) + " " + s.where(r.sites, r.nodes) + ", its own site first")
		}
	}
	b.WriteString(".")
	return b.String()
}

// when says whether the choice starts at the decision or later.
func (s *selector) when(r *reason) string {
	if r.start <= r.now {
		return "at once on"
	}
	return "reserved from " + at(r.start) + " on"
}

// where names sites, with the nodes taken on each when there are several.
func (s *selector) where(sites, nodes []int) string {
	ids := make([]string, len(sites))
	for i, x := range sites {
		ids[i] = s.sys.ids[x]
	}
	out := strings.Join(ids, "+")
	if len(sites) > 1 && len(nodes) == len(sites) {
		ns := make([]string, len(nodes))
		for i, n := range nodes {
			ns[i] = strconv.Itoa(n)
		}
		out += " (" + strings.Join(ns, "+") + " nodes)"
	}
	return out
}

func eq(sites []int) string {
	if len(sites) > 1 {
		return "eq. 2"
	}
	return "eq. 1"
}

// at formats a simulated time to a tenth of a second.
func at(t float64) string {
	return "t = " + strconv.FormatFloat(math.Round(t*10)/10, 'f', -1, 64) + " s"
}
