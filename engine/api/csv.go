package api

import (
	"encoding/csv"
	"io"
	"strconv"

	"gridplay/engine/sched"
)

// ScheduleHeader is the header of the schedule CSV (design.md section 4).
var ScheduleHeader = []string{"job", "cluster", "start", "end", "nodes"}

// RowsHeader is the header of every experiment's long-format CSV.
var RowsHeader = []string{"experiment", "x", "policy", "metric", "value"}

// FormatFloat prints v in its shortest exact decimal form without an
// exponent, so the same value always prints the same way.
func FormatFloat(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// WriteScheduleCSV writes r's schedule, one line per placement, in the
// order the policy reported it.
func WriteScheduleCSV(w io.Writer, r *sched.Result) error {
	cw := csv.NewWriter(w)
	cw.Write(ScheduleHeader)
	for _, p := range r.Schedule {
		cw.Write([]string{p.Job, p.Cluster, FormatFloat(p.Start), FormatFloat(p.End), strconv.Itoa(p.Nodes)})
	}
	cw.Flush()
	return cw.Error()
}

// WriteRowsCSV writes long-format rows under RowsHeader.
func WriteRowsCSV(w io.Writer, rows []sched.Row) error {
	cw := csv.NewWriter(w)
	cw.Write(RowsHeader)
	return writeRows(cw, rows)
}

// WriteRows writes long-format rows without the header: one point's
// part of an experiment's CSV.
func WriteRows(w io.Writer, rows []sched.Row) error {
	return writeRows(csv.NewWriter(w), rows)
}

func writeRows(cw *csv.Writer, rows []sched.Row) error {
	for _, r := range rows {
		cw.Write([]string{r.Experiment, r.X, r.Policy, r.Metric, FormatFloat(r.Value)})
	}
	cw.Flush()
	return cw.Error()
}
