//go:build !(js && wasm)

package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	// Cancelled on interrupt: serve shuts down, an experiment stops.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
