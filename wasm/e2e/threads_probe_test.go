//go:build !js

package e2e

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSweepThreadsProbe is a measurement run by hand
// (GRIDPLAY_PROBE=1 go test -v -run TestSweepThreadsProbe ./wasm/e2e/,
// Linux only): it opens an experiment (GRIDPLAY_PROBE_EXPERIMENT,
// titan-fig9 by default) in the Experiments view, waits for the list of
// experiments, runs the quick sweep three times in the same page, and logs
// each sweep's time with the CPU time the page's renderer process spent
// in each kind of thread meanwhile (/proc/PID/task/*/stat, by thread
// name): the engine workers ("DedicatedWorker"), the page's main thread
// ("chromium") and the browser's background threads, where V8 optimises
// code ("ThreadPoolForeg").
func TestSweepThreadsProbe(t *testing.T) {
	if os.Getenv("GRIDPLAY_PROBE") != "1" {
		t.Skip("a measurement run by hand: GRIDPLAY_PROBE=1")
	}
	name := os.Getenv("GRIDPLAY_PROBE_EXPERIMENT")
	if name == "" {
		name = "titan-fig9"
	}
	actx, _, _, url := browser(t, 1366, 900)
	ctx, con := longTab(t, actx, 3*time.Minute)
	if err := chromedp.Run(ctx, chromedp.Navigate(fmt.Sprintf("%s/#e=%s&quick=1&seed=1", url, name)),
		chromedp.WaitVisible(`button.exp-run:not([disabled])`, chromedp.ByQuery), experimentsListed); err != nil {
		t.Fatal(err)
	}
	for round := 1; round <= 3; round++ {
		before := rendererThreadsCPU(t)
		var sweep []string
		if err := chromedp.Run(ctx, sweepAgain(500, &sweep)); err != nil {
			t.Fatal(err)
		}
		ms := sweep[0]
		after := rendererThreadsCPU(t)
		var parts []string
		for k, v := range after {
			if d := v - before[k]; d > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", k, d))
			}
		}
		sort.Strings(parts)
		t.Logf("%s sweep %d: %s ms; CPU ms of the renderer's threads by name (10 ms ticks, the 500 ms before the click included): %s", name, round, ms, strings.Join(parts, ", "))
	}
	con.check(t)
}

// rendererThreadsCPU sums the CPU time (user and system, in ms) of the
// threads of the page renderers, by thread name.
func rendererThreadsCPU(t *testing.T) map[string]int {
	t.Helper()
	tick := 10 // ms per clock tick (USER_HZ 100 on Linux)
	out := map[string]int{}
	procs, err := os.ReadDir("/proc")
	if err != nil {
		t.Skipf("no /proc here: %v", err)
	}
	for _, p := range procs {
		cmd, err := os.ReadFile("/proc/" + p.Name() + "/cmdline")
		if err != nil || !strings.Contains(string(cmd), "--type=renderer") || strings.Contains(string(cmd), "top-chrome") {
			continue
		}
		tasks, _ := os.ReadDir("/proc/" + p.Name() + "/task")
		for _, tk := range tasks {
			dir := "/proc/" + p.Name() + "/task/" + tk.Name()
			comm, _ := os.ReadFile(dir + "/comm")
			st, err := os.ReadFile(dir + "/stat")
			if err != nil {
				continue
			}
			// The fields after the name in parentheses: utime and stime
			// are the 12th and 13th of them.
			f := strings.Fields(string(st[strings.LastIndexByte(string(st), ')')+1:]))
			if len(f) < 13 {
				continue
			}
			u, _ := strconv.Atoi(f[11])
			s, _ := strconv.Atoi(f[12])
			out[strings.TrimSpace(string(comm))] += (u + s) * tick
		}
	}
	return out
}
