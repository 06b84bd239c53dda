// Package kernel is the discrete-event core every event-driven policy
// shares: a deterministic event queue (Push, Pop, Peek), and
// availability structures that hold reservations in the future.
//
// Tie order (documented once, used by all): events leave the queue by time,
// then by Kind (Finish, Offline, Online, Exchange, Arrive, Schedule), then
// in insertion order.
//
// # Assembly kernels
//
// The engine is plain Go but for one kernel, listed here: Profile.add,
// which every reservation and release of conservative backfilling goes
// through, runs as WebAssembly assembly under js/wasm (profile_wasm.s,
// addSteps) and as addGo natively. A kernel added later is listed here
// too, with its figure. Go's WebAssembly port compiles each taken branch, a
// loop's back edge included, to a jump through a br_table at the top of
// the function; add's binary searches and short loops pay that on every
// step, and a function written in assembly keeps WebAssembly's own loops.
//
// It is kept because the benchmark set's conservative row (20,000 HPC2N
// jobs, POST /api/run?format=compact) is slower by more than a fifth
// without it. Under node v20, with both builds of the page's binary in
// one process and their requests alternated (servebench's harness), on a
// shared 2-core machine, three sets of 44-66 pairs: with every loop in
// plain Go the median took 1.24, 1.26 and 1.28 times that of the build
// with all of the last round's kernels (CPU time 1.17, 1.17 and 1.27);
// with addSteps kept 1.09, 1.18 and 1.09 (CPU 1.03, 1.11 and 1.06). No
// other row moved by more than a fifth without its kernel, so the
// checker, backfilling's node lists, the compact format's node deltas,
// EarliestStart and multisite's coStart are plain Go.
//
// TestAddMatchesGo compares addSteps with addGo, step for step, after
// random reservations, releases and Advances. It runs under node in
// ./build.sh test (GOOS=js GOARCH=wasm go test ./engine/...); natively
// add is addGo and the test skips.
package kernel
