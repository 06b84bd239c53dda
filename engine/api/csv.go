package api

import (
	"encoding/csv"
	"io"
	"strconv"

	"gridplay/engine/csvfmt"
	"gridplay/engine/sched"
)

// RowsHeader is the header of every experiment's long-format CSV. A run
// over several seeds (sched.ExperimentOptions.Seeds) adds a last column,
// "seed", naming the run each row comes from.
var RowsHeader = []string{"experiment", "x", "policy", "metric", "value"}

// WriteRowsCSV writes long-format rows under RowsHeader, and the seed
// column when the rows come from several seeds (their Seed is set).
func WriteRowsCSV(w io.Writer, rows []sched.Row) error {
	cw := csv.NewWriter(w)
	if len(rows) > 0 && rows[0].Seed != 0 {
		cw.Write(append(RowsHeader[:len(RowsHeader):len(RowsHeader)], "seed"))
	} else {
		cw.Write(RowsHeader)
	}
	return writeRows(cw, rows)
}

// WriteRows writes long-format rows without the header: one point's
// part of an experiment's CSV.
func WriteRows(w io.Writer, rows []sched.Row) error {
	return writeRows(csv.NewWriter(w), rows)
}

func writeRows(cw *csv.Writer, rows []sched.Row) error {
	for _, r := range rows {
		rec := []string{r.Experiment, r.X, r.Policy, r.Metric, csvfmt.Float(r.Value)}
		if r.Seed != 0 {
			rec = append(rec, strconv.FormatUint(r.Seed, 10))
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}
