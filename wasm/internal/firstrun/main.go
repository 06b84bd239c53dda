// Command firstrun writes the body of the page's first request on a first
// visit (state.FirstVisitRun: the default preset's run) to the file named
// by -o; ./build.sh puts it in static/first-run.json, which static/main.js
// sends to the engine before app.wasm has started.
package main

import (
	"flag"
	"fmt"
	"os"

	"gridplay/site/state"
)

func main() {
	out := flag.String("o", "static/first-run.json", "file to write")
	flag.Parse()
	_, body, err := state.FirstVisitRun()
	if err == nil {
		err = os.WriteFile(*out, body, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "firstrun:", err)
		os.Exit(1)
	}
}
