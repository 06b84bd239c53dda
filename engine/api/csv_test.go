package api_test

import (
	"bytes"
	"testing"

	"gridplay/engine/api"
	"gridplay/engine/sched"
)

// TestRowsCSVSeedColumn: rows of one run keep the five columns; rows of a
// run over several seeds name their seed in a sixth.
func TestRowsCSVSeedColumn(t *testing.T) {
	var one, many bytes.Buffer
	api.WriteRowsCSV(&one, []sched.Row{{Experiment: "e", X: "1", Policy: "p", Metric: "m", Value: 2}})
	if got, want := one.String(), "experiment,x,policy,metric,value\ne,1,p,m,2\n"; got != want {
		t.Fatalf("one seed:\n%s\nwant\n%s", got, want)
	}
	api.WriteRowsCSV(&many, []sched.Row{
		{Experiment: "e", X: "1", Policy: "p", Metric: "m", Value: 2, Seed: 1},
		{Experiment: "e", X: "1", Policy: "p", Metric: "m", Value: 3, Seed: 2},
	})
	if got, want := many.String(), "experiment,x,policy,metric,value,seed\ne,1,p,m,2,1\ne,1,p,m,3,2\n"; got != want {
		t.Fatalf("two seeds:\n%s\nwant\n%s", got, want)
	}
}
