package state

import "testing"

func TestPolicyLabel(t *testing.T) {
	if got := PolicyLabel("script"); got != "Your policy (script)" {
		t.Errorf("script: %q", got)
	}
	if got := PolicyLabel("easy"); got != "easy" {
		t.Errorf("easy: %q", got)
	}
}
