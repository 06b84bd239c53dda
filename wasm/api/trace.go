package main

import (
	"fmt"
	"io"
	"maps"
	"slices"

	"gridplay/engine/model"
	"gridplay/engine/swf"
)

// loadTrace reads an SWF trace (.swf or .swf.gz) as a scenario for policy,
// with the records read as the compat simulator reads them ("" for
// gridplay's own reading, see engine/swf), and reports on w the lines it
// skipped and the records it left out, by reason, with the first line
// numbers of each.
func loadTrace(name, policy, compat string, w io.Writer) (*model.Scenario, error) {
	tr, err := swf.ReadFile(name)
	if err != nil {
		return nil, err
	}
	s, err := tr.ScenarioCompat(policy, compat)
	if err != nil {
		return nil, err
	}
	report(w, name, "skipped", "invalid lines", tr.Skipped, tr.SkipReasons)
	if compat == "" {
		report(w, name, "left out", "unusable records", tr.Unusable, tr.UnusableReasons)
	}
	return s, nil
}

func report(w io.Writer, name, verb, what string, n int, reasons map[string]*swf.Skip) {
	if n == 0 {
		return
	}
	fmt.Fprintf(w, "%s: %s %d %s\n", name, verb, n, what)
	for _, k := range slices.Sorted(maps.Keys(reasons)) {
		fmt.Fprintf(w, "  %d %s (lines %v)\n", reasons[k].Count, k, reasons[k].Lines)
	}
}
