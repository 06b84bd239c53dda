// Package jsbridge is where the page touches the browser through
// syscall/js and honnef.co/go/js/dom/v2: the engine worker client, the
// canvases (sized and wrapped as a Canvas that the drawing code of
// site/gantt, site/frames and site/editor draws on; the painters are in
// site/paint), the URL fragment, localStorage, the clipboard, downloads
// and the keyboard. Natively it compiles to stubs, so the components and
// their tests build without a browser. It is a leaf: it imports nothing
// of gridplay, so the page's packages can all use it.
package jsbridge

// Handlers receive one engine answer, in order, on a goroutine of their
// own (never inside a JS callback), so they may take the render lock.
type Handlers struct {
	Head  func(status int)
	Chunk func(b []byte)
	// End is called last, with nil when the body was read to its end.
	End func(err error)
}

// Engine sends one request to the engine (design.md section 3). The
// returned function cancels it: the worker stops reading the answer, which
// ends the request's Go instance, and End is called with ErrCancelled.
type Engine interface {
	Request(method, path string, body []byte, h Handlers) (cancel func())
}

// ErrCancelled is the End error of a cancelled request.
const ErrCancelled = "cancelled"
