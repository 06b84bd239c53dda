//go:build !(js && wasm)

package main

import "os"

func main() {
	ctx, stop := signalContext()
	code := cli(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
