package main

// Playground is the playground view: the presets, the chart and its
// replay, the scenario's summary and policy, and the folded panels. Its
// template was part of the root's until the page's Build split: the
// browser compiles a WebAssembly function again, optimised, once it has
// run a while, and the root's Build, then 89 KB of code, took 207 ms of a
// background thread to compile, during the first sweep of an Experiments
// view that never shows the playground (V8's
// --trace-wasm-compilation-times on Chromium's output). Split, the
// root's Build is small and the playground's is built only where it is
// shown.
type Playground struct {
	R *Root
}
