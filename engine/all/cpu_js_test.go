//go:build js || wasip1

package all_test

import "time"

// cpuTime is 0 under js/wasm: the benchmark reports wall time only.
func cpuTime() time.Duration { return 0 }
