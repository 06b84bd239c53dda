package paint

import (
	"github.com/vugu/vugu/js"

	"gridplay/site/frames"
)

// glossaryURL is the glossary page the narration's terms link to
// (static/glossary.html, next to the page and the embed).
const glossaryURL = "glossary.html"

// Narration writes the narration into el as text nodes and links to
// the glossary, never as HTML. It runs after every render
// (vg-js-populate) and on every playback tick, and touches the DOM only
// when the text changed. While the replay plays the element is not a
// live region (a screen reader would be flooded); paused, it is.
func Narration(el js.Value, segs []frames.Seg, playing bool) {
	if !el.Truthy() {
		return
	}
	live := "polite"
	if playing {
		live = "off"
	}
	if el.Call("getAttribute", "aria-live").String() != live {
		el.Call("setAttribute", "aria-live", live)
	}
	key := ""
	for _, s := range segs {
		key += s.Term + "\x00" + s.Text + "\x00"
	}
	// The key is a property, not an attribute: Vugu removes attributes
	// its template does not set on every render, and rebuilding the
	// text on every render made the paragraph a moving scroll anchor
	// (the page jumped under the pointer).
	if d := el.Get("gridplayKey"); d.Type() == js.TypeString && d.String() == key {
		return
	}
	doc := js.Global().Get("document")
	el.Set("textContent", "")
	for _, s := range segs {
		if s.Term == "" {
			el.Call("appendChild", doc.Call("createTextNode", s.Text))
			continue
		}
		a := doc.Call("createElement", "a")
		a.Set("href", glossaryURL+"#"+s.Term)
		a.Set("target", "_blank")
		a.Set("rel", "noopener")
		a.Set("className", "term")
		a.Set("title", "Glossary: "+s.Text+" (opens in a new tab)")
		a.Set("textContent", s.Text)
		el.Call("appendChild", a)
	}
	el.Set("gridplayKey", key)
}
