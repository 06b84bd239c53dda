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
//   - User is the SWF user id (field 12) in decimal ("7"), "" when the
//     trace does not know it (-1, or any negative value). Only script
//     policies read it (job.user); numbers, not names, since the archive
//     anonymizes its users.
//   - Size is the allocated processors (field 5) when positive, else the
//     requested processors (field 8): the allocation is what the job really
//     held; the request stands in when the allocation is unknown.
//   - Requested is the requested time (field 9) when positive. Runtime is
//     the actual run time (field 4) as the trace gives it, also when it
//     exceeds the request: a scheduler that enforces requests kills such
//     a job at its requested time, and the backfilling policies do, and
//     count it in their "killed" metric (HPC2N has 14,817 such jobs, KTH
//     475, CTC 7,174). The scenario keeps what the trace says.
//   - A run time of 0 is valid: the archive rounds to whole seconds, so 0
//     means "less than 0.5 s". Such a record is a job with Runtime 0 when
//     it has a requested time (its estimate); with neither, nothing says
//     how long it holds its processors, and it is left out ("runtime").
//     KTH has 8 such records, CTC 17, all with requested times: every
//     record of both traces is a job (KTH 28,489, CTC 77,222; HPC2N
//     202,871).
//   - Every status counts (completed, failed, cancelled): a job that ran
//     held its nodes whatever its exit status.
//   - A record is unusable, kept in Trace.Jobs but left out of the scenario
//     and counted in Unusable / UnusableReasons, when its size is unknown
//     or not positive ("size"), its run time is unknown (negative), or 0
//     without a requested time ("runtime"), its submit time is negative
//     ("submit"), a value exceeds the scenario limits ("limit"), its job
//     number repeats an earlier one ("duplicate"), or the trace already
//     gave model.MaxJobs usable jobs ("max jobs").
//
// pyss's reading (Trace.ScenarioCompat with model.CompatPyss, the CLI's
// run -compat pyss on a trace), from pyss's base/prototype.py,
// _job_input_to_job, which the scenario then leaves to the policy's
// pyss job model (engine/backfill, "Compatibility with pyss"):
//   - A record whose run time is <= 0, whose allocated processors are <=
//     0, or whose submit time is negative becomes a 1 s job with a 1 s
//     estimate on max(1, allocated) processors, submitted at max(submit,
//     1). gridplay's reading leaves such records out (or keeps a run time
//     of 0 as 0 s).
//   - The user is read as in gridplay's reading (pyss has none).
//   - Any other record keeps its allocated processors (field 5 only; pyss
//     never falls back to the requested processors), run time, requested
//     time and submit time. A record without a requested time gets 1 s as
//     its requested time: pyss reads the missing value as -1, so its run
//     is max(min(-1, run), 1) = 1 s and its estimate max(-1, run, 1); a
//     requested time of 1 gives both under the policy's rules.
//   - Only "limit" and "duplicate" records are left out. Trace.Unusable
//     counts records under gridplay's reading.
//
// Importing the head of a trace (Import, the playground's job table and
// POST /api/swf):
//   - The first limit usable jobs (0 for all of them, at most
//     MaxImportJobs = model.MaxJobs; POST /api/swf keeps
//     DefaultImportJobs, 2,000, when it names no limit), converted
//     as for Trace.Scenario; the others are only counted (Usable), so
//     memory stays small whatever the trace.
//   - Submit times are the trace's own, as Trace.Scenario keeps them (the
//     SWF's are already relative to the log's start): the page's answers
//     for a trace are then the CLI's, per-job times included, and
//     compare with other simulators run on the same trace.
//   - At most MaxTraceBytes (512 MB) of uncompressed text are read: a gzip
//     bomb stops there, and a bigger real trace gives its cut from the
//     part read, with Truncated set and a notice saying so. The partial
//     last line is dropped.
//   - Notice is the cut in sentences: kept of usable, and the skipped and
//     unusable records by reason with their first line numbers.
//   - No usable job, or gzip data that is broken or ends early, is an error
//     naming the file and what was read.
package swf
