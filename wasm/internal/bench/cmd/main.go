// Command bench measures the standard benchmark set natively (package
// bench) and writes the numbers the benchmark page compares with:
//
//	go run ./wasm/internal/bench/cmd [-runs N] [-note TEXT] [-o static/bench-native.json]
//
// `./build.sh bench` runs it. It prints the table as it goes.
//
// With -row NAME it times that row alone (easy-hpc2n-20k,
// hybrid-table1-quick, ...), prints its median and its runs, and writes
// nothing: the native side of a comparison of two builds, each built with
// `go build -o` from its own checkout and run in turn.
//
// With -bodies DIR it measures nothing: it writes each row's request body
// to DIR/NAME.body and prints the command that times the row under node
// in a built binary's engine (wasm/e2e/servebench.cjs), for profiling the
// engine in WebAssembly (node --cpu-prof, with a binary built with
// GRIDPLAY_SYMBOLS=1).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gridplay/engine/api/benchset"
	"gridplay/wasm/internal/bench"
)

func main() {
	runs := flag.Int("runs", benchset.Runs, "timed requests per row, after one warm-up")
	note := flag.String("note", "", "what else ran on the machine, for the page")
	out := flag.String("o", "static/bench-native.json", "the file to write")
	bodies := flag.String("bodies", "", "write each row's request body to this directory and print its servebench command instead")
	only := flag.String("row", "", "time this row alone (its name), print it and write nothing")
	flag.Parse()
	if *runs < 1 {
		fail(fmt.Errorf("-runs must be at least 1"))
	}
	set, err := benchset.Load()
	if err != nil {
		fail(err)
	}
	if *bodies != "" {
		if err := writeBodies(set, *bodies); err != nil {
			fail(err)
		}
		return
	}
	if *only != "" {
		for _, r := range set.Requests {
			if r.Name != *only {
				continue
			}
			row, err := bench.Measure(r, *runs)
			if err != nil {
				fail(err)
			}
			fmt.Printf("%s: median %.1f ms of %d runs after a warm-up, fastest %.1f; runs %v\n", row.Name, row.MS, *runs, slices.Min(row.Runs), row.Runs)
			return
		}
		var names []string
		for _, r := range set.Requests {
			names = append(names, r.Name)
		}
		fail(fmt.Errorf("-row %q: the set's rows are %s", *only, strings.Join(names, ", ")))
	}
	n := bench.Machine(*runs)
	n.Note = *note
	fmt.Printf("native: %s, %s, %d cores (GOMAXPROCS %d), %s; median of %d runs after a warm-up\n",
		n.Machine, n.CPU, n.Cores, n.GOMAXPROCS, n.Go, *runs)
	for _, r := range set.Requests {
		row, err := bench.Measure(r, *runs)
		if err != nil {
			fail(err)
		}
		fmt.Printf("  %-34s %10.1f ms\n", row.Label, row.MS)
		n.Rows = append(n.Rows, row)
	}
	b, err := json.MarshalIndent(n, "", "  ")
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
		fail(err)
	}
	fmt.Printf("\n%s\nwrote %s\n", bench.Table(n.Rows, nil), *out)
}

// writeBodies writes the set's request bodies to dir and prints, for each
// row, its servebench command.
func writeBodies(set *benchset.Set, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, r := range set.Requests {
		f := filepath.Join(dir, r.Name+".body")
		if err := os.WriteFile(f, r.Body, 0o644); err != nil {
			return err
		}
		fmt.Printf("GOROOT_WASM=$(go env GOROOT)/lib/wasm TYPE=%s node wasm/e2e/servebench.cjs static/app.wasm '%s' @%s %d\n", r.Type, r.Path, f, 2*set.Runs+1)
	}
	return nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}
