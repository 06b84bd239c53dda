//go:build !(js && wasm)

package jsbridge

import "github.com/vugu/vugu/js"

// The research outputs' browser helpers do nothing natively.

func PaintCanvas(el js.Value, h float64, draw func(c Canvas, w float64)) {}

// ScrollTable is a windowed table body (see the js build); natively it
// keeps its callbacks and paints nothing.
type ScrollTable struct {
	Window      func(top, height float64) (lo, hi, n int)
	Row         func(i int, cells []string) (bar int, class string)
	Cols        int
	Num, Titled []bool
	RowH        float64
	Hover       func(bar int)
	bound       bool
}

func (t *ScrollTable) Bind(scroller, body js.Value) { t.bound = true }
func (t *ScrollTable) Repaint()                     {}
func (t *ScrollTable) Reset(top bool)               {}
func (t *ScrollTable) Release()                     { t.bound = false }
func (t *ScrollTable) Bound(scroller js.Value) bool { return t.bound }
