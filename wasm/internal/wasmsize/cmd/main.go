// Command wasmsize prints the size report of WebAssembly binaries
// (package wasmsize): go run ./wasm/internal/wasmsize/cmd [-top N] FILE...
package main

import (
	"flag"
	"fmt"
	"os"

	"gridplay/wasm/internal/wasmsize"
)

func main() {
	top := flag.Int("top", 25, "packages to list")
	flag.Parse()
	for _, f := range flag.Args() {
		b, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		r, err := wasmsize.Read(b)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", f, err)
			os.Exit(1)
		}
		fmt.Printf("%s: ", f)
		r.Write(os.Stdout, *top)
	}
}
