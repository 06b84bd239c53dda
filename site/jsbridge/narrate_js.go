//go:build js && wasm

package jsbridge

import (
	sjs "syscall/js"

	"github.com/vugu/vugu/js"

	"gridplay/site/frames"
)

// GlossaryURL is the glossary page the narration's terms link to
// (static/glossary.html, next to the page and the embed).
const GlossaryURL = "glossary.html"

// PaintNarration writes the narration into el as text nodes and links to
// the glossary, never as HTML. It runs after every render
// (vg-js-populate) and on every playback tick, and touches the DOM only
// when the text changed. While the replay plays the element is not a
// live region (a screen reader would be flooded); paused, it is.
func PaintNarration(el js.Value, segs []frames.Seg, playing bool) {
	v := sjs.Value(el)
	if !v.Truthy() {
		return
	}
	live := "polite"
	if playing {
		live = "off"
	}
	if v.Call("getAttribute", "aria-live").String() != live {
		v.Call("setAttribute", "aria-live", live)
	}
	key := ""
	for _, s := range segs {
		key += s.Term + "\x00" + s.Text + "\x00"
	}
	// The key is a property, not an attribute: Vugu removes attributes
	// its template does not set on every render, and rebuilding the
	// text on every render made the paragraph a moving scroll anchor
	// (the page jumped under the pointer).
	if d := v.Get("gridplayKey"); d.Type() == sjs.TypeString && d.String() == key {
		return
	}
	doc := sjs.Global().Get("document")
	v.Set("textContent", "")
	for _, s := range segs {
		if s.Term == "" {
			v.Call("appendChild", doc.Call("createTextNode", s.Text))
			continue
		}
		a := doc.Call("createElement", "a")
		a.Set("href", GlossaryURL+"#"+s.Term)
		a.Set("target", "_blank")
		a.Set("rel", "noopener")
		a.Set("className", "term")
		a.Set("title", "Glossary: "+s.Text+" (opens in a new tab)")
		a.Set("textContent", s.Text)
		v.Call("appendChild", a)
	}
	v.Set("gridplayKey", key)
}

// PaintNarrationByID paints the narration into the element with id.
func PaintNarrationByID(id string, segs []frames.Seg, playing bool) {
	PaintNarration(byID(id), segs, playing)
}
