package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestFontWarmCoversStyle checks that index.html's hidden font block
// (laid out while app.wasm loads, so that the first chart's layout does
// not wait for the browser to resolve fonts) has every font size of
// style.css: a size added to the style sheet and not to the block would
// cost its first layout that wait again.
func TestFontWarmCoversStyle(t *testing.T) {
	css, err := os.ReadFile(filepath.Join(staticDir, "style.css"))
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(staticDir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)<div class="font-warm".*?</div>`).Find(page)
	if block == nil {
		t.Fatal(`index.html has no <div class="font-warm"> block`)
	}
	warm := map[string]bool{}
	for _, m := range regexp.MustCompile(`font-size: *([0-9.]+rem)">a<b>a</b>`).FindAllSubmatch(block, -1) {
		warm[string(m[1])] = true
	}
	sizes := regexp.MustCompile(`font-size: *([0-9.]+rem)`).FindAllSubmatch(css, -1)
	if len(sizes) < 10 {
		t.Fatalf("found only %d font sizes in style.css", len(sizes))
	}
	for _, m := range sizes {
		if !warm[string(m[1])] {
			t.Errorf("style.css uses font-size %s, which index.html's font-warm block lacks", m[1])
		}
	}
	if !regexp.MustCompile(`<code>a</code>`).Match(block) {
		t.Error("the font-warm block lacks the monospace face (<code>)")
	}
}
