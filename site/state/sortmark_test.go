package state

import "testing"

func TestAriaSortAndMark(t *testing.T) {
	for _, c := range []struct {
		sorted, desc bool
		aria, mark   string
	}{
		{false, false, "none", ""},
		{false, true, "none", ""},
		{true, false, "ascending", " ▲"},
		{true, true, "descending", " ▼"},
	} {
		aria := AriaSort(c.sorted, c.desc)
		if aria != c.aria || SortMark(aria) != c.mark {
			t.Errorf("sorted %v desc %v: %q %q, want %q %q", c.sorted, c.desc, aria, SortMark(aria), c.aria, c.mark)
		}
	}
}
