//go:build js || wasip1

package script

import "time"

// cpuTime is 0 under js/wasm: the benchmarks report wall time only.
func cpuTime() time.Duration { return 0 }
