package main

import (
	"strings"
	"testing"
)

// TestMinify: JavaScript and CSS lose their comments and spaces, a
// module's exports keep their names, a script's top-level names (globals)
// keep theirs, other files pass through, and a syntax error names the file.
func TestMinify(t *testing.T) {
	mod := "// a comment\nconst longLocalName = 40;\nexport function answer() {\n  return longLocalName + 2;\n}\n"
	b, err := minify("static/x.mjs", []byte(mod))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); len(got) >= len(mod) || strings.Contains(got, "comment") || strings.Contains(got, "longLocalName") || !strings.Contains(got, "answer") {
		t.Errorf("module minified to %q", got)
	}
	script := "function gridplayGlobal() { return 1; }\n"
	if b, err = minify("static/x.js", []byte(script)); err != nil || !strings.Contains(string(b), "gridplayGlobal") {
		t.Errorf("script minified to %q, %v: its top-level name must stay", b, err)
	}
	if b, err = minify("static/x.css", []byte("/* c */\n.a {\n  color: #ffffff;\n}\n")); err != nil || string(b) != ".a{color:#fff}\n" {
		t.Errorf("CSS minified to %q, %v", b, err)
	}
	html := "<!-- kept -->\n<p>x</p>\n"
	if b, err = minify("static/x.html", []byte(html)); err != nil || string(b) != html {
		t.Errorf("HTML changed to %q, %v", b, err)
	}
	if _, err = minify("static/bad.mjs", []byte("export function (")); err == nil || !strings.Contains(err.Error(), "static/bad.mjs:1") {
		t.Errorf("syntax error: %v", err)
	}
}
