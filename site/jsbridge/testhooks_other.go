//go:build !(js && wasm)

package jsbridge

// The test hooks (testhooks_js.go) record nothing natively.

func Mark(name string)           {}
func RecordFrameTime(ms float64) {}
func Publish(key, val string)    {}
func Rendered(n int)             {}
func FirstGantt()                {}
