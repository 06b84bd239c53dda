// Package batsim reads and writes Batsim workloads (the JSON input of the
// Batsim simulator, https://batsim.readthedocs.io, "Workload"): so a
// workload moves between gridplay and the tools built around Batsim.
//
// # Format
//
// A workload is one JSON object:
//
//	{"nb_res": 4,
//	 "jobs": [{"id": "1", "subtime": 0, "res": 2, "walltime": 100, "profile": "d50"}],
//	 "profiles": {"d50": {"type": "delay", "delay": 50}}}
//
// Its fields, as gridplay reads them:
//
//   - nb_res: the resources the workload was made for (a positive
//     integer). gridplay reads it as one cluster "site0" of nb_res nodes,
//     as it reads an SWF trace's machine.
//   - jobs[i]: id (a string, or an integer as older Batsim tools write),
//     subtime (absolute submit time, s), res (resources, a positive
//     integer), profile (a profile name), walltime (optional, s, relative
//     to the start; Batsim kills a job at its walltime). They become a job
//     with ID id, Submit subtime, Size res, Runtime the profile's delay and
//     Requested the walltime: gridplay's backfilling also kills a job at
//     its requested time, so the two agree. A walltime of -1, or none,
//     means no limit (Requested 0). extra_data is accepted and ignored.
//   - profiles[name]: delay profiles, type "delay" (Batsim up to v4) or
//     "DelayProfile" (v5), with delay > 0 s: a job sleeping on its
//     resources for that long, which is what gridplay's rigid jobs are;
//     and the profile of a job of no length, a "ptask_homogeneous" with
//     cpu 0 and com 0 (Zero), read as a run time of 0. ret and extra_data
//     are accepted and ignored. Other profiles (parallel tasks with work,
//     sequences, traces) simulate the platform itself and are refused,
//     naming the profile.
//   - version, command, date and description are accepted at the top
//     level and ignored.
//
// Decoding is strict: any other field, a wrong type, a missing field, a
// duplicate job id, a job naming an unknown profile, or a value out of
// gridplay's limits (model.MaxJobs, model.MaxNodes, model.MaxTime,
// model.MaxNameLen) is an error naming the field, e.g. "jobs[3].res".
//
// # Writing (Export)
//
// nb_res is the platform's total nodes; every job is written in scenario
// order with its id as a string, subtime, res and, when it has one, its
// requested time as walltime; one delay profile per distinct runtime,
// named "d" followed by the runtime in seconds in its shortest form
// ("d3600", "d1e-05"), written with type "delay" (read by every Batsim
// version). A job of run time 0 (an SWF record of less than half a
// second, which KTH has 8 of and CTC 17) cannot be a delay profile:
// Batsim refuses a delay of 0 ("a non-strictly-positive 'delay' field",
// src/profiles.cpp, in every version read). It is written with the
// profile "zero" (Zero): a homogeneous parallel task of no work, type
// "ptask_homogeneous" (Batsim v4's name; v2 called it "msg_par_hg" and
// does not read it), cpu 0 and com 0, which does nothing on whatever
// nodes it gets; Export's notes count those jobs, and Decode reads the
// profile back as a run time of 0. Batsim workloads carry no
// platform, no paper fields and no users: the clusters' structure,
// deadlines, origins, data, bandwidths, application models and users
// (an SWF trace's, model.Job.User) are not written, and
// Export's notes count what was left out; a job with an application model
// and no runtime cannot be a delay profile and is an error.
//
// Detection: IsWorkload reports whether a JSON document is a Batsim
// workload (a top-level object with "nb_res"); the CLI and the API accept
// one wherever a scenario is accepted.
package batsim
