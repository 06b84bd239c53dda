package main

import (
	"fmt"
	"os"
	"slices"

	"gridplay/engine/model"
	"gridplay/engine/script"
)

// scriptNames is the -policy list of run with -script FILE: the policy
// script alone, or with -shake the script first, then the policies it
// is compared with.
func scriptNames(file string, names []string, shake bool) ([]string, error) {
	if file == "" {
		return names, nil
	}
	if slices.Contains(names, script.Name) {
		return names, nil
	}
	if len(names) > 0 && !shake {
		return nil, fmt.Errorf("-script runs the policy %q: drop -policy %s, or compare them with -shake N", script.Name, names[0])
	}
	return append([]string{script.Name}, names...), nil
}

// withScript makes s run the Starlark policy in file (nothing when file
// is ""): the policy "script" with the file as policy.script, keeping
// the scenario's parameters when it already ran a script.
func withScript(s *model.Scenario, file string) error {
	if file == "" {
		return nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	if s.Policy.Name != script.Name {
		s.Policy = model.Policy{Name: script.Name}
	}
	s.Policy.Script = string(b)
	return nil
}
