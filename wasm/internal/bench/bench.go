// Package bench measures the standard benchmark set (engine/api/benchset)
// natively: each request goes through the API's handler (api.Serve, the
// function the browser's worker calls too) in this process, and its time
// is the median of benchset.Runs requests after a warm-up. Its command
// (./cmd, run by `./build.sh bench`) writes the numbers to
// static/bench-native.json, which the benchmark page compares the
// visitor's browser with; the browser test (wasm/e2e, TestBench) measures
// the native side with it in its own process.
package bench

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	_ "gridplay/engine/all"
	"gridplay/engine/api"
	"gridplay/engine/api/benchset"
)

// Row is one measured row of the set.
type Row struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	// MS is the median time of the timed requests, Runs their times in
	// order (the warm-up left out).
	MS   float64   `json:"ms"`
	Runs []float64 `json:"runs"`
	// Status, Bytes and SHA256 describe the answer (the same bytes on
	// every run: the set is deterministic, and Measure checks it).
	Status int    `json:"status"`
	Bytes  int    `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// Native is static/bench-native.json: where and when the native side was
// measured, and its rows.
type Native struct {
	Machine    string `json:"machine"` // GOOS/GOARCH
	CPU        string `json:"cpu,omitempty"`
	Cores      int    `json:"cores"`
	GOMAXPROCS int    `json:"gomaxprocs"`
	Go         string `json:"go"`
	Date       string `json:"date"`
	// Note says what else ran on the machine, when the person measuring
	// says so (./build.sh bench: BENCH_NOTE).
	Note   string  `json:"note,omitempty"`
	Runs   int     `json:"runs"`
	Target float64 `json:"target"`
	Rows   []Row   `json:"rows"`
}

// Measure times one request: a warm-up, then runs timed requests. It
// fails on a status other than 200 (naming the row and the engine's
// message) and on answers that differ between runs.
func Measure(r benchset.Request, runs int) (Row, error) {
	row := Row{Name: r.Name, Label: r.Label}
	var first []byte
	for i := 0; i <= runs; i++ {
		t0 := time.Now()
		status, body := api.Call(r.Method, r.Path, r.Type, r.Body)
		ms := float64(time.Since(t0).Microseconds()) / 1000
		if status != 200 {
			return row, fmt.Errorf("%s: status %d: %s", r.Label, status, strings.TrimSpace(string(body)))
		}
		if i == 0 {
			first = body
			sum := sha256.Sum256(body)
			row.Status, row.Bytes, row.SHA256 = status, len(body), hex.EncodeToString(sum[:])
			continue
		}
		if !bytes.Equal(body, first) {
			return row, fmt.Errorf("%s: run %d answered other bytes than the warm-up (%d against %d bytes)", r.Label, i, len(body), len(first))
		}
		row.Runs = append(row.Runs, ms)
	}
	row.MS = benchset.Median(row.Runs)
	return row, nil
}

// Machine describes this machine and process for Native.
func Machine(runs int) Native {
	return Native{
		Machine: runtime.GOOS + "/" + runtime.GOARCH, CPU: cpuModel(), Cores: runtime.NumCPU(),
		GOMAXPROCS: runtime.GOMAXPROCS(0), Go: runtime.Version(),
		Date: time.Now().UTC().Format(time.RFC3339), Runs: runs, Target: benchset.Target,
	}
}

// cpuModel is the CPU's name from /proc/cpuinfo, or "" where there is
// none.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// Table writes rows as a text table; browser, when not nil, holds the
// browser's median per row name, and the table then shows the ratio and
// whether it meets benchset.Target.
func Table(rows []Row, browser map[string]float64) string {
	var b strings.Builder
	if browser == nil {
		fmt.Fprintf(&b, "%-34s %10s\n", "request", "native ms")
	} else {
		fmt.Fprintf(&b, "%-34s %10s %11s %7s  %s\n", "request", "native ms", "browser ms", "ratio", fmt.Sprintf("target %gx", benchset.Target))
	}
	for _, r := range rows {
		if browser == nil {
			fmt.Fprintf(&b, "%-34s %10.1f\n", r.Label, r.MS)
			continue
		}
		ms, ok := browser[r.Name]
		if !ok || r.MS <= 0 {
			fmt.Fprintf(&b, "%-34s %10.1f %11s\n", r.Label, r.MS, "-")
			continue
		}
		ratio := ms / r.MS
		verdict := "met"
		if ratio > benchset.Target {
			verdict = "not met"
		}
		fmt.Fprintf(&b, "%-34s %10.1f %11.1f %6.2fx  %s\n", r.Label, r.MS, ms, ratio, verdict)
	}
	return b.String()
}
