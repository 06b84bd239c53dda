package main

// Playground is the playground view: the presets, the chart and its
// replay, the scenario's summary and policy, and the folded panels. It is
// a component of its own so that the root's Build stays small and the
// playground's is built only where it is shown.
type Playground struct {
	R *Root
}
