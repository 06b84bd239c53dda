//go:build !(js && wasm)

package jsbridge

import (
	"errors"

	"github.com/vugu/vugu/js"

	"gridplay/site/gantt"
)

// WorkerEngine talks to the engine's module Web Worker; natively there is
// none.
type WorkerEngine struct{}

// Request fails at once natively.
func (WorkerEngine) Request(method, path string, body []byte, h Handlers) {
	go h.End(errors.New("the engine worker needs a browser"))
}

// PaintGantt draws nothing natively.
func PaintGantt(el js.Value, ch *gantt.Chart, t float64) {}
