// Package api is gridplay's HTTP API: one http.Handler that serves the
// engine natively (wasm/api serve), inside the browser's module Web Worker
// and on Cloudflare Workers (both through github.com/syumai/workers).
//
// Routes (design.md section 4):
//
//	GET  /api/policies          every policy with its parameters
//	POST /api/run               scenario JSON in, result JSON out;
//	                            ?stream=1 gives NDJSON: one frame per line,
//	                            then {"result": ...}; ?format=compact gives
//	                            the result in the compact binary form, and a
//	                            Content-Type of compact.ScenarioType sends
//	                            the scenario in it (engine/api/compact: what
//	                            the page uses for big scenarios)
//	GET  /api/bench             the standard benchmark set
//	                            (engine/api/benchset): its requests with
//	                            their bodies (base64), made from the HPC2N
//	                            trace; 503 when the trace cannot be read
//	GET  /api/experiments       every experiment
//	POST /api/experiments/NAME  optional ExperimentOptions JSON in, report
//	                            JSON out; ?format=csv gives the long CSV
//	POST /api/swf?name=N&limit=K  an SWF trace (.swf or .swf.gz bytes, at
//	                            most swf.MaxUploadBytes) in, the head of it
//	                            as swf.Cut JSON out (swf.Import: the first
//	                            K usable jobs, K from 1 to model.MaxJobs,
//	                            0 for all, 2000 when absent, at the trace's own
//	                            times, the trace's machine, counts, reasons, notice;
//	                            ?format=compact: the jobs as compact columns)
//	POST /api/run?format=csv    the per-job table as CSV (engine/outputs):
//	                            job,cluster,start,end,nodes,submit,wait,
//	                            turnaround,bsld,state,reason
//	POST /api/run?format=series the time series as CSV:
//	                            t,busy_nodes,queued_jobs,queued_nodes
//	POST /api/batsim?name=FILE  a Batsim workload in, the answer of
//	                            /api/swf out (one cluster of nb_res nodes)
//	POST /api/batsim/export     scenario JSON in, {"workload": Batsim JSON,
//	                            "notes": what Batsim cannot carry} out
//	POST /api/shake             {"scenario": ..., "runs": N, "policies": [...],
//	                            "jitter", "drop", "dup", "seed"} in, the
//	                            shaken summary out (?format=csv for CSV);
//	                            ?point=K answers point K alone (0 the
//	                            original, 1..N the copies)
//	POST /api/shake/plan        the same body; the points and the resolved
//	                            spec out
//	POST /api/shake/merge       {"points": [every point's report]} in, the
//	                            summary out (?format=csv for CSV)
//	POST /api/expand            scenario JSON in, the same scenario with its
//	                            generator drawn into jobs out, canonical
//	                            JSON (what engine/runner runs)
//
// Wherever a scenario is read, a Batsim workload is accepted too (found
// by its "nb_res" key) and runs with ?policy= (default fcfs).
//
// Errors are JSON {"error": msg, "field": path} with 400 (malformed JSON,
// a bad query value, or an error in the policy script: see below),
// 413 (body too large), 422 (invalid scenario or options, unknown policy,
// a run whose work estimate is over sched.MaxSteps),
// 404 (unknown route or experiment), 405 (wrong method) or 503 (the run
// was cancelled). Bad input never gives a 500; a panic is recovered into
// a 500 JSON error.
//
// An error in the script of the policy "script" (engine/script: its
// syntax, a runtime error, a step budget, a ctx.start that does not fit,
// an empty or too long script) is a 400 naming the field policy.script
// (scenario.policy.script in a shake body), with the line, the column and
// the message (issue 38: "The API answers 400 with the message, never
// 500"). Every other invalid field stays a 422, and so does a scenario
// with both (inputStatus).
//
// Every request is stateless: the whole scenario travels with it, because
// the worker runtimes start a fresh Go instance per request.
package api
