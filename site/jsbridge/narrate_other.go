//go:build !(js && wasm)

package jsbridge

import (
	"github.com/vugu/vugu/js"

	"gridplay/site/frames"
)

// GlossaryURL is the glossary page the narration's terms link to.
const GlossaryURL = "glossary.html"

// The narration is painted only in a browser.
func PaintNarration(el js.Value, segs []frames.Seg, playing bool)   {}
func PaintNarrationByID(id string, segs []frames.Seg, playing bool) {}
