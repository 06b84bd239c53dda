package outputs

import (
	"cmp"
	"encoding/csv"
	"io"
	"math"
	"slices"
	"strconv"

	"gridplay/engine/csvfmt"
)

// Point is one row of the time series: the state from T on.
type Point struct {
	T           float64 `json:"t"`
	BusyNodes   int     `json:"busy_nodes"`
	QueuedJobs  int     `json:"queued_jobs"`
	QueuedNodes int     `json:"queued_nodes"`
}

type change struct {
	t     float64
	nodes int
}

// Series is the time series of a per-job table (Jobs): a point at every
// instant where the busy nodes, the queued jobs or the queued nodes
// change (package doc).
func Series(rows []Job) []Point {
	n := len(rows)
	submits := make([]change, 0, n)
	starts := make([]change, 0, n)
	ends := make([]change, 0, n)
	for k := range rows {
		r := &rows[k]
		if r.State == Dropped || math.IsNaN(r.Start) || math.IsNaN(r.End) || math.IsNaN(r.Submit) {
			continue
		}
		submits = append(submits, change{r.Submit, r.Nodes})
		starts = append(starts, change{r.Start, r.Nodes})
		ends = append(ends, change{r.End, r.Nodes})
	}
	// The changes of one instant are applied together, so their order
	// within the instant does not matter. Policies often list placements
	// in start order already.
	byT := func(a, b change) int { return cmp.Compare(a.t, b.t) }
	for _, cs := range [][]change{submits, starts, ends} {
		if !slices.IsSortedFunc(cs, byT) {
			slices.SortFunc(cs, byT)
		}
	}
	var out []Point
	var cur Point
	a, b, c := 0, 0, 0
	for a < len(submits) || b < len(starts) || c < len(ends) {
		t := math.Inf(1)
		if a < len(submits) {
			t = submits[a].t
		}
		if b < len(starts) {
			t = math.Min(t, starts[b].t)
		}
		if c < len(ends) {
			t = math.Min(t, ends[c].t)
		}
		for ; a < len(submits) && submits[a].t == t; a++ {
			cur.QueuedJobs++
			cur.QueuedNodes += submits[a].nodes
		}
		for ; b < len(starts) && starts[b].t == t; b++ {
			cur.QueuedJobs--
			cur.QueuedNodes -= starts[b].nodes
			cur.BusyNodes += starts[b].nodes
		}
		for ; c < len(ends) && ends[c].t == t; c++ {
			cur.BusyNodes -= ends[c].nodes
		}
		last := Point{}
		if len(out) > 0 {
			last = out[len(out)-1]
		}
		if cur.BusyNodes != last.BusyNodes || cur.QueuedJobs != last.QueuedJobs || cur.QueuedNodes != last.QueuedNodes {
			cur.T = t
			out = append(out, cur)
		}
	}
	return out
}

// SeriesHeader is the header of the time-series CSV.
var SeriesHeader = []string{"t", "busy_nodes", "queued_jobs", "queued_nodes"}

// WriteSeriesCSV writes the series under SeriesHeader.
func WriteSeriesCSV(w io.Writer, pts []Point) error {
	cw := csv.NewWriter(w)
	cw.Write(SeriesHeader)
	for _, p := range pts {
		cw.Write([]string{csvfmt.Float(p.T), strconv.Itoa(p.BusyNodes), strconv.Itoa(p.QueuedJobs), strconv.Itoa(p.QueuedNodes)})
	}
	cw.Flush()
	return cw.Error()
}

// TimeAverage is the time average of the busy nodes over the series' span
// (first to last point); divided by the platform's nodes it is the
// utilisation.
func TimeAverage(pts []Point) float64 {
	if len(pts) < 2 {
		return 0
	}
	area := 0.0
	for k := 0; k+1 < len(pts); k++ {
		area += float64(pts[k].BusyNodes) * (pts[k+1].T - pts[k].T)
	}
	return area / (pts[len(pts)-1].T - pts[0].T)
}
