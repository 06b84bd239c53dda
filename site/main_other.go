//go:build !(js && wasm)

// Command site is the playground's user interface, a Vugu page compiled to
// WebAssembly (GOOS=js GOARCH=wasm; ./build.sh builds it into
// static/app.wasm; the same binary is the engine of the page's Web
// Workers, see wasm/engineserve). Natively it only says so: its logic lives in
// site/state and site/gantt, which are tested natively.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "site: build with GOOS=js GOARCH=wasm (./build.sh)")
	os.Exit(2)
}
