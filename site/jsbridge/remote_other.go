//go:build !(js && wasm)

package jsbridge

import "errors"

// RemoteEngine is a gridplay API at Base; natively there is no fetch.
type RemoteEngine struct{ Base string }

// Request fails at once natively.
func (r RemoteEngine) Request(method, path string, body []byte, h Handlers) func() {
	go h.End(errors.New("a remote engine needs a browser"))
	return func() {}
}

// Cores is 1 natively.
func Cores() int { return 1 }

// DownloadSVGAsPNG does nothing natively.
func DownloadSVGAsPNG(name, svg string) {}
