//go:build !(js && wasm)

package jsbridge

import (
	"errors"

	"github.com/vugu/vugu/js"
)

// WorkerEngine talks to the engine's module Web Worker; natively there is
// none.
type WorkerEngine struct {
	Type func(body []byte) string
}

// Request fails at once natively.
func (WorkerEngine) Request(method, path string, body []byte, h Handlers) func() {
	go h.End(errors.New("the engine worker needs a browser"))
	return func() {}
}

// RemoteEngine is a gridplay API at Base; natively there is no fetch.
type RemoteEngine struct{ Base string }

// Request fails at once natively.
func (r RemoteEngine) Request(method, path string, body []byte, h Handlers) func() {
	go h.End(errors.New("a remote engine needs a browser"))
	return func() {}
}

// Cores is 1 natively.
func Cores() int { return 1 }

// The browser helpers and the test hooks (testhooks_js.go) do nothing
// natively.
func CanvasIn(el js.Value, id, label string) js.Value                    { return el }
func CanvasOf(el js.Value) js.Value                                      { return el }
func ClearCanvas(el js.Value)                                            {}
func Fit(el js.Value, h float64) (Canvas, float64, bool)                 { return Canvas{}, 0, false }
func Size(el js.Value, w, h float64, styleWidth bool) (Canvas, bool)     { return Canvas{}, false }
func ParentWidth(el js.Value) float64                                    { return 960 }
func ByID(id string) js.Value                                            { return js.Value{} }
func Query(selector string) js.Value                                     { return js.Value{} }
func Same(a, b js.Value) bool                                            { return false }
func DeleteData(el js.Value, key string)                                 {}
func Hash() string                                                       { return "" }
func PageURL() string                                                    { return "http://localhost/" }
func ClearHash()                                                         {}
func Load(key string) string                                             { return "" }
func Save(key, val string) bool                                          { return false }
func SaveBig(key string, data []byte) bool                               { return false }
func LoadBig(key string) []byte                                          { return nil }
func DeleteBig(key string)                                               {}
func Copy(text string) bool                                              { return false }
func Download(name, mime string, data []byte)                            {}
func DownloadFigure(name, svg string, png bool)                          {}
func LogError(msg string)                                                {}
func OnHashChange() <-chan string                                        { return make(chan string) }
func DownloadChart(selector, name, title, sub, legend string)            {}
func Embed() (on, autoplay bool, height int)                             { return false, false, 0 }
func ReducedMotion() bool                                                { return false }
func OnEmbedCommands() <-chan EmbedCommand                               { return make(chan EmbedCommand) }
func PostToParent(m EmbedMessage)                                        {}
func Now() float64                                                       { return 0 }
func Yield()                                                             {}
func AfterPaint()                                                        {}
func OnScrollRows(el js.Value, rowH int, fn func(first int))             {}
func SetScrollTop(el js.Value, px float64)                               {}
func OnKeys() <-chan Key                                                 { return make(chan Key) }
func OnHover(host js.Value, move func(p Pointer), leave func())          {}
func SetTip(host js.Value, text string)                                  {}
func PaintCanvas(el js.Value, h float64, draw func(c Canvas, w float64)) {}
func Mark(name string)                                                   {}
func RecordFrameTime(ms float64)                                         {}
func Publish(key, val string)                                            {}
func Rendered(n int)                                                     {}
func FirstGantt()                                                        {}

// Canvas draws nothing natively.
type Canvas struct{}

func (Canvas) Clear(w, h float64)                                      {}
func (Canvas) FillRect(x, y, w, h float64, color string)               {}
func (Canvas) Line(x1, y1, x2, y2 float64, color string)               {}
func (Canvas) DashedLine(x1, y1, x2, y2 float64, color string)         {}
func (Canvas) StrokeRect(x, y, w, h float64, color string, lw float64) {}
func (Canvas) Text(s string, x, y float64, color, align string)        {}
func (Canvas) Image(rgba []byte, cols, rows int, x, y, w, h float64)   {}

// Listeners add nothing natively.
type Listeners struct{}

func (*Listeners) Add(el js.Value, typ string, fn func(ev js.Value)) {}
func (*Listeners) On(el js.Value) bool                               { return false }
func (*Listeners) Release()                                          {}

type scrollState struct{ bound bool }

func (t *ScrollTable) Bind(scroller, body js.Value) { t.bound = true }
func (t *ScrollTable) Repaint()                     {}
func (t *ScrollTable) Reset()                       {}
func (t *ScrollTable) Release()                     { t.bound = false }
func (t *ScrollTable) Bound(scroller js.Value) bool { return t.bound }
