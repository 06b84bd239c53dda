package state

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"

	"gridplay/engine/model"
	"gridplay/engine/sched"
)

// Papers names the five systems by their paper number, for the policy
// panel's group headings.
var Papers = map[string]string{
	"000": "MUSCLE: multicluster scheduling with composition-table packing",
	"001": "Adaptive multisite co-allocation with backfilling",
	"002": "TITAN: GA local scheduling with performance prediction",
	"003": "GA-MF: bandwidth-aware co-allocation (makespan and flowtime)",
	"004": "Hybrid grid: Local, HRS and P-HRS",
	"":    "Classic baselines",
}

// Group is the policies of one paper.
type Group struct {
	Paper    string
	Title    string
	Policies []sched.Info
}

// DecodePolicies reads GET /api/policies: a JSON array of sched.Info.
func DecodePolicies(b []byte) ([]sched.Info, error) {
	var list []sched.Info
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, fmt.Errorf("engine sent an unreadable policy list: %v", err)
	}
	return list, nil
}

// Groups sorts policies into paper groups, papers in order, the classic
// baselines last.
func Groups(infos []sched.Info) []Group {
	by := map[string][]sched.Info{}
	for _, in := range infos {
		by[in.Paper] = append(by[in.Paper], in)
	}
	keys := slices.Collect(maps.Keys(by))
	sort.Slice(keys, func(i, j int) bool {
		if (keys[i] == "") != (keys[j] == "") {
			return keys[j] == ""
		}
		return keys[i] < keys[j]
	})
	out := make([]Group, 0, len(keys))
	for _, k := range keys {
		title := Papers[k]
		if title == "" {
			title = "Paper " + k
		}
		ps := by[k]
		sort.SliceStable(ps, func(i, j int) bool { return ps[i].Name < ps[j].Name })
		out = append(out, Group{Paper: k, Title: title, Policies: ps})
	}
	return out
}

// FindPolicy looks a policy up by name in infos.
func FindPolicy(infos []sched.Info, name string) (sched.Info, bool) {
	for _, in := range infos {
		if in.Name == name {
			return in, true
		}
	}
	return sched.Info{}, false
}

// ForPolicy returns a copy of s set to run the policy in: only the
// parameters in knows are kept (policies refuse unknown ones).
func ForPolicy(s *model.Scenario, in sched.Info) *model.Scenario {
	c := model.Clone(s)
	c.Policy.Name = in.Name
	c.Policy.Params = sched.KeepParams(s.Policy.Params, in)
	return c
}

// ChoosePolicy returns want when the engine has it, else the first
// policy listed, so the page never starts blank.
func ChoosePolicy(infos []sched.Info, want string) string {
	if _, ok := FindPolicy(infos, want); ok {
		return want
	}
	if len(infos) > 0 {
		return infos[0].Name
	}
	return want
}

// CompareKey identifies what a comparison depends on: the scenario and
// its parameters, but not the policy chosen to run (a comparison runs
// several). The Compare view is stale once the key of the scenario
// differs from the key it was made for.
func CompareKey(s *model.Scenario) string {
	if s == nil {
		return ""
	}
	c := model.Clone(s)
	c.Policy.Name = ""
	// json.Marshal, not model.Encode: a scenario being edited may be
	// invalid for a while, and its key must still change.
	b, err := json.Marshal(c)
	if err != nil {
		return ""
	}
	return string(b)
}

// PolicyLabel is the name the page shows for a policy in its menus: the
// policy's name, except the Starlark policy, which is the panel's "Your
// policy". Outputs, links and data attributes keep the name.
func PolicyLabel(name string) string {
	if name == "script" {
		return "Your policy (script)"
	}
	return name
}
