package state

import (
	"fmt"
	"slices"

	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
)

// The policy pickers grey out a policy that cannot run the scenario, say
// why and offer a fix. Whether it can is the engine's own answer
// (engine/runner.CheckAll, the checks each Run makes first); Verdicts
// puts it in words, and Refused does for a run the engine still refused.

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

// shortNeeds are the menu's words for what a policy needs.
var shortNeeds = map[string]string{
	sched.NeedOneCluster:     "needs one cluster",
	sched.NeedRuntime:        "needs run times",
	sched.NeedFewerSites:     "too many sites",
	sched.NeedSmallerCluster: "cluster too large",
	sched.NeedFewerJobs:      "too many jobs",
}

// alternatives are the policies a fix offers instead of one that cannot
// run the scenario, in order of preference, for each need; every fix
// offers only policies the engine says can run it.
var alternatives = map[string][]string{
	sched.NeedOneCluster:     {"multisite-greedy", "muscle"},
	sched.NeedRuntime:        {"easy", "multisite-greedy", "titan", "muscle"},
	sched.NeedFewerSites:     {"multisite-greedy", "multisite-nonadaptive"},
	sched.NeedSmallerCluster: {"titan-dsnl", "titan-ds"},
	sched.NeedFewerJobs:      {"easy", "multisite-greedy", "titan-dsnl"},
	"":                       {"easy", "multisite-greedy", "titan", "muscle"},
}

// fixLabels say why an alternative suits, where there is more to say
// than its name.
var fixLabels = map[string]string{
	"multisite-greedy": "Use multisite-greedy (backfilling over several sites)",
}

// Verdicts turns the engine's answer for s (engine/runner.CheckAll) into
// the page's verdict for each policy.
func Verdicts(vs []runner.Verdict, s *model.Scenario) map[string]Verdict {
	ok := make(map[string]bool, len(vs))
	for _, v := range vs {
		ok[v.Policy] = v.Err == nil
	}
	out := make(map[string]Verdict, len(vs))
	for _, v := range vs {
		if v.Err == nil {
			out[v.Policy] = Verdict{OK: true}
			continue
		}
		out[v.Policy] = refusal(v.Policy, v.Err, s, ok)
	}
	return out
}

// refusal is the verdict on policy name, which the engine refused with
// err; ok says which policies can run s.
func refusal(name string, err error, s *model.Scenario, ok map[string]bool) Verdict {
	need := ""
	if fe := model.FirstError(err); fe != nil {
		need = fe.Need
	}
	v := Verdict{Reason: Explain(err.Error(), s).Sentence, Short: shortNeeds[need]}
	if v.Short == "" {
		v.Short = "refused this scenario"
	}
	cl := s.Platform.Clusters
	if need == sched.NeedOneCluster {
		v.Reason = fmt.Sprintf("%s schedules one cluster, and this scenario has %d.", name, len(cl))
	}
	// The alternatives that suit the need; for a refusal of another kind,
	// or when none of them runs, the scenario's own policy first.
	var offer []string
	own := ""
	if s.Policy.Name != name && ok[s.Policy.Name] {
		own = s.Policy.Name
	}
	if own != "" && need == "" {
		offer = append(offer, own)
	}
	for _, a := range alternatives[need] {
		if a != name && ok[a] && !slices.Contains(offer, a) {
			offer = append(offer, a)
		}
	}
	if own != "" && len(offer) == 0 {
		offer = append(offer, own)
	}
	for _, a := range offer[:min(len(offer), 2)] {
		label := fixLabels[a]
		if label == "" {
			label = "Use " + a
		}
		v.Fixes = append(v.Fixes, Fix{Label: label, Policy: a})
	}
	if need == sched.NeedOneCluster && len(cl) > 1 {
		v.Fixes = append(v.Fixes, Fix{Label: "Keep only " + cl[0].ID, KeepCluster: cl[0].ID})
	}
	return v
}

// Refused turns an engine error for a policy into a verdict (a refusal
// of a run that its Check did not foresee): the message in words for
// people, and a switch back to the scenario's own policy when that is
// another one.
func Refused(name, msg string, s *model.Scenario) Verdict {
	v := Verdict{Reason: Explain(msg, s).Sentence, Short: "refused this scenario"}
	if s.Policy.Name != "" && s.Policy.Name != name {
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
