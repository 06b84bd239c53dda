package sched

import "testing"

func TestVerdictUnder(t *testing.T) {
	holds := func(set ...string) func(string) (bool, string) {
		return func(r string) (bool, string) {
			for _, s := range set {
				if s == r {
					return true, "yes"
				}
			}
			return false, "no"
		}
	}
	rs := []string{"", "a", "b"}
	for _, c := range []struct {
		set           []string
		verdict, ours string
	}{
		{[]string{""}, Holds, "yes (a: no; b: no)"},
		{[]string{"", "a"}, Holds, "yes (a: yes; b: no)"},
		{[]string{"b"}, "holds under reading b", "no (a: no; b: yes)"},
		{[]string{"a", "b"}, "holds under readings a and b", "no (a: yes; b: yes)"},
		{nil, DoesNotHold, "no (a: no; b: no)"},
	} {
		got := VerdictUnder("c", "p", rs, holds(c.set...))
		if got.Verdict != c.verdict || got.Ours != c.ours || got.Claim != "c" || got.Paper != "p" {
			t.Errorf("holds under %v: %+v, want %q, %q", c.set, got, c.verdict, c.ours)
		}
	}
	if got := VerdictUnder("c", "p", []string{""}, holds("")); got.Ours != "yes" {
		t.Errorf("one reading: ours %q", got.Ours)
	}
}
