// Command vuguwrites makes a copy of Vugu whose renderer skips the DOM
// writes that would change nothing, for the page's build.
//
// Vugu v0.4.0's renderer (domrender's renderer-js-script.go) writes each
// attribute, text node and static block's innerHTML on every render,
// changed or not, and every write invalidates style and layout. The copy
// differs in three writes, which compare first:
//   - setAttribute only when the attribute's value differs;
//   - a text (or comment) node's data only when it differs;
//   - innerHTML only when the markup differs from the one the renderer
//     last set on that element, or its children are no longer the ones
//     that write made.
//
// Each replacement must match exactly as often as expected (a Vugu
// upgrade that moves them fails the build here).
//
//	go run ./site/internal/vuguwrites -vugu DIR -o OUTDIR
//
// copies the module in DIR to OUTDIR/vugu with that change, and writes
// OUTDIR/go.mod (with a replace of Vugu by the copy) and OUTDIR/go.sum
// for go build -modfile (build.sh): an overlay cannot replace a file of
// the module cache.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"
	"strings"
)

// edits are the replacements in renderer-js-script.go (minified JS in a
// Go string: quotes are escaped), with how many times each must match.
var edits = []struct {
	old, new string
	n        int
}{
	{`e.setAttribute(t,n),x.elAttrNames[t]=!0`,
		`e.getAttribute(t)!==n&&e.setAttribute(t,n),x.elAttrNames[t]=!0`, 1},
	{`else x.el.textContent=e;break}`,
		`else x.el.data!==e&&(x.el.data=e);break}`, 2},
	{`x.el.innerHTML=(x.bufferedInnerHTML||\"\")+e,x.bufferedInnerHTML=null;break}`,
		`{let gpH=(x.bufferedInnerHTML||\"\")+e,gpE=x.el,gpK=gpE.__vgHTML;x.bufferedInnerHTML=null;` +
			`gpK&&gpK.v===gpH&&gpK.f===gpE.firstChild&&gpK.l===gpE.lastChild&&gpK.n===gpE.childNodes.length||` +
			`(gpE.innerHTML=gpH,gpE.__vgHTML={v:gpH,f:gpE.firstChild,l:gpE.lastChild,n:gpE.childNodes.length})}break}`, 1},
}

func main() {
	vugu := flag.String("vugu", "", "the github.com/vugu/vugu module's directory")
	out := flag.String("o", "", "the directory for the copy, go.mod and go.sum")
	flag.Parse()
	if *vugu == "" || *out == "" {
		log.Fatal("usage: vuguwrites -vugu DIR -o OUTDIR")
	}
	dst, err := filepath.Abs(filepath.Join(*out, "vugu"))
	if err != nil {
		log.Fatal(err)
	}
	if err := os.RemoveAll(dst); err != nil {
		log.Fatal(err)
	}
	if err := os.CopyFS(dst, os.DirFS(*vugu)); err != nil {
		log.Fatal(err)
	}
	script := filepath.Join(dst, "domrender", "renderer-js-script.go")
	b, err := os.ReadFile(script)
	if err != nil {
		log.Fatal(err)
	}
	s := string(b)
	for _, e := range edits {
		if n := strings.Count(s, e.old); n != e.n {
			log.Fatalf("%s: %q occurs %d times, want %d (a new Vugu?)", script, e.old, n, e.n)
		}
		s = strings.ReplaceAll(s, e.old, e.new)
	}
	if err := os.WriteFile(script, []byte(s), 0o644); err != nil {
		log.Fatal(err)
	}
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		log.Fatal(err)
	}
	mod = append(mod, "\nreplace github.com/vugu/vugu => "+dst+"\n"...)
	if err := os.WriteFile(filepath.Join(*out, "go.mod"), mod, 0o644); err != nil {
		log.Fatal(err)
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*out, "go.sum"), sum, 0o644); err != nil {
		log.Fatal(err)
	}
}
