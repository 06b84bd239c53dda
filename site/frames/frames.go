// Package frames turns the engine's animation frames into pictures: the
// GA view (best and mean fitness per generation, with the best schedule),
// the MUSCLE packing view (composition table and resource space), the
// backfilling view (reservation and shadow time behind each backfilled
// job) and the hybrid view (stale against live status). It is plain Go
// drawing on gantt.Canvas, so it is tested natively.
package frames

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gridplay/engine/model"
	"gridplay/site/gantt"
	"gridplay/site/state"
)

// View names the view that draws a frame kind.
func View(kind string) string {
	switch kind {
	case "generation":
		return "ga"
	case "packing":
		return "packing"
	case "backfill":
		return "backfill"
	case "status", "transfer":
		return "hybrid"
	}
	return ""
}

// Views lists the views a run's frames call for, in a fixed order.
func Views(fs []state.Frame) []string {
	have := map[string]bool{}
	for _, f := range fs {
		have[View(f.Kind)] = true
	}
	var out []string
	for _, v := range []string{"packing", "ga", "backfill", "hybrid"} {
		if have[v] {
			out = append(out, v)
		}
	}
	return out
}

// InTime says the frames of view are events in simulated time, drawn on
// the chart's clock: backfilling decisions and the hybrid grid's status
// exchanges and moves. GA generations and packing steps happen at one
// moment each, many of them; they are spread over the replay instead.
func InTime(view string) bool { return view == "backfill" || view == "hybrid" }

// Shown is how many frames of fs the views show at the replay's clock:
// for a view of events in time, those at or before the clock (the
// engine sends them in time order); for the others, frames spread
// evenly over the replay.
func Shown(view string, fs []state.Frame, pl *state.Player) int {
	if !InTime(view) {
		return pl.FrameIndex(len(fs))
	}
	return sort.Search(len(fs), func(i int) bool { return fs[i].T > pl.T+1e-9 })
}

// Earlier says that a narration is of the latest event before the clock,
// not of the clock's moment: "Latest event: at t = 25 s, …".
func Earlier(segs []Seg) []Seg {
	if len(segs) == 0 || segs[0].Term != "" || segs[0].Text == "" {
		return segs
	}
	out := append([]Seg{}, segs...)
	t := out[0].Text
	out[0].Text = "Latest event: " + strings.ToLower(t[:1]) + t[1:]
	return out
}

// Title is a view's heading.
func Title(view string) string {
	switch view {
	case "ga":
		return "GA: best and mean fitness per generation"
	case "packing":
		return "MUSCLE packing: composition table and resource space"
	case "backfill":
		return "Backfilling: reservation and shadow time"
	case "hybrid":
		return "Hybrid grid: stale and live status"
	}
	return view
}

// Height of a view's canvas, CSS pixels.
const Height = 220.0

// Platform names what the frames refer to by position: the clusters'
// ids in scenario order and, for the hybrid model, how many servers each
// cluster has (hybrid status frames list servers, cluster by cluster).
type Platform struct {
	Clusters []string
	Servers  []int
	// Nodes is each cluster's node count (MUSCLE breaks ties of ε by
	// cluster size).
	Nodes []int
}

// PlatformOf reads the Platform of a scenario.
func PlatformOf(s *model.Scenario) Platform {
	var p Platform
	if s == nil {
		return p
	}
	for _, c := range s.Platform.Clusters {
		p.Clusters = append(p.Clusters, c.ID)
		p.Servers = append(p.Servers, len(c.Servers))
		p.Nodes = append(p.Nodes, c.Nodes)
	}
	return p
}

// cluster names cluster index i.
func (p Platform) cluster(i int) string {
	if i >= 0 && i < len(p.Clusters) && p.Clusters[i] != "" {
		return p.Clusters[i]
	}
	return "cluster " + strconv.Itoa(i+1)
}

// nodes is cluster index i's node count, 0 when unknown.
func (p Platform) nodes(i int) int {
	if i >= 0 && i < len(p.Nodes) {
		return p.Nodes[i]
	}
	return 0
}

// DrawOn paints view from the first n frames of fs on c (w by h), naming
// clusters and jobs from pl and the frames themselves.
func DrawOn(c gantt.Canvas, view string, fs []state.Frame, n int, w, h float64, pl Platform) {
	c.Clear(w, h)
	c.FillRect(0, 0, w, h, "#ffffff")
	if n > len(fs) {
		n = len(fs)
	}
	shown := fs[:n]
	switch view {
	case "ga":
		drawGA(c, shown, w, h, pl)
	case "packing":
		drawPacking(c, shown, w, h, pl)
	case "backfill":
		drawBackfill(c, shown, w, h)
	case "hybrid":
		drawHybrid(c, shown, w, h, pl)
	}
}

type gen struct {
	N     *int    `json:"n"`
	G     *int    `json:"g"`
	Best  float64 `json:"best"`
	Mean  float64 `json:"mean"`
	Round *int    `json:"round"` // MUSCLE: the scheduling round
	C     *int    `json:"c"`     // MUSCLE: the cluster index
	S     *struct {
		Start []float64 `json:"ts"`
		End   []float64 `json:"te"`
	} `json:"s"`
	Jobs []struct {
		S float64 `json:"s"`
		E float64 `json:"e"`
	} `json:"jobs"`
}

func val(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

// gen is the generation number (TITAN "n", GA-MF "g").
func (g gen) gen() int {
	switch {
	case g.N != nil:
		return *g.N
	case g.G != nil:
		return *g.G
	}
	return 0
}

// axisNum writes an axis end in at most seven characters, so it fits the
// 56 px left of the fitness chart.
func axisNum(v float64) string {
	a := math.Abs(v)
	switch {
	case a >= 1e7:
		return strconv.FormatFloat(v/1e6, 'f', 0, 64) + "M"
	case a >= 1e5:
		return strconv.FormatFloat(v/1e3, 'f', 0, 64) + "k"
	case a >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case a >= 1:
		return strconv.FormatFloat(v, 'f', 2, 64)
	case a == 0:
		return "0"
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

func empty(c gantt.Canvas, w, h float64, msg string) {
	c.Text(msg, w/2, h/2, "#666666", "center")
}

func drawGA(c gantt.Canvas, fs []state.Frame, w, h float64, pl Platform) {
	var gs []gen
	var bars [][2]float64
	for _, f := range fs {
		if f.Kind != "generation" {
			continue
		}
		var g gen
		if json.Unmarshal(f.Data, &g) != nil {
			continue
		}
		gs = append(gs, g)
		if g.S != nil && len(g.S.Start) == len(g.S.End) {
			bars = bars[:0]
			for i := range g.S.Start {
				bars = append(bars, [2]float64{g.S.Start[i], g.S.End[i]})
			}
		} else if len(g.Jobs) > 0 {
			bars = bars[:0]
			for _, j := range g.Jobs {
				bars = append(bars, [2]float64{j.S, j.E})
			}
		}
	}
	if len(gs) == 0 {
		empty(c, w, h, "press Play or step to watch the generations")
		return
	}
	// A run may hold several GA runs (a TITAN round, a MUSCLE round per
	// cluster): draw the one in progress, whose generations count up.
	runs, start := 1, 0
	for i := 1; i < len(gs); i++ {
		if gs[i].gen() <= gs[i-1].gen() || val(gs[i].Round) != val(gs[i-1].Round) || val(gs[i].C) != val(gs[i-1].C) {
			runs++
			start = i
		}
	}
	gs = gs[start:]
	label := fmt.Sprintf("GA run %d", runs)
	if gs[0].Round != nil && gs[0].C != nil {
		label += fmt.Sprintf(" (round %d, %s)", *gs[0].Round, pl.cluster(*gs[0].C))
	}
	label += fmt.Sprintf(", generation %d", gs[len(gs)-1].gen())
	// Left: fitness chart; right: the current best schedule.
	cw := w * 0.62
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, g := range gs {
		for _, v := range []float64{g.Best, g.Mean} {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if hi <= lo {
		hi = lo + 1
	}
	const l, top, bot = 56.0, 14.0, 26.0
	pw, ph := cw-l-10, h-top-bot
	x := func(i int) float64 { return l + float64(i)/math.Max(1, float64(len(gs)-1))*pw }
	y := func(v float64) float64 { return top + (hi-v)/(hi-lo)*ph }
	c.Line(l, top, l, top+ph, "#333333")
	c.Line(l, top+ph, l+pw, top+ph, "#333333")
	c.Text(axisNum(hi), l-4, top, "#333333", "right")
	c.Text(axisNum(lo), l-4, top+ph, "#333333", "right")
	c.Text(label+" →", l+pw, top+ph+16, "#666666", "right")
	for i := 1; i < len(gs); i++ {
		c.Line(x(i-1), y(gs[i-1].Mean), x(i), y(gs[i].Mean), "#7f9cf5")
		c.Line(x(i-1), y(gs[i-1].Best), x(i), y(gs[i].Best), "#d9480f")
	}
	last := gs[len(gs)-1]
	c.FillRect(x(len(gs)-1)-2, y(last.Best)-2, 4, 4, "#d9480f")
	c.Text("best "+state.FormatNumber(last.Best), l+8, top+6, "#d9480f", "left")
	c.Text("mean "+state.FormatNumber(last.Mean), l+8, top+20, "#4c6ef5", "left")
	// Best schedule: one row per task, start to end.
	bx := cw + 10
	bw := w - bx - 10
	if len(bars) == 0 || bw < 40 {
		return
	}
	// Over the run's own window, first start to last end, not from 0.
	begin, end := math.Inf(1), math.Inf(-1)
	for _, b := range bars {
		begin, end = math.Min(begin, b[0]), math.Max(end, b[1])
	}
	if !(end > begin) {
		end = begin + 1
	}
	c.Text("best schedule: "+state.Count(len(bars), "task")+", t = "+state.FormatNumber(begin)+"–"+state.FormatNumber(end)+" s", bx, top, "#333333", "left")
	rowH := math.Min(12, (ph-10)/float64(len(bars)))
	for i, b := range bars {
		x0 := bx + (b[0]-begin)/(end-begin)*bw
		x1 := math.Max(x0+1, bx+(b[1]-begin)/(end-begin)*bw)
		c.FillRect(x0, top+12+float64(i)*rowH, x1-x0, math.Max(1, rowH-1), gantt.Color(i))
	}
}

func drawPacking(c gantt.Canvas, fs []state.Frame, w, h float64, pl Platform) {
	rows := map[int][][]int{}
	maxRow := -1
	var cur packFrame
	var picks []packFrame
	n := 0
	// extent is, per cluster, the highest resource number any space
	// reached: the axis the current space is drawn on.
	extent := map[int]int{}
	var space packFrame // the last resource space offered
	// ids are the job ids of the current round: the other frames name
	// jobs by their index in it (MUSCLE doc: the "round" frame lists ids).
	var ids []string
	label := func(js []int) string { return jobsLabel(js, ids) }
	for _, f := range fs {
		p, ok := decodePack(f)
		if !ok {
			continue
		}
		if p.Op == "round" {
			ids = nil
			json.Unmarshal(p.Raw, &ids)
		} else {
			json.Unmarshal(p.Raw, &p.Jobs)
		}
		n++
		switch p.Op {
		case "round":
			rows, maxRow, picks, space = map[int][][]int{}, -1, nil, packFrame{}
		case "row":
			rows[p.Row] = append(rows[p.Row], p.Jobs)
			maxRow = max(maxRow, p.Row)
		case "pick":
			picks = append(picks, p)
		case "space":
			space = p
		}
		if p.C != nil {
			extent[*p.C] = max(extent[*p.C], p.cp()+p.R)
		}
		if p.Op != "done" {
			cur = p
		}
	}
	if n == 0 {
		empty(c, w, h, "press Play or step to watch the packing")
		return
	}
	// Wide canvases put the table left and the resource space right;
	// narrow ones (a phone) stack them, so neither is clipped.
	tw, th := w*0.55, h
	sx, sy := tw+12, 0.0
	if w < 560 {
		tw, th = w-8, h*0.5
		sx, sy = 8, th
	}
	// Only the rows around the one in use are drawn, at a readable
	// height: a round of 2,000 jobs has hundreds of rows.
	const rowH = 16.0
	vis := max(1, int((th-26)/rowH))
	focus := 0
	if cur.Op == "row" || cur.Op == "try" || cur.Op == "pick" {
		focus = cur.Row
	}
	lo := max(0, min(focus-vis/2, maxRow+1-vis))
	hi := min(maxRow, lo+vis-1)
	title := "composition table (Alg. 1)"
	if maxRow+1 > vis {
		title += fmt.Sprintf(", rows %d–%d of %d", lo, hi, maxRow+1)
	}
	c.Text(title, 8, 10, "#333333", "left")
	for r := lo; r <= hi; r++ {
		yy := 22 + float64(r-lo)*rowH
		c.Text("row "+strconv.Itoa(r), 8, yy+rowH/2, "#555555", "left")
		xx := 56.0
		for k, comp := range rows[r] {
			label := label(comp)
			wd := math.Max(24, float64(len(label))*6.5+8)
			if xx+wd > tw-40 && k < len(rows[r])-1 || xx+wd > tw {
				c.Text(fmt.Sprintf("+%d more", len(rows[r])-k), xx+2, yy+rowH/2, "#555555", "left")
				break
			}
			col := "#e9ecef"
			if len(comp) > 0 && slices.Equal(comp, cur.Jobs) && (cur.Op == "try" || cur.Op == "pick") {
				col = "#ffd43b"
			}
			c.FillRect(xx, yy+1, wd-3, rowH-2, col)
			c.Text(label, xx+(wd-3)/2, yy+rowH/2, "#111111", "center")
			xx += wd
		}
	}
	// Resource space: the current space and the compositions put in it.
	c.Text("resource space (Alg. 3-4)", sx, sy+10, "#333333", "left")
	// The space (t, r, cp) of Alg. 3: r resources free from time t,
	// starting at resource number cp.
	sw := w - sx - 10
	if space.C != nil && space.R > 0 {
		c.Text(fmt.Sprintf("%s, t = %s: %d resources from #%d", pl.cluster(*space.C), state.FormatNumber(space.T), space.R, space.cp()), sx, sy+28, "#333333", "left")
		if m := extent[*space.C]; m > 0 && sw > 20 {
			c.FillRect(sx, sy+40, sw, 18, "#f1f3f5")
			c.FillRect(sx+sw*float64(space.cp())/float64(m), sy+40, sw*float64(space.R)/float64(m), 18, "#74c0fc")
		}
	}
	// The latest picks, as many as fit.
	fit := max(1, int((h-sy-70-16)/16))
	shown := picks
	if len(shown) > fit {
		shown = shown[len(shown)-fit:]
	}
	for i, p := range shown {
		yy := sy + 70 + float64(i)*16
		c.FillRect(sx, yy, 10, 10, gantt.Color(len(picks)-len(shown)+i))
		where := ""
		if p.C != nil {
			where = " into " + pl.cluster(*p.C)
		}
		c.Text(fmt.Sprintf("pick %s%s at t=%s", label(p.Jobs), where, state.FormatNumber(p.T)), sx+14, yy+5, "#333333", "left")
	}
	if len(cur.Eps) > 0 {
		parts := make([]string, len(cur.Eps))
		for i, e := range cur.Eps {
			parts[i] = state.FormatNumber(e)
		}
		c.Text("ε per cluster (eq. 3): "+strings.Join(parts, ", "), sx, h-10, "#333333", "left")
	}
}

// jobsLabel names the jobs at indices js of the round by their ids
// (J1, J2... by position only when the round frame did not list them).
func jobsLabel(js []int, ids []string) string {
	parts := make([]string, len(js))
	for i, j := range js {
		if j >= 0 && j < len(ids) {
			parts[i] = ids[j]
		} else {
			parts[i] = "J" + strconv.Itoa(j+1)
		}
	}
	return strings.Join(parts, "+")
}

func drawBackfill(c gantt.Canvas, fs []state.Frame, w, h float64) {
	var bs []Backfill
	end := 0.0
	for _, f := range fs {
		if f.Kind != "backfill" {
			continue
		}
		var b Backfill
		if json.Unmarshal(f.Data, &b) != nil {
			continue
		}
		bs = append(bs, b)
		end = math.Max(end, math.Max(b.EstEnd, b.Shadow))
	}
	if len(bs) == 0 {
		empty(c, w, h, "press Play or step to watch the backfilling decisions")
		return
	}
	if end <= 0 {
		end = 1
	}
	const l = 150.0
	pw := w - l - 16
	x := func(v float64) float64 { return l + v/end*pw }
	show := bs
	if len(show) > 10 {
		show = show[len(show)-10:]
	}
	rowH := math.Min(20, (h-30)/float64(len(show)))
	for i, b := range show {
		yy := 8 + float64(i)*rowH
		c.Text(fmt.Sprintf("%s before %s", b.Job, b.Head), l-6, yy+rowH/2, "#333333", "right")
		x0, x1 := x(b.Start), math.Max(x(b.Start)+2, x(b.EstEnd))
		col := "#69db7c"
		if i == len(show)-1 {
			col = "#2f9e44"
		}
		c.FillRect(x0, yy+2, x1-x0, rowH-4, col)
		// The head's reservation starts at the shadow time.
		c.Line(x(b.Shadow), yy, x(b.Shadow), yy+rowH, "#e03131")
	}
	last := bs[len(bs)-1]
	c.Text(fmt.Sprintf("%s (%s) backfilled at t=%s, estimated gone by %s; %s's reservation (shadow time, red) at %s [%s]",
		last.Job, state.Count(last.Nodes, "node"), state.FormatNumber(last.Start), state.FormatNumber(last.EstEnd), last.Head, state.FormatNumber(last.Shadow), last.Mode),
		8, h-10, "#333333", "left")
}

type status struct {
	Free      []int `json:"free"`
	StaleFree []int `json:"stale_free"`
}

// Transfer is a hybrid grid's transfer decision (HRS, eq. 1).
type Transfer struct {
	Job       string  `json:"job"`
	From      string  `json:"from"`
	To        string  `json:"to"`
	LocalTTR  float64 `json:"local_ttr"`
	RemoteTTR float64 `json:"remote_ttr"`
	Overhead  float64 `json:"overhead"`
	PB        float64 `json:"pb"`
	Threshold float64 `json:"threshold"`
	Moved     bool    `json:"moved"`
	Why       string  `json:"why"`
}

func drawHybrid(c gantt.Canvas, fs []state.Frame, w, h float64, pl Platform) {
	var st *status
	var tr []Transfer
	for _, f := range fs {
		switch f.Kind {
		case "status":
			var s status
			if json.Unmarshal(f.Data, &s) == nil {
				st = &s
			}
		case "transfer":
			var t Transfer
			if json.Unmarshal(f.Data, &t) == nil {
				tr = append(tr, t)
			}
		}
	}
	if st == nil && len(tr) == 0 {
		empty(c, w, h, "press Play or step to watch the status exchanges")
		return
	}
	half := w * 0.6
	if st != nil {
		// The status lists servers, cluster by cluster: add them up per
		// cluster when the platform says how many each has; else show
		// one bar per server, labelled as such.
		names, free, stale := perCluster(st.Free, st.StaleFree, pl)
		n := len(names)
		mx := 1
		for _, v := range append(append([]int{}, free...), stale...) {
			mx = max(mx, v)
		}
		what := "cluster"
		if len(pl.Servers) == 0 || n != len(pl.Clusters) {
			what = "server"
		}
		c.Text("free nodes per "+what+": stale (grey) and live (blue)", 8, 10, "#333333", "left")
		rowH := math.Min(18, (h-40)/float64(max(1, n)))
		bw := half - 60
		for i := 0; i < n; i++ {
			yy := 24 + float64(i)*rowH
			c.Text(names[i], 8, yy+rowH/2, "#333333", "left")
			if i < len(stale) {
				c.FillRect(40, yy+1, bw*float64(stale[i])/float64(mx), rowH/2-1, "#adb5bd")
			}
			if i < len(free) {
				c.FillRect(40, yy+rowH/2, bw*float64(free[i])/float64(mx), rowH/2-1, "#4dabf7")
			}
		}
	}
	c.Text("transfer decisions (eq. 1)", half+10, 10, "#333333", "left")
	show := tr
	if len(show) > 9 {
		show = show[len(show)-9:]
	}
	for i, t := range show {
		verb := "stays"
		col := "#868e96"
		if t.Moved {
			verb, col = "→ "+t.To, "#2b8a3e"
		}
		c.Text(fmt.Sprintf("%s %s %s (PB %s, %s)", t.Job, t.From, verb, state.FormatNumber(t.PB), t.Why), half+10, 28+float64(i)*18, col, "left")
	}
}

// perCluster adds per-server free counts up per cluster of pl, when the
// server counts match; otherwise it names the servers s1, s2...
func perCluster(free, stale []int, pl Platform) (names []string, f, st []int) {
	total := 0
	for _, n := range pl.Servers {
		total += n
	}
	if total == 0 || total != len(free) || (len(stale) != 0 && len(stale) != len(free)) {
		for i := range max(len(free), len(stale)) {
			names = append(names, "s"+strconv.Itoa(i+1))
		}
		return names, free, stale
	}
	k := 0
	for ci, n := range pl.Servers {
		sf, ss := 0, 0
		for range n {
			sf += free[k]
			if len(stale) > 0 {
				ss += stale[k]
			}
			k++
		}
		names = append(names, pl.cluster(ci))
		f = append(f, sf)
		if len(stale) > 0 {
			st = append(st, ss)
		}
	}
	return names, f, st
}

// StepLabel names the position of view among the first n frames of fs,
// for the playback clock. Only the backfilling and hybrid frames carry
// simulated time like the Gantt chart; the GA frames are generations and
// the MUSCLE packing frames are steps of a round (their t is the round's
// time, or 0), so those are labelled by generation or step, not seconds.
// It is "" when the run has no frame of view. tf writes the times.
func StepLabel(view string, fs []state.Frame, n int, tf gantt.Times) string {
	_, last, shown, total := scan(view, fs, n)
	if total == 0 {
		return ""
	}
	switch view {
	case "ga":
		if last < 0 {
			return fmt.Sprintf("generation – (0 of %d generation frames)", total)
		}
		var g gen
		_ = json.Unmarshal(fs[last].Data, &g)
		s := "generation " + strconv.Itoa(g.gen())
		if g.Round != nil {
			s = "round " + strconv.Itoa(*g.Round) + ", " + s
		}
		return fmt.Sprintf("%s (%d of %d generation frames)", s, shown, total)
	case "packing":
		return fmt.Sprintf("packing step %d of %d", shown, total)
	}
	if last < 0 {
		return fmt.Sprintf("%s event 0 of %d", view, total)
	}
	return fmt.Sprintf("%s event %d of %d at t = %s", view, shown, total, tf.Format(fs[last].T))
}
