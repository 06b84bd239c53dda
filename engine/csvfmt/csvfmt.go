// Package csvfmt is how every CSV gridplay writes prints a number: the
// CLI's and the API's (schedule, per-job table, time series, experiment
// rows, shake summaries) and the page's downloads, so a value is the
// same text wherever it is written and a file of the page equals the
// CLI's byte for byte. It also holds the one way a count is written for
// reading (Thousands), in the engine's messages and on the page. It
// imports nothing of gridplay, so the engine and the page can both use
// it.
package csvfmt

import (
	"strconv"
	"strings"
)

// Float prints v in its shortest exact decimal form without an exponent
// (1174966, not 1.174966e+06; 0.00001, not 1e-05), so the same value
// always prints the same way and every spreadsheet reads it back as
// that value.
func Float(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Thousands writes n with its thousands grouped, for reading: 28489 ->
// "28,489" (never in a CSV, whose numbers are Float's).
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
