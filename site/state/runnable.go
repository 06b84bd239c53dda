package state

import (
	"fmt"
	"strings"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// The policy pickers grey out a policy that cannot run the scenario, say
// why in plain words and offer a fix, before the user tries. The page
// cannot ask each policy without running it, so Runnable restates the
// structural checks the engine's policies make first, each rule citing
// the check it mirrors; TestRunnableAgreesWithEngine runs every policy of
// the engine on every preset and variants of them and fails when a rule
// and the engine disagree. A refusal the rules do not foresee still comes
// back from the engine as an error when the policy is run, and the page
// then greys the policy with the engine's own message (see Refused).

// Fix is one way to make a policy run the scenario: run another policy
// instead, or keep only one cluster.
type Fix struct {
	Label string
	// Policy is the policy to switch to ("" when the fix edits the
	// scenario).
	Policy string
	// KeepCluster is the cluster to keep, dropping the others.
	KeepCluster string
}

// Verdict says whether a policy can run a scenario; when it cannot,
// Reason says why in plain words and Fixes what to do.
type Verdict struct {
	OK     bool
	Reason string
	// Short is the reason in a few words, for a menu ("needs one
	// cluster").
	Short string
	Fixes []Fix
}

// Limits the engine's policies check (mirrored here, see Runnable).
const (
	// MaxOptimalSites is engine/multisite.MaxOptimalSites.
	MaxOptimalSites = 12
	// MaxTitanGANodes is engine/titan.MaxGANodes.
	MaxTitanGANodes = 4096
)

var (
	oneCluster = map[string]bool{"fcfs": true, "easy": true, "conservative": true}
	// needRuntime are the policies whose models need every job's run
	// time (no application model alone).
	needRuntime = map[string]string{
		"fcfs": "backfilling", "easy": "backfilling", "conservative": "backfilling",
		"multisite-greedy": "backfilling", "multisite-optimal": "backfilling", "multisite-nonadaptive": "backfilling",
		"gamf": "GA-MF", "gama": "GA-MF", "cbs": "GA-MF", "hill": "GA-MF", "jpr": "GA-MF", "metl": "GA-MF",
		"hybrid-local": "the hybrid model", "hybrid-hrs": "the hybrid model", "hybrid-phrs": "the hybrid model",
	}
)

// Runnable says whether policy name can run s.
func Runnable(name string, s *model.Scenario) Verdict {
	if s == nil {
		return Verdict{OK: true}
	}
	cl := s.Platform.Clusters
	// engine/backfill/policy.go: "%s runs on exactly one cluster".
	if oneCluster[name] && len(cl) != 1 {
		v := Verdict{Reason: fmt.Sprintf("%s schedules one cluster, and this scenario has %d.", name, len(cl)), Short: "needs one cluster"}
		v.Fixes = append(v.Fixes, Fix{Label: "Use multisite-greedy (backfilling over several sites)", Policy: "multisite-greedy"})
		if len(cl) > 1 {
			v.Fixes = append(v.Fixes, Fix{Label: "Keep only " + cl[0].ID, KeepCluster: cl[0].ID})
		}
		return v
	}
	// engine/backfill/policy.go ("backfilling needs a runtime"),
	// engine/gamf/model.go ("GA-MF needs the base time Tb_j > 0 s"),
	// engine/hybrid/sim.go ("hybrid needs a positive runtime").
	if kind, ok := needRuntime[name]; ok && s.Generator == nil {
		n, first := 0, ""
		for _, j := range s.Jobs {
			if j.Runtime <= 0 {
				if n == 0 {
					first = j.ID
				}
				n++
			}
		}
		if n > 0 {
			what := "job " + first + " has"
			if n > 1 {
				what = fmt.Sprintf("%d jobs (%s and others) have", n, first)
			}
			return Verdict{Reason: fmt.Sprintf("%s needs every job's run time, and %s only an application model.", capital(kind), what), Short: "needs run times",
				Fixes: []Fix{{Label: "Use titan (it predicts run times from the model)", Policy: "titan"}, {Label: "Use muscle", Policy: "muscle"}}}
		}
	}
	// engine/multisite/policy.go: MaxOptimalSites.
	if name == "multisite-optimal" && len(cl) > MaxOptimalSites {
		return Verdict{Reason: fmt.Sprintf("multisite-optimal tries every combination of sites, and accepts at most %d sites; this scenario has %d.", MaxOptimalSites, len(cl)), Short: fmt.Sprintf("at most %d sites", MaxOptimalSites),
			Fixes: []Fix{{Label: "Use multisite-greedy", Policy: "multisite-greedy"}}}
	}
	// engine/titan/policy.go: MaxGANodes.
	if name == "titan" && len(cl) > 0 && cl[0].Nodes > MaxTitanGANodes {
		return Verdict{Reason: fmt.Sprintf("titan's GA handles clusters of up to %d nodes, and %s has %d.", MaxTitanGANodes, cl[0].ID, cl[0].Nodes), Short: "cluster too large",
			Fixes: []Fix{{Label: "Use titan-dsnl", Policy: "titan-dsnl"}}}
	}
	return Verdict{OK: true}
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Refused turns an engine error for a policy into a verdict (a refusal
// the rules did not foresee): the message in words for people, and a
// switch back to the scenario's own policy when that is another one.
func Refused(name, msg string, s *model.Scenario) Verdict {
	v := Verdict{Reason: Explain(msg, s).Sentence, Short: "refused this scenario"}
	if s != nil && s.Policy.Name != "" && s.Policy.Name != name {
		v.Fixes = []Fix{{Label: "Use " + s.Policy.Name, Policy: s.Policy.Name}}
	}
	return v
}

// KeepOnlyCluster drops every cluster of s but id, with what refers to
// the dropped ones: network links, job origins (cleared) and events.
func KeepOnlyCluster(s *model.Scenario, id string) {
	var keep []model.Cluster
	for _, c := range s.Platform.Clusters {
		if c.ID == id {
			keep = append(keep, c)
		}
	}
	if len(keep) == 0 {
		return
	}
	s.Platform.Clusters = keep
	if n := s.Platform.Network; n != nil {
		var ls []model.Link
		for _, l := range n.Links {
			if l.From == id && l.To == id {
				ls = append(ls, l)
			}
		}
		n.Links = ls
	}
	for i := range s.Jobs {
		if s.Jobs[i].Origin != "" && s.Jobs[i].Origin != id {
			s.Jobs[i].Origin = ""
		}
	}
	var es []model.Event
	for _, e := range s.Events {
		if e.Cluster == id {
			es = append(es, e)
		}
	}
	s.Events = es
}

// Verdicts tells, for every policy in infos, whether it can run s.
func Verdicts(infos []sched.Info, s *model.Scenario) map[string]Verdict {
	out := make(map[string]Verdict, len(infos))
	for _, in := range infos {
		out[in.Name] = Runnable(in.Name, s)
	}
	return out
}
