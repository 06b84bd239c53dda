package main

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"

	"gridplay/engine/script"
)

// The text work of the "Your policy" editor (script-panel.go), kept free
// of the DOM so it is tested natively: indenting with Tab, the error's
// place, and what the script defines.

// indentUnit is what Tab inserts: four spaces, Starlark's (and PEP 8's)
// usual indentation.
const indentUnit = "    "

// indent is Tab (dedent false) or Shift+Tab (dedent true) on text with
// the selection [start, end) in UTF-16 code units, as a textarea counts
// them. Tab with no line break in the selection replaces the selection
// with four spaces; otherwise every line the selection touches is
// indented by four spaces, or loses up to four leading spaces (or one
// tab). It returns the new text and selection.
func indent(text string, start, end int, dedent bool) (out string, ns, ne int) {
	bs, be := byteAt(text, start), byteAt(text, end)
	if bs > be {
		bs, be = be, bs
	}
	if !dedent && !strings.Contains(text[bs:be], "\n") {
		out = text[:bs] + indentUnit + text[be:]
		c := utf16Len(text[:bs]) + len(indentUnit)
		return out, c, c
	}
	// The lines touched: from the start of bs's line to the end of the
	// line holding be (a selection ending at a line's start leaves that
	// line alone, as editors do).
	ls := strings.LastIndexByte(text[:bs], '\n') + 1
	last := be
	if be > bs && text[be-1] == '\n' {
		last = be - 1
	}
	le := len(text)
	if k := strings.IndexByte(text[last:], '\n'); k >= 0 {
		le = last + k
	}
	lines := strings.Split(text[ls:le], "\n")
	firstShift := 0 // change at the first line, in bytes (signed)
	for k, l := range lines {
		var nl string
		switch {
		case !dedent:
			nl = indentUnit + l
		case strings.HasPrefix(l, "\t"):
			nl = l[1:]
		default:
			n := 0
			for n < len(indentUnit) && n < len(l) && l[n] == ' ' {
				n++
			}
			nl = l[n:]
		}
		if k == 0 {
			firstShift = len(nl) - len(l)
		}
		lines[k] = nl
	}
	repl := strings.Join(lines, "\n")
	out = text[:ls] + repl + text[le:]
	// The selection keeps its text: its start moves with the first
	// line's change (not before the line's start), its end with the
	// block's.
	nbs := max(ls, bs+firstShift)
	nbe := be + len(repl) - (le - ls)
	if be == bs {
		nbe = nbs
	}
	nbe = max(nbe, nbs)
	return out, utf16Len(out[:nbs]), utf16Len(out[:nbe])
}

// utf16Len is the length of s in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// byteAt is the byte offset of UTF-16 offset u in s (clamped to s).
func byteAt(s string, u int) int {
	n := 0
	for i, r := range s {
		if n >= u {
			return i
		}
		n += utf16.RuneLen(r)
	}
	return len(s)
}

// lineSpan is the UTF-16 offsets of line's start and end (1-based
// line) in text, for selecting an error's line.
func lineSpan(text string, line int) (start, end int) {
	off := 0
	for k := 1; k < line; k++ {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
	}
	e := len(text)
	if i := strings.IndexByte(text[off:], '\n'); i >= 0 {
		e = off + i
	}
	return utf16Len(text[:off]), utf16Len(text[:e])
}

// scriptErrRE finds the place in a script error as the engine writes it
// (engine/script: "line L, column C: msg"), after the field's name that
// the page puts in front (state.ErrorBody).
var scriptErrRE = regexp.MustCompile(`^(?:` + regexp.QuoteMeta(script.Field) + `: )?line (\d+), column (\d+): `)

// scriptErr reads an error of the run (App.Err) as a script's: its
// line and column (0 when it has none) and ok when it is about
// policy.script at all.
func scriptErr(msg string) (line, col int, ok bool) {
	if !strings.HasPrefix(msg, script.Field+": ") {
		return 0, 0, false
	}
	if m := scriptErrRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		col, _ = strconv.Atoi(m[2])
	}
	return line, col, true
}

// formText says which function of the script decides, for the panel and
// the narration: "priority(job) orders the queue; easy backfilling".
func formText(in script.Info) string {
	switch in.Form {
	case script.Priority:
		fn := "priority(job)"
		if in.Now {
			fn = "priority(job, now)"
		}
		return fn + " orders the queue; " + in.Backfill + " backfilling"
	case script.Schedule:
		return "schedule(ctx) starts the jobs"
	}
	return ""
}
