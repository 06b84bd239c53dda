package state

import "testing"

func TestDrafts(t *testing.T) {
	var d Drafts
	if _, ok := d.Text("a"); ok {
		t.Fatal("an empty Drafts has a text")
	}
	d.Keep("a", "1x", "not a number")
	d.Type("a", "12")
	if v, ok := d.Text("a"); !ok || v != "12" {
		t.Fatalf("typing: %q %v, want the typed text", v, ok)
	}
	d.Leave("a")
	if v, ok := d.Text("a"); !ok || v != "1x" || d.Err("a") != "not a number" {
		t.Fatalf("after leaving: %q %v %q, want the kept text and its message", v, ok, d.Err("a"))
	}
	d.Keep("a", "12", "")
	if _, ok := d.Text("a"); ok || d.Err("a") != "" {
		t.Fatal("a good value keeps the text that did not parse")
	}
	d.Keep("b", "?", "bad")
	d.Type("c", "3")
	d.Drop()
	if _, ok := d.Text("b"); ok {
		t.Fatal("Drop keeps a text that did not parse")
	}
	if _, ok := d.Text("c"); !ok {
		t.Fatal("Drop forgets a typed text")
	}
	d = Drafts{}
	if _, ok := d.Text("c"); ok {
		t.Fatal("the zero Drafts has a typed text")
	}
}
