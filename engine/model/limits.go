package model

import "slices"

// Limits keep hostile or mistaken input (share links and uploads come from
// strangers) from exhausting memory or time. Each has its own message, so a
// user knows which limit was hit. They are generous for the papers: the
// whole HPC2N trace (202,871 jobs on 240 processors) passes.
const (
	// MaxJobs caps the job list and a generator's job count.
	MaxJobs = 250000
	// MaxClusters caps the clusters (sites) of a platform.
	MaxClusters = 128
	// MaxNodes caps the nodes of one cluster, and a job's size.
	MaxNodes = 65536
	// MaxTotalNodes caps the nodes summed over all clusters.
	MaxTotalNodes = 262144
	// MaxServers caps the servers of one hybrid-model cluster.
	MaxServers = 1024
	// MaxPEs caps the processing elements of one hybrid-model node.
	MaxPEs = 1024
	// MaxGenerations caps a policy's "generations" parameter (GA runs).
	MaxGenerations = 100000
	// MaxEvents caps the platform events (offline/online).
	MaxEvents = 10000
	// MaxNameLen caps every id and name, in bytes.
	MaxNameLen = 128
	// MaxParams caps the number of policy parameters.
	MaxParams = 64
	// MaxPoints caps the points of one application scaling curve.
	MaxPoints = 1024
	// MaxLinks caps the site-to-site links of a network.
	MaxLinks = MaxClusters * (MaxClusters - 1) / 2
	// MaxCodes caps a generator's list of application codes.
	MaxCodes = 64
	// MaxTime caps every time in seconds (about 31,700 years), so sums of
	// times stay exact enough and never overflow.
	MaxTime = 1e12
	// MinRate is the smallest non-zero speed, heterogeneity factor, MIPS
	// or bandwidth: dividing the longest time (MaxTime) by it stays far
	// from overflow.
	MinRate = 1e-6
	// MaxScriptBytes caps a policy's Script (64 KiB): it travels in
	// share links. The policy "script" may set a lower cap of its own.
	MaxScriptBytes = 64 << 10
	// MaxScenarioBytes caps the JSON form accepted by Decode (64 MiB; the
	// whole HPC2N trace as a job list is about 20 MB).
	MaxScenarioBytes = 64 << 20
)

// AppCodes are the application codes of TITAN Fig. 6 a job's App may name.
var AppCodes = []string{"cpi", "sweep3d", "fft", "improc", "bitonic"}

// KnownAppCode reports whether code is one of AppCodes.
func KnownAppCode(code string) bool { return slices.Contains(AppCodes, code) }

// SizeDists are the generator's job size distributions (MUSCLE section 5).
var SizeDists = []string{"uniform", "normal", "log"}
