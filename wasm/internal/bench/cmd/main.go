// Command bench measures the standard benchmark set natively (package
// bench) and writes the numbers the benchmark page compares with:
//
//	go run ./wasm/internal/bench/cmd [-runs N] [-note TEXT] [-o static/bench-native.json]
//
// `./build.sh bench` runs it. It prints the table as it goes.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"gridplay/engine/api/benchset"
	"gridplay/wasm/internal/bench"
)

func main() {
	runs := flag.Int("runs", benchset.Runs, "timed requests per row, after one warm-up")
	note := flag.String("note", "", "what else ran on the machine, for the page")
	out := flag.String("o", "static/bench-native.json", "the file to write")
	flag.Parse()
	if *runs < 1 {
		fail(fmt.Errorf("-runs must be at least 1"))
	}
	set, err := benchset.Load()
	if err != nil {
		fail(err)
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

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}
