// Package jsbridge is the only place the page touches the browser through
// syscall/js and honnef.co/go/js/dom/v2: the engine worker client and the
// canvas behind the Gantt chart. Natively it compiles to stubs, so the
// components and their tests build without a browser.
package jsbridge

// Handlers receive one engine answer, in order, on a goroutine of their
// own (never inside a JS callback), so they may take the render lock.
type Handlers struct {
	Head  func(status int)
	Chunk func(b []byte)
	// End is called last, with nil when the body was read to its end.
	End func(err error)
}

// Engine sends one request to the engine (design.md section 3).
type Engine interface {
	Request(method, path string, body []byte, h Handlers)
}
