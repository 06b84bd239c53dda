package jobs

import (
	"net/url"
	"strings"
)

// IsBatsim tells whether a file picked for import is a Batsim workload
// (a .json file) rather than an SWF trace.
func IsBatsim(name string) bool { return strings.HasSuffix(strings.ToLower(name), ".json") }

// ImportPath is the engine request that imports the file named name: a
// Batsim workload (POST /api/batsim, which answers as /api/swf does) or
// an SWF trace, every job, answered in the compact form.
func ImportPath(name string) string {
	batsim := IsBatsim(name)
	if len(name) > 200 {
		name = name[:200]
	}
	q := url.QueryEscape(strings.ToValidUTF8(name, ""))
	if batsim {
		return "/api/batsim?name=" + q
	}
	return "/api/swf?name=" + q + "&limit=0&format=compact"
}

// importKind names the import in messages.
func importKind(name string) string {
	if IsBatsim(name) {
		return "Batsim import"
	}
	return "SWF import"
}
