package shake

import (
	"encoding/csv"
	"io"
	"strconv"
)

// CSVHeader is the header of a summary's CSV: one row per policy and
// metric (vs empty), then one per pair and metric (the difference policy
// - vs, with its p value).
var CSVHeader = []string{"policy", "vs", "metric", "n", "original", "mean", "sd", "ci95_low", "ci95_high", "p_value", "significant", "better"}

func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// WriteCSV writes the summary under CSVHeader.
func WriteCSV(w io.Writer, s *Summary) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	for _, st := range s.Stats {
		cw.Write([]string{st.Policy, "", st.Metric, strconv.Itoa(st.N), num(st.Original), num(st.Mean), num(st.SD), num(st.Low), num(st.High), "", "", ""})
	}
	for _, d := range s.Compare {
		cw.Write([]string{d.A, d.B, d.Metric, strconv.Itoa(d.N), "", num(d.Mean), "", num(d.Low), num(d.High), num(d.P), strconv.FormatBool(d.Significant), d.Better})
	}
	cw.Flush()
	return cw.Error()
}
