package swf

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
)

// MaxImportJobs is the largest cut Import keeps: every usable job of a
// trace, up to the jobs a scenario may hold (HPC2N's 202,871 fit). The
// playground imports whole traces.
const MaxImportJobs = model.MaxJobs

// DefaultImportJobs is the cut POST /api/swf keeps when its request names
// no limit: a table a person reads through, and a run whose animation
// can be followed.
const DefaultImportJobs = 2000

// MaxUploadBytes caps an uploaded trace file, compressed or not.
const MaxUploadBytes = 64 << 20

// MaxTraceBytes caps the uncompressed bytes Import reads: a gzip bomb
// stops here, and so does a huge real trace, whose cut is then taken
// from the part read (the notice says so).
const MaxTraceBytes = 512 << 20

// Cut is the head of a trace as the playground imports it: the first
// Kept usable jobs, with the trace's own submit times (as Trace.Scenario
// reads them, so the page's answers are the CLI's), and the trace's
// machine as one cluster.
type Cut struct {
	Name string `json:"name"`
	// Cluster is the trace's machine (Trace.Scenario's site0).
	Cluster model.Cluster `json:"cluster"`
	Jobs    []model.Job   `json:"jobs"`
	// Usable is the number of usable jobs in the part of the trace read;
	// Kept <= Usable of them are in Jobs.
	Usable int   `json:"usable"`
	Kept   int   `json:"kept"`
	Lines  int   `json:"lines"`
	Bytes  int64 `json:"bytes"`
	// Truncated is set when reading stopped at MaxTraceBytes.
	Truncated       bool             `json:"truncated,omitempty"`
	Skipped         int              `json:"skipped"`
	SkipReasons     map[string]*Skip `json:"skip_reasons,omitempty"`
	Unusable        int              `json:"unusable"`
	UnusableReasons map[string]*Skip `json:"unusable_reasons,omitempty"`
	// Notice says in sentences what was imported and what was left out.
	Notice []string `json:"notice"`
}

// Import reads a trace (plain or gzip) from r and keeps its first limit
// usable jobs (limit 0, or outside 1..MaxImportJobs, means every usable
// job up to MaxImportJobs),
// converted as Trace.Scenario does. It reads at most MaxTraceBytes
// uncompressed bytes and keeps only the cut, so memory stays small
// whatever the trace. name is the file name, for messages; ".gz" and
// ".swf" are trimmed from it for the cluster's name.
//
// A trace with no usable job, or unreadable gzip data, is an error
// naming the file and what was read.
func Import(name string, r io.Reader, limit int) (*Cut, error) {
	return importCut(name, r, limit, MaxTraceBytes)
}

func importCut(name string, r io.Reader, limit int, maxBytes int64) (*Cut, error) {
	if limit < 1 || limit > MaxImportJobs {
		limit = MaxImportJobs
	}
	name = strings.ToValidUTF8(name, "")
	c := &Cut{Name: name}
	largest := 0
	var ids idText
	tr, err := read(r, func(rec *Record, reason string, h *Header) bool {
		if reason != "" {
			return true
		}
		c.Usable++
		if len(c.Jobs) >= limit {
			return true
		}
		if c.Jobs == nil && h.MaxRecords > 0 {
			// Size the cut once, as Read sizes its records: no more
			// than the header's record count (which counts unusable
			// records too) or the limit.
			c.Jobs = make([]model.Job, 0, min(h.MaxRecords, limit))
		}
		j, _ := convert(rec)
		j.ID = ids.id(rec.Job)
		j.User = ids.user(rec.User)
		largest = max(largest, j.Size)
		c.Jobs = append(c.Jobs, j)
		return true
	}, maxBytes)
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("%s: the gzip data ends early (a partial download?)", name)
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	c.Lines, c.Bytes, c.Truncated = tr.Lines, tr.Bytes, tr.Truncated
	c.Skipped, c.SkipReasons = tr.Skipped, tr.SkipReasons
	c.Unusable, c.UnusableReasons = tr.Unusable, tr.UnusableReasons
	if len(c.Jobs) == 0 {
		return nil, fmt.Errorf("%s has no usable job (read %s lines; %s skipped, %s unusable%s)",
			name, csvfmt.Thousands(tr.Lines), csvfmt.Thousands(tr.Skipped), csvfmt.Thousands(tr.Unusable), reasonList(tr))
	}
	tr.Name = strings.TrimSuffix(strings.TrimSuffix(name, ".gz"), ".swf")
	c.Cluster = model.Cluster{ID: "site0", Name: tr.scenarioName(), Nodes: tr.Header.machine(largest)}

	c.Kept = len(c.Jobs)
	c.Notice = c.notice(limit)
	return c, nil
}

func reasonList(t *Trace) string {
	var parts []string
	if t.Skipped > 0 {
		parts = append(parts, "skipped: "+reasonText(t.SkipReasons))
	}
	if t.Unusable > 0 {
		parts = append(parts, "unusable: "+reasonText(t.UnusableReasons))
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, "; ")
}

// notice is the cut in sentences, for the page.
func (c *Cut) notice(limit int) []string {
	var n []string
	if c.Kept < c.Usable {
		n = append(n, fmt.Sprintf("Imported the first %s of %s usable jobs (the table holds at most %s; run the whole trace with the CLI).",
			csvfmt.Thousands(c.Kept), csvfmt.Thousands(c.Usable), csvfmt.Thousands(limit)))
	} else {
		n = append(n, fmt.Sprintf("Imported %s jobs.", csvfmt.Thousands(c.Kept)))
	}
	if c.Truncated {
		n = append(n, fmt.Sprintf("Read only the first %d MB of the uncompressed trace (%s lines); the rest was not read.",
			MaxTraceBytes>>20, csvfmt.Thousands(c.Lines)))
	}
	if c.Skipped > 0 {
		n = append(n, fmt.Sprintf("Skipped %s invalid lines: %s.", csvfmt.Thousands(c.Skipped), reasonText(c.SkipReasons)))
	}
	if c.Unusable > 0 {
		n = append(n, fmt.Sprintf("Left out %s records: %s.", csvfmt.Thousands(c.Unusable), reasonText(c.UnusableReasons)))
	}
	return n
}

// reasonText lists skip reasons by count (then name), with line numbers.
func reasonText(m map[string]*Skip) string {
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b string) int {
		return cmp.Or(cmp.Compare(m[b].Count, m[a].Count), strings.Compare(a, b))
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		ls := make([]string, len(m[k].Lines))
		for j, l := range m[k].Lines {
			ls[j] = strconv.Itoa(l)
		}
		more := ""
		if m[k].Count > len(ls) {
			more = ", …"
		}
		parts[i] = fmt.Sprintf("%s %s (line %s%s)", csvfmt.Thousands(m[k].Count), k, strings.Join(ls, ", "), more)
	}
	return strings.Join(parts, "; ")
}
