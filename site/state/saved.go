package state

import (
	"encoding/base64"
	"encoding/json"
	"strings"

	"gridplay/engine/api/compact"
	"gridplay/engine/model"
)

// CompactSaveJobs is the job count above which autosave keeps the
// scenario in the compact form (engine/api/compact, in base64) instead of
// JSON: for 20,000 jobs it is a third of the size and is written in
// milliseconds, where the JSON took the page's thread a good part of a
// second, during which it answered no input.
const CompactSaveJobs = 2000

// savedCompact starts a saved scenario in the compact form.
const savedCompact = "gpc1:"

// SaveText is what autosave keeps of s in localStorage.
func SaveText(s *model.Scenario) (string, error) {
	if len(s.Jobs) > CompactSaveJobs {
		b, err := compact.EncodeScenario(s)
		if err != nil {
			return "", err
		}
		return savedCompact + base64.StdEncoding.EncodeToString(b), nil
	}
	b, err := json.Marshal(s)
	return string(b), err
}

// LoadSaved reads what SaveText wrote. A scenario that does not validate
// (half-edited work) is read as it was saved, so the user gets it back
// and the run names what is wrong; nil means nothing usable was saved.
func LoadSaved(text string) *model.Scenario {
	if rest, ok := strings.CutPrefix(text, savedCompact); ok {
		b, err := base64.StdEncoding.DecodeString(rest)
		if err != nil {
			return nil
		}
		s, err := compact.ReadScenario(b)
		if err != nil {
			return nil
		}
		return s
	}
	if s, err := model.Decode([]byte(text)); err == nil {
		return s
	}
	var s model.Scenario
	if json.Unmarshal([]byte(text), &s) == nil && s.Version == model.Version {
		return &s
	}
	return nil
}
