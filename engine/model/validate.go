package model

// Validate reports every problem in s with its field path.
// PLACEHOLDER owned by the engine-core work: replaced by the full rules.
func (s *Scenario) Validate() error {
	var es Errors
	if s.Version != Version {
		es = append(es, Errf("version", "must be 1"))
	}
	return es.Err()
}
