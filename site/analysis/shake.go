package analysis

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"gridplay/engine/model"
	"gridplay/engine/shake/report"
	"gridplay/site/experiments"
)

// The page reads the shaken summary (POST /api/shake/merge) into the
// engine's own report types (engine/shake/report, which links neither the
// runner nor the policies into app.wasm).

// ShakeDiff is a metric of policy A minus policy B over the same
// copies, with the paired t test.
type ShakeDiff = report.Diff

// ShakeSummary is the merged report of a shaken run, with the page's
// methods.
type ShakeSummary report.Summary

// DefaultShakeRuns is the number of shaken copies the page proposes
// (Tsafrir et al. average tens of runs; 30 is the usual size for a t
// interval).
const DefaultShakeRuns = 30

// MaxShakeRuns is the most copies the page asks for at once: each copy
// runs every compared policy in a browser worker.
const MaxShakeRuns = 200

// ShakeBody is the body of POST /api/shake/plan and of every point:
// the scenario and the request (engine/api.ShakeBody).
func ShakeBody(s *model.Scenario, runs int, policies []string) ([]byte, error) {
	sc, err := model.Encode(s)
	if err != nil {
		return nil, err
	}
	rest, _ := json.Marshal(struct {
		Runs     int      `json:"runs"`
		Policies []string `json:"policies"`
	}{runs, policies})
	var b bytes.Buffer
	b.WriteString(`{"scenario":`)
	b.Write(bytes.TrimSpace(sc))
	b.WriteByte(',')
	b.Write(rest[1:])
	return b.Bytes(), nil
}

// ShakeMergeBody is the body of POST /api/shake/merge: every point's
// report in index order.
func ShakeMergeBody(points [][]byte) []byte { return experiments.PointsBody("", points) }

// ParseRuns reads the number of shaken copies typed in the form.
func ParseRuns(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 2 || n > MaxShakeRuns {
		return 0, fmt.Errorf("the number of shaken copies must be a whole number from 2 to %d", MaxShakeRuns)
	}
	return n, nil
}

// CSV is the summary as engine/shake/report.WriteCSV writes it (the CLI's
// run -shake N -format csv): a row per policy and metric, then a row per
// pair and metric.
func (s *ShakeSummary) CSV() []byte {
	var b bytes.Buffer
	report.WriteCSV(&b, (*report.Summary)(s))
	return b.Bytes()
}

// ShakeCell is one policy's mean and 95% interval of one metric.
type ShakeCell struct {
	Policy string
	Text   string
	Mean   float64
	Low    float64
	High   float64
	// Bar places the interval on a 0-100 scale shared by the row.
	BarLeft, BarWidth, Dot float64
}

// ShakeRow is one metric of the summary: a cell per policy, and the
// paired differences of each pair.
type ShakeRow struct {
	Metric string
	Cells  []ShakeCell
	Diffs  []ShakeDiff
}

// Rows are the summary by metric, in the engine's order, leaving out
// metrics every policy has at 0 on every copy (a metric the scenario
// does not define, such as over_deadline without deadlines).
func (s *ShakeSummary) Rows() []ShakeRow {
	var out []ShakeRow
	idx := map[string]int{}
	for _, st := range s.Stats {
		i, ok := idx[st.Metric]
		if !ok {
			i = len(out)
			idx[st.Metric] = i
			out = append(out, ShakeRow{Metric: st.Metric})
		}
		half := (st.High - st.Low) / 2
		out[i].Cells = append(out[i].Cells, ShakeCell{Policy: st.Policy, Mean: st.Mean, Low: st.Low, High: st.High,
			Text: experiments.FormatValue(st.Mean) + " ± " + experiments.FormatValue(half)})
	}
	for _, d := range s.Compare {
		if i, ok := idx[d.Metric]; ok {
			out[i].Diffs = append(out[i].Diffs, d)
		}
	}
	var keep []ShakeRow
	for _, r := range out {
		lo, hi, zero := math.Inf(1), math.Inf(-1), true
		for _, c := range r.Cells {
			zero = zero && c.Low == 0 && c.High == 0 && c.Mean == 0
			lo, hi = min(lo, c.Low), max(hi, c.High)
		}
		if zero {
			continue
		}
		span := hi - lo
		for k := range r.Cells {
			c := &r.Cells[k]
			if span <= 0 {
				c.BarLeft, c.BarWidth, c.Dot = 0, 100, 50
				continue
			}
			c.BarLeft = 100 * (c.Low - lo) / span
			c.BarWidth = max(0.5, 100*(c.High-c.Low)/span)
			c.Dot = 100 * (c.Mean - lo) / span
		}
		keep = append(keep, r)
	}
	return keep
}

// DiffText says one paired difference in words.
func DiffText(d ShakeDiff) string {
	iv := "[" + experiments.FormatValue(d.Low) + ", " + experiments.FormatValue(d.High) + "]"
	p := "p = " + strconv.FormatFloat(d.P, 'g', 2, 64)
	if d.P < 1e-4 {
		p = "p < 0.0001"
	}
	if d.N < 2 {
		return d.A + " − " + d.B + " = " + experiments.FormatValue(d.Mean) + " (one copy: no test)"
	}
	if d.Significant {
		return d.A + " − " + d.B + " = " + experiments.FormatValue(d.Mean) + " " + iv + ", " + p + ": significant, " + d.Better + " is better"
	}
	return d.A + " − " + d.B + " = " + experiments.FormatValue(d.Mean) + " " + iv + ", " + p + ": not significant"
}
