// Package report holds the types of a shaken run's report
// (engine/shake): the resolved request, the statistics per policy and
// metric, and the paired differences. It imports nothing of the engine's,
// so the page decodes the engine's reports into these very types without
// linking the runner and the policies.
package report

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"gridplay/engine/csvfmt"
)

// Spec is a Request resolved against its scenario: every value as used.
type Spec struct {
	Runs     int      `json:"runs"`
	Policies []string `json:"policies"`
	Jitter   float64  `json:"jitter"`
	Drop     float64  `json:"drop"`
	Dup      float64  `json:"dup"`
	Seed     uint64   `json:"seed"`
}

// Equal tells whether a and b are the same resolved request.
func (a Spec) Equal(b Spec) bool {
	return a.Runs == b.Runs && a.Jitter == b.Jitter && a.Drop == b.Drop && a.Dup == b.Dup && a.Seed == b.Seed &&
		strings.Join(a.Policies, "\x00") == strings.Join(b.Policies, "\x00")
}

// Stat is one metric of one policy over the shaken copies.
type Stat struct {
	Policy string `json:"policy"`
	Metric string `json:"metric"`
	N      int    `json:"n"`
	// Original is the metric on the unshaken workload.
	Original float64 `json:"original"`
	Mean     float64 `json:"mean"`
	SD       float64 `json:"sd"`
	// Low and High bound the 95% confidence interval of the mean.
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// Diff is one metric of policy A minus policy B, paired over the same
// shaken copies.
type Diff struct {
	A      string  `json:"a"`
	B      string  `json:"b"`
	Metric string  `json:"metric"`
	N      int     `json:"n"`
	Mean   float64 `json:"mean"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
	// P is the two-sided p value of the paired t test.
	P           float64 `json:"p"`
	Significant bool    `json:"significant"`
	// Better is the policy with the better mean when significant.
	Better string `json:"better,omitempty"`
}

// Summary is the merged report of a shaken run.
type Summary struct {
	Spec    Spec   `json:"spec"`
	Test    string `json:"test"`
	Stats   []Stat `json:"stats"`
	Compare []Diff `json:"compare,omitempty"`
	// Invalid counts the runs whose schedule failed the checker.
	Invalid int      `json:"invalid"`
	Notes   []string `json:"notes,omitempty"`
}

// CSVHeader is the header of a summary's CSV: one row per policy and
// metric (vs empty), then one per pair and metric (the difference policy
// - vs, with its p value).
var CSVHeader = []string{"policy", "vs", "metric", "n", "original", "mean", "sd", "ci95_low", "ci95_high", "p_value", "significant", "better"}

// WriteCSV writes the summary under CSVHeader (run -shake N -format csv,
// POST /api/shake?format=csv and the page's download).
func WriteCSV(w io.Writer, s *Summary) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	for _, st := range s.Stats {
		cw.Write([]string{st.Policy, "", st.Metric, strconv.Itoa(st.N), csvfmt.Float(st.Original), csvfmt.Float(st.Mean), csvfmt.Float(st.SD), csvfmt.Float(st.Low), csvfmt.Float(st.High), "", "", ""})
	}
	for _, d := range s.Compare {
		cw.Write([]string{d.A, d.B, d.Metric, strconv.Itoa(d.N), "", csvfmt.Float(d.Mean), "", csvfmt.Float(d.Low), csvfmt.Float(d.High), csvfmt.Float(d.P), strconv.FormatBool(d.Significant), d.Better})
	}
	cw.Flush()
	return cw.Error()
}
