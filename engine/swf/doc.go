// Package swf reads the Standard Workload Format of the Parallel Workloads
// Archive (Feitelson et al.), as .swf or .swf.gz, streaming, and turns a
// trace into a scenario.
//
// Reading (Read, ReadFile):
//   - Header comments "; Key: value" are kept; MaxProcs, MaxNodes, MaxJobs,
//     MaxRecords and UnixStartTime are parsed from the leading integer of
//     their value ("338 (batch partition; 512 total)" reads as 338).
//   - Each data line must have exactly the 18 SWF fields, separated by
//     spaces or tabs, each a decimal number (-1 meaning unknown). Numbers
//     may have a fraction ("552.21") or an exponent.
//   - An invalid line is never fatal: it is counted in Skipped and in
//     SkipReasons by reason ("fields": not 18 fields; "number": a field is
//     not a number; "too long": over 64 KiB), with the first few line
//     numbers, and reading goes on. Blank lines are ignored.
//   - Gzip is detected by its magic bytes (1f 8b), not by the file name.
//
// Turning a trace into a scenario (Trace.Scenario):
//   - One site, "site0", with Header.MaxProcs nodes; when MaxProcs is
//     missing, MaxNodes; when both are missing, the largest job. A job
//     larger than the site stays in the scenario and the policy reports it
//     as a Drop.
//   - Job id is the SWF job number (field 1) in decimal; Submit is field 2
//     as in the trace (not shifted to start at 0), so ids and times can be
//     checked against the archive.
//   - Size is the allocated processors (field 5) when positive, else the
//     requested processors (field 8): the allocation is what the job really
//     held; the request stands in when the allocation is unknown.
//   - Requested is the requested time (field 9) when positive. Runtime is
//     the actual run time (field 4) capped at the requested time: a job
//     that ran past its request would have been killed at it by a
//     scheduler enforcing requests, which is what backfilling assumes.
//   - Every status counts (completed, failed, cancelled): a job that ran
//     held its nodes whatever its exit status.
//   - A record is unusable, kept in Trace.Jobs but left out of the scenario
//     and counted in Unusable / UnusableReasons, when its size is unknown
//     or not positive ("size"), its run time is unknown or not positive
//     ("runtime"), its submit time is negative ("submit"), a value exceeds
//     the scenario limits ("limit"), its job number repeats an earlier one
//     ("duplicate"), or the trace already gave model.MaxJobs usable jobs
//     ("max jobs").
//
// Importing the head of a trace (Import, the playground's job table and
// POST /api/swf):
//   - The first limit usable jobs (0 for all of them, at most
//     MaxImportJobs = model.MaxJobs; POST /api/swf keeps
//     DefaultImportJobs, 2,000, when it names no limit), converted
//     as for Trace.Scenario; the others are only counted (Usable), so
//     memory stays small whatever the trace.
//   - Submit times are shifted by the earliest submit of the kept jobs, so
//     the cut starts at 0 and keeps every gap between arrivals (a trace
//     need not be sorted by submit time).
//   - At most MaxTraceBytes (512 MB) of uncompressed text are read: a gzip
//     bomb stops there, and a bigger real trace gives its cut from the
//     part read, with Truncated set and a notice saying so. The partial
//     last line is dropped.
//   - Notice is the cut in sentences: kept of usable, the shift, and the
//     skipped and unusable records by reason with their first line numbers.
//   - No usable job, or gzip data that is broken or ends early, is an error
//     naming the file and what was read.
package swf
