//go:build !js && !wasip1

package script

import (
	"syscall"
	"time"
)

// cpuTime is the process's user plus system CPU time: on a machine
// shared with other work a benchmark's wall time says little, its CPU
// time more (as engine/all's benchmarks report).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
