//go:build !(js && wasm)

package jsbridge

import (
	"errors"

	"github.com/vugu/vugu/js"

	"gridplay/site/frames"
	"gridplay/site/gantt"
	"gridplay/site/state"
)

// WorkerEngine talks to the engine's module Web Worker; natively there is
// none.
type WorkerEngine struct{}

// Request fails at once natively.
func (WorkerEngine) Request(method, path string, body []byte, h Handlers) func() {
	go h.End(errors.New("the engine worker needs a browser"))
	return func() {}
}

// The browser helpers do nothing natively.
func PaintGantt(el js.Value, ch *gantt.Chart, t float64)                                       {}
func ClearGantt(el js.Value)                                                                   {}
func PaintFrames(el js.Value, view, title string, fs []state.Frame, n int, pl frames.Platform) {}
func Hash() string                                                                             { return "" }
func PageURL() string                                                                          { return "http://localhost/" }
func ClearHash()                                                                               {}
func Load(key string) string                                                                   { return "" }
func Save(key, val string) bool                                                                { return false }
func SaveBig(key string, data []byte) bool                                                     { return false }
func LoadBig(key string) []byte                                                                { return nil }
func DeleteBig(key string)                                                                     {}
func Copy(text string) bool                                                                    { return false }
func Download(name, mime string, data []byte)                                                  {}
func LogError(msg string)                                                                      {}
func OnHashChange() <-chan string                                                              { return make(chan string) }
func DownloadChart(selector, name, title, sub, legend string)                                  {}
func Embed() (on, autoplay bool, height int)                                                   { return false, false, 0 }
func Now() float64                                                                             { return 0 }
func Yield()                                                                                   {}
func AfterPaint()                                                                              {}
func RecordFrameTime(ms float64)                                                               {}
func Mark(name string)                                                                         {}
func OnScrollRows(el js.Value, rowH int, fn func(first int))                                   {}
func SetScrollTop(el js.Value, px float64)                                                     {}

// Key is a key press outside text fields.
type Key struct {
	Key         string
	Ctrl, Shift bool
}

// OnKeys never delivers natively.
func OnKeys() <-chan Key { return make(chan Key) }

// PaintNow draws nothing natively.
func PaintNow(ch *gantt.Chart, t float64, view string, fs []state.Frame, n int, pl frames.Platform, clock string, scrub string) {
}

// Pointer is a pointer position over a chart's canvas (see the js build).
type Pointer struct {
	X, Y, W, H, ClientX float64
	Buttons             int
}

func OnHover(host js.Value, move func(p Pointer), leave func()) {}
func SetTip(host js.Value, text string)                         {}
