package frames

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gridplay/engine/sched"
	"gridplay/site/gantt"
	"gridplay/site/state"
)

// The narration is one or two sentences under the chart that say what
// the frame at the playback clock means, generated from the frame itself
// (never from a script): which composition MUSCLE packs and why, how far
// the GA's best schedule has come, which job backfilled before which
// reservation, why a hybrid job moved. Terms it uses (ε, CP, shadow
// time...) are linked to the glossary (static/glossary.html), whose
// anchors are the Term values below.

// Seg is a piece of narration: plain text, or, when Term is set, a term
// linked to the glossary entry Term. Both are shown as text, never as
// HTML.
type Seg struct {
	Text string
	Term string
}

// Glossary anchors (static/glossary.html#...).
const (
	TermEpsilon     = "epsilon"
	TermCP          = "cp"
	TermMCP         = "mcp"
	TermPB          = "pb"
	TermComposition = "composition-table"
	TermSpace       = "resource-space"
	TermFitness     = "fitness"
	TermMakespan    = "makespan"
	TermFlowtime    = "flowtime"
	TermBackfill    = "backfilling"
	TermShadow      = "shadow-time"
	TermReservation = "reservation"
	TermExtra       = "extra-nodes"
	TermTTR         = "ttr"
	TermBenefit     = "performance-benefit"
	TermStatus      = "status-exchange"
	TermGA          = "genetic-algorithm"
	TermWait        = "wait"
)

// Text joins the segments as plain text.
func Text(segs []Seg) string {
	var b strings.Builder
	for _, s := range segs {
		b.WriteString(s.Text)
	}
	return b.String()
}

// narration builds segments; tf writes its times.
type narration struct {
	segs []Seg
	tf   gantt.Times
}

func (n *narration) say(format string, a ...any) *narration {
	n.segs = append(n.segs, Seg{Text: fmt.Sprintf(format, a...)})
	return n
}

func (n *narration) term(text, term string) *narration {
	n.segs = append(n.segs, Seg{Text: text, Term: term})
	return n
}

// num writes a number for a sentence: at most three decimals, thousands
// separated ("1,200", "0.333").
func num(v float64) string { return state.FormatNumber(math.Round(v*1000) / 1000) }

// secs writes a time or a duration as the chart does (gantt.Times):
// "t = 1200 s", or on a trace "t = 3 d 23 h 01 min".
func (n *narration) secs(v float64) string { return n.tf.Format(math.Round(v*1000) / 1000) }

// Narrate says what the frame of view at the clock means: the last frame
// of view among the first n of fs. Before the view's first frame it says
// what the view will show. It returns nil when fs has no frame of view.
// tf writes the times (the chart's, gantt.Chart.Times).
func Narrate(view string, fs []state.Frame, n int, pl Platform, tf gantt.Times) []Seg {
	first, last, _, _ := scan(view, fs, n)
	if first < 0 {
		return nil
	}
	if last < 0 {
		return intro(view)
	}
	switch view {
	case "packing":
		return narratePacking(fs, last, pl, tf)
	case "ga":
		return narrateGA(fs, last, pl, tf)
	case "backfill":
		return narrateBackfill(fs[last], tf)
	case "hybrid":
		return narrateHybrid(fs, last, pl, tf)
	}
	return nil
}

// scan finds the frames of view in fs: the first (-1 when none), the
// last among the first n (-1 when none), how many of them are among the
// first n, and how many there are.
func scan(view string, fs []state.Frame, n int) (first, last, shown, total int) {
	first, last = -1, -1
	for i, f := range fs {
		if View(f.Kind) != view {
			continue
		}
		if first < 0 {
			first = i
		}
		total++
		if i < n {
			shown++
			last = i
		}
	}
	return first, last, shown, total
}

// intro is the narration before a view's first frame.
func intro(view string) []Seg {
	n := &narration{}
	switch view {
	case "packing":
		n.say("Press Play or step: MUSCLE will build its ").term("composition table", TermComposition).say(" and pack jobs into each cluster's earliest free space.")
	case "ga":
		n.say("Press Play or step: the ").term("genetic algorithm", TermGA).say(" will improve its best schedule generation by generation.")
	case "backfill":
		n.say("Press Play or step: each time a job starts ahead of an earlier waiting job, this view shows the ").term("reservation", TermReservation).say(" it had to respect.")
	case "hybrid":
		n.say("Press Play or step: at each ").term("status exchange", TermStatus).say(" the grid scheduler learns the clusters' real state, and jobs may move.")
	}
	return n.segs
}

// packing frames: see engine/muscle (Packing and RoundFrame).
type packFrame struct {
	Op    string          `json:"op"`
	Round int             `json:"round"`
	C     *int            `json:"c"`
	Row   int             `json:"row"`
	Pos   int             `json:"pos"`
	Raw   json.RawMessage `json:"jobs"`
	For   *int            `json:"for"`
	Taken int             `json:"taken"`
	OK    bool            `json:"ok"`
	T     float64         `json:"t"`
	R     int             `json:"r"`
	CP    json.RawMessage `json:"cp"`
	MCP   float64         `json:"mcp"`
	PB    float64         `json:"pb"`
	Eps   []float64       `json:"eps"`
	// Jobs are the frame's job indices, read from Raw by drawPacking.
	Jobs []int `json:"-"`
}

// cp is a "space" or "pick" frame's first resource (a "done" frame's cp
// is the clusters' CP, a list).
func (p packFrame) cp() int {
	var n int
	json.Unmarshal(p.CP, &n)
	return n
}

func decodePack(f state.Frame) (packFrame, bool) {
	var p packFrame
	if f.Kind != "packing" || json.Unmarshal(f.Data, &p) != nil {
		return p, false
	}
	return p, true
}

// roundIDs are the job ids of the round the frame at i belongs to (its
// "round" frame lists them; the others name jobs by index).
func roundIDs(fs []state.Frame, i int) []string {
	for k := i; k >= 0; k-- {
		// Only a round frame is decoded (this runs on every tick).
		if !bytes.Contains(fs[k].Data, []byte(`"round"`)) || !bytes.Contains(fs[k].Data, []byte(`"op":"round"`)) {
			continue
		}
		if p, ok := decodePack(fs[k]); ok && p.Op == "round" {
			var ids []string
			json.Unmarshal(p.Raw, &ids)
			return ids
		}
	}
	return nil
}

func indices(raw json.RawMessage) []int {
	var js []int
	json.Unmarshal(raw, &js)
	return js
}

// joinJobs names jobs "J3 + J1".
func joinJobs(js []int, ids []string) string {
	return strings.ReplaceAll(jobsLabel(js, ids), "+", " + ")
}

func narratePacking(fs []state.Frame, i int, pl Platform, tf gantt.Times) []Seg {
	p, ok := decodePack(fs[i])
	if !ok {
		return nil
	}
	ids := roundIDs(fs, i)
	n := &narration{tf: tf}
	round := "Round " + strconv.Itoa(p.Round+1)
	switch p.Op {
	case "round":
		n.say("%s at t = %s: MUSCLE collects %s and builds the ", round, n.secs(fs[i].T), state.Count(len(ids), "waiting job")).
			term("composition table", TermComposition).say(" (Alg. 1): row r lists groups of jobs that together need exactly r nodes.")
	case "row":
		js := indices(p.Raw)
		if len(js) == 1 {
			n.say("%s needs %s, so it is listed in row %d of the ", joinJobs(js, ids), state.Count(p.Row, "node"), p.Row)
		} else {
			n.say("%s joins %s: together they need exactly %s, so they are listed in row %d of the ", jobsLabel(js[:1], ids), joinJobs(js[1:], ids), state.Count(p.Row, "node"), p.Row)
		}
		n.term("composition table", TermComposition).say(" (Alg. 1).")
	case "space":
		n.say("%s: MUSCLE serves %s next", round, pl.cluster(val(p.C)))
		why(n, p, pl)
		n.say(" Its earliest ").term("free space", TermSpace).say(" is %s from t = %s.", state.Count(p.R, "node"), n.secs(p.T))
	case "try":
		js := indices(p.Raw)
		pos := compositionAt(p.Pos)
		if p.OK {
			n.say("%s: in row %d of the ", round, p.Row).term("composition table", TermComposition).
				say(", %s, %s, has no job placed yet, so it can fill the space (Alg. 3).", pos, joinJobs(js, ids))
		} else {
			n.say("%s: in row %d, %s, %s, cannot be used: %s of its jobs %s already placed (Alg. 2 looks for another).", round, p.Row, pos, joinJobs(js, ids),
				strconv.Itoa(p.Taken), plural(p.Taken, "is", "are"))
		}
	case "pick":
		js := indices(p.Raw)
		cl := pl.cluster(val(p.C))
		n.say("%s: MUSCLE takes ", round)
		if row, pos, ok := pickedFrom(fs, i); ok {
			n.say("%s of row %d, %s, and packs it into %s", compositionAt(pos), row, joinJobs(js, ids), cl)
		} else {
			n.say("%s and packs it into %s", joinJobs(js, ids), cl)
		}
		n.say(" at t = %s", n.secs(p.T))
		if sp, ok := lastSpace(fs, i); ok {
			n.say(" because its ")
			n.term("ε", TermEpsilon)
			n.say(" = %s is the smallest", num(sp.Eps[val(sp.C)]))
			if t := tied(sp); len(t) > 1 {
				n.say(" (tied with %s; %s)", names(t, val(sp.C), pl), tieRule(sp, t, pl))
			}
			n.say(" (eq. 3).")
		} else {
			n.say(".")
		}
	case "skip":
		n.say("%s: no job left fits the %s free in %s at t = %s, so they stay idle until a job there ends.", round, state.Count(p.R, "node"), pl.cluster(val(p.C)), n.secs(p.T))
	case "done":
		var cps []float64
		json.Unmarshal(p.CP, &cps)
		n.say("%s is packed. TITAN's GA then improved each cluster's seed schedule: ", round)
		n.term("CP", TermCP).say(" per cluster %s (eq. 1), ", cpList(cps, pl))
		n.term("MCP", TermMCP).say(" %s (eq. 7)", num(p.MCP))
		if len(cps) > 1 {
			n.say(" and ").term("PB", TermPB).say(" %s (eq. 8)", num(p.PB))
		}
		n.say(".")
	default:
		return nil
	}
	return n.segs
}

// compositionAt names the composition at pos in its row.
func compositionAt(pos int) string {
	if pos == 0 {
		return "the first composition"
	}
	return "composition " + strconv.Itoa(pos+1)
}

func plural(k int, one, many string) string {
	if k == 1 {
		return one
	}
	return many
}

// why explains why the space frame's cluster was served: the smallest ε
// among the clusters that can still take a job, then the larger cluster,
// then a random draw (MUSCLE section 4.3).
func why(n *narration, p packFrame, pl Platform) {
	c := val(p.C)
	if c < 0 || c >= len(p.Eps) {
		n.say(".")
		return
	}
	t := tied(p)
	others := []string{}
	for i, e := range p.Eps {
		if i != c && e >= 0 {
			others = append(others, pl.cluster(i)+": "+num(e))
		}
	}
	switch {
	case len(t) > 1:
		n.say(": its ").term("ε", TermEpsilon).say(" = %s ties with %s, and %s (eq. 3, section 4.3).", num(p.Eps[c]), names(t, c, pl), tieRule(p, t, pl))
	case len(others) > 0:
		n.say(", as its ").term("ε", TermEpsilon).say(" = %s is the smallest (eq. 3; %s).", num(p.Eps[c]), strings.Join(others, ", "))
	default:
		n.say(", the only cluster that can take a job left (its ").term("ε", TermEpsilon).say(" = %s, eq. 3).", num(p.Eps[c]))
	}
}

// tied lists the clusters whose ε equals the chosen one's (those that
// can take a job, ε ≥ 0).
func tied(p packFrame) []int {
	c := val(p.C)
	if c < 0 || c >= len(p.Eps) {
		return nil
	}
	var out []int
	for i, e := range p.Eps {
		if e >= 0 && math.Abs(e-p.Eps[c]) <= 1e-12*math.Max(1, math.Abs(e)) {
			out = append(out, i)
		}
	}
	return out
}

// tieRule says how a tie was broken: the larger cluster, else a draw.
func tieRule(p packFrame, t []int, pl Platform) string {
	c := val(p.C)
	m := pl.nodes(c)
	if m <= 0 {
		return "the tie is broken by size, then at random"
	}
	larger := true
	for _, i := range t {
		if i != c && pl.nodes(i) >= m {
			larger = false
		}
	}
	if larger {
		return fmt.Sprintf("%s is the larger cluster (%s)", pl.cluster(c), state.Count(m, "node"))
	}
	return "equal sizes are broken by a seeded random draw"
}

func names(t []int, except int, pl Platform) string {
	var out []string
	for _, i := range t {
		if i != except {
			out = append(out, pl.cluster(i))
		}
	}
	return strings.Join(out, ", ")
}

func cpList(cps []float64, pl Platform) string {
	parts := make([]string, len(cps))
	for i, v := range cps {
		parts[i] = pl.cluster(i) + " " + num(v)
	}
	return strings.Join(parts, ", ")
}

// pickedFrom finds the row and position of the composition a pick took:
// the last accepted "try" of Alg. 3's own search before it.
func pickedFrom(fs []state.Frame, i int) (row, pos int, ok bool) {
	for k := i - 1; k >= 0; k-- {
		p, good := decodePack(fs[k])
		if !good {
			continue
		}
		switch p.Op {
		case "try":
			if p.OK && (p.For == nil || *p.For < 0) {
				return p.Row, p.Pos, true
			}
		case "space", "pick", "round":
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// lastSpace is the space frame a pick filled.
func lastSpace(fs []state.Frame, i int) (packFrame, bool) {
	for k := i - 1; k >= 0; k-- {
		p, good := decodePack(fs[k])
		if !good {
			continue
		}
		switch p.Op {
		case "space":
			c := val(p.C)
			return p, c >= 0 && c < len(p.Eps)
		case "pick", "round":
			return packFrame{}, false
		}
	}
	return packFrame{}, false
}

// gaFrame decodes any generation frame: TITAN ("n"), MUSCLE's TITAN
// rounds ("round", "c"), GA-MF and its heuristics ("g", "mk", "ft").
type gaFrame struct {
	gen
	MK *float64 `json:"mk"`
}

// sameRun tells whether b continues the GA run of a: generation numbers
// count up within a run, a MUSCLE round and cluster stay, and a TITAN run
// (numbered across runs) keeps its scheduling instant.
func sameRun(a, b gaFrame, ta, tb float64) bool {
	if b.gen.gen() <= a.gen.gen() || val(a.Round) != val(b.Round) || val(a.C) != val(b.C) {
		return false
	}
	if a.N != nil && ta != tb {
		return false
	}
	return true
}

// maxRunScan bounds how far back the narration looks for the start of
// the GA run in progress (it runs on every tick of the playback).
const maxRunScan = 5000

func narrateGA(fs []state.Frame, i int, pl Platform, tf gantt.Times) []Seg {
	// The run in progress, found backwards from frame i: every frame
	// before it is decoded only as far as its start.
	var run []gaFrame
	var ts []float64
	for k := i; k >= 0 && len(run) < maxRunScan; k-- {
		if fs[k].Kind != "generation" {
			continue
		}
		var g gaFrame
		if json.Unmarshal(fs[k].Data, &g) != nil {
			continue
		}
		if len(run) > 0 && !sameRun(g, run[len(run)-1], fs[k].T, ts[len(ts)-1]) {
			break
		}
		run = append(run, g)
		ts = append(ts, fs[k].T)
	}
	if len(run) == 0 {
		return nil
	}
	// Oldest first.
	slices.Reverse(run)
	slices.Reverse(ts)
	cur := run[len(run)-1]
	n := &narration{tf: tf}
	where := ""
	if cur.Round != nil && cur.C != nil {
		where = fmt.Sprintf("Round %d, %s: ", *cur.Round+1, pl.cluster(*cur.C))
	} else if cur.N != nil {
		// The generations are spread over the replay, not on its
		// clock: the run is named by its moment, not said to be now.
		where = fmt.Sprintf("The GA run of t = %s, ", n.secs(ts[len(ts)-1]))
	}
	n.say("%sgeneration %d", where, cur.gen.gen())
	// The last improvement of the best schedule in this run.
	imp := -1
	for k := len(run) - 1; k > 0; k-- {
		if run[k].Best < run[k-1].Best {
			imp = k
			break
		}
	}
	gamf := cur.MK != nil
	switch {
	case len(run) == 1:
		n.say(": the ").term("genetic algorithm", TermGA).say(" starts from its first population; ")
		bestIs(n, cur, gamf)
		n.say(".")
	case imp == len(run)-1:
		prev := run[imp-1]
		if gamf && prev.MK != nil && *prev.MK != *cur.MK {
			n.say(": the best schedule's ").term("makespan", TermMakespan).say(" went from %s to %s", n.secs(*prev.MK), n.secs(*cur.MK))
			n.say(" and its ").term("fitness", TermFitness).say(" F fell from %s to %s.", num(prev.Best), num(cur.Best))
		} else {
			n.say(": the best schedule's ").term(costName(gamf, cur), costTerm(gamf, cur)).say(" fell from %s to %s.", num(prev.Best), num(cur.Best))
		}
	case imp > 0:
		n.say(": no better schedule since generation %d; ", run[imp].gen.gen())
		bestIs(n, cur, gamf)
		n.say(", the population's mean %s.", num(cur.Mean))
	default:
		n.say(": no better schedule than the first one yet; ")
		bestIs(n, cur, gamf)
		n.say(", the population's mean %s.", num(cur.Mean))
	}
	return n.segs
}

func bestIs(n *narration, g gaFrame, gamf bool) {
	n.say("the best ").term(costName(gamf, g), costTerm(gamf, g)).say(" is %s", num(g.Best))
	if gamf && g.MK != nil {
		n.say(" (").term("makespan", TermMakespan).say(" %s)", n.secs(*g.MK))
	}
}

// costName names what a GA minimises: GA-MF's fitness F (section 4.3),
// TITAN's cost f_k (eq. 10), which MUSCLE reports per cluster as CP
// (MUSCLE eq. 1).
func costName(gamf bool, g gaFrame) string {
	switch {
	case gamf:
		return "fitness F"
	case g.Round != nil:
		return "CP"
	}
	return "cost f"
}

func costTerm(gamf bool, g gaFrame) string {
	if g.Round != nil && !gamf {
		return TermCP
	}
	return TermFitness
}

// Backfill is a backfilling decision: Job started ahead of Head.
type Backfill struct {
	Job    string  `json:"job"`
	Nodes  int     `json:"nodes"`
	Start  float64 `json:"start"`
	EstEnd float64 `json:"est_end"`
	Head   string  `json:"head"`
	Shadow float64 `json:"shadow"`
	Mode   string  `json:"mode"`
}

func narrateBackfill(f state.Frame, tf gantt.Times) []Seg {
	var b Backfill
	if json.Unmarshal(f.Data, &b) != nil {
		return nil
	}
	n := &narration{tf: tf}
	n.say("%s ", b.Job).term("backfills", TermBackfill).say(" at t = %s ahead of %s", n.secs(b.Start), b.Head)
	switch {
	case b.EstEnd <= b.Shadow:
		n.say(": it ends by t = %s, before %s's ", n.secs(b.EstEnd), b.Head).term("reservation", TermReservation).say(" at the ").
			term("shadow time", TermShadow).say(" %s, so %s is not delayed.", n.secs(b.Shadow), b.Head)
	case b.Mode == "conservative":
		n.say(": it runs past the ").term("shadow time", TermShadow).say(" %s, but conservative backfilling starts it only because it fits around every waiting job's ", n.secs(b.Shadow)).
			term("reservation", TermReservation).say(", so nobody is delayed.")
	default:
		n.say(": it runs past %s's ", b.Head).term("reservation", TermReservation).say(" at %s, but its %s are among the ", n.secs(b.Shadow), state.Count(b.Nodes, "node")).
			term("extra nodes", TermExtra).say(" %s does not need then, so %s is not delayed.", b.Head, b.Head)
	}
	return n.segs
}

func narrateHybrid(fs []state.Frame, i int, pl Platform, tf gantt.Times) []Seg {
	f := fs[i]
	n := &narration{tf: tf}
	switch f.Kind {
	case "transfer":
		var d Transfer
		if json.Unmarshal(f.Data, &d) != nil {
			return nil
		}
		switch d.Why {
		case "nodes":
			n.say("At t = %s, no server of %s has enough free nodes for %s, so the grid scheduler sends it to %s, the cluster with the least ", n.secs(f.T), d.From, d.Job, d.To).
				term("TTR", TermTTR).say(" (%s including %s of migration overhead; HRS).", n.secs(d.RemoteTTR+d.Overhead), n.secs(d.Overhead))
		default:
			reason := "would miss its deadline at home"
			if d.Why == "benefit" {
				reason = "could finish sooner elsewhere"
			}
			n.say("At t = %s, %s %s (", n.secs(f.T), d.Job, reason).term("TTR", TermTTR).say(" %s in %s); in %s it would take %s plus %s of migration overhead: a ", n.secs(d.LocalTTR), d.From, d.To, n.secs(d.RemoteTTR), n.secs(d.Overhead)).
				term("performance benefit", TermBenefit).say(" PB = %s (eq. 1)", num(d.PB))
			if d.Moved {
				n.say(", above the threshold %s, so it moves to %s.", num(d.Threshold), d.To)
			} else {
				n.say(", not above the threshold %s, so it stays in %s.", num(d.Threshold), d.From)
			}
		}
	case "status":
		var s status
		if json.Unmarshal(f.Data, &s) != nil {
			return nil
		}
		names, free, stale := perCluster(s.Free, s.StaleFree, pl)
		worst, diff := -1, 0
		for k := range names {
			if k < len(stale) && k < len(free) {
				if d := abs(stale[k] - free[k]); d > diff {
					worst, diff = k, d
				}
			}
		}
		n.say("At t = %s, a ", n.secs(f.T)).term("status exchange", TermStatus)
		if worst < 0 {
			n.say(": the grid scheduler's view of every cluster's free nodes was still right.")
		} else {
			n.say(": the grid scheduler's stale view said %s had %s free; it has %s.", names[worst], state.Count(stale[worst], "node"), strconv.Itoa(free[worst]))
		}
	default:
		return nil
	}
	return n.segs
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// NarrateSchedule says what the Gantt chart shows at time t when no
// frame explains it: which jobs run, how many wait, and the latest start.
// The state changes only when a job starts or ends, so the sentence
// names the last such time at or before t (and stays put between them).
// submits gives the jobs' submit times; nil when unknown (a generated
// workload), and then waits are not counted. tf writes the times.
func NarrateSchedule(r *sched.Result, submits map[string]float64, nodes int, t float64, tf gantt.Times) []Seg {
	if r == nil || len(r.Schedule) == 0 {
		return nil
	}
	end, at := 0.0, math.Inf(-1)
	for _, p := range r.Schedule {
		end = math.Max(end, p.End)
		if p.Start <= t {
			at = math.Max(at, p.Start)
		}
		if p.End <= t {
			at = math.Max(at, p.End)
		}
	}
	n := &narration{tf: tf}
	if t >= end {
		n.say("All %s are placed; the last ends at t = %s (", state.Count(len(r.Schedule), "scheduled job"), n.secs(end)).term("makespan", TermMakespan).say(" %s). Press Play to watch it again.", n.secs(r.Metrics["makespan"]))
		return n.segs
	}
	if math.IsInf(at, -1) {
		n.say("At t = %s no job has started yet.", n.secs(t))
		return n.segs
	}
	running, busy, waiting := 0, 0, 0
	var latest *sched.Placement
	for k := range r.Schedule {
		p := &r.Schedule[k]
		switch {
		case p.Start <= at && at < p.End:
			running++
			busy += p.Nodes
		case p.Start > at && submits != nil && submits[p.Job] <= at:
			waiting++
		}
		if p.Start <= at && (latest == nil || p.Start > latest.Start) {
			latest = p
		}
	}
	n.say("At t = %s, %s %s", n.secs(at), state.Count(running, "job"), plural(running, "runs", "run"))
	if nodes > 0 {
		n.say(" on %d of %s", busy, state.Count(nodes, "node"))
	}
	if waiting > 0 {
		n.say(" and %s %s", strconv.Itoa(waiting), plural(waiting, "waits", "wait"))
	}
	n.say(".")
	if latest != nil {
		n.say(" %s started at t = %s on %s", latest.Job, n.secs(latest.Start), latest.Cluster)
		if sub, ok := submits[latest.Job]; ok && latest.Start-sub > 0 {
			n.say(" after a ").term("wait", TermWait).say(" of %s", n.secs(latest.Start-sub))
		}
		n.say(".")
	}
	return n.segs
}
