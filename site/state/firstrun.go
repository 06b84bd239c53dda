package state

import "gridplay/engine/model"

// FirstRunPath is the path of a run the page animates: the engine
// streams its frames (POST /api/run?stream=1, design.md section 3).
const FirstRunPath = "/api/run?stream=1"

// FirstVisitRun is the request the page makes first on a first visit (no
// link, nothing saved): the default preset's run. ./build.sh writes it,
// with its answer, to static/first-run.mjs (site/internal/firstrun); the
// page's own request, byte for byte the same, takes that answer over.
func FirstVisitRun() (path string, body []byte, err error) {
	p, _ := PresetByID(DefaultPreset)
	body, err = model.Encode(p.Build())
	return FirstRunPath, body, err
}
