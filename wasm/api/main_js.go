//go:build js && wasm

package main

import (
	"github.com/syumai/workers"

	_ "gridplay/engine/all"
	"gridplay/engine/api"
	"gridplay/engine/swf"
	"gridplay/wasm/internal/jsfetch"
)

// main serves one request: the worker runtimes start a fresh instance per
// request (design.md section 3).
func main() {
	swf.Fetcher = jsfetch.Trace
	workers.Serve(api.Handler())
}
