package shake

import (
	"io"

	"gridplay/engine/shake/report"
)

// CSVHeader is the header of a summary's CSV (report.CSVHeader).
var CSVHeader = report.CSVHeader

// WriteCSV writes the summary under CSVHeader (report.WriteCSV).
func WriteCSV(w io.Writer, s *Summary) error { return report.WriteCSV(w, s) }
