package main

import (
	"fmt"
	"hash/fnv"
	"html"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/vugu/vugu"

	"gridplay/engine/model"
	"gridplay/site/jsbridge"
	"gridplay/site/lesson"
)

// Share is the Share link button and the Embed dialog.
type Share struct {
	P *Page
	// Export is the downloads, shown in the same panel.
	Export *Export

	// URL is the last share link, shown so it can be copied by hand
	// too; Err why there is none.
	URL string
	Err string

	ShowEmbed     bool
	EmbedAutoplay bool
	EmbedHeight   int

	// embed caches the embed code: a share token deflates the whole
	// scenario, far too costly for every render.
	embed    string
	embedKey embedKey
}

type embedKey struct {
	s        *model.Scenario
	gen      int
	autoplay bool
	height   int
	compared string
	lesson   *lesson.Lesson
}

// NewShare returns the share view with the embed dialog's defaults.
func NewShare(p *Page) *Share {
	return &Share{P: p, EmbedAutoplay: true, EmbedHeight: 360}
}

// share copies the scenario's link (with the lesson shown); an event
// handler.
func (c *Share) share() {
	c.Err, c.P.async.Notice = "", ""
	u, err := c.P.shareLinkWith(jsbridge.PageURL(), c.P.Lesson())
	if err != nil {
		c.Err = err.Error()
		c.URL = ""
		return
	}
	c.URL = u
	if jsbridge.Copy(c.URL) {
		c.P.async.Notice = "Link copied to the clipboard."
	} else {
		c.P.async.Notice = "Copy the link below."
	}
}

// traceNote says that links name the jobs as a shipped trace's cut, ""
// when they list them.
func (c *Share) traceNote() string {
	if c.P.App.Source == nil {
		return ""
	}
	if t := c.P.linkScenario().Trace; t != nil {
		return "The link names " + TraceCutText(t) + " (a trace shipped with gridplay) instead of listing its jobs, so it stays short."
	}
	return ""
}

func (c *Share) toggleEmbed() { c.ShowEmbed = !c.ShowEmbed; c.Err = "" }

// embedCode is the iframe code of the embed dialog, "" when the dialog
// is closed or the scenario is too long for a link. It is cached: a share
// token deflates the whole scenario.
func (c *Share) embedCode() string {
	if !c.ShowEmbed {
		return ""
	}
	p := c.P
	k := embedKey{p.App.Scenario, p.App.Gen, c.EmbedAutoplay, c.EmbedHeight, strings.Join(p.pickedList(), ","), p.Lesson()}
	if k != c.embedKey {
		c.embedKey, c.embed = k, c.makeEmbedCode()
	}
	return c.embed
}

// embedURL is the address of the embed page, beside the page's own.
func embedURL() string {
	base := jsbridge.PageURL()
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[:i+1]
	}
	return base + "embed.html"
}

func (c *Share) makeEmbedCode() string {
	p := c.P
	u, err := p.shareLinkWith(embedURL(), p.Lesson())
	if err != nil {
		return ""
	}
	ap := "0"
	if c.EmbedAutoplay {
		ap = "1"
	}
	h := c.EmbedHeight
	// The embed reports its content's height ({gridplay: "size"},
	// static/main.js) and the script beside the frame takes it, so it
	// fits at any width. Where a course page drops scripts, the frame
	// keeps the height it was given: the content at a desktop width.
	return EmbedSnippet(u+"&autoplay="+ap+"&height="+strconv.Itoa(h), EmbedFrameHeight(h, p.Lesson()), "gridplay: "+p.App.Scenario.Name)
}

// EmbedSnippet is the embed code of the embed page at src: an iframe of
// height CSS pixels and the script that sets its height to what the
// embed reports ({gridplay: "size"}, static/main.js).
func EmbedSnippet(src string, height int, title string) string {
	// The frame id is the same for the same link.
	h := fnv.New32a()
	h.Write([]byte(src))
	id := "gridplay-" + strconv.FormatUint(uint64(h.Sum32()), 36)
	return fmt.Sprintf(`<iframe id="%s" src="%s" width="100%%" height="%d" style="border:0" title="%s" loading="lazy"></iframe>`+"\n"+
		`<script>addEventListener("message",function(e){var f=document.getElementById("%s");if(f&&e.source===f.contentWindow&&e.data&&e.data.gridplay==="size"&&e.data.height>0)f.style.height=Math.min(e.data.height,4000)+"px"})</script>`,
		id, src, height, html.EscapeString(title), id)
}

// EmbedFrameHeight is the embed code's height for a chart of chart CSS
// pixels and lesson l (nil for none), at a desktop width (800 px): the
// bar, the controls and two lines of narration, then the lesson card,
// its text wrapped at about 95 characters a line.
func EmbedFrameHeight(chart int, l *lesson.Lesson) int {
	h := chart + 150
	if l == nil {
		return h
	}
	lines := func(s string) int {
		if s == "" {
			return 0
		}
		n := 0
		for _, p := range strings.Split(s, "\n") {
			n += 1 + utf8.RuneCountInString(p)/95
		}
		return n
	}
	h += 110 + 21*(lines(l.Text)+lines(l.Question)+lines(l.Section)) // card, kicker, title, button
	ask := 0
	for _, s := range l.Steps {
		h += 8 + 21*lines(s.Note+" Step 10 at t = 100 s (a question) ")
		if s.Asks() {
			// Paused at it: the note, the question, its choices
			// and the verdict with its reason.
			n := 40 + 21*(lines(s.Note)+lines(s.Ask)+lines(s.Why)+1) + 34*((len(s.Choices)+1)/2)
			ask = max(ask, n)
		}
	}
	return h + ask
}

func (c *Share) setEmbedAutoplay(e vugu.DOMEvent) {
	c.EmbedAutoplay = e.JSEventTarget().Get("checked").Bool()
}

func (c *Share) setEmbedHeight(e vugu.DOMEvent) {
	if v, err := strconv.Atoi(e.JSEventTarget().Get("value").String()); err == nil && v >= 120 && v <= 2000 {
		c.EmbedHeight = v
	}
}

func (c *Share) copyEmbed() {
	if jsbridge.Copy(c.embedCode()) {
		c.P.async.Notice = "Embed code copied to the clipboard."
	}
}

// openURL is the embed's "Open in gridplay" link: the playground with
// the embedded scenario.
func (p *Page) openURL() string {
	if !p.IsEmbed {
		return "./"
	}
	u, err := p.shareLinkWith("./", p.Lesson())
	if err != nil {
		return "./"
	}
	return u
}
