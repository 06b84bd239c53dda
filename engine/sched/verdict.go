package sched

import "strings"

// VerdictUnder checks one claim of a paper under every reading of it and
// returns the Claim: Verdict is Holds when the claim holds under the
// default reading (readings[0]), else "holds under reading X" (or
// "readings X and Y") for the other readings under which it holds, else
// DoesNotHold. Ours is the default reading's numbers followed, in
// parentheses, by every other reading's ("reading: ours"). check returns
// whether the claim holds under a reading and our numbers under it.
func VerdictUnder(claim, paper string, readings []string, check func(reading string) (bool, string)) Claim {
	c := Claim{Claim: claim, Paper: paper, Verdict: DoesNotHold}
	var also, holds []string
	for i, r := range readings {
		ok, ours := check(r)
		if i == 0 {
			c.Ours = ours
			if ok {
				c.Verdict = Holds
			}
			continue
		}
		also = append(also, r+": "+ours)
		if ok {
			holds = append(holds, r)
		}
	}
	if len(also) > 0 {
		c.Ours += " (" + strings.Join(also, "; ") + ")"
	}
	if c.Verdict != Holds && len(holds) > 0 {
		c.Verdict = "holds under reading " + strings.Join(holds, " and ")
		if len(holds) > 1 {
			c.Verdict = "holds under readings " + strings.Join(holds, " and ")
		}
	}
	return c
}
