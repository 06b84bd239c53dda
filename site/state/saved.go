package state

import (
	"encoding/base64"
	"encoding/json"
	"strconv"
	"strings"

	"gridplay/engine/api/compact"
	"gridplay/engine/model"
)

// CompactSaveJobs is the job count above which autosave keeps the
// scenario in the compact form (engine/api/compact, in base64) instead of
// JSON: smaller, and written without holding the page's thread.
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

// A scenario with more jobs than localStorage holds (a whole trace) is
// kept in IndexedDB as its compact form (BigBytes); localStorage then
// holds a marker that says so, with its name and job count, so that the
// page knows at once what it is reading back.
const savedBig = "gpidb1:"

// BigMarker is the localStorage entry that stands for s kept in
// IndexedDB.
func BigMarker(s *model.Scenario) string {
	return savedBig + strconv.Itoa(len(s.Jobs)) + ":" + s.Name
}

// ReadBigMarker reads a BigMarker: the name and job count of the
// scenario kept in IndexedDB; ok is false for any other entry.
func ReadBigMarker(text string) (name string, jobs int, ok bool) {
	rest, ok := strings.CutPrefix(text, savedBig)
	if !ok {
		return "", 0, false
	}
	n, name, _ := strings.Cut(rest, ":")
	jobs, err := strconv.Atoi(n)
	if err != nil || jobs < 0 {
		return "", 0, false
	}
	return name, jobs, true
}

// BigBytes is what autosave keeps of s in IndexedDB.
func BigBytes(s *model.Scenario) ([]byte, error) { return compact.EncodeScenario(s) }

// LoadBig reads what BigBytes wrote; nil when it is not a scenario.
func LoadBig(b []byte) *model.Scenario {
	s, err := compact.ReadScenario(b)
	if err != nil {
		return nil
	}
	return s
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
		return LoadBig(b)
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
